#!/usr/bin/env bash
# Checks PROTOCOL.md section 11.10 (a group service, `materun serve`) against materun through a
# real nats-server with JetStream: scripts/service-peer.py, written from the document alone,
# creates a group through the service (after asking for groups the service must refuse), checks
# the group's record and state in the server's bucket, forges starts that must not start it,
# then runs in it against `materun group join`; both must name the same places, and
# `materun group results` must show the same board, kept on the server. Twice: once started by
# start_when, once by the creator's start signed with its starter key. Then a takeover: two
# instances started 6 s apart, the group created on the first, the first killed with SIGKILL in the
# middle of the run; the second must take the group up within 10 s and both runners finish, none
# refused (the group's start travels in Unix seconds, 11.10, so an instance started later judges
# the run time as its predecessor did).
# Usage: scripts/check-service-peer.sh MATERUN_EXECUTABLE
set -euo pipefail
materun=${1:?usage: scripts/check-service-peer.sh MATERUN_EXECUTABLE}
case $materun in /*) ;; *) materun=$PWD/$materun ;; esac
cd "$(dirname "$0")/.."
command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || { echo "FAIL nats-server is not installed"; exit 1; }
server=$(command -v nats-server || echo /usr/sbin/nats-server)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do timeout 5 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# FAIL with a message and the logs named after it (files in $work).
fail() {
  local message=$1; shift
  echo "FAIL $message"
  for log in "$@"; do
    [ -f "$work/$log" ] || continue
    echo "--- $log"
    tail -n 60 "$work/$log"
  done
  exit 1
}

# Waits at most SECONDS for PID to end; 1 when it did not.
wait_for_end() { timeout "$2" tail --pid="$1" -f /dev/null; }

"$server" -js -sd "$work/jetstream" -a 127.0.0.1 -p -1 >"$work/server.log" 2>&1 &
pids+=($!)
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*Listening for client connections on [0-9.]*:\([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || fail "nats-server did not start" server.log
via="nats://127.0.0.1:$port"
echo "ok   nats-server with JetStream on $via"

# The service's secret: 32 random bytes, written as 64 hex characters.
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$work/secret"
[ "$(wc -c <"$work/secret")" -eq 64 ] || fail "could not make a 64-character secret"

# Starts `materun serve --name NAME`, logging to $work/LOG.out and LOG.err, and waits at most 10 s
# for it to say it serves; its PID in serve_pid.
start_serve() {
  local name=$1 log=$2
  MATERUN_DATA_DIR="$work/$log-data" "$materun" serve --via "$via" --secret-file "$work/secret" --name "$name" \
    </dev/null >"$work/$log.out" 2>"$work/$log.err" &
  serve_pid=$!
  pids+=($serve_pid)
  for _ in $(seq 1 100); do
    grep -q "serving groups as" "$work/$log.err" 2>/dev/null && break
    kill -0 "$serve_pid" 2>/dev/null || fail "materun serve --name $name exited before serving" "$log.err"
    sleep 0.1
  done
  grep -q "serving groups as" "$work/$log.err" || fail "materun serve --name $name did not say it serves within 10 s" "$log.err"
  echo "ok   $(grep -m 1 "serving groups as" "$work/$log.err" | sed 's/^[^ ]* //')"
}

# Sends SIGTERM to the instance PID (11.10: it gives its groups up) and wants exit 0 within 15 s.
stop_serve() {
  local pid=$1 log=$2 status=0
  kill -TERM "$pid"
  wait_for_end "$pid" 15 || fail "materun serve did not exit within 15 s of SIGTERM" "$log.err"
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || fail "materun serve exited with $status after SIGTERM" "$log.err"
}

start_serve ci-serve serve

# start_peer LABEL SERVE_LOG GOAL_M START_OPTION... starts service-peer.py (its PID in peer_pid)
# and waits at most 30 s for its listening line: the join code in code, the watch code in watch.
start_peer() {
  local label=$1 serve_log=$2 goal_m=$3; shift 3
  rm -f "$work"/peer.* "$work"/joiner.* "$work"/results.*
  python3 scripts/service-peer.py create --via "$via" --name "Py" --mps 3.0 --goal-m "$goal_m" --speed 20 \
    --secret-file "$work/secret" "$@" </dev/null >"$work/peer.out" 2>"$work/peer.err" &
  peer_pid=$!
  pids+=($peer_pid)
  code=""
  watch=""
  for _ in $(seq 1 300); do
    code=$(head -n 1 "$work/peer.out" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' 2>/dev/null || true)
    [ -n "$code" ] && break
    kill -0 "$peer_pid" 2>/dev/null || fail "$label: service-peer.py ended before its listening line" peer.err "$serve_log.err"
    sleep 0.1
  done
  [ -n "$code" ] || fail "$label: no listening line from service-peer.py within 30 s" peer.err "$serve_log.err"
  watch=${code%%-*}
}

# finish_group LABEL SERVE_LOGS... waits for service-peer.py's end, then wants the peer, the joiner
# (already ended, its output in joiner.out) and `materun group results` to name the same table,
# every runner finished, nothing dropped.
finish_group() {
  local label=$1; shift
  local status=0
  wait_for_end "$peer_pid" 60 || fail "$label: service-peer.py did not end within 60 s of the joiner" peer.err "${@/%/.err}"
  wait "$peer_pid" || status=$?
  [ "$status" -eq 0 ] || fail "$label: service-peer.py exited with $status" peer.err peer.out "${@/%/.err}"
  sed -n 's/^ok   /ok   '"$label"': /p' "$work/peer.err"
  ! grep -Eq "refused by the coordinator|our join was refused" "$work/peer.err" || fail "$label: service-peer.py was refused" peer.err "${@/%/.err}"

  status=0
  timeout 30 "$materun" group results "$watch" --via "$via" --json </dev/null >"$work/results.out" 2>"$work/results.err" \
    || status=$?
  [ "$status" -eq 0 ] || fail "$label: materun group results $watch exited with $status" results.err results.out "${@/%/.err}"

  python3 - "$work/peer.out" "$work/joiner.out" "$work/results.out" "$label" <<'PY' || fail "$label: the tables differ" peer.out joiner.out results.out joiner.err
import json, sys
def lines(path):
    return [json.loads(l) for l in open(path) if l.startswith("{")]
peer = [e for e in lines(sys.argv[1]) if e.get("type") == "result"][-1]
joiner = lines(sys.argv[2])[-1]
board = [e for e in lines(sys.argv[3]) if e.get("type") == "board"][-1]
label = sys.argv[4]
assert joiner.get("type") == "summary", ("the joiner's last line is not its summary", joiner)
group = joiner["group"]
peer_table = [(place, name) for place, name, _ in peer["results"]]
joiner_table = [(r["place"], r["name"]) for r in group["results"]]
board_table = [(r["place"], r["name"]) for r in board["results"]]
assert peer_table == joiner_table, ("service-peer.py and materun group join", peer_table, joiner_table)
assert board_table == peer_table, ("materun group results and service-peer.py", board_table, peer_table)
assert [s for _, _, s in peer["results"]] == [r["status"] for r in group["results"]] == [r["status"] for r in board["results"]], \
    ("statuses", peer["results"], group["results"], board["results"])
assert sorted(n for _, n in peer_table) == ["Bo", "Py"], peer_table
# Nobody refused (an honest runner judged wrongly after a takeover would be), everyone finished.
assert all(r["status"] == "finished" for r in group["results"]), ("the joiner's summary", group["results"])
assert all(s == "finished" for _, _, s in peer["results"]), ("service-peer.py's result", peer["results"])
assert board["phase"] == "over" and peer["runners"] == group["runners"] == board["runners"] == 2, (peer, group, board)
# The forged starts went to the service's start subject, never to a runner's.
assert group["dropped"] == 0 and peer["dropped"] == 0, ("dropped", group["dropped"], peer["dropped"])
print(f"ok   {label}: service-peer.py, materun group join and materun group results agree: "
      f"{', '.join(f'{p}. {n} ({s})' for p, n, s in peer['results'])}")
PY
}

# A group created by service-peer.py through the service (START_OPTION: --start-when 2 or
# --start-at 2), joined by materun as Bo; both must end and name the same table, and so must
# `materun group results`.
check_group() {
  local label=$1; shift
  start_peer "$label" serve 500 "$@"
  local status=0
  MATERUN_DATA_DIR="$work/data" timeout 120 "$materun" group join Scenarios/race-steady-5k.json --via "$via" \
    --code "$code" --json --no-save --name Bo </dev/null >"$work/joiner.out" 2>"$work/joiner.err" || status=$?
  [ "$status" -eq 0 ] || fail "$label: materun group join exited with $status (124: timed out)" joiner.err joiner.out peer.err serve.err
  finish_group "$label" serve
}

check_group "started by start_when" --start-when 2
check_group "started by the starter key" --start-at 2

# 11.10: SIGTERM makes an instance give its groups up and exit 0.
stop_serve "$serve_pid" serve
echo "ok   materun serve exits 0 on SIGTERM"

# 11.10, holding and taking over: instance A creates the group alone; B starts 6 s after A (so
# their process clocks differ by 6 s); about 7 s into the run A is killed (SIGKILL: no state
# written, no lease given up), and B must take the group up and judge the rest of the run as A
# would have (the group's start is Unix seconds): both runners finish, neither refused.
label="taken over"
start_serve ci-serve-a serve-a
serve_a_pid=$serve_pid
serve_a_started=$(date +%s.%N)
# 1500 m at 3.0 m/s (Py) or 6:00/km (Bo) of run time at speed 20: 25 to 27 s of wall time.
start_peer "$label" serve-a 1500 --start-when 2
grep -q "created group $watch" "$work/serve-a.err" \
  || fail "$label: ci-serve-a, alone, does not say it created $watch" serve-a.err peer.err
echo "ok   $label: ci-serve-a created $watch"
sleep "$(python3 -c "import sys; print(max(0.0, float(sys.argv[1]) + 6 - float(sys.argv[2])))" \
  "$serve_a_started" "$(date +%s.%N)")"
start_serve ci-serve-b serve-b
serve_b_pid=$serve_pid
echo "ok   $label: ci-serve-b started $(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" \
  "$serve_a_started" "$(date +%s.%N)") s after ci-serve-a"

MATERUN_DATA_DIR="$work/data" timeout 120 "$materun" group join Scenarios/race-steady-5k.json --via "$via" \
  --code "$code" --json --no-save --name Bo </dev/null >"$work/joiner.out" 2>"$work/joiner.err" &
joiner_pid=$!
pids+=($joiner_pid)
# The run starts (after the start's countdown) with the joiner's first progress line.
for _ in $(seq 1 300); do
  grep -q '^{"type":"progress"' "$work/joiner.out" 2>/dev/null && break
  kill -0 "$joiner_pid" 2>/dev/null || fail "$label: materun group join ended before the run" joiner.err joiner.out peer.err serve-a.err
  kill -0 "$peer_pid" 2>/dev/null || fail "$label: service-peer.py ended before the run" peer.err joiner.err serve-a.err
  sleep 0.1
done
grep -q '^{"type":"progress"' "$work/joiner.out" \
  || fail "$label: the run did not start within 30 s of the join" joiner.out joiner.err peer.err serve-a.err serve-b.err
sleep 7

# Whoever holds the group now (ci-serve-a, unless something moved it) is killed.
holder="" holder_pid="" other="" other_pid=""
for log in serve-b serve-a; do
  if grep -q "created group $watch\|took up group $watch" "$work/$log.err"; then
    [ "$log" = serve-a ] && { holder=serve-a holder_pid=$serve_a_pid other=serve-b other_pid=$serve_b_pid; }
    [ "$log" = serve-b ] && { holder=serve-b holder_pid=$serve_b_pid other=serve-a other_pid=$serve_a_pid; }
    break
  fi
done
[ -n "$holder" ] || fail "$label: no instance says it holds $watch" serve-a.err serve-b.err
[ "$holder" = serve-a ] || fail "$label: $holder, not ci-serve-a, holds $watch 7 s into the run" serve-a.err serve-b.err
kill -0 "$holder_pid" 2>/dev/null || fail "$label: ci-$holder ended before it was killed" "$holder.err"
kill -9 "$holder_pid"
killed_at=$(date +%s.%N)
wait "$holder_pid" 2>/dev/null || true
echo "ok   $label: ci-$holder, holding $watch, killed with SIGKILL 7 s into the run"
taken=""
for _ in $(seq 1 100); do
  grep -q "took up group $watch: running, 2 runners" "$work/$other.err" && { taken=$(date +%s.%N); break; }
  kill -0 "$other_pid" 2>/dev/null || fail "$label: ci-$other ended" "$other.err"
  sleep 0.1
done
[ -n "$taken" ] || fail "$label: ci-$other did not take $watch up within 10 s of the kill" "$other.err" peer.err joiner.err
echo "ok   $label: ci-$other took up group $watch: running, 2 runners, $(python3 -c \
  "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$killed_at" "$taken") s after the kill"

wait_for_end "$joiner_pid" 90 || fail "$label: materun group join did not end within 90 s of the takeover" joiner.err peer.err "$other.err"
status=0
wait "$joiner_pid" || status=$?
[ "$status" -eq 0 ] || fail "$label: materun group join exited with $status (124: timed out)" joiner.err joiner.out peer.err "$other.err"
finish_group "$label" "$other"

stop_serve "$other_pid" "$other"
echo "ok   $label: ci-$other exits 0 on SIGTERM"
