#!/usr/bin/env bash
# Peak memory of `plist-inspect convert` against the size of its input, in both directions:
#
# 1. XML to binary: a generated XML plist, one array of many small dictionaries (four keys: an
#    integer, a string, a real and a boolean; about 170 bytes of XML each), the shape of a large
#    export or log.
# 2. Binary to XML: the binary form of the same tree (made by plist-inspect).
#
# Each conversion runs once under GNU time (`/usr/bin/time -v`); the figure is its "Maximum
# resident set size" divided by the input's size. Foundation's plutil (swift-corelibs, when on
# the PATH) runs the same conversions as the peer, each under a time limit.
#
# usage: Benchmarks/convert-memory.sh [DICTIONARIES] [PLUTIL_SECONDS]
#   DICTIONARIES    how many dictionaries the XML holds (default 1,000,000: about 170 MB of XML)
#   PLUTIL_SECONDS  how long plutil may take per conversion before it is stopped (default 600)
# Needs python3 and GNU time (apt-get install -y time), about 6 times the XML's size in memory
# and 3 times in disk.
set -euo pipefail
cd "$(dirname "$0")/.."

count="${1:-1000000}"
plutil_seconds="${2:-600}"
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time (apt-get install -y time)" >&2; exit 1; }

echo "== building plist-inspect (release)" >&2
swift build -c release --product plist-inspect >&2
tool="$(swift build -c release --show-bin-path)/plist-inspect"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== generating ${count} dictionaries" >&2
python3 - "$count" "$work/input.xml" <<'EOF'
import sys
count, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
              '<plist version="1.0">\n<array>\n')
    for i in range(count):
        out.write("\t<dict>\n\t\t<key>id</key>\n\t\t<integer>%d</integer>\n"
                  "\t\t<key>name</key>\n\t\t<string>record %d</string>\n"
                  "\t\t<key>enabled</key>\n\t\t<true/>\n"
                  "\t\t<key>score</key>\n\t\t<real>%d.5</real>\n\t</dict>\n" % (i, i, i % 1000))
    out.write("</array>\n</plist>\n")
EOF
"$tool" convert -f binary -o "$work/input.bplist" "$work/input.xml"

# Prints one line: what ran, the input's size, the peak RSS and their ratio, the time taken.
measure() {
    local label="$1" input="$2" limit="$3"; shift 3
    local size status=0
    size="$(stat -c %s "$input")"
    timeout "$limit" /usr/bin/time -v -o "$work/time.txt" "$@" > /dev/null 2> "$work/stderr.txt" || status=$?
    if [[ "$status" -ne 0 ]]; then
        awk -v label="$label" -v size="$size" -v status="$status" -v limit="$limit" 'BEGIN {
            printf "%-30s input %7.1f MB   did not finish (exit %d%s)\n", label, size / 1e6, status,
                status == 124 ? ", stopped after " limit " s" : "" }'
        return
    fi
    awk -F': ' -v label="$label" -v size="$size" '
        /Maximum resident set size/ { peak = $2 * 1024 }
        /Elapsed \(wall clock\)/ { elapsed = $2 }
        END { printf "%-30s input %7.1f MB   peak RSS %7.1f MB   %5.2f x input   %s\n",
                  label, size / 1e6, peak / 1e6, peak / size, elapsed }' "$work/time.txt"
}

echo "== peak memory (machine: $(nproc) processors, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo))"
measure "plist-inspect XML -> binary" "$work/input.xml" 3600 "$tool" convert -f binary -o "$work/out.bplist" "$work/input.xml"
measure "plist-inspect binary -> XML" "$work/input.bplist" 3600 "$tool" convert -f xml -o "$work/out.xml" "$work/input.bplist"
cmp -s "$work/out.bplist" "$work/input.bplist" || echo "warning: the binary written again differs" >&2
if command -v plutil > /dev/null && plutil -help 2>&1 | grep -q -- "-convert"; then
    measure "plutil -convert binary1" "$work/input.xml" "$plutil_seconds" plutil -convert binary1 -o "$work/plutil.bplist" "$work/input.xml"
    measure "plutil -convert xml1" "$work/input.bplist" "$plutil_seconds" plutil -convert xml1 -o "$work/plutil.xml" "$work/input.bplist"
else
    echo "(no Foundation plutil on the PATH: the peer is left out)"
fi
