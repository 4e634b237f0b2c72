#!/bin/bash
# Regenerates the golden help texts from the built binary (swift build first).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
bin="${PLIST_INSPECT:-$here/../../../.build/debug/plist-inspect}"
"$bin" --help > "$here/root.txt"
"$bin" plutil -help > "$here/plutil.txt"
"$bin" defaults --help > "$here/defaults.txt"
for sub in print convert lint get type set insert replace remove append expand unarchive classes graph du diff info; do
  "$bin" "$sub" --help > "$here/$sub.txt"
done
