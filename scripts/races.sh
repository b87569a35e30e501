#!/usr/bin/env bash
# `make races`: proof that the parallel property sees races. Each Fuzz/Races/*.race (edits of
# Sources/ContactCore that plant a race) is applied alone to a scratch copy of HEAD; then the
# parallel property (ParallelPropertyTests.branchesAreLinearizable, its default run) runs
# RACE_TRIALS times and reports the runs it took to the first failure, and the program it
# printed is pasted into the test target and run (a loop of at most 1,000 runs) RACE_TRIALS times.
#
# A .race file: `file: path`, then pairs of lines `- ·old` and `+ ·new` (the text after the
# middle dot, `\n` for a line break); each old text must occur exactly once.
#
# Variables: RACES=glob (default *), RACE_TRIALS=3.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
RACES=${RACES:-*}
RACE_TRIALS=${RACE_TRIALS:-3}
# shellcheck source=scripts/scratch-tree.sh
source scripts/scratch-tree.sh
scratch_tree "$root/.build-races"

printf '| race | property: runs to first failure (each trial) | median | printed test (lines) | printed test: failing run (each trial) | median |\n'
printf '| --- | --- | --- | --- | --- | --- |\n'
for race in Fuzz/Races/$RACES.race; do
    name=$(basename "$race" .race)
    fresh_copy
    python3 - "$race" "$src" <<'PY'
import sys
race, src = sys.argv[1], sys.argv[2]
path = old = None
for line in open(race).read().splitlines():
    if line.startswith("file: "):
        path = f"{src}/{line[6:]}"
    elif line.startswith("- ·"):
        old = line[3:].replace("\\n", "\n")
    elif line.startswith("+ ·"):
        text = open(path).read()
        if text.count(old) != 1:
            sys.exit(f"{race}: the text to replace occurs {text.count(old)} times in {path}")
        open(path, "w").write(text.replace(old, line[3:].replace("\\n", "\n"), 1))
PY
    # Only the test bundle: the property needs nothing else the package builds.
    if ! (cd "$src" && swift build --product ContactCorePackageTests --scratch-path "$work/build" >"$work/logs/$name-build.log" 2>&1); then
        printf '| %s | does not build (%s) | | | | |\n' "$name" "$work/logs/$name-build.log"
        continue
    fi
    found=()
    printed=""
    for trial in $(seq "$RACE_TRIALS"); do
        log=$work/logs/$name-property-$trial.log
        (cd "$src" && timeout 1800 swift test --skip-build --scratch-path "$work/build" \
            --filter 'ParallelPropertyTests/branchesAreLinearizable' >"$log" 2>&1) || true
        runs=$(grep -oE 'first failure after [0-9]+ runs' "$log" | head -1 | grep -oE '[0-9]+' || true)
        found+=("${runs:-none}")
        if [[ -z $printed && -n $runs ]]; then
            # The printed test: from its @Test line to the closing brace at the start of a line.
            # The issue's lines are indented by two spaces in the test log.
            printed=$(awk '/^  @Test func race\(\)/ { on = 1 } on { sub(/^  /, ""); print } on && /^}/ { exit }' "$log")
        fi
    done
    # A trial that found nothing counts as the largest, not as missing.
    property_median=$(printf '%s\n' "${found[@]}" | sed 's/^none$/inf/' | median | sed 's/^inf$/none/')
    reproduced=()
    lines="-"
    if [[ -n $printed ]]; then
        lines=$(wc -l <<<"$printed")
        {
            printf 'import ContactCore\nimport ContactCoreTesting\nimport Testing\n\n@Suite struct PrintedRace {\n'
            printf '%s\n' "$printed"
            printf '}\n'
        } >"$src/Tests/ContactCoreTests/Harness/PrintedRace.swift"
        cp "$src/Tests/ContactCoreTests/Harness/PrintedRace.swift" "$work/logs/$name-PrintedRace.swift"
        (cd "$src" && swift build --product ContactCorePackageTests --scratch-path "$work/build" >>"$work/logs/$name-build.log" 2>&1) ||
            printf '%s: the printed test does not build (%s)\n' "$name" "$work/logs/$name-build.log" >&2
        for trial in $(seq "$RACE_TRIALS"); do
            log=$work/logs/$name-printed-$trial.log
            (cd "$src" && timeout 600 swift test --skip-build --scratch-path "$work/build" --filter PrintedRace >"$log" 2>&1) || true
            run=$(grep -oE 'run [0-9]+' "$log" | head -1 | grep -oE '[0-9]+' || true)
            reproduced+=("${run:->1000}")
        done
    fi
    printed_median=-
    if ((${#reproduced[@]})); then
        printed_median=$(printf '%s\n' "${reproduced[@]}" | sed 's/^>1000$/inf/' | median | sed 's/^inf$/>1000/')
    fi
    printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "${found[*]}" "$property_median" "$lines" "${reproduced[*]:--}" "$printed_median"
done
