# Shared settings of build.sh, run.sh and smoke.sh (sourced, not run).

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(cd "$fuzz_dir/.." && pwd)"
out_dir="$fuzz_dir/.build"

# Every harness: Harnesses/NAME.swift. The regression folder under TestData/Regressions/ whose
# files it replays, and its token dictionary under Dictionaries/.
all_harnesses() {
    local file
    for file in "$fuzz_dir"/Harnesses/*.swift; do basename "$file" .swift; done
}

regression_folder() {
    case "$1" in
        binary) echo binary ;;
        xml) echo xml ;;
        openstep) echo openstep ;;
        json) echo json ;;
        detect) echo detect ;;
        keyedarchive|unarchive) echo keyedarchive ;;
        sourceedit) echo sourceedit ;;
        graph) echo graph ;;
        decoder) echo codable ;;
        infoplist) echo infoplist ;;
        *) echo "$1" ;;
    esac
}

dictionary_file() {
    case "$1" in
        *) echo "$fuzz_dir/Dictionaries/$1.dict" ;;
    esac
}

# libFuzzer's own flags shared by every run: a per-input timeout and a memory cap, so a
# hang or an allocation bomb is reported as a finding rather than stalling the machine.
# Leak detection is off: the Swift runtime's metadata caches are reported as leaks.
fuzzer_flags() {
    local harness="$1"
    local flags=(-rss_limit_mb=2048 -timeout=10 -max_len=65536 -detect_leaks=0 -print_final_stats=1)
    local dict
    dict="$(dictionary_file "$harness")"
    if [[ -f "$dict" ]]; then flags+=("-dict=$dict"); fi
    printf '%s\n' "${flags[@]}"
}

export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1}"
