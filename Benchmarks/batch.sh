#!/usr/bin/env bash
# Per-file cost of converting many small files: one `plist-inspect convert --jobs N` process
# against libplist's plistutil started once per file by `xargs -P N`, for N = 1 and N = the
# number of processors, in the same script.
#
# The files are FILES (default 1,000) small XML property lists made from seven TestData
# fixtures in turn (Info.plists of an app, a macOS app, a framework and an extension, a file of
# every Foundation type, a list of records; 0.5 to 3 KB), each given its own comment line so
# that no two files are the same bytes. Both sides write binary plists into an empty directory;
# xargs starts plistutil directly (-I, no shell per file). Each configuration runs REPEATS
# times, the two tools alternating in order, and the median is shown per file.
#
# usage: Benchmarks/batch.sh
#   FILES=N    how many files (default 1000)
#   REPEATS=N  runs per tool and job count, the median shown (default 3)
# Needs plistutil (apt-get install -y libplist-utils libplist-dev) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C  # EPOCHREALTIME and the report use '.' for decimals

files="${FILES:-1000}"
repeats="${REPEATS:-3}"
case "${1:-}" in
    "") ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)." >&2; exit 64 ;;
esac
if ! command -v plistutil > /dev/null; then
    echo "Error: plistutil is not installed; it is the peer measured here (apt-get install -y libplist-utils libplist-dev)." >&2
    exit 69
fi

fixtures=(
    TestData/Examples/Info.plist
    TestData/InfoPlist/ios-app.plist
    TestData/InfoPlist/macos-app.plist
    TestData/InfoPlist/framework.plist
    TestData/InfoPlist/app-extension.plist
    TestData/XML/foundation-all-types.plist
    TestData/CLI/plutil/input/items.plist
)
processors="$(nproc 2>/dev/null || echo 1)"
job_counts=(1)
if ((processors > 1)); then job_counts+=("$processors"); fi

echo "== building plist-inspect (release)" >&2
swift build -c release --product plist-inspect >&2
tool="$(swift build -c release --show-bin-path)/plist-inspect"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
input="$work/input"
output="$work/output"
mkdir -p "$input"

echo "== making $files files from ${#fixtures[@]} fixtures" >&2
for ((i = 0; i < files; i++)); do
    fixture="${fixtures[i % ${#fixtures[@]}]}"
    name="$(printf 'file-%05d.plist' "$i")"
    # After the XML declaration: a comment makes each copy distinct and both readers skip it.
    sed "1a <!-- copy $i of $(basename "$fixture") -->" "$fixture" > "$input/$name"
done
bytes="$(cat "$input"/*.plist | wc -c)"

# Each runner converts every input file into the empty $output, with JOBS at once.
run_plist_inspect() {
    (cd "$input" && "$tool" convert -f binary --jobs "$1" --output-dir "$output" ./*.plist 2> "$work/stderr")
}
run_plistutil() {
    (cd "$input" && printf '%s\0' ./*.plist | xargs -0 -P "$1" -I{} plistutil -i {} -o "$output/{}" -f bin 2> "$work/stderr")
}

# Runs TOOL with JOBS on a fresh output directory, prints the loop's start and end, and checks
# that every file was written.
time_run() {
    local tool_name="$1" jobs="$2" start end written
    rm -rf "$output"
    mkdir -p "$output"
    start="$EPOCHREALTIME"
    if ! "run_$tool_name" "$jobs"; then
        echo "Error: $tool_name with $jobs jobs failed:" >&2
        cat "$work/stderr" >&2
        exit 70
    fi
    end="$EPOCHREALTIME"
    written="$(find "$output" -type f | wc -l)"
    if ((written != files)); then
        echo "Error: $tool_name with $jobs jobs wrote $written files of $files." >&2
        exit 70
    fi
    echo "$start $end"
}

echo "== timing: ${job_counts[*]} jobs, $repeats runs per tool" >&2
for jobs in "${job_counts[@]}"; do
    for ((repeat = 0; repeat < repeats; repeat++)); do
        # plist-inspect first on even runs, plistutil first on odd ones.
        if ((repeat % 2 == 0)); then order=(plist_inspect plistutil); else order=(plistutil plist_inspect); fi
        for tool_name in "${order[@]}"; do
            time_run "$tool_name" "$jobs" >> "$work/times-$tool_name-$jobs"
            cp "$output/file-00000.plist" "$work/sample-$tool_name"
        done
    done
done
if ! "$tool" diff --quiet "$work/sample-plistutil" "$work/sample-plist_inspect"; then
    echo "warning: plist-inspect and plistutil wrote different trees for file-00000.plist" >&2
fi

python3 - "$work" "$files" "$repeats" "$bytes" "$processors" "$(plistutil --version | head -1)" "${job_counts[@]}" <<'PY'
import statistics, sys
work, files, repeats, size, processors, version = sys.argv[1:7]
job_counts = sys.argv[7:]
files, repeats = int(files), int(repeats)

def median_seconds(tool, jobs):
    loops = [float(end) - float(start) for start, end in (line.split() for line in open(f"{work}/times-{tool}-{jobs}"))]
    return statistics.median(loops)

print(f"batch: {files} small XML plists ({int(size) / files / 1e3:.1f} KB on average) to binary; "
      f"{processors} processors; median of {repeats} runs per tool, order alternating; peer: {version}")
print("plist-inspect: one `convert -f binary --jobs N --output-dir DIR FILES...`; "
      "plistutil: `xargs -0 -P N -I{} plistutil -i {} -o DIR/{} -f bin`, one process per file")
print(f"{'jobs':>4}{'plist-inspect':>16}{'per file':>11}{'plistutil':>12}{'per file':>11}   plist-inspect vs plistutil")
for jobs in job_counts:
    mine, theirs = median_seconds("plist_inspect", jobs), median_seconds("plistutil", jobs)
    verdict = f"{theirs / mine:.2f}x faster" if theirs >= mine else f"{mine / theirs:.2f}x slower"
    print(f"{jobs:>4}{mine:>14.3f} s{mine / files * 1e3:>8.3f} ms{theirs:>10.3f} s{theirs / files * 1e3:>8.3f} ms   {verdict}")
print("target: plist-inspect at least as fast per file as plistutil, at each job count")
PY
