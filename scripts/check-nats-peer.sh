#!/usr/bin/env bash
# Checks PROTOCOL.md against materun through a real nats-server: scripts/nats-peer.py (written
# from the document alone, over a raw socket) joins a group that `materun group create` runs
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

MATERUN_DATA_DIR="$work/data" "$materun" group create Scenarios/race-fast-5k.json --via "$via" --mode race \
  --goal 0.5 --speed 20 --start-when 2 --json </dev/null >"$work/creator.out" 2>"$work/creator.err" &
creator=$!
pids+=($creator)
code=""
for _ in $(seq 1 100); do
  code=$(head -n 1 "$work/creator.out" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' 2>/dev/null || true)
  [ -n "$code" ] && break
  sleep 0.1
done
[ -n "$code" ] || { echo "FAIL no listening line from materun"; cat "$work/creator.err"; exit 1; }

timeout 120 python3 scripts/nats-peer.py group --via "$via" --code "$code" --name "Python peer" --mps 3.0 >"$work/peer.out" \
  || { echo "FAIL the Python peer did not get the result"; cat "$work/peer.out" "$work/creator.err"; exit 1; }
timeout 60 tail --pid="$creator" -f /dev/null || { echo "FAIL materun did not finish"; exit 1; }
wait "$creator" || { echo "FAIL materun exited with $?"; cat "$work/creator.err"; exit 1; }
python3 - "$work/creator.out" "$work/peer.out" <<'PY'
import json, sys
def events(path, kind):
    return [e for e in (json.loads(l) for l in open(path) if l.startswith("{")) if e.get("type") == kind]
summary = events(sys.argv[1], "summary")[-1]
peer = events(sys.argv[2], "result")[-1]
group = summary["group"]
names = [r["name"] for r in group["results"]]
assert group["runners"] == 2 and peer["runners"] == 2, (group, peer)
assert group["dropped"] == 0 and peer["dropped"] == 0, (group, peer)  # nobody forged anything here
assert "Python peer" in names and names == peer["names"], (names, peer)
print(f"ok   Python peer placed {peer['place']} of 2; materun's table: {names}")
PY

# The pair: the Python mate joins materun's host through the same server.
MATERUN_DATA_DIR="$work/data" "$materun" host Scenarios/race-fast-5k.json --via "$via" --mode race --goal 0.5 \
  --speed 20 --json </dev/null >"$work/host.out" 2>"$work/host.err" &
host=$!
pids+=($host)
code=""
for _ in $(seq 1 100); do
  code=$(head -n 1 "$work/host.out" 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["code"])' 2>/dev/null || true)
  [ -n "$code" ] && break
  sleep 0.1
done
[ -n "$code" ] || { echo "FAIL no listening line from materun host"; cat "$work/host.err"; exit 1; }
timeout 120 python3 scripts/nats-peer.py pair --via "$via" --code "$code" --name "Python mate" --mps 3.0 >"$work/mate.out" \
  || { echo "FAIL the Python mate did not finish the pair"; cat "$work/mate.out" "$work/host.err"; exit 1; }
timeout 60 tail --pid="$host" -f /dev/null || { echo "FAIL materun host did not finish"; exit 1; }
wait "$host" || { echo "FAIL materun host exited with $?"; cat "$work/host.err"; exit 1; }
python3 - "$work/host.out" "$work/mate.out" <<'PY'
import json, sys
def events(path, kind):
    return [e for e in (json.loads(l) for l in open(path) if l.startswith("{")) if e.get("type") == kind]
summary = events(sys.argv[1], "summary")[-1]
mate = events(sys.argv[2], "pair_result")[-1]
expected = {"won": "lost", "lost": "won", "team_finished": "team_finished"}[summary["result"]]
assert mate["result"] == expected, (summary["result"], mate)
assert summary["mate"]["name"] == "Python mate" and abs(summary["mate"]["distance_m"] - mate["distance_m"]) <= 0.1, (summary["mate"], mate)
print(f"ok   Python mate {mate['result']} the race against materun's host, which says {summary['result']}")
PY
