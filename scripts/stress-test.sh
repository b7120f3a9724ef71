#!/usr/bin/env bash
# Runs `swift test` three times in a row while another build keeps both cores busy: the tests
# must pass on a loaded machine, not only on a quiet one. Fails on the first failing run. Then,
# still under the load, a mate pair through NATS and a group race, each 10 times, with an
# outsider on the server replaying and altering every message (scripts/check-pair-outsider.py,
# GroupForgeryProcessTests with scripts/forging-peer.py), when nats-server is installed.
#
#   scripts/stress-test.sh [RUNS] [FORGED]     (defaults 3 and 10)
#
# The load is a release build of this package in its own scratch folder (.build-stress), started
# from clean again each time it ends, so the machine stays loaded for the whole test run. It is
# ended by its process group when the script exits, whatever the outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
forged=${2:-10}
export SWIFT_BACKTRACE=enable=no
data=$(mktemp -d)
export MATERUN_DATA_DIR="$data"   # the tests' kept runs: never the real home

echo "== build the tests first (not under load)"
swift build --build-tests

load_log=$(mktemp)
set -m   # the load runs in its own process group, so that one kill ends the build and its children
(
  while true; do
    rm -rf .build-stress
    swift build -c release --scratch-path .build-stress >/dev/null 2>&1 || true
  done
) >"$load_log" 2>&1 &
load=$!
set +m
# Ends the load and removes what it made, keeping the script's own exit status: the killed
# build's compilers may still be writing into .build-stress for a moment, so its removal is
# tried again (a passing run exited 1 on "Directory not empty").
cleanup() {
  local status=$?
  kill -- -"$load" 2>/dev/null || true
  wait "$load" 2>/dev/null || true
  for _ in 1 2 3 4 5; do rm -rf .build-stress 2>/dev/null && break; sleep 1; done
  rm -rf "$data" "$load_log"
  exit "$status"
}
trap cleanup EXIT

sleep 5   # let the load build start compiling
for run in $(seq 1 "$runs"); do
  echo "== swift test, run $run of $runs, under load (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  start=$(date +%s)
  log=$(mktemp)
  if ! timeout 1800 swift test --skip-build >"$log" 2>&1; then
    grep -E '✘|error:' "$log" | head -40
    echo "FAIL run $run of $runs after $(( $(date +%s) - start )) s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "the whole log is kept in $log"
    exit 1
  fi
  summary=$(grep -Eo 'Test run with [0-9]+ tests? in [0-9]+ suites? passed after [0-9.]+ seconds' "$log" | head -n 1)
  rm -f "$log"
  echo "ok   run $run: $summary; $(( $(date +%s) - start )) s wall (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
done
if command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ]; then
  echo "== a pair through NATS under an outsider, $forged times, under load"
  timeout 3600 python3 scripts/check-pair-outsider.py "$(swift build --show-bin-path)/materun" "$forged"
  echo "== a group race under the forging peer, $forged times, under load"
  for run in $(seq 1 "$forged"); do
    log=$(mktemp)
    if ! MATERUN_REQUIRE_NATS=1 timeout 900 swift test --skip-build --filter GroupForgeryProcessTests >"$log" 2>&1; then
      grep -E '✘|error:' "$log" | head -20
      echo "FAIL the group under the forger, run $run of $forged; the log is kept in $log"
      exit 1
    fi
    rm -f "$log"
    echo "ok   group under the forger, run $run of $forged"
  done
fi
echo "stress test passed: $runs loaded runs in a row, and $forged forged pairs and groups"
