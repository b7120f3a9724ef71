#!/usr/bin/env bash
# GPX replay benchmark: materun `--speed max` on a large generated GPX file, beside reading the
# same file (baseline) and gpxpy on it, median of several runs. See BENCHMARKS.md.
#
#   scripts/bench-gpx.sh            # 500,000 points, 5 runs
#   POINTS=1000000 RUNS=5 scripts/bench-gpx.sh
#   TIMER=python scripts/bench-gpx.sh   # time with perf_counter instead of hyperfine
set -euo pipefail

cd "$(dirname "$0")/.."
POINTS="${POINTS:-500000}"
RUNS="${RUNS:-5}"
TIMER="${TIMER:-auto}"
PYTHON="${PYTHON:-python3}"

# gpxpy is the benchmark's comparison, not a dependency of the product; hyperfine is optional.
# This script installs nothing: it says what is missing.
#   gpxpy:     python3 -m pip install gpxpy
#   hyperfine: apt-get install hyperfine   (without it, bench_gpx.py times with perf_counter)
if ! "$PYTHON" -c 'import gpxpy' 2>/dev/null; then
    echo "bench-gpx: needs gpxpy for the comparison: $PYTHON -m pip install gpxpy" >&2
    exit 2
fi
if [ "$TIMER" = auto ] && ! command -v hyperfine >/dev/null 2>&1; then
    echo "bench-gpx: no hyperfine (apt-get install hyperfine); timing with Python's perf_counter"
fi

echo "bench-gpx: swift build -c release --product materun"
swift build -c release --product materun
MATERUN="$(swift build -c release --show-bin-path)/materun"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/materun-bench-gpx.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export MATERUN_DATA_DIR="$WORK/data"   # the replays' kept runs: never the real home
GPX="$WORK/bench-${POINTS}.gpx"
echo "bench-gpx: generating $GPX ($POINTS points)"
"$PYTHON" scripts/bench_gpx.py generate "$GPX" --points "$POINTS"
"$MATERUN" validate "$GPX" || true

"$PYTHON" scripts/bench_gpx.py measure "$GPX" --materun "$MATERUN" --runs "$RUNS" --timer "$TIMER"
