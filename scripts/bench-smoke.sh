#!/usr/bin/env bash
# Every benchmark product at a small size, as CI runs them (about two minutes after the build):
# each answers --help with exit 0, refuses what it cannot serve at once, runs to exit 0, and
# leaves no process or temporary folder behind, after a normal end, after SIGTERM mid-run, and
# after its output pipe closes. The figures that do not depend on the machine's speed are
# checked: the core's rows agree, the 72 MB GPX replay peaks under its 48 MB aim, every group
# report is delivered and none refused or dropped.
#
#   scripts/bench-smoke.sh [BIN]    BIN: a release build's folder (built here when not given)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ge 1 ]; then
  bin=$1
else
  swift build -c release --product materun >/dev/null
  for product in MateRunBenchmarks MateLatencyBenchmark MateRunNATSBenchmark MateRunServiceBenchmark; do
    swift build -c release --product "$product" >/dev/null
  done
  bin=$(swift build -c release --show-bin-path)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL $*"; exit 1; }

# What a benchmark may leave behind: servers and instances it started (processes that were not
# there before it ran), and its temporary folders.
live_children() {
  { pgrep -f "nats-server" || true; pgrep -f "Benchmark --(serve|coordinate)" || true; } | while read -r pid; do
    state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || true)
    [ -n "$state" ] && [ "$state" != Z ] && echo "$pid"
  done | sort
}
folders() {
  ls -d "${TMPDIR:-/tmp}"/materun-bench-js-* "${TMPDIR:-/tmp}"/materun-cluster-* "${TMPDIR:-/tmp}"/materun-history-bench-* 2>/dev/null || true
}
mark() { live_children >"$work/before-pids"; folders >"$work/before-folders"; }
nothing_left() {
  sleep 0.5
  local left
  left=$(comm -13 "$work/before-pids" <(live_children) | while read -r pid; do echo "process $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"; done)
  left+=$(comm -13 "$work/before-folders" <(folders))
  [ -z "$left" ] || fail "$1 left behind: $left"
}

mark
echo "== --help: usage and exit 0, nothing started"
for product in MateRunBenchmarks MateLatencyBenchmark MateRunNATSBenchmark MateRunServiceBenchmark; do
  "$bin/$product" --help | grep -q "^usage: $product" || fail "$product --help"
  if "$bin/$product" --no-such-option 2>"$work/err"; then fail "$product took an unknown option"; fi
  [ "$(wc -l <"$work/err")" -eq 1 ] || fail "$product: an unknown option is not said in one line: $(cat "$work/err")"
done
nothing_left "--help"
if "$bin/MateRunServiceBenchmark" --runners 100000 2>"$work/err"; then fail "the service benchmark took 100,000 runners"; fi
grep -q "at most\|from 1 to" "$work/err" || fail "the service benchmark's refusal: $(cat "$work/err")"
echo "ok   usage, unknown options and a request too large, each in one line"

mark
echo "== (a) the core and (d) the history, small"
"$bin/MateRunBenchmarks" --fixes 50000 --runs 3 --history 200 | tee "$work/core" | tail -n 3
grep -q "every row but delivery agrees: yes" "$work/core" || fail "the core's rows disagree"
! grep -q "warning:" "$work/core" || fail "a core row gave different results from run to run"
nothing_left "MateRunBenchmarks"

echo "== (b) a 72 MB Garmin GPX replayed and kept: peak memory under 48 MB"
python3 scripts/bench_gpx.py generate "$work/g200k.gpx" --points 200000 --garmin >/dev/null
peak=$(MATERUN_DATA_DIR="$work/data" python3 - "$bin/materun" "$work/g200k.gpx" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "replay", sys.argv[2], "--speed", "max", "--no-countdown"],
               check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
)
echo "peak ${peak} MB"
[ "$peak" -le 48 ] || fail "the GPX replay peaked at $peak MB, over its 48 MB aim"

echo "== (c) mate latency, small"
"$bin/MateLatencyBenchmark" --rounds 1 --updates 500 --warmup 100 --stream 2000 | tail -n 2

if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then
  [ "${MATERUN_REQUIRE_NATS:-}" = 1 ] && fail "nats-server is not installed"
  echo "SKIPPED (e) and (h): nats-server is not installed (apt-get install nats-server)"
  exit 0
fi

mark
echo "== (e) group runs through NATS: 100 runners for 3 s, one server and a cluster"
"$bin/MateRunNATSBenchmark" --runners 100 --seconds 3 | tee "$work/nats"
[ "$(grep -c 'runners    100' "$work/nats")" -eq 2 ] || fail "the NATS benchmark did not measure both set-ups"
grep 'runners    100' "$work/nats" | while read -r line; do
  delivered=$(sed -E 's/.*reports ([0-9]+)\/([0-9]+) delivered.*/\1 \2/' <<<"$line")
  read -r got sent <<<"$delivered"
  [ "$got" = "$sent" ] && [ "$sent" = 300 ] || fail "reports delivered $got of $sent (300 sent): $line"
  grep -q "(0 refused by the outbox)" <<<"$line" || fail "reports refused: $line"
  grep -q "board counts 100 runners" <<<"$line" || fail "the board does not count every runner: $line"
  grep -q "dropped by the coordinator 0$" <<<"$line" || fail "the coordinator dropped messages: $line"
done
nothing_left "MateRunNATSBenchmark"

mark
echo "== (h) the group service: one takeover round, 50 runners for 4 s, one server and a cluster"
"$bin/MateRunServiceBenchmark" --rounds 1 --runners 50 --seconds 4 | tee "$work/service"
[ "$(grep -c 'taken over .* after the kill' "$work/service")" -eq 2 ] || fail "a takeover round did not end"
[ "$(grep -c 'reports delivered 200 of 200' "$work/service")" -eq 4 ] || fail "a loaded race lost reports"
[ "$(grep -c '0 of 50 runners refused' "$work/service")" -eq 4 ] || fail "a loaded race refused runners"
nothing_left "MateRunServiceBenchmark"

mark
echo "== ended by SIGTERM mid-run, and by its output pipe closing"
"$bin/MateRunServiceBenchmark" --rounds 3 --runners 50 --seconds 4 >"$work/term" 2>&1 &
pid=$!
for _ in $(seq 1 100); do grep -q "round 1" "$work/term" 2>/dev/null && break; sleep 0.2; done
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
[ "$status" = 143 ] || fail "SIGTERM: exit $status, not 143"
nothing_left "MateRunServiceBenchmark after SIGTERM"
mark
"$bin/MateRunNATSBenchmark" --runners 50 --seconds 2 | head -n 1
nothing_left "MateRunNATSBenchmark after its pipe closed"
echo "bench smoke passed"
