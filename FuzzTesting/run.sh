#!/usr/bin/env bash
# Fuzzes one harness for a while, building it first if needed.
#
# usage: FuzzTesting/run.sh HARNESS SECONDS [extra libFuzzer flags...]
#
# The working corpus grows in FuzzTesting/.build/corpus/HARNESS (seeded from
# FuzzTesting/Corpus/HARNESS, which is never written to); crashes, timeouts and out-of-memory
# inputs land in FuzzTesting/.build/crashes/HARNESS/, and the log in
# FuzzTesting/.build/logs/HARNESS.log. Turn each finding into a file under
# TestData/Regressions/<format>/ (see its README).
set -euo pipefail
source "$(dirname "$0")/common.sh"

if [[ $# -lt 2 || ! "$2" =~ ^[0-9]+$ ]]; then
    echo "usage: $0 HARNESS SECONDS [libFuzzer flags...]   (harnesses: $(all_harnesses | tr '\n' ' '))" >&2
    exit 64
fi
harness="$1"; seconds="$2"; shift 2

"$fuzz_dir/build.sh" "$harness"

corpus="$out_dir/corpus/$harness"
crashes="$out_dir/crashes/$harness"
mkdir -p "$corpus" "$crashes" "$out_dir/logs"
seeds=()
if [[ -d "$fuzz_dir/Corpus/$harness" ]]; then seeds=("$fuzz_dir/Corpus/$harness"); fi
mapfile -t flags < <(fuzzer_flags "$harness")

log="$out_dir/logs/$harness.log"
set +e
"$out_dir/$harness" "${flags[@]}" -max_total_time="$seconds" -artifact_prefix="$crashes/" \
    "$@" "$corpus" "${seeds[@]}" 2>&1 | tee "$log" | grep -E "^#[0-9]+[[:space:]]+(INITED|DONE|NEW|REDUCE)|stat::|==ERROR|Fuzz check failed|Fatal error|SUMMARY|Test unit written" \
    | grep -vE "^#[0-9]+[[:space:]]+(NEW|REDUCE)" 
status=${PIPESTATUS[0]}
set -e
echo "== $harness: exit $status; log $log; findings in $crashes/ ($(find "$crashes" -type f | wc -l) files)"
exit "$status"
