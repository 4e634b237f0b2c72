#!/usr/bin/env bash
# Builds the libFuzzer harnesses: PlistKit's sources once into an instrumented static library
# (libFuzzer coverage + AddressSanitizer), then each harness against it.
#
# usage: FuzzTesting/build.sh [HARNESS...]     (default: every Harnesses/*.swift)
# Output in FuzzTesting/.build/; only what changed is rebuilt.
set -euo pipefail
source "$(dirname "$0")/common.sh"

swiftc="${SWIFTC:-swiftc}"
mkdir -p "$out_dir"
cd "$root_dir"

# libxml2 headers: the CLibXML2 module map names shim.h, which includes <libxml/...>.
xml_include="$(pkg-config --cflags-only-I libxml-2.0 2>/dev/null | sed 's/^-I//; s/ .*//')"
xml_include="${xml_include:-/usr/include/libxml2}"
support_dir="$root_dir/Sources/CPlistKitSupport"
common=(-sanitize=fuzzer,address -O -g -Xcc "-I$xml_include" -I "$root_dir/Sources/CLibXML2" -I "$support_dir/include" -use-ld=lld)

library="$out_dir/libPlistKit.a"
mapfile -t library_sources < <(find "$root_dir/Sources/PlistKit" -name '*.swift' | sort)

stale() {  # stale TARGET INPUT...: the target is missing or older than an input.
    local target="$1"; shift
    [[ -f "$target" ]] || return 0
    [[ -n "$(find "$@" -newer "$target" -print -quit)" ]]
}

# The C helpers (CPlistKitSupport, one C file per concern), compiled with the same sanitizer
# and linked into each harness as one relocatable object.
support_object="$out_dir/CPlistKitSupport.o"
if stale "$support_object" "$support_dir" "$fuzz_dir/build.sh"; then
    echo "== fuzz build: CPlistKitSupport" >&2
    clang="$(dirname "$(command -v "$swiftc")")/clang"
    objects=()
    for source in "$support_dir"/*.c; do
        object="$out_dir/CPlistKitSupport-$(basename "$source" .c).o"
        "$clang" -c -O2 -g -fsanitize=fuzzer-no-link,address -I "$xml_include" -I "$support_dir/include" "$source" -o "$object"
        objects+=("$object")
    done
    "$(dirname "$clang")/ld.lld" -r "${objects[@]}" -o "$support_object"
fi

if stale "$library" "$root_dir/Sources/PlistKit" "$root_dir/Sources/CLibXML2" "$support_dir" "$fuzz_dir/build.sh"; then
    echo "== fuzz build: PlistKit (${#library_sources[@]} files)" >&2
    # -package-name: PlistKit shares `package` declarations with plist-inspect, as SwiftPM builds it.
    "$swiftc" "${common[@]}" -parse-as-library -module-name PlistKit -package-name PlistKit -wmo -num-threads 2 \
        -emit-library -static -emit-module -emit-module-path "$out_dir/PlistKit.swiftmodule" \
        -o "$library.tmp" "${library_sources[@]}"
    mv "$library.tmp" "$library"
fi

harnesses=("$@")
if [[ ${#harnesses[@]} -eq 0 ]]; then mapfile -t harnesses < <(all_harnesses); fi

for harness in "${harnesses[@]}"; do
    source_file="$fuzz_dir/Harnesses/$harness.swift"
    if [[ ! -f "$source_file" ]]; then
        echo "Error: no harness '$harness' (harnesses: $(all_harnesses | tr '\n' ' '))." >&2
        exit 64
    fi
    binary="$out_dir/$harness"
    if stale "$binary" "$source_file" "$fuzz_dir/Support" "$library" "$support_object"; then
        echo "== fuzz build: $harness" >&2
        "$swiftc" "${common[@]}" -parse-as-library -module-name "Fuzz_$harness" \
            -I "$out_dir" -L "$out_dir" -lPlistKit -lxml2 \
            "$fuzz_dir"/Support/*.swift "$source_file" "$support_object" -o "$binary"
    fi
done
