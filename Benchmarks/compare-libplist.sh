#!/usr/bin/env bash
# The size ladder: PlistKit against libplist (C), Foundation and libxml2's floor on the same
# documents, from a 1 KB Info.plist to music libraries of 50,000 tracks, with the speed
# targets beside each figure.
#
# plist-bench writes the documents (--ladder --write-data): the 1 KB Info.plist of
# TestData/Examples, a 1 KB keyed archive (one User), a 10 KB preferences domain, a 30 KB
# Info.plist, and both music libraries (library and library-intl) of 20, 200, 2,000 and
# 50,000 tracks, each in XML and binary. A small C program times libplist's reader and writer
# and a one-key lookup on each, in process (Benchmarks/peers/libplist-bench.c); another times
# libxml2 parsing each XML file with callbacks that only count (Benchmarks/peers/libxml2-floor.c:
# the floor under PlistKit's XML reader, which is built on libxml2), before and after
# plist-bench's run, keeping the lower; and one plist-bench process times PlistKit and
# Foundation on the same documents: parse, write, Codable decode and encode, keyed unarchive
# and archive, and the lookup with BinaryPlistView. Small documents are handled many at a time
# (about 2 MB of XML a timed run, the same number for every side), every tree and output freed
# after the clock stops; figures are per document. Outside the packages' builds; needs
# libplist-dev and a C compiler (`apt-get install -y libplist-dev libplist-utils`), and
# libxml2-dev as PlistKit itself does.
#
# usage: Benchmarks/compare-libplist.sh [--quick] [--pin] [--tracks N] [ITERATIONS]
#   --quick         the largest libraries have 5,000 tracks (default 50,000), keyed archives
#                   of notes 2,500
#   --pin           run every measuring process on one processor (`taskset -c 0`)
#   --tracks N      tracks in the largest libraries (overrides --quick)
#   ITERATIONS      timed runs per side and operation, median shown (default 5); a side stops
#                   being re-run once it has spent BUDGET seconds on one operation (environment,
#                   default 40)
#   PLIST_BENCH     (environment) a plist-bench binary already built, used instead of building one
set -euo pipefail
cd "$(dirname "$0")/.."

size=()
pin=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) size+=(--quick); shift ;;
        --pin) pin=(taskset -c 0); shift ;;
        --tracks) size+=(--tracks "$2"); shift 2 ;;
        -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "Error: unknown option '$1' (see --help)." >&2; exit 64 ;;
        *) break ;;
    esac
done
iterations="${1:-5}"
budget="${BUDGET:-40}"

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
bench="${PLIST_BENCH:-}"
if [[ -z "$bench" ]]; then
    swift build -c release --package-path Benchmarks --product plist-bench >&2
    bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/plist-bench"
fi
cc -O2 -o "$work/libplist-bench" Benchmarks/peers/libplist-bench.c $(pkg-config --cflags --libs libplist-2.0)
cc -O2 -o "$work/libxml2-floor" Benchmarks/peers/libxml2-floor.c $(pkg-config --cflags --libs libxml-2.0)

"$bench" --ladder "${size[@]}" --write-data "$work/data" > /dev/null
# ladder.tsv: one line a rung: name, documents per timed run, the lookup's key path.
echo "== libplist $(pkg-config --modversion libplist-2.0), $iterations runs, median${pin:+, pinned to processor 0}" >&2
while IFS=$'\t' read -r -a rung; do
    echo "   ${rung[0]}" >&2
    "${pin[@]}" "$work/libplist-bench" "$iterations" "$work/data/${rung[0]}.xml" "$work/data/${rung[0]}.bplist" \
        "$budget" "${rung[1]}" "${rung[@]:2}" > "$work/libplist-${rung[0]}.tsv" 2> /dev/null
done < "$work/data/ladder.tsv"

# The floor is timed before and after plist-bench's run and the lower median kept: a separate
# process, it can meet a slow phase of a shared machine that plist-bench's run did not.
floor() {
    echo "== libxml2 $(pkg-config --modversion libxml-2.0) parsing each XML file alone, $iterations runs, median${pin:+, pinned to processor 0}" >&2
    while IFS=$'\t' read -r -a rung; do
        "${pin[@]}" "$work/libxml2-floor" "$iterations" "$work/data/${rung[0]}.xml" "$budget" "${rung[1]}" \
            >> "$work/libxml2-${rung[0]}.tsv" 2> /dev/null
    done < "$work/data/ladder.tsv"
}
floor

echo "== PlistKit and Foundation (plist-bench --ladder), same documents${pin:+, pinned to processor 0}" >&2
"${pin[@]}" "$bench" --ladder "${size[@]}" --iterations "$iterations" --budget "$budget" --no-memory --json \
    > "$work/plistkit.json"
floor

python3 - "$work" "${#pin[@]}" <<'PY'
import json, sys
work, pinned = sys.argv[1], sys.argv[2] != "0"
doc = json.load(open(f"{work}/plistkit.json"))
rungs = [line.rstrip("\n").split("\t") for line in open(f"{work}/data/ladder.tsv")]
top_tracks = doc["tracks"]

# The peers' operation names for the ladder's.
LIBPLIST = {"parse binary": "binary decode", "parse XML": "XML decode", "write binary": "binary encode",
            "write XML": "XML encode", "lookup binary": "binary lookup"}

def per_document(seconds):
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.{1 if seconds < 1e-4 else 0}f} µs"
    return f"{seconds * 1e3:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"

def times(ratio):
    return "-" if ratio is None else (f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.1f}×" if ratio < 100 else f"{ratio:.0f}×")

