#!/usr/bin/env bash
# How PlistKit's cost grows with input size and with the number of files in a batch.
#
# 1. Size: the music library at 1×, 4× and 16× its size (50,000, 200,000 and 800,000 tracks;
#    with --quick 5,000, 20,000 and 80,000), binary and XML, decode and encode, PlistKit only
#    (Foundation would take hours at 16×). Linear growth shows as a constant time per track.
#    The plain library only (--data-set library): its growth is the reference kept over time.
# 2. Batch: `plist-inspect convert -f binary` on 1×, 4× and 16× a number of copies of the
#    quick library's XML file, with --jobs 1 and --jobs N (N = processors). Linear growth shows
#    as a constant time per file; --jobs N divides it by up to N.
#
# usage: Benchmarks/scale.sh [--quick] [ITERATIONS]
# Needs about 5 GB of memory for the 16× library (about 0.5 GB with --quick) and 2 GB of disk
# for the batch (0.3 GB with --quick).
set -euo pipefail
cd "$(dirname "$0")/.."

base=50000
files=8
if [[ "${1:-}" == "--quick" ]]; then base=5000; files=2; shift; fi
iterations="${1:-3}"
processors="$(nproc 2>/dev/null || echo 2)"

echo "== building plist-bench and plist-inspect (release)" >&2
swift build -c release --package-path Benchmarks --product plist-bench >&2
swift build -c release --product plist-inspect >&2
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/plist-bench"
bin="$(swift build -c release --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== size: library at 1×, 4×, 16× (${base} tracks at 1×), ${iterations} runs, median" >&2
for factor in 1 4 16; do
    "$bench" --plistkit-only --no-memory --data-set library --tracks $((base * factor)) --iterations "$iterations" --json \
        --filter "binary decode: library" --filter "binary encode: library" \
        --filter "XML decode: library" --filter "XML encode: library" > "$work/size-$factor.json"
done

echo "== batch: convert -f binary on ${files}, $((files * 4)), $((files * 16)) files, --jobs 1 and ${processors}" >&2
"$bench" --quick --data-set library --write-data "$work/data" > /dev/null
: > "$work/batch.tsv"
for factor in 1 4 16; do
    count=$((files * factor))
    for jobs in 1 "$processors"; do
        rm -rf "$work/batch"
        mkdir -p "$work/batch"
        for i in $(seq 1 "$count"); do cp "$work/data/library.xml" "$work/batch/file-$i.plist"; done
        start=$(date +%s.%N)
        "$bin/plist-inspect" convert -f binary -e bplist --jobs "$jobs" "$work/batch"/*.plist 2> /dev/null
        end=$(date +%s.%N)
        converted=$(find "$work/batch" -name '*.bplist' | wc -l)
        printf '%s\t%s\t%s\t%s\t%s\n' "$factor" "$count" "$jobs" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$converted" >> "$work/batch.tsv"
    done
done

python3 - "$work" "$base" "$(stat -c %s "$work/data/library.xml")" <<'PY'
import json, sys
work, base, file_bytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
print(f"Size (PlistKit alone; median seconds; µs per track in brackets; 1× = {base:,} tracks)")
rows = {}
for factor in (1, 4, 16):
    document = json.load(open(f"{work}/size-{factor}.json"))
    for result in document["results"]:
        operation = result["name"].split(":")[0]
        rows.setdefault(operation, {})[factor] = (result["plistKitMedianSeconds"], result["bytes"])
print(f"{'operation':<16}{'1×':>22}{'4×':>22}{'16×':>22}{'16× per track / 1×':>22}")
for operation, by_factor in rows.items():
    cells = []
    for factor in (1, 4, 16):
        seconds, size = by_factor[factor]
        cells.append(f"{seconds:8.3f} s [{seconds / (base * factor) * 1e6:5.2f}]")
    growth = (by_factor[16][0] / 16) / by_factor[1][0]
    print(f"{operation:<16}" + "".join(f"{c:>22}" for c in cells) + f"{growth:>21.2f}×")
print()
print(f"Batch: plist-inspect convert -f binary, each file the quick library's XML ({file_bytes / 1e6:.1f} MB)")
print(f"{'files':>6}{'jobs':>6}{'seconds':>10}{'ms per file':>13}{'converted':>11}")
for line in open(f"{work}/batch.tsv"):
    factor, count, jobs, seconds, converted = line.split()
    print(f"{count:>6}{jobs:>6}{float(seconds):>10.2f}{float(seconds) / int(count) * 1e3:>13.1f}{converted:>11}")
PY
