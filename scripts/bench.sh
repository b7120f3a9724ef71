#!/usr/bin/env bash
# Runs both benchmarks: the core (MateRunBenchmarks) and the GPX replay (scripts/bench-gpx.sh).
# Extra arguments go to MateRunBenchmarks (e.g. --fixes 1000000 --runs 5).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(swift --version 2>&1 | head -1)"
echo "== swift run -c release MateRunBenchmarks $*"
swift run -c release MateRunBenchmarks "$@"
echo
echo "== scripts/bench-gpx.sh"
scripts/bench-gpx.sh