# The targets, as (peer, at least or at most, figure): issue 40's on every rung; on the
# 50,000-track rung also those of the earlier speed issues, which must not fall.
def targets(operation, rung):
    found = []
    if operation in ("parse binary", "parse XML", "write binary", "write XML"):
        found.append(("libplist", ">=", 1.5))
    if operation == "parse XML":
        found.append(("libxml2", "<=", 1.5))
    if rung.startswith("info-") and operation.startswith("Codable"):
        found.append(("Foundation", ">=", 5))
    if rung == "archive-1k" and operation == "keyed unarchive":
        found.append(("Foundation", ">=", 5))
    if rung.endswith("-50000"):
        foundation = {"parse binary": 10, "parse XML": 10, "write XML": 60, "write binary": 40}.get(operation)
        if operation.startswith("Codable"):
            foundation = 4
        if foundation:
            found.append(("Foundation", ">=", foundation))
        libplist = {"parse binary": 2.5, "parse XML": 2}.get(operation)
        if libplist:
            found = [t for t in found if t[0] != "libplist"] + [("libplist", ">=", libplist)]
    return found

results = {r["name"]: r for r in doc["results"]}
held, missed = [], []

def cell(peer, ratio, operation, rung):
    """The ratio, with its target and whether it holds."""
    text = times(ratio)
    for who, sense, figure in targets(operation, rung):
        if who != peer or ratio is None:
            continue
        ok = ratio >= figure if sense == ">=" else ratio <= figure
        text += f" ({'≥' if sense == '>=' else '≤'}{figure:g} {'ok' if ok else 'NO'})"
        (held if ok else missed).append(f"{operation}: {rung} vs {peer} {times(ratio)} ({'≥' if sense == '>=' else '≤'}{figure:g})")
    return text

machine = doc["machine"]
print(f"machine: {machine['processors']} processors, {machine['cpuModel']}; {machine['date']}")
print(f"{doc['iterations']} runs per side, medians; {'pinned to processor 0 (taskset -c 0)' if pinned else 'not pinned'}; "
      f"times per document (small documents many to a timed run, freed after the clock)")
print("vs libplist / vs Foundation: how many times faster PlistKit is, in the same run; vs libxml2: PlistKit's XML "
      "parse over libxml2 parsing the same file with callbacks that only count; (target ok/NO)")
print()
header = (f"{'operation':<24}{'PlistKit':>11}{'libplist':>11}{'Foundation':>12}{'libxml2':>11}"
          f"   {'vs libplist':<20}{'vs Foundation':<20}{'vs libxml2':<18}")
for rung, documents, *_ in rungs:
    libplist = {}
    for line in open(f"{work}/libplist-{rung}.tsv"):
        name, seconds = line.rstrip("\n").split("\t")[:2]
        libplist[name] = float(seconds)
    floor = min(float(line.split("\t")[1]) for line in open(f"{work}/libxml2-{rung}.tsv"))
    mine = [r for name, r in results.items() if name.endswith(f": {rung}")]
    xml = next((r["bytes"] for r in mine if r["name"].startswith("parse XML")), 0)
    binary = next((r["bytes"] for r in mine if r["name"].startswith("parse binary")), 0)
    summary = next((r.get("note", "") for r in mine if r["name"].startswith("parse XML")), "")
    print(f"{rung}: {summary}; {xml / 1e3:.1f} KB of XML, {binary / 1e3:.1f} KB binary; {documents} documents a run")
    print(header)
    for result in mine:
        operation = result["name"].rsplit(":", 1)[0]
        reps = result["repetitions"]
        plistkit = result.get("plistKitMedianSeconds")
        foundation = result.get("foundationMedianSeconds")
        plistkit = plistkit / reps if plistkit else None
        foundation = foundation / reps if foundation else None
        theirs = libplist.get(LIBPLIST.get(operation, ""))
        xml_floor = floor if operation == "parse XML" else None
        sides = [result["plistKit"]] + ([result["foundation"]] if result.get("foundation") else [])
        errors = [side["error"] for side in sides if side.get("error")]
        print(f"{operation:<24}{per_document(plistkit):>11}{per_document(theirs) if theirs else '':>11}"
              f"{per_document(foundation):>12}{per_document(xml_floor) if xml_floor else '':>11}"
              f"   {cell('libplist', theirs / plistkit if theirs and plistkit else None, operation, rung) if theirs else '':<20}"
              f"{cell('Foundation', foundation / plistkit if foundation and plistkit else None, operation, rung):<20}"
              f"{cell('libxml2', plistkit / xml_floor if xml_floor and plistkit else None, operation, rung) if xml_floor else '':<18}")
        for error in errors:
            print(f"    error: {error}")
    print()

# The earlier speed issues' archive targets: unarchiving ≥ 5× Foundation, archiving ≥ 100× at
# 1,000 notes (4,000 objects).
keyed = [r for r in doc["results"] if r["name"].startswith("keyed") and r["name"].endswith(" notes")]
if keyed:
    print("keyed archives of notes (libplist has no archiver)")
    print(f"{'operation':<34}{'PlistKit':>11}{'Foundation':>12}   vs Foundation")
    for r in keyed:
        mine, theirs = r.get("plistKitMedianSeconds"), r.get("foundationMedianSeconds")
        ratio = theirs / mine if mine and theirs else None
        target = 5 if r["name"].startswith("keyed unarchive") else 100 if r["name"] == "keyed archive: 1000 notes" else None
        text = times(ratio)
        if target and ratio:
            text += f" (≥{target} {'ok' if ratio >= target else 'NO'})"
            (held if ratio >= target else missed).append(f"{r['name']} vs Foundation {times(ratio)} (≥{target})")
        print(f"{r['name']:<34}{per_document(mine):>11}{per_document(theirs):>12}   {text}")
    print()

print(f"targets: {len(held)} held, {len(missed)} not")
for line in missed:
    print(f"  not held: {line}")
PY
