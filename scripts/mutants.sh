#!/usr/bin/env bash
# `make mutants`: the harness measures itself. Each Fuzz/Mutants/*.mutant (one line of
# Sources/ContactCore or Sources/ContactCoreSQLite replaced by another) is applied alone to a scratch copy of the tree;
# then `swift test` must fail (the table names the failing tests) and each target the mutant
# lists is fuzzed from an EMPTY corpus and from the checked-in corpus, MUTANT_RUNS times for
# at most MUTANT_SECONDS each; the table gives the median time to the first crash.
#
# The scratch copy is the committed HEAD, so a run is reproducible and unaffected by edits.
#
# Variables: MUTANTS=glob (default *), MUTANT_RUNS=3, MUTANT_SECONDS=60, MUTANT_SKIP_TESTS=1,
# MUTANT_TARGETS=n (fuzz only the first n targets a mutant lists; default all; 0: tests only),
# MUTANT_TEST_FILTER=regex (`swift test --filter`: only the suites that concern the mutants).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
MUTANTS=${MUTANTS:-*}
MUTANT_RUNS=${MUTANT_RUNS:-3}
MUTANT_SECONDS=${MUTANT_SECONDS:-60}
MUTANT_TARGETS=${MUTANT_TARGETS:-99}
FUZZ_TOOL=${FUZZ_TOOL:-Tools/FuzzTool/.build/debug/fuzz}
# shellcheck source=scripts/scratch-tree.sh
source scripts/scratch-tree.sh
scratch_tree "$root/.build-mutants"

# time_to_find BINARY CORPUS_DIR: seconds until the first crash, or ">N" when none.
time_to_find() {
    local binary=$1 corpus=$2 start end rc=0 scratch
    scratch=$(mktemp -d)
    [[ -d $corpus ]] && cp -r "$corpus/." "$scratch/"
    start=$(date +%s.%N)
    ASAN_OPTIONS=$asan timeout $((MUTANT_SECONDS + 60)) "$binary" -max_total_time="$MUTANT_SECONDS" -timeout=10 \
        "${flags[@]}" -artifact_prefix="$scratch/" "$scratch" >"$work/logs/fuzz.log" 2>&1 || rc=$?
    end=$(date +%s.%N)
    if ls "$scratch"/crash-* >/dev/null 2>&1; then awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f\n", b - a }'
    else echo ">$MUTANT_SECONDS"; fi
    rm -rf "$scratch"
}

printf '| mutant | swift test kills it with | fuzzer | from empty (median s) | from corpus (median s) |\n'
printf '| --- | --- | --- | --- | --- |\n'
for mutant in Fuzz/Mutants/$MUTANTS.mutant; do
    name=$(basename "$mutant" .mutant)
    file=$(sed -n 's/^file: //p' "$mutant")
    read -r -a targets <<<"$(sed -n 's/^targets: //p' "$mutant")"
    # A fresh copy of the committed tree, then the one change.
    fresh_copy
    python3 - "$mutant" "$src/$file" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
old = next(l[2:] for l in lines if l.startswith("- "))
new = next(l[2:] for l in lines if l.startswith("+ "))
text = open(sys.argv[2]).read()
if old not in text:
    sys.exit(f"{sys.argv[1]}: the line to mutate is not in {sys.argv[2]}")
open(sys.argv[2], "w").write(text.replace(old, new, 1))
PY
    killers="(not run)"
    if [[ ${MUTANT_SKIP_TESTS:-0} != 1 ]]; then
        # MutantPatchTests checks the mutants apply to the unmutated tree: not a kill.
        # Bounded: a mutant that makes a test wait forever is killed too, but must not stall the run.
        filter=()
        [[ -n ${MUTANT_TEST_FILTER:-} ]] && filter=(--filter "$MUTANT_TEST_FILTER")
        (cd "$src" && timeout 1800 swift test --scratch-path "$work/test" --skip MutantPatchTests "${filter[@]}" >"$work/logs/$name-test.log" 2>&1) &&
            killers="SURVIVED" ||
            killers=$(grep -oE '✘ Test [A-Za-z0-9_]+\(' "$work/logs/$name-test.log" | sed 's/✘ Test //; s/($//' | sort -u | head -4 | paste -sd, - || true)
        [[ -n $killers ]] || killers="build or run failed (see $work/logs/$name-test.log)"
    fi
    # MUTANT_TARGETS=0: the swift test column alone. `targets: none`: no fuzz target runs the
    # mutated code (the CLI), so swift test alone must kill it.
    if [[ $MUTANT_TARGETS == 0 ]]; then printf '| %s | %s | (not run) | - | - |\n' "$name" "$killers"; fi
    if [[ ${targets[*]} == none ]]; then
        if [[ $MUTANT_TARGETS != 0 ]]; then printf '| %s | %s | (none reaches it) | - | - |\n' "$name" "$killers"; fi
        continue
    fi
    for t in "${targets[@]:0:$MUTANT_TARGETS}"; do
        (cd "$src" && swift build -c release --scratch-path "$work/fuzz" --sanitize=fuzzer \
            -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$t" >"$work/logs/$name-build.log" 2>&1)
        binary=$work/fuzz/release/$t
        # As `make fuzz` runs it: the target's libFuzzer options and dictionary.
        mapfile -t flags < <("$FUZZ_TOOL" flags "$t")
        asan=$("$FUZZ_TOOL" asan-options "$t")
        # <Target>OnSQLite shares <Target>'s dictionary and corpus.
        base=${t%OnSQLite}
        if [[ -f Fuzz/Dictionaries/$base.dict ]]; then flags+=(-dict="$root/Fuzz/Dictionaries/$base.dict"); fi
        empty=$(for _ in $(seq "$MUTANT_RUNS"); do time_to_find "$binary" /nonexistent; done | sed 's/>//' | median)
        corpus=$(for _ in $(seq "$MUTANT_RUNS"); do time_to_find "$binary" "Corpus/$base"; done | sed 's/>//' | median)
        [[ $empty == "$MUTANT_SECONDS" ]] && empty=">$MUTANT_SECONDS"
        [[ $corpus == "$MUTANT_SECONDS" ]] && corpus=">$MUTANT_SECONDS"
        printf '| %s | %s | %s | %s | %s |\n' "$name" "$killers" "$t" "$empty" "$corpus"
        killers="〃"
    done
done
