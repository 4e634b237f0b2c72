#!/usr/bin/env bash
# Where one plist-bench operation spends its instructions, without the setup around it.
#
# Runs the operation under callgrind (valgrind --tool=callgrind) with --iterations 1 and
# --iterations 4 on the quick data set, PlistKit only, and subtracts: what is left is three
# timed runs, with data generation and everything else that happens once cancelled out.
# Instruction counts do not wander with the machine's load the way wall-clock times do, so
# they are what a change is judged by (quote the "three runs" total before and after).
#
# usage: Benchmarks/cgdiff.sh [--ladder] "OPERATION FILTER" [PLIST_BENCH_BINARY]
#   --ladder    an operation of the size ladder ("parse binary: info-1k"): also prints the
#               instructions per document (a timed run handles many small documents)
#   TOP=N       how many functions to list (default 40)
#   INCL=yes    inclusive instead of self costs (recursion makes these hard to read)
# The filter picks the library: "binary encode: library (" is the plain library alone,
# "binary encode: library-intl" the international one; "binary encode: library" both at once.
# example: Benchmarks/cgdiff.sh "binary encode: library ("
set -euo pipefail
cd "$(dirname "$0")/.."
ladder=()
if [[ "${1:-}" == "--ladder" ]]; then ladder=(--ladder); shift; fi
filter="$1"
bench="${2:-}"
if [[ -z "$bench" ]]; then
    # valgrind 3.19 cannot read clang's default DWARF 5 debug information from a target of
    # several C files (CPlistKitSupport): the C code is compiled with DWARF 4 for it.
    swift build -c release --package-path Benchmarks --product plist-bench -Xcc -gdwarf-4 >&2
    bench="$(swift build -c release --package-path Benchmarks --show-bin-path -Xcc -gdwarf-4)/plist-bench"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Swift seeds its hashing at random in each process, which moves the counts of anything that
# hashes (dictionaries, sets) by up to a few percent from run to run; a fixed seed makes two
# runs of the same code count the same.
export SWIFT_DETERMINISTIC_HASHING=1
for n in 1 4; do
    # No time budget: under valgrind a slow operation would otherwise stop after fewer runs
    # than asked, by a number that depends on the machine's load.
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$n" "$bench" "${ladder[@]}" --quick --plistkit-only --no-memory \
        --json --filter "$filter" --iterations "$n" --budget 1000000 > "$work/out.$n" 2> "$work/err.$n"
    grep Collected "$work/err.$n" | awk '{print $4}' | tr -d , > "$work/total.$n"
    callgrind_annotate --inclusive="${INCL:-no}" --threshold=100 "$work/cg.$n" 2>/dev/null \
        | grep -E "^ *[0-9,]+ " | grep -v "=>" | sed -E 's/^ *([0-9,]+) \([^)]*\) +/\1\t/' | tr -d ',' > "$work/cg.$n.txt"
done
python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
costs = {}
for column, n in enumerate((1, 4)):
    for line in open(f"{work}/cg.{n}.txt"):
        parts = line.rstrip("\n").split("\t", 1)
        if len(parts) == 2:
            costs.setdefault(parts[1], [0, 0])[column] += int(parts[0])
rows = sorted(((four - one, name) for name, (one, four) in costs.items()
               if name not in ("PROGRAM TOTALS", "events annotated")), reverse=True)
total = int(open(f"{work}/total.4").read()) - int(open(f"{work}/total.1").read())
print(f"three runs: {total:,} instructions")
import json
documents = sum(r["repetitions"] for r in json.load(open(f"{work}/out.4"))["results"])
if documents > 1:
    print(f"per document ({3 * documents:,} documents): {total / (3 * documents):,.0f} instructions")
for delta, name in rows[:int(os.environ.get("TOP", "40"))]:
    print(f"{delta:>14,} {100 * delta / total:5.1f}%  {name[:170]}")
PY
