#!/bin/bash
# Captures Apple's plutil (swift-corelibs-foundation's, for Linux) on every case in cases.tsv.
# Each line of cases.tsv: NAME <TAB> STDERR-CHECK (exact|ignore) <TAB> FILE-TO-KEEP (or -)
# <TAB> the arguments, one per field. Each case runs in a fresh copy of input/ as its working
# directory, with input/Info.plist on stdin. Results go to expected/NAME.{out,err,status} and,
# when FILE-TO-KEEP is not '-', expected/NAME.file (that file's bytes after the command).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
plutil="${PLUTIL:-/opt/swift/usr/bin/plutil}"
rm -rf "$here/expected"; mkdir -p "$here/expected"
while IFS=$'\t' read -r -a fields; do
  [ "${#fields[@]}" -ge 3 ] || continue
  name="${fields[0]}"; keep="${fields[2]}"; args=("${fields[@]:3}")
  work="$(mktemp -d)"; cp -p "$here"/input/* "$work"/
  (cd "$work" && "$plutil" "${args[@]}" < "$here/input/Info.plist" \
      > "$here/expected/$name.out" 2> "$here/expected/$name.err"; echo $? > "$here/expected/$name.status")
  if [ "$keep" != "-" ]; then
    if [ -e "$work/$keep" ]; then cp "$work/$keep" "$here/expected/$name.file"; fi
  fi
  rm -rf "$work"
done < "$here/cases.tsv"
