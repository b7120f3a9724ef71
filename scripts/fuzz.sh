#!/usr/bin/env bash
# Fuzzes materun's parsers with libFuzzer: the mate wire codec (FrameDecoder + MateWireCodec,
# with the progress fast path checked against the general parser), the GPX loader and the JSON
# scenario loader. See docs/FUZZING.md.
#
#   scripts/fuzz.sh [SECONDS] [MODE...]     SECONDS per mode (default 60); MODE: wire gpx json
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
[ ${#modes[@]} -gt 0 ] || modes=(wire gpx json)

scratch=.build-fuzz
binary="$scratch/build/release/MateRunFuzz"
# Built from clean in its own scratch path. On this toolchain a sanitizer build sometimes comes
# out without coverage counters (seen on clean builds too; cause unknown), and libFuzzer then
# fuzzes blind: so the build is checked for counters and retried, and each run below is checked
# for "cov:" as well.
instrumented=no
for attempt in 1 2 3; do
    rm -rf "$scratch/build"
    swift build -c release --scratch-path "$scratch/build" --product MateRunFuzz \
        --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING
    if SWIFT_BACKTRACE=enable=no "$binary" -runs=0 2>&1 | grep -q "inline 8-bit counters"; then
        instrumented=yes
        break
    fi
    echo "!! build $attempt has no coverage counters; building again"
done
[ "$instrumented" = yes ] || { echo "!! no instrumented build after 3 attempts"; exit 1; }

status=0
for mode in "${modes[@]}"; do
    mkdir -p "$scratch/corpus/$mode" "$scratch/crashes/$mode"
    log="$scratch/fuzz-$mode.log"
    echo "== $mode: ${seconds}s"
    # SWIFT_BACKTRACE=enable=no: the Swift backtracer would otherwise take over the crash and
    # libFuzzer would not write the crash file.
    if ! SWIFT_BACKTRACE=enable=no MATERUN_FUZZ_MODE="$mode" "$binary" \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$scratch/crashes/$mode/" \
        "$scratch/corpus/$mode" "Fuzz/corpus/$mode" >"$log" 2>&1; then
        status=1
    fi
    if ! grep -qE 'INITED cov: [0-9]+' "$log"; then
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
