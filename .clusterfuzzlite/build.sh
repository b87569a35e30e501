#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: leaves in $OUT one libFuzzer binary per fuzz target, its
# seeds (Corpus/<Target> and Fuzz/Regressions/<Target>) as <Target>_seed_corpus.zip, its
# libFuzzer options as <Target>.options and its dictionary as <Target>.dict.
#
# The checkout is $SRC/contactcore (the Dockerfile copies it there). Outside Docker, set SRC,
# OUT and WORK yourself (.ci/run does: SRC holds a `contactcore` link to the checkout).
# SANITIZER is `address` (the default) or `coverage`; the build flags, the target list and the
# options files come from the fuzzing tool (Tools/FuzzTool), the same code `make fuzz` uses, so
# this file never lists targets.

# The shebang's flags are lost when run as `bash build.sh`; OSS-Fuzz runs `bash -eux build.sh`.
set -euo pipefail
cd "$SRC/contactcore"
sanitizer=${SANITIZER:-address}

# The tool itself: a plain debug build, in WORK (it runs here, never in $OUT).
swift build --package-path Tools/FuzzTool --scratch-path "$WORK/fuzz-tool" --product fuzz
fuzz=$(swift build --package-path Tools/FuzzTool --scratch-path "$WORK/fuzz-tool" --show-bin-path)/fuzz

# Statically linked Swift runtime: the runner image that executes $OUT has no Swift.
export FUZZ_STATIC_STDLIB=1 FUZZ_CONFIG=release FUZZ_SCRATCH="$WORK/contactcore-build"
mapfile -t targets < <("$fuzz" targets)
"$fuzz" build --sanitizer "$sanitizer" "${targets[@]}"

for target in "${targets[@]}"; do
    cp "$("$fuzz" binary "$target")" "$OUT/$target"
    # Seeds: the checked-in corpus and the fixed crashes (so a regression is found at once).
    rm -f "$OUT/${target}_seed_corpus.zip"
    mapfile -t seeds < <(find "Corpus/$target" "Fuzz/Regressions/$target" -type f ! -name '.*' 2>/dev/null || true)
    if ((${#seeds[@]} > 0)); then
        zip -q -j "$OUT/${target}_seed_corpus.zip" "${seeds[@]}"
    fi
    # libFuzzer options, as `make fuzz` runs the target (ClusterFuzzLite reads <Target>.options).
    cp "$("$fuzz" options "$target")" "$OUT/$target.options"
    if [[ -f Fuzz/Dictionaries/$target.dict ]]; then
        cp "Fuzz/Dictionaries/$target.dict" "$OUT/$target.dict"
    fi
done
echo "build.sh: ${#targets[@]} fuzzers ($sanitizer) in $OUT"
