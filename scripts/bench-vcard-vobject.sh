#!/usr/bin/env bash
# Times Python's vobject parsing and serializing the file VCardBenchmark writes, the peer in
# ContactCore's vCard benchmark table. vobject is installed from PyPI into a scratch virtual
# environment (created once, reused after); nothing is installed system-wide.
#
# Usage: scripts/bench-vcard-vobject.sh [FILE]   (default /tmp/contactcore-vcard-bench.vcf)
#   RUNS=3            runs per measurement (the median is printed)
#   VOBJECT_VENV=dir  where the scratch environment lives
set -euo pipefail
file=${1:-/tmp/contactcore-vcard-bench.vcf}
venv=${VOBJECT_VENV:-${TMPDIR:-/tmp}/contactcore-vobject-venv}
runs=${RUNS:-3}
[[ -f $file ]] || { echo "bench-vcard-vobject: no $file; run VCardBenchmark first (it writes the file)" >&2; exit 1; }
if [[ ! -x $venv/bin/python ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check vobject
fi
"$venv/bin/python" - "$file" "$runs" <<'PY'
import resource, statistics, sys, time
import vobject

path, runs = sys.argv[1], int(sys.argv[2])
with open(path, encoding="utf-8", newline="") as handle:
    text = handle.read()
size = len(text.encode("utf-8"))

def timed(body):
    start = time.perf_counter()
    result = body()
    return time.perf_counter() - start, result

parse_times, cards = [], []
for _ in range(runs):
    seconds, cards = timed(lambda: list(vobject.readComponents(text)))
    parse_times.append(seconds)
serialize_times, out = [], ""
for _ in range(runs):
    seconds, out = timed(lambda: "".join(card.serialize() for card in cards))
    serialize_times.append(seconds)
count = len(cards)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(f"vobject {vobject.VERSION if hasattr(vobject, 'VERSION') else ''} on {path}: {count} cards, {size / 1e6:.2f} MB; median of {runs} runs")
for name, times, nbytes in (("vobject parse", parse_times, size), ("vobject serialize", serialize_times, len(out.encode()))):
    median = statistics.median(times)
    print(f"{name:<34} {median * 1e3:10.2f} ms {nbytes / 1e6 / median:10.1f} MB/s {count / median:12.0f} cards/s")
print(f"peak RSS of the Python process: {peak / 1e6:.1f} MB")
PY
