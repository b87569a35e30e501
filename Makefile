# ContactCore's everyday commands. `make help` lists them.
# The fuzzing commands (fuzz*, coverage, mutants, races) are thin: the fuzzing tool `fuzz`
# (Tools/FuzzTool, a package of its own, built here in debug before the first command that uses
# it) does the work, and reads the fuzz targets from Package.swift's `fuzzTargets` and
# `nightlyFuzzTargets` through SwiftPM. `make help` lists the variables it reads.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

FUZZ := Tools/FuzzTool/.build/debug/fuzz
# SwiftPM scratch folders of `make test` and `make bench` (the latter inside Benchmarks/).
TEST_SCRATCH ?= .build
BENCH_SCRATCH ?= .build
BASELINE ?= local

.PHONY: fuzz-tool-build help test fuzz fuzz-replay fuzz-repro fuzz-min fuzz-merge fuzz-canonicalize fuzz-coverage coverage mutants mutations-compare races bench bench-baseline bench-check bench-vcard bench-storage bench-goals bench-fetch-profile bench-search-profile bench-memory-profile clean

# The tool, built (or found up to date, in a second) before any command that uses it.
fuzz-tool-build:
	@swift build --package-path Tools/FuzzTool --product fuzz --quiet

help: fuzz-tool-build ## List these commands, their variables and the fuzz targets
	@echo "Usage: make <command> [VARIABLE=value ...]"
	@echo
	@awk 'BEGIN { FS = ":[^#]*## " } /^[a-zA-Z%_-]+:.*## / { sub(/%/, "<Target>", $$1); printf "  make %-20s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo
	@echo "Variables:"
	@echo "  FUZZ_SECONDS=20        seconds each target fuzzes (fuzz, fuzz-<Target>)"
	@echo "  FUZZ_CONFIG=release    or debug: the two builds find different bugs (.build-fuzz, .build-fuzz-debug)"
	@echo "  JOBS=1                 parallel fuzzing processes (libFuzzer -fork) for fuzz-<Target>"
	@echo "  CRASH=path             the input for fuzz-repro and fuzz-min"
	@echo "  TARGET=<Target>        the target of CRASH when its path does not name one; limits merge and coverage"
	@echo "  MERGE_FROM=dir         fuzz-merge also takes dir/<Target>/ (e.g. a downloaded nightly corpus)"
	@echo "  MINIMIZE=1             fuzz-merge rewrites each corpus as its smallest set with the same coverage"
	@echo "  MIN_SECONDS=60         budget of fuzz-min"
	@echo "  CAMPAIGN_SECONDS=600   seconds each target fuzzes in a coverage campaign (coverage), two at a time"
	@echo "  INPUT_TIMEOUT=10       seconds one input may run before it counts as a hang"
	@echo "  FUZZ_ARGS='...'        extra libFuzzer flags, e.g. FUZZ_ARGS=-max_len=256"
	@echo "  BENCH_ARGS='...'       package-benchmark flags, e.g. BENCH_ARGS='--target SearchBenchmark --filter .*100k'"
	@echo "  BASELINE=local         the saved baseline of bench-baseline and bench-check"
	@echo
	@echo "Fuzz targets (Package.swift): $$($(FUZZ) targets --all | tr '\n' ' ')"
	@echo "Nightly only, on the SQLite back end: $$($(FUZZ) targets --nightly | tr '\n' ' ')"
	@echo "Inputs: Corpus/<Target>/ (seeds), Fuzz/Regressions/<Target>/ (fixed crashes), Fuzz/Dictionaries/<Target>.dict"
	@echo "Outputs: Fuzz/Crashes/<Target>/ (new crashes), Fuzz/Coverage/ (reports); see Fuzz/README.md"

test: ## Run the unit, property and replay tests (swift test)
	SWIFT_DETERMINISTIC_HASHING=1 swift test --scratch-path $(TEST_SCRATCH)

fuzz: fuzz-tool-build ## Build every fuzz target, fuzz each for FUZZ_SECONDS, print a table led by programs run per second
	$(FUZZ) all

fuzz-%: fuzz-tool-build ## Fuzz one target for FUZZ_SECONDS with JOBS processes and its .dict
	$(FUZZ) run $*

fuzz-replay: fuzz-tool-build ## Run every corpus and regression file through every target, no fuzzing
	$(FUZZ) replay

fuzz-repro: fuzz-tool-build ## Replay CRASH=path: the sanitizer's report and the decoded operations
	$(FUZZ) repro "$(CRASH)"

fuzz-min: fuzz-tool-build ## Minimise CRASH=path into Fuzz/Crashes/<Target>/minimized-*
	$(FUZZ) min "$(CRASH)"

fuzz-merge: fuzz-tool-build ## Merge the inputs fuzzing found into the checked-in Corpus/<Target>/
	$(FUZZ) merge

