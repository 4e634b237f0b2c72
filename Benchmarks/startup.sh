#!/usr/bin/env bash
# What one call of plist-inspect costs on the smallest real job, against libplist's plistutil:
# TestData/Examples/Info.plist (XML, about 1 KB) converted to binary into a file, called CALLS
# times in a row, so the figure is start-up, not conversion. Both tools run in the same
# script, alternately, REPEATS loops each; the median loop is shown per call.
#
# plist-inspect is built in release twice: with --static-swift-stdlib (no Swift shared
# libraries to load and relocate; in its own scratch path, .build/static-stdlib, so that the
# two builds do not replace each other) and plainly (Swift's shared libraries), so both costs
# are visible. `plist-inspect --version` (start-up and exit, no file) and /bin/true (the
# loop's own fork and exec) are measured the same way, for reference.
#
# usage: Benchmarks/startup.sh [--pin]
#   --pin      run the timed loops on one processor (`taskset -c 0`; builds are not pinned)
#   CALLS=N    calls per loop (default 200)
#   REPEATS=N  loops per command, the median shown (default 3)
# Needs plistutil (apt-get install -y libplist-utils libplist-dev) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C  # EPOCHREALTIME and the report use '.' for decimals

calls="${CALLS:-200}"
repeats="${REPEATS:-3}"
pin=false
case "${1:-}" in
    "") ;;
    --pin) pin=true ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)." >&2; exit 64 ;;
esac

if ! command -v plistutil > /dev/null; then
    echo "Error: plistutil is not installed; it is the peer measured here (apt-get install -y libplist-utils libplist-dev)." >&2
    exit 69
fi
if $pin && ! command -v taskset > /dev/null; then
    echo "Error: --pin needs taskset (apt-get install -y util-linux)." >&2
    exit 69
fi

input=TestData/Examples/Info.plist
static_scratch=.build/static-stdlib
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== building plist-inspect (release): with --static-swift-stdlib, then with Swift's shared libraries" >&2
swift build -c release --product plist-inspect --static-swift-stdlib --scratch-path "$static_scratch" >&2
static="$(swift build -c release --static-swift-stdlib --scratch-path "$static_scratch" --show-bin-path)/plist-inspect"
swift build -c release --product plist-inspect >&2
dynamic="$(swift build -c release --show-bin-path)/plist-inspect"

# The commands, by label. Each writes its own output file, checked once the loops are done.
labels=(
    "plistutil -i IN -o OUT -f bin"
    "plist-inspect convert, static stdlib"
    "plist-inspect convert, shared stdlib"
    "plist-inspect --version, static stdlib"
    "plist-inspect --version, shared stdlib"
    "/bin/true (the loop itself)"
)
run_command() {
    case "$1" in
        0) plistutil -i "$input" -o "$work/plistutil.plist" -f bin ;;
        1) "$static" convert -f binary "$input" -o "$work/static.plist" ;;
        2) "$dynamic" convert -f binary "$input" -o "$work/dynamic.plist" ;;
        3) "$static" --version ;;
        4) "$dynamic" --version ;;
        5) /bin/true ;;
    esac
}

# Every command once, with its errors shown, before anything is timed.
for index in "${!labels[@]}"; do
    if ! run_command "$index" > /dev/null; then
        echo "Error: '${labels[$index]}' failed on $input." >&2
        exit 70
    fi
done

# Prints the seconds CALLS calls of command INDEX take, one after another. EPOCHREALTIME is
# read by the shell itself, so the clock adds no process of its own.
time_loop() {
    local index="$1" start end i
    start="$EPOCHREALTIME"
    for ((i = 0; i < calls; i++)); do
        run_command "$index" > /dev/null 2>&1 || return 1
    done
    end="$EPOCHREALTIME"
    echo "$start $end"
}

pinned_note=""
if $pin; then
    taskset -cp 0 $$ > /dev/null  # the loops' processes inherit it
    pinned_note=", pinned to processor 0"
fi
echo "== timing: $repeats loops of $calls calls per command$pinned_note" >&2
count=${#labels[@]}
for ((repeat = 0; repeat < repeats; repeat++)); do
    for ((position = 0; position < count; position++)); do
        # Forward on even loops, backward on odd ones, so no command always follows the same one.
        index=$((repeat % 2 == 0 ? position : count - 1 - position))
        time_loop "$index" >> "$work/times-$index" || { echo "Error: '${labels[$index]}' failed while timed." >&2; exit 70; }
    done
done

for output in static dynamic; do
    if ! "$dynamic" diff --quiet "$work/plistutil.plist" "$work/$output.plist"; then
        echo "warning: plist-inspect ($output) and plistutil wrote different trees" >&2
    fi
done

python3 - "$work" "$calls" "$repeats" "$pin" "$(plistutil --version | head -1)" "$(stat -c %s "$input")" \
    "$(stat -c %s "$static")" "$(stat -c %s "$dynamic")" "$(head -c 8 "$work/static.plist")" "${labels[@]}" <<'PY'
import statistics, sys
work, calls, repeats, pinned, version, input_size, static_size, dynamic_size, magic = sys.argv[1:10]
labels = sys.argv[10:]
calls, repeats = int(calls), int(repeats)
per_call = []
for index in range(len(labels)):
    loops = [float(end) - float(start) for start, end in (line.split() for line in open(f"{work}/times-{index}"))]
    per_call.append(statistics.median(loops) / calls)
sizes = {1: static_size, 3: static_size, 2: dynamic_size, 4: dynamic_size}
print(f"startup: {calls} sequential calls per loop, median of {repeats} loops (order alternating); "
      f"{'pinned to processor 0 (taskset -c 0)' if pinned == 'true' else 'not pinned'}")
print(f"job: TestData/Examples/Info.plist ({input_size} bytes of XML) to binary, -o a file "
      f"(plist-inspect's output starts '{magic}'); peer: {version}")
print(f"{'command':<40}{'binary':>10}{'per call':>11}{'vs plistutil':>14}")
for index, label in enumerate(labels):
    size = f"{int(sizes[index]) / 1e6:.1f} MB" if index in sizes else ""
    print(f"{label:<40}{size:>10}{per_call[index] * 1e3:>8.2f} ms{per_call[index] / per_call[0]:>13.2f}x")
print(f"target: plist-inspect convert at most 2x plistutil per call; "
      f"static stdlib {per_call[1] / per_call[0]:.2f}x, shared stdlib {per_call[2] / per_call[0]:.2f}x")
PY
