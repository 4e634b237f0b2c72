#!/usr/bin/env bash
# CI smoke test of the fuzzing harnesses: builds them, replays every regression file under
# TestData/Regressions/ and every seed through its harness, then fuzzes each harness briefly.
# Exits non-zero on the first crash, hang or failed check.
#
# usage: FuzzTesting/smoke.sh [SECONDS_PER_HARNESS]   (default 6: about a minute in all)
set -euo pipefail
source "$(dirname "$0")/common.sh"

seconds="${1:-6}"
"$fuzz_dir/build.sh"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The XML reader keeps libxml2 parsers between documents and frees one that has grown (its
# dictionary of names past a few hundred): 400 documents, each declaring an entity under new
# names, make it free several, and each must leave nothing behind. Checked with leak detection
# on, which the rest of the smoke leaves off (Foundation's own leaks would drown it).
mkdir -p "$scratch/xml-leaks"
for i in $(seq 100 499); do
    printf '<?xml version="1.0"?><!DOCTYPE root%s [<!ENTITY entity%s "b">]><plist><true/></plist>' "$i" "$i" \
        > "$scratch/xml-leaks/$i.xml"
done
if ! ASAN_OPTIONS=detect_leaks=1 "$out_dir/xml" -detect_leaks=1 "$scratch"/xml-leaks/*.xml > "$scratch/xml-leaks.log" 2>&1; then
    echo "FAIL: xml leaked memory freeing a parser:" >&2
    grep -E "leak of|SUMMARY" "$scratch/xml-leaks.log" | head -10 >&2
    exit 1
fi
echo "ok: xml (400 documents through freed and kept parsers, no leak)"

mapfile -t harnesses < <(all_harnesses)
for harness in "${harnesses[@]}"; do
    mapfile -t flags < <(fuzzer_flags "$harness")
    # Replay: libFuzzer runs each file given as an argument once.
    replay=()
    folder="$root_dir/TestData/Regressions/$(regression_folder "$harness")"
    if [[ -d "$folder" ]]; then
        while IFS= read -r -d '' file; do replay+=("$file"); done \
            < <(find "$folder" -type f ! -name 'README.md' -print0)
    fi
    if [[ -d "$fuzz_dir/Corpus/$harness" ]]; then
        while IFS= read -r -d '' file; do replay+=("$file"); done \
            < <(find "$fuzz_dir/Corpus/$harness" -type f -print0)
    fi
    if [[ ${#replay[@]} -gt 0 ]]; then
        if ! "$out_dir/$harness" "${flags[@]}" -artifact_prefix="$scratch/" "${replay[@]}" > "$scratch/$harness.replay.log" 2>&1; then
            echo "FAIL: $harness crashed replaying its regression and seed files:" >&2
            grep -E "Running:|Fuzz check failed|Fatal error|==ERROR|SUMMARY" "$scratch/$harness.replay.log" | tail -20 >&2 \
                || tail -15 "$scratch/$harness.replay.log" >&2
            exit 1
        fi
    fi
    mkdir -p "$scratch/corpus-$harness"
    seeds=()
    if [[ -d "$fuzz_dir/Corpus/$harness" ]]; then seeds=("$fuzz_dir/Corpus/$harness"); fi
    if ! "$out_dir/$harness" "${flags[@]}" -max_total_time="$seconds" -artifact_prefix="$scratch/" \
            "$scratch/corpus-$harness" "${seeds[@]}" > "$scratch/$harness.log" 2>&1; then
        echo "FAIL: $harness found a crash; the input:" >&2
        grep -E "Fuzz check failed|Fatal error|==ERROR|SUMMARY|Test unit written" "$scratch/$harness.log" | tail -20 >&2 \
            || tail -15 "$scratch/$harness.log" >&2
        for artifact in "$scratch"/crash-* "$scratch"/timeout-* "$scratch"/oom-*; do
            [[ -f "$artifact" ]] && base64 -w 0 "$artifact" >&2 && echo >&2
        done
        exit 1
    fi
    summary="$(grep -E "^#[0-9]+[[:space:]]+DONE" "$scratch/$harness.log" | tail -1)"
    echo "ok: $harness (${#replay[@]} files replayed; $summary)"
done
