#!/usr/bin/env bash
# The fuzzing operations behind `make fuzz*`, the CI workflows and .clusterfuzzlite/build.sh.
#
# The commands not yet moved to the fuzzing tool (Tools/FuzzTool, `fuzz`), which this script
# calls for the target list (read from Package.swift by SwiftPM), the options files and the
# build flags. FUZZ_TOOL is the tool's binary (the Makefile builds it).
#
# Usage: scripts/fuzz.sh COMMAND [ARGS]   (`make help` documents the commands and variables)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

# Checked-in inputs, and where results go (Fuzz/Crashes and Fuzz/Coverage are git-ignored).
readonly BASELINE=FuzzBaseline
readonly CORPUS_ROOT=Corpus
readonly REGRESSION_ROOT=Fuzz/Regressions
readonly CRASH_ROOT=Fuzz/Crashes
readonly DICT_ROOT=Fuzz/Dictionaries
readonly COVERAGE_ROOT=Fuzz/Coverage
# Working state that is not checked in: the corpus each run grows, logs, raw profiles.
readonly OPS_DIR=${OPS_DIR:-.build-ops}
readonly WORK_CORPUS_ROOT=$OPS_DIR/corpus
readonly LOG_DIR=$OPS_DIR/logs
FUZZ_TOOL=${FUZZ_TOOL:-Tools/FuzzTool/.build/debug/fuzz}

FUZZ_CONFIG=${FUZZ_CONFIG:-release}
case $FUZZ_CONFIG in
    release) FUZZ_SCRATCH=${FUZZ_SCRATCH:-.build-fuzz} ;;
    debug) FUZZ_SCRATCH=${FUZZ_SCRATCH:-.build-fuzz-debug} ;;
    *) echo "fuzz.sh: FUZZ_CONFIG must be release or debug, not '$FUZZ_CONFIG'" >&2; exit 2 ;;
esac
COV_SCRATCH=${COV_SCRATCH:-.build-fuzz-cov}
TEST_SCRATCH=${TEST_SCRATCH:-.build}
FUZZ_SECONDS=${FUZZ_SECONDS:-20}   # per target
JOBS=${JOBS:-1}                    # > 1: libFuzzer -fork=JOBS
INPUT_TIMEOUT=${INPUT_TIMEOUT:-10} # seconds one input may run before it counts as a hang
MIN_SECONDS=${MIN_SECONDS:-60}     # budget of fuzz-min
FUZZ_ARGS=${FUZZ_ARGS:-}           # extra libFuzzer flags, e.g. FUZZ_ARGS=-max_len=512

if [[ -x /opt/swift/usr/bin/llvm-cov ]]; then
    TOOLCHAIN_BIN=${TOOLCHAIN_BIN:-/opt/swift/usr/bin}
else
    TOOLCHAIN_BIN=${TOOLCHAIN_BIN:-$(dirname "$(readlink -f "$(command -v swift)")")}
fi

# Swift's backtracer is slow and fights the sanitizer's report; a per-process hash seed can
# stop a crash from replaying. Every fuzz binary runs with both turned off.
export SWIFT_BACKTRACE=enable=no
export SWIFT_DETERMINISTIC_HASHING=1
if [[ -z ${ASAN_SYMBOLIZER_PATH:-} && -x $TOOLCHAIN_BIN/llvm-symbolizer ]]; then
    export ASAN_SYMBOLIZER_PATH=$TOOLCHAIN_BIN/llvm-symbolizer
fi

die() { echo "fuzz.sh: $*" >&2; exit 2; }

# --- The target list -------------------------------------------------------------------------

all_targets() { "$FUZZ_TOOL" targets --all; }

# The targets only the nightly job fuzzes (they link the SQLite back end).
nightly_targets() { "$FUZZ_TOOL" targets --nightly; }

# The target whose seeds, dictionary and inputs a target shares: <Target> for <Target>OnSQLite.
base_target() { echo "${1%OnSQLite}"; }

# Every target but the baseline: the ones with corpora, replay and coverage.
replay_targets() { all_targets | grep -vx "$BASELINE" || true; }

check_target() { "$FUZZ_TOOL" binary "$1" >/dev/null || exit 2; }

