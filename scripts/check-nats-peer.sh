#!/usr/bin/env bash
# Checks PROTOCOL.md against materun through a real nats-server with two clients written from
# the document alone: scripts/nats-peer.py (over a raw socket) and scripts/nats-py-peer.py (the
# official nats-py library and PyNaCl). Each joins a group that `materun group create` runs
# (section 11), then pairs as the mate of a `materun host --via` (sections 2-7 carried as in
# section 12); each time both sides must name the same result.
# Usage: scripts/check-nats-peer.sh MATERUN_EXECUTABLE
set -euo pipefail
materun=${1:?usage: scripts/check-nats-peer.sh MATERUN_EXECUTABLE}
cd "$(dirname "$0")/.."
command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || { echo "FAIL nats-server is not installed"; exit 1; }
server=$(command -v nats-server || echo /usr/sbin/nats-server)
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

"$server" -a 127.0.0.1 -p -1 >"$work/server.log" 2>&1 &
pids+=($!)
port=""
for _ in $(seq 1 100); do
  port=$(sed -n 's/.*Listening for client connections on [0-9.]*:\([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "FAIL nats-server did not start"; cat "$work/server.log"; exit 1; }
via="nats://127.0.0.1:$port"

# Starts materun (group create or host) in the background and sets $code from its listening line.
start_materun() {
  local out=$1; shift
  # The last check's files go first: its listening line would otherwise be read as this one's
  # before the new process has truncated the file.
  rm -f "$work/$out.out" "$work/$out.err"
  MATERUN_DATA_DIR="$work/data" "$materun" "$@" --via "$via" --mode race --goal 0.5 --speed 20 --json \
    </dev/null >"$work/$out.out" 2>"$work/$out.err" &
  materun_pid=$!
  pids+=($materun_pid)
  code=""
  for _ in $(seq 1 100); do
    code=$(head -n 1 "$work/$out.out" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' 2>/dev/null || true)
    [ -n "$code" ] && break
    sleep 0.1
  done
  [ -n "$code" ] || { echo "FAIL no listening line from materun $1"; cat "$work/$out.err"; exit 1; }
}

# Waits (at most 60 s) for the materun started last to end well.
wait_materun() {
  timeout 60 tail --pid="$materun_pid" -f /dev/null || { echo "FAIL materun $1 did not finish"; exit 1; }
  wait "$materun_pid" || { echo "FAIL materun $1 exited with $?"; cat "$work/$1.err"; exit 1; }
}

# A group: PEER_SCRIPT joins as NAME the group that materun creates; both must show one table.
check_group() {
  local script=$1 name=$2
  start_materun creator group create Scenarios/race-fast-5k.json --start-when 2
  timeout 120 python3 "$script" group --via "$via" --code "$code" --name "$name" --mps 3.0 >"$work/peer.out" \
    || { echo "FAIL $name ($script) did not get the result"; cat "$work/peer.out" "$work/creator.err"; exit 1; }
  wait_materun creator
  python3 - "$work/creator.out" "$work/peer.out" "$name" <<'PY'
import json, sys
def events(path, kind):
    return [e for e in (json.loads(l) for l in open(path) if l.startswith("{")) if e.get("type") == kind]
summary = events(sys.argv[1], "summary")[-1]
peer = events(sys.argv[2], "result")[-1]
name = sys.argv[3]
group = summary["group"]
names = [r["name"] for r in group["results"]]
assert group["runners"] == 2 and peer["runners"] == 2, (group, peer)
assert group["dropped"] == 0 and peer["dropped"] == 0, (group, peer)  # nobody forged anything here
assert name in names and names == peer["names"], (names, peer)
print(f"ok   {name} placed {peer['place']} of 2; materun's table: {names}")
PY
}

# A pair: PEER_SCRIPT joins as NAME the host materun runs; both must name the same result.
check_pair() {
  local script=$1 name=$2
  start_materun host host Scenarios/race-fast-5k.json
  timeout 120 python3 "$script" pair --via "$via" --code "$code" --name "$name" --mps 3.0 >"$work/mate.out" \
    || { echo "FAIL $name ($script) did not finish the pair"; cat "$work/mate.out" "$work/host.err"; exit 1; }
  wait_materun host
  python3 - "$work/host.out" "$work/mate.out" "$name" <<'PY'
import json, sys
def events(path, kind):
    return [e for e in (json.loads(l) for l in open(path) if l.startswith("{")) if e.get("type") == kind]
summary = events(sys.argv[1], "summary")[-1]
mate = events(sys.argv[2], "pair_result")[-1]
name = sys.argv[3]
expected = {"won": "lost", "lost": "won", "team_finished": "team_finished"}[summary["result"]]
assert mate["result"] == expected, (summary["result"], mate)
assert summary["mate"]["name"] == name and abs(summary["mate"]["distance_m"] - mate["distance_m"]) <= 0.1, (summary["mate"], mate)
print(f"ok   {name} {mate['result']} the race against materun's host, which says {summary['result']}")
PY
}

check_group scripts/nats-peer.py "Python peer"
check_pair scripts/nats-peer.py "Python mate"
python3 scripts/nats-py-peer.py example || { echo "FAIL section 12.7's example does not check"; exit 1; }
check_group scripts/nats-py-peer.py "nats-py peer"
check_pair scripts/nats-py-peer.py "nats-py mate"
