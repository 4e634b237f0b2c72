#!/usr/bin/env bash
# One file converted by one call, from 100 KB up: `plist-inspect convert` against libplist's
# plistutil on the size ladder's music libraries (plist-bench --ladder --write-data: 200,
# 2,000 and TRACKS tracks, plain and international), binary to XML and XML to binary, into
# a file. Each call is timed whole (start-up included, as a pipeline pays it); the two tools
# alternate, REPEATS calls each, and the median call is shown with plistutil's time divided
# by plist-inspect's (above 1: plist-inspect is faster).
#
# plistutil writes its XML with tabs and its own header, plist-inspect as Foundation does; both
# read back as the same value (checked once per file with plist-inspect diff).
#
# usage: Benchmarks/convert-files.sh [--pin]
#   --pin      run every timed call on one processor (`taskset -c 0`)
#   TRACKS=N   the largest rung (default 50000)
#   REPEATS=N  calls per tool, direction and file (default 5)
#   PLIST_INSPECT, PLIST_BENCH  binaries already built, used instead of building them (to
#              compare two builds of plist-inspect on the same files in one session)
# Needs plistutil (apt-get install -y libplist-utils libplist-dev), python3, and about 1 GB of
# disk for the 50,000-track files.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

tracks="${TRACKS:-50000}"
repeats="${REPEATS:-5}"
pin=()
case "${1:-}" in
    "") ;;
    --pin) pin=(taskset -c 0) ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)." >&2; exit 64 ;;
esac
if ! command -v plistutil > /dev/null; then
    echo "Error: plistutil is not installed; it is the peer measured here (apt-get install -y libplist-utils libplist-dev)." >&2
    exit 69
fi

tool="${PLIST_INSPECT:-}" bench="${PLIST_BENCH:-}"
if [[ -z "$tool" ]]; then
    echo "== building plist-inspect (release)" >&2
    swift build -c release --product plist-inspect > /dev/null
    tool="$PWD/.build/release/plist-inspect"
fi
if [[ -z "$bench" ]]; then
    echo "== building plist-bench (release)" >&2
    (cd Benchmarks && swift build -c release --product plist-bench > /dev/null)
    bench="$PWD/Benchmarks/.build/release/plist-bench"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bench" --ladder --tracks "$tracks" --write-data "$work/data" > /dev/null

# The wall time of one call of "$@", in seconds.
time_call() {
    local start end
    start=$EPOCHREALTIME
    "${pin[@]}" "$@" > /dev/null 2>&1
    end=$EPOCHREALTIME
    python3 -c "print($end - $start)"
}

median() { python3 -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

printf '%-26s %-14s %10s %12s %12s %8s\n' "file" "direction" "size" "plist-inspect" "plistutil" "ratio"
for rung in library-200 library-intl-200 library-2000 library-intl-2000 "library-$tracks" "library-intl-$tracks"; do
    for direction in "binary to XML" "XML to binary"; do
        if [[ "$direction" == "binary to XML" ]]; then
            input="$work/data/$rung.bplist"; ours=(-f xml1); theirs=xml
        else
            input="$work/data/$rung.xml"; ours=(-f binary1); theirs=bin
        fi
        [[ -f "$input" ]] || continue
        size=$(stat -c %s "$input")
        own=() peer=()
        for ((i = 0; i < repeats; i++)); do
            own+=("$(time_call "$tool" convert "${ours[@]}" "$input" -o "$work/out-own")")
            peer+=("$(time_call plistutil -i "$input" -o "$work/out-peer" -f "$theirs")")
        done
        "$tool" diff "$work/out-own" "$work/out-peer" > /dev/null \
            || { echo "Error: the two outputs of $rung ($direction) differ." >&2; exit 1; }
        a=$(median "${own[@]}"); b=$(median "${peer[@]}")
        python3 -c "import sys; r, d, s, a, b = sys.argv[1:]; print(f'{r:<26} {d:<14} {int(s)/1024:>8.0f} KB {float(a)*1000:>10.1f} ms {float(b)*1000:>9.1f} ms {float(b)/float(a):>7.2f}x')" \
            "$rung" "$direction" "$size" "$a" "$b"
    done
done