# The target a crash file belongs to: TARGET if set, else a path component naming a target.
target_of() {
    if [[ -n ${TARGET:-} ]]; then check_target "$TARGET"; echo "$TARGET"; return; fi
    local path t
    path=/$(readlink -f "$1")/
    for t in $(all_targets) $(nightly_targets); do
        if [[ $path == */"$t"/* ]]; then echo "$t"; return; fi
    done
    die "cannot tell the target of '$1' from its path; add TARGET=<Target>"
}

# --- libFuzzer options --------------------------------------------------------------------

# A section of a target's options file as `name=value` lines (the [replay] section).
option_lines() { # TARGET SECTION
    awk -v section="[$2]" '/^\[/ { on = ($0 == section) } on && /^[a-z_]+ *=/ { gsub(/ /, ""); print }' "$("$FUZZ_TOOL" options "$1")"
}

# The [libfuzzer] options as flags, one a line.
option_flags() { "$FUZZ_TOOL" flags "$1"; }

# ASAN_OPTIONS for fuzzing a target: its [asan] options after any the caller set.
asan_options() { "$FUZZ_TOOL" asan-options "$1"; }

# --- Building --------------------------------------------------------------------------------

# build CONFIG SCRATCH SANITIZER TARGET...: all in one scratch folder, so the library compiles once.
build() {
    local config=$1 scratch=$2 sanitizer=$3
    shift 3
    FUZZ_CONFIG=$config FUZZ_SCRATCH=$scratch "$FUZZ_TOOL" build --sanitizer "$sanitizer" "$@"
}

binary() { echo "$FUZZ_SCRATCH/$FUZZ_CONFIG/$1"; }

# --- Fuzzing ---------------------------------------------------------------------------------

# Crash-like artifacts of a target, one path a line.
artifacts() {
    [[ -d $CRASH_ROOT/$1 ]] || return 0
    find "$CRASH_ROOT/$1" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' \
        -o -name 'oom-*' -o -name 'leak-*' \) | sort
}

# fuzz_one TARGET: runs the target for FUZZ_SECONDS on its working corpus, seeded from the
# checked-in one (which it only reads). Prints libFuzzer's output; returns its exit status.
fuzz_one() {
    local t=$1 work=$WORK_CORPUS_ROOT/$1 crashes=$CRASH_ROOT/$1
    mkdir -p "$work" "$crashes"
    local args=(-max_total_time="$FUZZ_SECONDS" -timeout="$INPUT_TIMEOUT" -print_final_stats=1
        -artifact_prefix="$crashes/")
    mapfile -t -O ${#args[@]} args < <(option_flags "$t")
    local base
    base=$(base_target "$t")
    if [[ -f $DICT_ROOT/$base.dict ]]; then args+=(-dict="$DICT_ROOT/$base.dict"); fi
    if ((JOBS > 1)); then args+=(-fork="$JOBS"); fi
    local extra=()
    read -r -a extra <<<"$FUZZ_ARGS"
    local dirs=("$work")
    if [[ -d $CORPUS_ROOT/$base ]]; then dirs+=("$CORPUS_ROOT/$base"); fi
    ASAN_OPTIONS=$(asan_options "$t") timeout --kill-after=30 $((FUZZ_SECONDS + 300)) \
        "$(binary "$t")" "${args[@]}" "${extra[@]}" "${dirs[@]}" 2>&1
}

# stats LOG: "exec/s edges features corpus repeats programs/s" from a libFuzzer log (plain or
# -fork output); repeats: the share of inputs whose program had already run and passed, which
# the target skips (its line at exit, "INFO: ContactCore programs: N inputs, R run, S (P%)
# repeated..."; "-" for the vCard targets and the baseline, which skip nothing); programs/s:
# the distinct programs run per second, exec/s x (1 - that share), or exec/s without the line.
stats() {
    awk '
        / cov: / {
            for (i = 1; i < NF; i++) {
                if ($i == "cov:") cov = $(i + 1)
                if ($i == "ft:") ft = $(i + 1)
                if ($i == "corp:") corp = $(i + 1)
                if ($i == "exec/s:") eps = $(i + 1)
            }
        }
        /^stat::average_exec_per_sec:/ { final = $2 }
        /^INFO: ContactCore programs:/ { inputs += $4; repeats += $8 }
        END {
            if (final != "" && final > 0) eps = final
            # (In a print statement an unparenthesized ">" redirects the output to a file.)
            share = inputs ? sprintf("%d%%", 100 * repeats / inputs) : "-"
            if (eps == "") programs = "-"
            else if (inputs) programs = sprintf("%d", eps * (inputs - repeats) / inputs + 0.5)
            else programs = eps
            printf "%s %s %s %s %s %s\n", (eps == "" ? "-" : eps), (cov == "" ? "-" : cov),
                (ft == "" ? "-" : ft), (corp == "" ? "-" : corp), share, programs
        }' "$1"
}

# new_artifacts BEFORE AFTER: the lines of AFTER not in BEFORE.
new_artifacts() { comm -13 <(printf '%s\n' "$1" | sed '/^$/d') <(printf '%s\n' "$2" | sed '/^$/d'); }

result_of() { # EXIT_STATUS NEW_ARTIFACT_COUNT
    if (($2 > 0)); then echo CRASH
    elif (($1 == 0)); then echo ok
    elif (($1 == 124 || $1 == 137)); then echo "killed by timeout"
    else echo "exit $1"
    fi
}

cmd_run() {
    local t=${1:-}
    [[ -n $t ]] || die "usage: fuzz.sh run <Target>"
    check_target "$t"
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "$t"
    mkdir -p "$LOG_DIR"
    local log=$LOG_DIR/$t.log before after rc=0
    before=$(artifacts "$t")
    fuzz_one "$t" | tee "$log" || rc=${PIPESTATUS[0]}
    after=$(artifacts "$t")
    local fresh eps cov ft corp repeats programs
    fresh=$(new_artifacts "$before" "$after")
    read -r eps cov ft corp repeats programs < <(stats "$log")
    echo
    echo "$t: programs/s $programs (exec/s $eps, repeats skipped: $repeats), corpus $corp, edges $cov, features $ft, result $(result_of "$rc" "$(grep -c . <<<"$fresh" || true)")"
    report_crashes "$t" "$fresh"
    if [[ -n $fresh ]] || ((rc != 0)); then return 1; fi
}

# Each new crash is reduced at the operation level by the target itself, which prints the
# program as a Swift test and writes the reduced input to Fuzz/Regressions/<Target>/, where
# `swift test` and fuzz-replay fail on it until the bug is fixed.
report_crashes() { # TARGET NEW_ARTIFACTS
    local f out
    [[ -n $2 ]] || return 0
    mkdir -p "$REGRESSION_ROOT/$1"
    echo "New artifacts of $1:"
    while read -r f; do
        out=$REGRESSION_ROOT/$1/$(basename "$f")
        CONTACTCORE_REDUCED_OUT=$out timeout --kill-after=10 300 "$(binary "$1")" -timeout="$INPUT_TIMEOUT" "$f" 2>&1 |
            sed -n '/ breaks /,/^reduced input/p' || true
        if [[ -s $out ]]; then echo "  reduced into $out (a regression now: swift test fails on it)"
        else echo "  not a broken rule (a hang, a leak or a sanitizer report): make fuzz-repro CRASH=$f"; fi
    done <<<"$2"
}

cmd_fuzz() {
    local targets t
    mapfile -t targets < <(all_targets)
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "${targets[@]}"
    mkdir -p "$LOG_DIR"
    local -A eps cov ft corp repeats programs result
    local all_fresh="" failed=0
    for t in "${targets[@]}"; do
        local log=$LOG_DIR/$t.log before after fresh rc=0 count
        echo "fuzz: $t for ${FUZZ_SECONDS}s (log: $log)"
        before=$(artifacts "$t")
        fuzz_one "$t" >"$log" || rc=$?
        after=$(artifacts "$t")
        fresh=$(new_artifacts "$before" "$after")
        count=$(grep -c . <<<"$fresh" || true)
        read -r "eps[$t]" "cov[$t]" "ft[$t]" "corp[$t]" "repeats[$t]" "programs[$t]" < <(stats "$log")
        result[$t]="$count"
        if ((count > 0 || rc != 0)); then
            failed=1
            if ((count == 0)); then result[$t]="0 ($(result_of "$rc" 0))"; fi
            all_fresh+=$fresh$'\n'
            echo "  $t: $(result_of "$rc" "$count"); last lines of its log:"
            tail -n 15 "$log" | sed 's/^/    /'
        fi
    done
    local base=${eps[$BASELINE]:-}
    echo
    printf '%-22s %10s %11s %10s %8s %18s %7s %9s  %s\n' target programs/s "% baseline" exec/s repeats "corpus units/size" \
        edges features "new crashes"
    for t in "${targets[@]}"; do
        local share=-
        if [[ $base =~ ^[0-9]+$ && ${programs[$t]} =~ ^[0-9]+$ ]] && ((base > 0)); then
            share=$(awk -v e="${programs[$t]}" -v b="$base" 'BEGIN { p = 100 * e / b; printf((p < 10) ? "%.2f%%" : "%.0f%%", p) }')
        fi
        printf '%-22s %10s %11s %10s %8s %18s %7s %9s  %s\n' "$t" "${programs[$t]}" "$share" "${eps[$t]}" "${repeats[$t]}" \
            "${corp[$t]}" "${cov[$t]}" "${ft[$t]}" "${result[$t]}"
    done
    echo "($FUZZ_CONFIG build, ${FUZZ_SECONDS}s per target, JOBS=$JOBS; programs/s: distinct programs run per second,"
    echo " exec/s x (1 - repeats); % baseline: programs/s over $BASELINE's exec/s, the ceiling (it does no work);"
    echo " repeats: inputs whose program had already run and passed, counted in exec/s but not run again)"
    for t in "${targets[@]}"; do
        report_crashes "$t" "$(grep -F "$CRASH_ROOT/$t/" <<<"$all_fresh" || true)"
    done
    return "$failed"
}

# --- Replay ----------------------------------------------------------------------------------

# run_inputs BINARY LOG FILE...: runs each file once, no fuzzing; the status says whether all passed.
run_inputs() {
    local bin=$1 log=$2
    shift 2
    timeout --kill-after=10 $((INPUT_TIMEOUT * $# + 60)) "$bin" -timeout="$INPUT_TIMEOUT" "$@" >"$log" 2>&1
}

cmd_replay() {
    local targets roots=() all=() files=() r
    mapfile -t targets < <(replay_targets)
    for r in "$CORPUS_ROOT" "$REGRESSION_ROOT"; do
        if [[ -d $r ]]; then roots+=("$r"); fi
    done
    if ((${#roots[@]} > 0)); then
        mapfile -d '' -t all < <(find "${roots[@]}" -mindepth 2 -type f ! -name '.*' ! -name '*.md' -print0 | sort -z)
    fi
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "${targets[@]}"
    mkdir -p "$LOG_DIR"
    echo "replay: ${#all[@]} files from ${roots[*]:-nowhere} through ${#targets[@]} targets ($FUZZ_CONFIG)"
    local passed=0 failed=0 batch=200 t i f
    for t in "${targets[@]}"; do
        local bin log=$LOG_DIR/replay-$t.log target_failed=0
        bin=$(binary "$t")
        files=("${all[@]}")
        # A target whose options say `[replay] inputs = own` (a slow one) replays only its own files.
        if grep -qx 'inputs=own' <<<"$(option_lines "$t" replay)"; then
            files=()
            for f in "${all[@]}"; do
                if [[ $f == "$CORPUS_ROOT/$t/"* || $f == "$REGRESSION_ROOT/$t/"* ]]; then files+=("$f"); fi
            done
            echo "  $t: its own ${#files[@]} files only (its options' [replay] section)"
        fi
        for ((i = 0; i < ${#files[@]}; i += batch)); do
            local chunk=("${files[@]:i:batch}")
            if run_inputs "$bin" "$log" "${chunk[@]}"; then
                passed=$((passed + ${#chunk[@]}))
                continue
            fi
            # Something in this chunk failed: run its files one by one to name the culprits.
            local culprits=0
            for f in "${chunk[@]}"; do
                if run_inputs "$bin" "$log" "$f"; then
                    passed=$((passed + 1))
                else
                    culprits=$((culprits + 1))
                    echo "FAIL $t $f"
                    grep -E 'ERROR|SUMMARY|Fatal error|fatal error|Assertion|deadly signal|timeout' "$log" |
                        head -n 8 | sed 's/^/    /' || true
                    echo "    reproduce: make fuzz-repro CRASH=$f TARGET=$t"
                fi
            done
            failed=$((failed + culprits))
            target_failed=$((target_failed + culprits))
            if ((culprits == 0)); then
                failed=$((failed + 1))
                target_failed=$((target_failed + 1))
                echo "FAIL $t: files ${i}.. fail together but pass one by one (state kept between inputs?)"
            fi
        done
        printf '  %-22s %s\n' "$t" "$( ((target_failed == 0)) && echo ok || echo "$target_failed failed")"
    done
    echo "replay: $passed passed, $failed failed"
    ((failed == 0))
}

# --- One crash -------------------------------------------------------------------------------

crash_arg() {
    [[ -n ${1:-} ]] || die "give the crash file: CRASH=path"
    [[ -f $1 ]] || die "no such file: $1"
}

cmd_repro() {
    crash_arg "${1:-}"
    local crash=$1 t rc=0
    t=$(target_of "$crash")
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "$t"
    echo "== $t ($FUZZ_CONFIG fuzzer, address sanitizer) on $crash, $(wc -c <"$crash") bytes"
    timeout --kill-after=10 300 "$(binary "$t")" -timeout="$INPUT_TIMEOUT" "$crash" 2>&1 || rc=$?
    echo
    echo
    if ((rc != 0)); then
        echo "fuzz-repro: $crash still fails $t (fuzzer exit status $rc)"
        return 1
    fi
    echo "fuzz-repro: $crash passes $t"
}

cmd_min() {
    crash_arg "${1:-}"
    local crash=$1 t out rc=0
    t=$(target_of "$crash")
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "$t"
    mkdir -p "$CRASH_ROOT/$t" "$LOG_DIR"
    out=$CRASH_ROOT/$t/minimized-$(basename "$crash")
    echo "fuzz-min: minimising $crash for ${MIN_SECONDS}s"
    timeout --kill-after=10 $((MIN_SECONDS + 300)) "$(binary "$t")" -minimize_crash=1 \
        -max_total_time="$MIN_SECONDS" -timeout="$INPUT_TIMEOUT" -exact_artifact_path="$out" \
        "$crash" >"$LOG_DIR/min-$t.log" 2>&1 || rc=$?
    if [[ ! -s $out ]]; then
        tail -n 20 "$LOG_DIR/min-$t.log"
        die "no minimised input (exit status $rc): does $crash still crash $t? Try make fuzz-repro CRASH=$crash"
    fi
    echo "fuzz-min: $(wc -c <"$crash") bytes -> $(wc -c <"$out") bytes: $out"
    echo "To keep it as a regression test (swift test and fuzz-replay run it):"
    echo "  mkdir -p $REGRESSION_ROOT/$t && cp $out $REGRESSION_ROOT/$t/"
}

# --- Corpora ---------------------------------------------------------------------------------

# merge_into TARGET DEST DIR...: adds to DEST the inputs of the DIRs that reach new coverage.
merge_into() {
    local t=$1
    shift
    local flags
    mapfile -t flags < <(option_flags "$t")
    ASAN_OPTIONS=$(asan_options "$t") timeout --kill-after=10 1800 "$(binary "$t")" -merge=1 \
        -timeout="$INPUT_TIMEOUT" "${flags[@]}" "$@" \
        >"$LOG_DIR/merge-$t.log" 2>&1 || { tail -n 20 "$LOG_DIR/merge-$t.log"; die "merge of $t failed"; }
}

cmd_merge() {
    local targets t
    if [[ -n ${TARGET:-} ]]; then check_target "$TARGET"; targets=("$TARGET")
    else mapfile -t targets < <(replay_targets)
    fi
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "${targets[@]}"
    mkdir -p "$LOG_DIR"
    for t in "${targets[@]}"; do
        local dest=$CORPUS_ROOT/$t sources=() d before after
        for d in "$WORK_CORPUS_ROOT/$t" ${MERGE_FROM:+"$MERGE_FROM/$t"}; do
            if [[ -d $d ]]; then sources+=("$d"); fi
        done
        mkdir -p "$dest"
        before=$(find "$dest" -type f | wc -l)
        if [[ ${MINIMIZE:-0} == 1 ]]; then
            # Rebuild the corpus: the generated seeds (seed-*, written by their generator test)
            # stay as they are; of the other files, keep the fewest that add coverage to them.
            local kept found
            kept=$(mktemp -d)
            found=$(mktemp -d)
            find "$dest" -maxdepth 1 -type f -name 'seed-*' -exec cp {} "$kept"/ \;
            find "$dest" -maxdepth 1 -type f ! -name 'seed-*' -exec cp {} "$found"/ \;
            merge_into "$t" "$kept" "$found" "${sources[@]}"
            find "$dest" -maxdepth 1 -type f ! -name 'seed-*' -delete
            find "$kept" -maxdepth 1 -type f ! -name 'seed-*' -exec cp {} "$dest"/ \;
            rm -rf "$kept" "$found"
        elif ((${#sources[@]} > 0)); then
            merge_into "$t" "$dest" "${sources[@]}"
        fi
        after=$(find "$dest" -type f | wc -l)
        printf '  %-22s %5d -> %5d files  (from: %s)\n' "$t" "$before" "$after" "${sources[*]:-nothing new}"
    done
}

# --- Coverage --------------------------------------------------------------------------------

# line_totals JSON: "covered count percent" of the lines in an `llvm-cov export -summary-only`.
line_totals() {
    grep -o '"totals":.*' "$1" | grep -o '"lines":{[^}]*}' | sed -n 1p |
        sed -E 's/.*"count":([0-9]+).*"covered":([0-9]+).*"percent":([0-9.]+).*/\2 \1 \3/'
}

cmd_coverage() {
    local targets t
    if [[ -n ${TARGET:-} ]]; then check_target "$TARGET"; targets=("$TARGET")
    else mapfile -t targets < <(replay_targets)
    fi
    # The SQLite targets replay their base target's inputs: the storage code only they reach
    # (SPEC 13's images, records and rows) counts too. COVERAGE_NIGHTLY=0 leaves them out.
    if [[ -z ${TARGET:-} && ${COVERAGE_NIGHTLY:-1} != 0 ]]; then mapfile -t -O "${#targets[@]}" targets < <(nightly_targets); fi
    build debug "$COV_SCRATCH" coverage "${targets[@]}"
    local cov=$TOOLCHAIN_BIN/llvm-cov profdata=$TOOLCHAIN_BIN/llvm-profdata
    local library=$root/Sources/ContactCore profiles=$OPS_DIR/coverage
    rm -rf "$COVERAGE_ROOT" "$profiles"
    mkdir -p "$COVERAGE_ROOT" "$profiles"
    local rows=() objects=() empty
    empty=$(mktemp -d)
    for t in "${targets[@]}"; do
        local bin=$COV_SCRATCH/debug/$t dirs=("$empty") n=0 base
        base=$(base_target "$t")
        if [[ -d $CORPUS_ROOT/$base ]]; then dirs+=("$CORPUS_ROOT/$base"); n=$(find "$CORPUS_ROOT/$base" -type f | wc -l); fi
        # After a campaign: what it found too.
        if [[ ${COVERAGE_WITH_WORK:-0} == 1 && -d $WORK_CORPUS_ROOT/$base ]]; then
            dirs+=("$WORK_CORPUS_ROOT/$base")
            n=$((n + $(find "$WORK_CORPUS_ROOT/$base" -type f | wc -l)))
        fi
        LLVM_PROFILE_FILE="$profiles/$t-%p.profraw" timeout --kill-after=10 1800 \
            "$bin" -runs=0 -timeout="$INPUT_TIMEOUT" "${dirs[@]}" >"$profiles/$t.log" 2>&1 ||
            { tail -n 20 "$profiles/$t.log"; die "$t crashed while replaying its corpus: run make fuzz-replay"; }
        "$profdata" merge -sparse "$profiles/$t"-*.profraw -o "$profiles/$t.profdata"
        mkdir -p "$COVERAGE_ROOT/$t"
        "$cov" report "$bin" -instr-profile="$profiles/$t.profdata" "$library" >"$COVERAGE_ROOT/$t/summary.txt"
        "$cov" show "$bin" -instr-profile="$profiles/$t.profdata" -format=html \
            -output-dir="$COVERAGE_ROOT/$t" "$library"
        "$cov" export "$bin" -instr-profile="$profiles/$t.profdata" -summary-only "$library" >"$profiles/$t.json"
        rows+=("$t $n $(line_totals "$profiles/$t.json")")
        objects+=(-object "$bin")
    done
    rmdir "$empty"
    # All targets together: what the whole fuzzing suite reaches.
    "$profdata" merge -sparse "$profiles"/*.profdata -o "$profiles/all.profdata"
    "$cov" export "${objects[@]:1}" -instr-profile="$profiles/all.profdata" -summary-only "$library" >"$profiles/all.json"
    "$cov" report "${objects[@]:1}" -instr-profile="$profiles/all.profdata" "$library" >"$COVERAGE_ROOT/summary.txt"
    rows+=("all-targets - $(line_totals "$profiles/all.json")")
    # Every line no target reached, as file:line: code.
    "$cov" show "${objects[@]:1}" -instr-profile="$profiles/all.profdata" -format=text "$library" |
        awk -v root="$root/" '
            /^\/.*\.swift:$/ { file = substr($0, 1, length($0) - 1); sub(root, "", file); next }
            match($0, /^ *[0-9]+\| *0\|/) {
                split($0, parts, "|"); line = parts[1]; gsub(/ /, "", line)
                code = substr($0, RLENGTH + 1); sub(/^ +/, "", code)
                print file ":" line ": " code
            }' >"$COVERAGE_ROOT/uncovered.txt"
    {
        echo "Line coverage of Sources/ContactCore reached by each target's checked-in corpus ($CORPUS_ROOT/<Target>; an <Target>OnSQLite target replays <Target>'s):"
        printf '%-28s %12s %18s %8s\n' target "corpus files" "lines covered" cover
        local row name files covered count percent
        for row in "${rows[@]}"; do
            read -r name files covered count percent <<<"$row"
            printf '%-28s %12s %18s %7.2f%%\n' "$name" "$files" "$covered/$count" "$percent"
        done
    } | tee "$COVERAGE_ROOT/table.txt"
    echo "Lines no target reached: $COVERAGE_ROOT/uncovered.txt ($(wc -l <"$COVERAGE_ROOT/uncovered.txt"))"
    echo "Per-file text summaries: $COVERAGE_ROOT/<Target>/summary.txt and $COVERAGE_ROOT/summary.txt"
    echo "HTML: $COVERAGE_ROOT/<Target>/index.html"
}

# A coverage campaign: every target fuzzes for CAMPAIGN_SECONDS (two at a time, one per core)
# from its corpus into its working corpus, then coverage counts both (Fuzz/Coverage/).
cmd_campaign() {
    local targets t failed=0
    mapfile -t targets < <(replay_targets)
    build "$FUZZ_CONFIG" "$FUZZ_SCRATCH" address "${targets[@]}"
    mkdir -p "$LOG_DIR"
    FUZZ_SECONDS=${CAMPAIGN_SECONDS:-600}
    for t in "${targets[@]}"; do
        while (($(jobs -rp | wc -l) >= ${CAMPAIGN_PARALLEL:-2})); do wait -n || failed=1; done
        echo "campaign: $t for ${FUZZ_SECONDS}s (log: $LOG_DIR/$t.campaign.log)"
        fuzz_one "$t" >"$LOG_DIR/$t.campaign.log" &
    done
    while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
    for t in "${targets[@]}"; do echo "$t: exec/s, edges, features, corpus, repeats, programs/s: $(stats "$LOG_DIR/$t.campaign.log")"; done
    COVERAGE_WITH_WORK=1 cmd_coverage
    if ((failed)); then die "a target stopped early: see $LOG_DIR/<Target>.campaign.log and $CRASH_ROOT"; fi
}

# --- Housekeeping ----------------------------------------------------------------------------

cmd_clean() {
    # Builds, logs and reports go; crashes and the working corpus stay.
    rm -rf .build-fuzz .build-fuzz-debug "$COV_SCRATCH" "$LOG_DIR" "$OPS_DIR/coverage" "$COVERAGE_ROOT"
}

command=${1:-}
shift || true
case $command in
    run) cmd_run "$@" ;;
    fuzz) cmd_fuzz ;;
    replay) cmd_replay ;;
    repro) cmd_repro "$@" ;;
    min) cmd_min "$@" ;;
    merge) cmd_merge ;;
    coverage) cmd_coverage ;;
    campaign) cmd_campaign ;;
    clean) cmd_clean ;;
    *) die "usage: fuzz.sh run|fuzz|replay|repro|min|merge|coverage|campaign|clean (see make help)" ;;
esac
