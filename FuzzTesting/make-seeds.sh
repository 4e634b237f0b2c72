#!/usr/bin/env bash
# Regenerates the seed corpora FuzzTesting/Corpus/<harness>/ from PlistKit's writers and the
# hand-made inputs in FuzzTesting/Seeds/main.swift. Builds make-seeds (without sanitizers)
# from the library's sources; deterministic, so the committed corpora can be checked against
# a fresh run.
set -euo pipefail
source "$(dirname "$0")/common.sh"
xml_include="$(pkg-config --cflags-only-I libxml-2.0 2>/dev/null | sed 's/^-I//; s/ .*//')"
xml_include="${xml_include:-/usr/include/libxml2}"
mkdir -p "$out_dir"
mapfile -t library_sources < <(find "$root_dir/Sources/PlistKit" -name '*.swift' | sort)
# The C helpers (CPlistKitSupport), as a plain object.
support_dir="$root_dir/Sources/CPlistKitSupport"
# (one object per C file: the helpers are one C file per concern).
support_objects=()
for source in "$support_dir"/*.c; do
    object="$out_dir/make-seeds-support-$(basename "$source" .c).o"
    "$(dirname "$(command -v swiftc)")/clang" -c -O2 -I "$xml_include" -I "$support_dir/include" "$source" -o "$object"
    support_objects+=("$object")
done
swiftc -Onone -module-name PlistKit -package-name PlistKit -Xcc "-I$xml_include" -I "$root_dir/Sources/CLibXML2" -I "$support_dir/include" -lxml2 \
    "${library_sources[@]}" "$fuzz_dir/Seeds/main.swift" "${support_objects[@]}" -o "$out_dir/make-seeds"
# Fixed hashing: seeds archived from Swift dictionaries and sets (the archive corpus's
# dictionary.xml) keep one key order, so a rerun changes no seed it did not mean to.
SWIFT_DETERMINISTIC_HASHING=1 "$out_dir/make-seeds" "$fuzz_dir/Corpus"