fuzz-canonicalize: fuzz-tool-build ## Rewrite each program target's Corpus/<Target>/ in its canonical encoding
	$(FUZZ) canonicalize

fuzz-coverage: fuzz-tool-build ## Line coverage of Sources/ContactCore per target's corpus (text and HTML)
	$(FUZZ) coverage

coverage: fuzz-tool-build ## A coverage campaign: each target fuzzes CAMPAIGN_SECONDS=600, then fuzz-coverage counts what it found and lists every line not reached
	$(FUZZ) campaign

mutants: fuzz-tool-build ## Apply each Fuzz/Mutants/*.mutant alone: which tests kill it, each fuzzer's time to find it (MUTANTS=glob)
	$(FUZZ) mutants

mutations-compare: fuzz-tool-build ## Each mutated target from empty with bytes and with program edits at once: replayed edges, programs, repeats (COMPARE_SECONDS=300)
	$(FUZZ) compare

races: fuzz-tool-build ## Apply each Fuzz/Races/*.race alone: runs the parallel property takes to find it, and its printed test's (RACES=glob)
	$(FUZZ) races

# package-benchmark runs each benchmark in a process of its own, in release mode.
BENCH := cd Benchmarks && swift package --disable-sandbox --scratch-path $(BENCH_SCRATCH)
# A plain benchmark executable, built in release. SwiftPM keeps the build plan of the parent
# package in release.yaml and misses a source file added there since: removed, it is planned again.
BENCH_BUILD := cd Benchmarks && rm -f $(BENCH_SCRATCH)/release.yaml && swift build -c release --scratch-path $(BENCH_SCRATCH)

bench: ## Run the benchmarks (package-benchmark, release): p50/p99/p100 and malloc counts per query
	$(BENCH) benchmark --no-progress $(BENCH_ARGS)

bench-baseline: ## Run the benchmarks and save them as baseline BASELINE (Benchmarks/.benchmarkBaselines/)
	$(BENCH) --allow-writing-to-package-directory benchmark baseline update "$(BASELINE)" --no-progress $(BENCH_ARGS)

bench-check: ## Fail on a regression past the thresholds: this run vs BASELINE, or BASELINE="old new" (two saved)
	$(BENCH) benchmark baseline check $(BASELINE) --no-progress $(BENCH_ARGS)

bench-vcard: ## vCard parse/serialize throughput and memory, then Python's vobject on the same file
	$(BENCH_BUILD) --product VCardBenchmark
	cd Benchmarks && $(BENCH_SCRATCH)/release/VCardBenchmark --out /tmp/contactcore-vcard-bench.vcf
	cd Benchmarks && $(BENCH_SCRATCH)/release/VCardBenchmark --memory /tmp/contactcore-vcard-bench.vcf
	scripts/bench-vcard-vobject.sh /tmp/contactcore-vcard-bench.vcf

bench-storage: ## The SQLite back end beside plain GRDB: open time and RSS, fetch 1k, save latency (SIZES="100000 1000000")
	$(BENCH_BUILD) --product StorageBenchmark
	cd Benchmarks && $(BENCH_SCRATCH)/release/StorageBenchmark $(SIZES)

bench-goals: ## Issue 29's goals at 1M contacts (GoalBenchmark [contacts]), each a ratio to its peer in the same run: one line per goal, exit status 1 when one is not met
	$(BENCH_BUILD) --product GoalBenchmark
	cd Benchmarks && $(BENCH_SCRATCH)/release/GoalBenchmark

bench-fetch-profile: ## FetchBenchmark's identifier fetch repeated in one process, for perf record -g (SIZE=1000000 MODE=full|limited)
	$(BENCH_BUILD) --product FetchProfile
	cd Benchmarks && $(BENCH_SCRATCH)/release/FetchProfile $(or $(SIZE),1000000) $(or $(MODE),full) $(or $(ITERATIONS),20000)

bench-search-profile: ## SearchBenchmark's keystrokes in one process, for perf record -g (SIZE=1000000 MODE=identifiers|first50|limited PASSES=3)
	$(BENCH_BUILD) --product SearchProfile
	cd Benchmarks && $(BENCH_SCRATCH)/release/SearchProfile $(or $(SIZE),1000000) $(or $(MODE),identifiers) $(or $(PASSES),3)

bench-memory-profile: ## Where a device's memory goes, field by field: contacts and search index, per contact (SIZE=1000000)
	$(BENCH_BUILD) --product MemoryProfile
	cd Benchmarks && $(BENCH_SCRATCH)/release/MemoryProfile $(or $(SIZE),1000000)

clean: fuzz-tool-build ## Remove builds, logs and reports (keeps crashes and the working corpus)
	$(FUZZ) clean
	swift package clean --scratch-path $(TEST_SCRATCH)
	cd Benchmarks && rm -rf $(BENCH_SCRATCH)
