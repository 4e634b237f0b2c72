#!/usr/bin/env bash
# PlistKit against libplist (C) and Foundation on the same generated music libraries, one table
# per library (library and library-intl): plist-bench writes the files (--write-data), a small
# C program times libplist's reader and writer on them in process
# (Benchmarks/peers/libplist-bench.c), another times libxml2 parsing the XML with callbacks
# that only count (Benchmarks/peers/libxml2-floor.c: the floor under PlistKit's XML reader,
# which is built on libxml2), and one plist-bench process times PlistKit and Foundation on
# the same data. Each table also lists the Codable operations (libplist has no
# equivalent), and a last table the keyed archives, so that every target is measured in one
# run. Outside the packages' builds; needs libplist-dev and a C compiler
# (`apt-get install -y libplist-dev libplist-utils`), and libxml2-dev as PlistKit itself does.
#
# usage: Benchmarks/compare-libplist.sh [--quick] [--pin] [--tracks N] [--data-set SET] [ITERATIONS]
#   --quick         libraries of 5,000 tracks (default 50,000), keyed archives of 2,500 notes
#   --pin           run every measuring process on one processor (`taskset -c 0`)
#   --tracks N      tracks in each library (overrides --quick)
#   --data-set SET  library, library-intl or both (default both)
#   ITERATIONS      timed runs per side and operation, median shown (default 3); a side stops
#                   being re-run once it has spent BUDGET seconds on one operation (environment,
#                   default 40)
set -euo pipefail
cd "$(dirname "$0")/.."

size=()
pin=()
data_set=both
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) size+=(--quick); shift ;;
        --pin) pin=(taskset -c 0); shift ;;
        --tracks) size+=(--tracks "$2"); shift 2 ;;
        --data-set) data_set="$2"; shift 2 ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "Error: unknown option '$1' (see --help)." >&2; exit 64 ;;
        *) break ;;
    esac
done
iterations="${1:-3}"
budget="${BUDGET:-40}"
case "$data_set" in
    library|library-intl) sets=("$data_set") ;;
    both) sets=(library library-intl) ;;
    *) echo "Error: --data-set needs library, library-intl or both, not '$data_set'." >&2; exit 64 ;;
esac

if ! pkg-config --exists libplist-2.0 2>/dev/null; then
    echo "Error: libplist-dev is not installed (apt-get install -y libplist-dev libplist-utils)." >&2
    exit 69
