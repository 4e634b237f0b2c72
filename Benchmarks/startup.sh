#!/usr/bin/env bash
# What one call of plist-inspect costs on the smallest real job, against libplist's plistutil:
# TestData/Examples/Info.plist (XML, about 1 KB) converted to binary into a file, called CALLS
# times in a row, so the figure is start-up, not conversion. Both tools run in the same
# script, alternately, REPEATS loops each; the median loop is shown per call.
#
# plist-inspect is built in release three ways, each in its own scratch path so that the builds
# do not replace each other: as a static executable (Swift's libraries, libxml2 with what it
# links, and the C library all in the binary: nothing for the dynamic loader to load and
# relocate; .build/static-executable), with --static-swift-stdlib (Swift's libraries in the
# binary, the C ones shared; .build/static-stdlib) and plainly (all shared), so every cost is
# visible. `plist-inspect --version` (start-up and exit, no file) and /bin/true (the loop's own
# fork and exec) are measured the same way, for reference.
#
# usage: Benchmarks/startup.sh [--pin]
#   --pin      run the timed loops on one processor (`taskset -c 0`; builds are not pinned)
#   CALLS=N    calls per loop (default 200)
#   REPEATS=N  loops per command, the median shown (default 3)
# Needs plistutil (apt-get install -y libplist-utils libplist-dev), python3, and for the static
# executable the C libraries' archives (apt-get install -y libicu-dev zlib1g-dev liblzma-dev).
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
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A static executable links libxml2's archive and every library it needs (ICU, which is C++,
# zlib, xz), as pkg-config lists them for static linking (Debian's libxml2-dev, libicu-dev,
# zlib1g-dev and liblzma-dev ship the archives).
xml_static_libraries=(-lxml2 -licui18n -licuuc -licudata -lz -llzma -lm)
if command -v pkg-config > /dev/null; then
    read -r -a xml_static_libraries <<< "$(pkg-config --static --libs-only-l libxml-2.0)"
fi
static_executable_flags=(--static-swift-stdlib -Xswiftc -static-executable)
for library in "${xml_static_libraries[@]}" -lstdc++; do
    archive="lib${library#-l}.a"
    if [[ "$(clang -print-file-name="$archive")" == "$archive" ]]; then
        echo "Error: $archive is missing, needed to link plist-inspect statically (apt-get install -y libxml2-dev libicu-dev zlib1g-dev liblzma-dev)." >&2
        exit 69
    fi
    static_executable_flags+=(-Xlinker "$library")
done

echo "== building plist-inspect (release): as a static executable, with --static-swift-stdlib, with shared libraries" >&2
# The static link's warnings are glibc's: user, group and host lookups (getpwuid_r,
# getaddrinfo) in a static executable still load the system's NSS modules at run time. They
# are shown only if the build fails.
swift build -c release --product plist-inspect --scratch-path .build/static-executable "${static_executable_flags[@]}" \
    > "$work/static-executable-build.log" 2>&1 || { cat "$work/static-executable-build.log" >&2; exit 70; }
executable="$(swift build -c release --scratch-path .build/static-executable "${static_executable_flags[@]}" --show-bin-path)/plist-inspect"
swift build -c release --product plist-inspect --static-swift-stdlib --scratch-path .build/static-stdlib >&2
static="$(swift build -c release --static-swift-stdlib --scratch-path .build/static-stdlib --show-bin-path)/plist-inspect"
swift build -c release --product plist-inspect >&2
dynamic="$(swift build -c release --show-bin-path)/plist-inspect"

# The commands, by label. Each writes its own output file, checked once the loops are done.
labels=(
    "plistutil -i IN -o OUT -f bin"
    "plist-inspect convert, static executable"
    "plist-inspect convert, static stdlib"
    "plist-inspect convert, shared libraries"
    "plist-inspect --version, static executable"
    "plist-inspect --version, static stdlib"
    "plist-inspect --version, shared libraries"
    "/bin/true (the loop itself)"
)
run_command() {
    case "$1" in
        0) plistutil -i "$input" -o "$work/plistutil.plist" -f bin ;;
        1) "$executable" convert -f binary "$input" -o "$work/executable.plist" ;;
        2) "$static" convert -f binary "$input" -o "$work/static.plist" ;;
        3) "$dynamic" convert -f binary "$input" -o "$work/dynamic.plist" ;;
        4) "$executable" --version ;;
        5) "$static" --version ;;
        6) "$dynamic" --version ;;
        7) /bin/true ;;
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

for output in executable static dynamic; do
    if ! "$dynamic" diff --quiet "$work/plistutil.plist" "$work/$output.plist"; then
        echo "warning: plist-inspect ($output) and plistutil wrote different trees" >&2
    fi
done

python3 - "$work" "$calls" "$repeats" "$pin" "$(plistutil --version | head -1)" "$(stat -c %s "$input")" \
    "$(stat -c %s "$executable")" "$(stat -c %s "$static")" "$(stat -c %s "$dynamic")" "$(head -c 8 "$work/static.plist")" \
    "${labels[@]}" <<'PY'
import statistics, sys
work, calls, repeats, pinned, version, input_size, executable_size, static_size, dynamic_size, magic = sys.argv[1:11]
labels = sys.argv[11:]
calls, repeats = int(calls), int(repeats)
per_call = []
for index in range(len(labels)):
    loops = [float(end) - float(start) for start, end in (line.split() for line in open(f"{work}/times-{index}"))]
    per_call.append(statistics.median(loops) / calls)
sizes = {1: executable_size, 4: executable_size, 2: static_size, 5: static_size, 3: dynamic_size, 6: dynamic_size}
print(f"startup: {calls} sequential calls per loop, median of {repeats} loops (order alternating); "
      f"{'pinned to processor 0 (taskset -c 0)' if pinned == 'true' else 'not pinned'}")
print(f"job: TestData/Examples/Info.plist ({input_size} bytes of XML) to binary, -o a file "
      f"(plist-inspect's output starts '{magic}'); peer: {version}")
print(f"{'command':<44}{'binary':>10}{'per call':>11}{'vs plistutil':>14}")
for index, label in enumerate(labels):
    size = f"{int(sizes[index]) / 1e6:.1f} MB" if index in sizes else ""
    print(f"{label:<44}{size:>10}{per_call[index] * 1e3:>8.2f} ms{per_call[index] / per_call[0]:>13.2f}x")
print(f"target: plist-inspect convert at most 2x plistutil per call; static executable "
      f"{per_call[1] / per_call[0]:.2f}x, static stdlib {per_call[2] / per_call[0]:.2f}x, "
      f"shared libraries {per_call[3] / per_call[0]:.2f}x")
PY
