#!/usr/bin/env bash
# Mate update latency and throughput on loopback, beside a raw socket floor measured in the
# same run (see BENCHMARKS.md, section (c)). Builds in release and runs MateLatencyBenchmark;
# extra arguments go to it, e.g. --rounds 5 --updates 10000 --warmup 2000 --stream 100000.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product MateLatencyBenchmark
echo "machine: $(nproc) cpus, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(swift --version 2>/dev/null | head -1)"
exec .build/release/MateLatencyBenchmark "$@"
