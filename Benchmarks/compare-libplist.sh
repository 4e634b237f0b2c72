#!/usr/bin/env bash
# PlistKit against libplist (C) on the same generated music library: plist-bench writes the
# files (--write-data), a small C program times libplist's reader and writer on them in
# process (Benchmarks/libplist/libplist-bench.c), and plist-bench times PlistKit (and
# Foundation) on the same data. Outside the packages' builds; needs libplist-dev and a C compiler
# (`apt-get install -y libplist-dev libplist-utils`).
#
# usage: Benchmarks/compare-libplist.sh [--quick] [ITERATIONS]
set -euo pipefail
cd "$(dirname "$0")/.."

quick=()
if [[ "${1:-}" == "--quick" ]]; then quick=(--quick); shift; fi
iterations="${1:-3}"

if ! pkg-config --exists libplist-2.0 2>/dev/null; then
    echo "Error: libplist-dev is not installed (apt-get install -y libplist-dev libplist-utils)." >&2
    exit 69
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building plist-bench (release) and libplist-bench" >&2
swift build -c release --package-path Benchmarks --product plist-bench >&2
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/plist-bench"
cc -O2 -o "$work/libplist-bench" Benchmarks/libplist/libplist-bench.c $(pkg-config --cflags --libs libplist-2.0)

"$bench" "${quick[@]}" --write-data "$work/data" >&2
echo "== libplist $(pkg-config --modversion libplist-2.0) (plistutil $(plistutil --version 2>/dev/null | head -1 || echo '?')), $iterations runs, median" >&2
"$work/libplist-bench" "$iterations" "$work/data/library.xml" "$work/data/library.bplist" > "$work/libplist.tsv"

echo "== PlistKit and Foundation (plist-bench), same data" >&2
"$bench" "${quick[@]}" --iterations "$iterations" --no-memory --json \
    --filter "binary decode: library" --filter "binary encode: library" \
    --filter "XML decode: library" --filter "XML encode: library" > "$work/plistkit.json"

python3 - "$work/libplist.tsv" "$work/plistkit.json" <<'PY'
import json, sys
libplist = {}
for line in open(sys.argv[1]):
    name, seconds, size = line.rstrip("\n").split("\t")
    libplist[name] = float(seconds)
doc = json.load(open(sys.argv[2]))
print(f"machine: {doc['machine']['processors']} processors, {doc['machine']['cpuModel']}; library of {doc['tracks']} tracks")
print(f"{'operation':<16}{'PlistKit':>12}{'libplist':>12}{'Foundation':>12}{'PlistKit vs libplist':>24}")
for result in doc["results"]:
    op = result["name"].split(":")[0]
    mine = result.get("plistKitMedianSeconds")
    theirs = libplist.get(op)
    foundation = result.get("foundationMedianSeconds")
    fmt = lambda s: f"{s*1000:.1f} ms" if s is not None else "-"
    if mine and theirs:
        ratio = f"{theirs / mine:.1f}x faster" if theirs >= mine else f"{mine / theirs:.1f}x slower"
    else:
        ratio = "-"
    print(f"{op:<16}{fmt(mine):>12}{fmt(theirs):>12}{fmt(foundation):>12}{ratio:>24}")
PY
