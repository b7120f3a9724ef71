#!/usr/bin/env python3
"""A group runner written from PROTOCOL.md section 10 alone, over a raw socket (no NATS library).

Joins a materun group by its code, runs a steady simulated runner at the group's speed, reports
once a wall second, and prints the group's result as one JSON line: {"place":..,"runners":..}.
Exit status 0 when the result arrived and this runner is in it, 1 otherwise.

usage: scripts/nats-peer.py --via nats://HOST:PORT --code CODE [--name NAME] [--mps 3.2]
"""
import argparse, json, os, random, socket, string, sys, time
from urllib.parse import urlparse, unquote


class NATS:
    """The client side of the NATS text protocol: enough for PUB, SUB, MSG/HMSG and PING/PONG."""

    def __init__(self, url):
        parsed = urlparse(url)
        if parsed.scheme != "nats":
            raise SystemExit("only nats:// URLs")
        self.sock = socket.create_connection((parsed.hostname, parsed.port or 4222), timeout=30)
        self.buffer = b""
        self.sid = 0
        info = self.line()
        if not info.startswith(b"INFO "):
            raise SystemExit("no INFO from the server")
        connect = {"verbose": False, "pedantic": False, "headers": True, "no_responders": True,
                   "protocol": 1, "lang": "python", "name": "nats-peer.py"}
        if parsed.username and parsed.password is not None:
            connect.update(user=unquote(parsed.username), **{"pass": unquote(parsed.password)})
        elif parsed.username:
            connect["auth_token"] = unquote(parsed.username)
        self.send(b"CONNECT " + json.dumps(connect).encode() + b"\r\nPING\r\n")
        while True:
            line = self.line()
            if line == b"PONG":
                break
            if line.startswith(b"-ERR"):
                raise SystemExit("server refused: " + line.decode(errors="replace"))
            if line == b"PING":
                self.send(b"PONG\r\n")

    def send(self, data):
        self.sock.sendall(data)

    def fill(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise SystemExit("the server closed the connection")
        self.buffer += chunk

    def line(self):
        while b"\r\n" not in self.buffer:
            self.fill()
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line

    def exactly(self, size):
        while len(self.buffer) < size + 2:
            self.fill()
        data, self.buffer = self.buffer[:size], self.buffer[size + 2:]
        return data

    def subscribe(self, subject):
        self.sid += 1
        self.send(f"SUB {subject} {self.sid}\r\n".encode())
        return self.sid

    def publish(self, subject, payload, reply=None):
        data = json.dumps(payload, separators=(",", ":")).encode()
        head = f"PUB {subject} {reply + ' ' if reply else ''}{len(data)}\r\n".encode()
        self.send(head + data + b"\r\n")

    def next_message(self, deadline):
        """(subject, payload dict or None, status) of the next message; None at the deadline."""
        while time.time() < deadline:
            self.sock.settimeout(max(0.05, deadline - time.time()))
            try:
                line = self.line()
            except socket.timeout:
                return None
            if line == b"PING":
                self.send(b"PONG\r\n")
                continue
            if line.startswith(b"-ERR"):
                raise SystemExit("server error: " + line.decode(errors="replace"))
            parts = line.split()
            if not parts or parts[0] not in (b"MSG", b"HMSG"):
                continue
            if parts[0] == b"MSG":
                body = self.exactly(int(parts[-1]))
                status, data = None, body
            else:
                header_size, total = int(parts[-2]), int(parts[-1])
                body = self.exactly(total)
                head, data = body[:header_size], body[header_size:]
                status = head.split(b"\r\n", 1)[0][len(b"NATS/1.0"):].strip()[:3] or None
            try:
                payload = json.loads(data) if data else None
            except ValueError:
                payload = None
            return parts[1].decode(), payload, status
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--via", required=True)
    parser.add_argument("--code", required=True)
    parser.add_argument("--name", default="Py")
    parser.add_argument("--mps", type=float, default=3.2, help="the runner's speed in m/s of run time")
    parser.add_argument("--timeout", type=float, default=180)
    args = parser.parse_args()
    deadline = time.time() + args.timeout
    root = f"materun.group.{args.code}"
    nats = NATS(args.via)
    # Listen before joining, so that a start called by this very join is not missed.
    nats.subscribe(f"{root}.control")
    nats.subscribe(f"{root}.board")
    inbox = "_INBOX." + "".join(random.choice(string.ascii_letters) for _ in range(22))
    nats.subscribe(inbox + ".*")
    nats.publish(f"{root}.join", {"type": "join", "name": args.name}, reply=inbox + ".1")
    welcome = None
    while welcome is None:
        message = nats.next_message(deadline)
        if message is None:
            raise SystemExit("no answer to the join")
        subject, payload, status = message
        if subject.startswith(inbox):
            if status == b"503":
                raise SystemExit(f"no group with code {args.code}")
            if not payload or payload.get("type") != "welcome":
                raise SystemExit(f"refused: {payload}")
            welcome = payload
    me, key = welcome["id"], welcome["key"]
    goal, speed, team = welcome["goal_m"], welcome.get("speed") or 1.0, welcome["mode"] == "team"
    nats.subscribe(f"{root}.standing.{me}")
    print(json.dumps({"type": "joined", "id": me, "mode": welcome["mode"], "goal_m": goal}), flush=True)

    start_at, seq, finished, next_report, place = None, 0, False, 0.0, None
    while time.time() < deadline:
        now = time.time()
        if start_at is not None and now >= start_at and not finished and now >= next_report:
            elapsed = (now - start_at) * speed
            distance = args.mps * elapsed
            seq += 1
            if not team and distance >= goal:
                finished = True
                report = {"elapsed_s": round(goal / args.mps, 1), "distance_m": goal, "finished": True, "reached_goal": True}
            else:
                report = {"elapsed_s": round(elapsed, 1), "distance_m": round(distance, 1), "finished": False}
            nats.publish(f"{root}.report.{me}", {"type": "report", "key": key, "seq": seq, **report})
            next_report = now + 1
        message = nats.next_message(min(deadline, time.time() + 0.2))
        if message is None:
            continue
        subject, payload, _ = message
        if not payload:
            continue
        kind = payload.get("type")
        if kind == "start" and start_at is None:
            start_at = time.time() + float(payload["in_s"])
        elif kind == "stop" and not finished:
            finished = True
            elapsed = (time.time() - start_at) * speed
            seq += 1
            nats.publish(f"{root}.report.{me}", {"type": "report", "key": key, "seq": seq, "elapsed_s": round(elapsed, 1),
                                                  "distance_m": round(args.mps * elapsed, 1), "finished": True})
        elif kind == "refused" and payload.get("id") == me:
            raise SystemExit(f"refused: {payload.get('reason')}")
        elif kind == "standing":
            place = payload.get("place")
        elif kind == "board" and payload.get("phase") == "over":
            mine = [r for r in payload["results"] if r["id"] == me]
            print(json.dumps({"type": "result", "place": mine[0]["place"] if mine else None,
                              "runners": payload["runners"], "names": [r["name"] for r in payload["results"]]}), flush=True)
            return 0 if mine else 1
    raise SystemExit(f"no result before the timeout (last place {place})")


if __name__ == "__main__":
    sys.exit(main())
