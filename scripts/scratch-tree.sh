# shellcheck shell=bash
# Sourced by mutants.sh and races.sh: the scratch copy of HEAD in which one planted change at a
# time is made; its builds are kept between copies.

# scratch_tree FOLDER: sets `work` (FOLDER) and `src` (the copy in it), and makes the logs' folder.
scratch_tree() {
    work=$1
    src=$work/src
    export SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1
    mkdir -p "$work/logs"
}

# fresh_copy: $src made again from the committed tree, so a run is unaffected by edits.
fresh_copy() {
    rm -rf "$src"
    mkdir -p "$src"
    git archive HEAD | tar -xf - -C "$src"
}

# median of the numbers on stdin ("-" for none)
median() { sort -g | awk '{ a[NR] = $1 } END { print NR ? a[int((NR + 1) / 2)] : "-" }'; }