fi
if [[ ${#pin[@]} -gt 0 ]] && ! command -v taskset > /dev/null; then
    echo "Error: --pin needs taskset (apt-get install -y util-linux)." >&2
    exit 69
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building plist-bench (release), libplist-bench and libxml2-floor" >&2
swift build -c release --package-path Benchmarks --product plist-bench >&2
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/plist-bench"
cc -O2 -o "$work/libplist-bench" Benchmarks/peers/libplist-bench.c $(pkg-config --cflags --libs libplist-2.0)
cc -O2 -o "$work/libxml2-floor" Benchmarks/peers/libxml2-floor.c $(pkg-config --cflags --libs libxml-2.0)

"$bench" "${size[@]}" --data-set "$data_set" --write-data "$work/data" >&2
for set in "${sets[@]}"; do
    echo "== libplist $(pkg-config --modversion libplist-2.0) on $set, $iterations runs, median${pin:+, pinned to processor 0}" >&2
    "${pin[@]}" "$work/libplist-bench" "$iterations" "$work/data/$set.xml" "$work/data/$set.bplist" "$budget" \
        > "$work/libplist-$set.tsv"
done

# The floor is timed before and after plist-bench's run and the lower median kept: a separate
# process, it can meet a slow phase of a shared machine that plist-bench's run did not.
floor() {
    for set in "${sets[@]}"; do
        echo "== libxml2 $(pkg-config --modversion libxml-2.0) parsing $set.xml alone, $iterations runs, median${pin:+, pinned to processor 0}" >&2
        "${pin[@]}" "$work/libxml2-floor" "$iterations" "$work/data/$set.xml" "$budget" >> "$work/libxml2-$set.tsv" 2> /dev/null
    done
}
floor

echo "== PlistKit and Foundation (plist-bench), same data${pin:+, pinned to processor 0}" >&2
"${pin[@]}" "$bench" "${size[@]}" --data-set "$data_set" --iterations "$iterations" --budget "$budget" --no-memory --json \
    --filter "binary decode: library" --filter "binary encode: library" \
    --filter "XML decode: library" --filter "XML encode: library" \
    --filter "Codable" --filter "keyed" > "$work/plistkit.json"
floor

python3 - "$work" "${#pin[@]}" "${sets[@]}" <<'PY'
import json, sys
work, pinned, sets = sys.argv[1], sys.argv[2] != "0", sys.argv[3:]
doc = json.load(open(f"{work}/plistkit.json"))

def duration(seconds):
    if seconds is None:
        return "-"
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1e3:.1f} ms"

def ratio(mine, theirs):
    """How many times faster PlistKit is than the other side (or slower)."""
    if not mine or not theirs:
        return "-"
    return f"{theirs / mine:.1f}x faster" if theirs >= mine else f"{mine / theirs:.1f}x slower"

def table(title, rows, end="\n"):
    print(title)
    print(f"{'operation':<30}{'PlistKit':>11}{'libplist':>11}{'Foundation':>12}"
          f"{'vs Foundation':>16}{'vs libplist':>15}{'checksums':>11}")
    for operation, result, libplist in rows:
        mine = result.get("plistKitMedianSeconds")
        foundation = result.get("foundationMedianSeconds")
        sides = [result["plistKit"]] + ([result["foundation"]] if result.get("foundation") else [])
        errors = [side["error"] for side in sides if side.get("error")]
        same = len(sides) == 2 and sides[0]["checksum"] == sides[1]["checksum"]
        libplist_cell = duration(libplist) if libplist is not None else "n/a"
        print(f"{operation:<30}{duration(mine):>11}{libplist_cell:>11}{duration(foundation):>12}"
              f"{ratio(mine, foundation):>16}{ratio(mine, libplist):>15}{'both' if same else 'differ':>11}")
        for error in errors:
            print(f"    error: {error}")
    print(end=end)

machine = doc["machine"]
print(f"machine: {machine['processors']} processors, {machine['cpuModel']}; {machine['date']}")
print(f"{doc['iterations']} runs per side, medians; {'pinned to processor 0 (taskset -c 0)' if pinned else 'not pinned'}; "
      f"libraries of {doc['tracks']} tracks")
print("vs Foundation / vs libplist: how many times faster PlistKit is, measured in the same run; "
      "checksums: whether PlistKit's and Foundation's results agree (encoders' byte counts differ where the outputs do)")
print()
for data_set in sets:
    libplist = {}
    for line in open(f"{work}/libplist-{data_set}.tsv"):
        name, seconds = line.rstrip("\n").split("\t")[:2]
        libplist[name] = float(seconds)
    suffix = f": {data_set} ("
    rows = []
    for result in doc["results"]:
        if suffix in result["name"]:
            operation = result["name"].split(":")[0]
            rows.append((operation, result, libplist.get(operation)))
    size = next((r["bytes"] for r in doc["results"] if r["name"].startswith(f"XML decode: {data_set} (")), 0)
    table(f"{data_set} ({doc['tracks']} tracks, {size / 1e6:.1f} MB of XML)", rows, end="")
    floor = min(float(line.split("\t")[1]) for line in open(f"{work}/libxml2-{data_set}.tsv"))
    by_name = {operation: result for operation, result, _ in rows}
    print(f"libxml2 parsing the XML alone (callbacks that only count): {duration(floor)} (the lower of two "
          "medians, before and after PlistKit's run), the floor under any reader built on it")
    # The speed issue's ratios to Foundation for the two operations that read XML.
    for operation, target in (("XML decode", 10), ("Codable decode XML", 4)):
        result = by_name.get(operation, {})
        mine, foundation = result.get("plistKitMedianSeconds"), result.get("foundationMedianSeconds")
        if mine and foundation:
            print(f"  {operation}: {duration(mine)}, of which {duration(mine - floor)} ({(mine - floor) / mine:.0%}) "
                  f"beyond libxml2's parse; {target}x Foundation would be {duration(foundation / target)}")
    print()
keyed = [(r["name"], r, None) for r in doc["results"] if r["name"].startswith("keyed")]
if keyed:
    table("keyed archives (the same notes for every data set; libplist has no archiver)", keyed)
PY
