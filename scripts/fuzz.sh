#!/usr/bin/env bash
# Fuzzes materun's parsers with libFuzzer: the mate wire codec (FrameDecoder + MateWireCodec,
# each decoded message re-encoded and decoded back), the GPX, FIT and TCX loaders
# and the JSON scenario loader. See docs/FUZZING.md.
#
#   scripts/fuzz.sh [SECONDS] [MODE...]     SECONDS per mode (default 60); MODE: wire gpx json fit tcx
#
# Builds MateRunFuzz with -sanitize=fuzzer,address into .build-fuzz, then runs each mode from
# its seeds in Fuzz/corpus/MODE; inputs that find new coverage go to .build-fuzz/corpus/MODE,
# crashes to .build-fuzz/crashes/MODE. Replay a crash with the plain build:
#   swift build --product MateRunFuzz && MATERUN_FUZZ_MODE=MODE .build/debug/MateRunFuzz CRASH_FILE
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(wire gpx json fit tcx)

scratch=.build-fuzz
binary="$scratch/build/release/MateRunFuzz"
# Built from clean in its own scratch path. A sanitizer build without coverage counters would
# make libFuzzer fuzz blind, so the build is checked for counters and retried, and each run below
# is checked for "cov:" as well. (SwiftPM hands swiftc two -sanitize= flags in a varying order
# and swiftc keeps the last, so the combined -sanitize=fuzzer,address flag is passed too.)
# MATERUN_FUZZ_ALLOW_BLIND=1 (CI) runs an uninstrumented build anyway, saying so: blind mutation
# of the corpus still runs every input through the checks, and a crash still fails.
instrumented=no
for attempt in 1 2 3; do
    rm -rf "$scratch/build"
    swift build -c release --scratch-path "$scratch/build" --product MateRunFuzz \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
    # Captured first: `… | grep -q` under pipefail fails whenever grep exits before the binary
    # has finished writing (SIGPIPE), which reported instrumented builds as uninstrumented.
    probe=$(SWIFT_BACKTRACE=enable=no "$binary" -runs=0 2>&1 || true)
    if grep -q "inline 8-bit counters" <<<"$probe"; then
        instrumented=yes
        break
    fi
    echo "!! build $attempt has no coverage counters; building again"
done
if [ "$instrumented" != yes ]; then
    if [ "${MATERUN_FUZZ_ALLOW_BLIND:-0}" = 1 ]; then
        echo "!! no instrumented build after 3 attempts: fuzzing BLIND (random mutation, no coverage feedback)"
    else
        echo "!! no instrumented build after 3 attempts"
        exit 1
    fi
fi

status=0
for mode in "${modes[@]}"; do
    mkdir -p "$scratch/corpus/$mode" "$scratch/crashes/$mode"
    log="$scratch/fuzz-$mode.log"
    echo "== $mode: ${seconds}s"
    # SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise take over the crash and
    # libFuzzer would not write the crash file.
    # tcx goes through FoundationXML's XMLParser, which leaks a CFError string for every XML
    # error it reports (inside swift-corelibs-foundation, not materun): leak detection stays off
    # for that mode only (libFuzzer's per-input check and ASan's at exit); crashes and broken
    # invariants still fail it.
    leaks=()
    asan_options=${ASAN_OPTIONS:-}
    if [ "$mode" = tcx ]; then
        leaks=(-detect_leaks=0)
        asan_options=detect_leaks=0
    fi
    if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="$asan_options" MATERUN_FUZZ_MODE="$mode" "$binary" "${leaks[@]}" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$scratch/crashes/$mode/" \
        "$scratch/corpus/$mode" "Fuzz/corpus/$mode" >"$log" 2>&1; then
        status=1
    fi
    if ! grep -qE 'INITED cov: [0-9]+' "$log" && [ "$instrumented" = yes ]; then
        echo "!! $mode ran without coverage feedback (no 'cov:' in $log): the build is not instrumented"
        status=1
    fi
    grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$log" | tail -2 || true
    grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
    if grep -qE 'ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error|==[0-9]+==ERROR' "$log"; then
        echo "!! $mode crashed; see $log"
        grep -E 'Fatal error|ERROR|SUMMARY|Test unit written' "$log" | head -8
    fi
done
exit $status
