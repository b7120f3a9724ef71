#!/usr/bin/env python3
"""A materun peer written from PROTOCOL.md alone, over a raw socket (no NATS library).

group: joins a materun group by its join code (section 11) with an Ed25519 key of its own (PyNaCl,
which the `nkeys` package brings), runs a steady simulated runner at the group's speed, reports
once a wall second, signed, takes only what the coordinator signed, and prints the group's result
as one JSON line {"type":"result","place":..,"runners":..,"dropped":..}. Exit 0 when the result
arrived and this runner is in it.

pair: joins a `materun host --via` as its mate (sections 2-7 carried as in section 12): a dial
that proves the code's secret, signed with a key of its own; the host's signed answer checked
against the room; then, every message signed and checked both ways, hello, terms, accept, pongs,
the agreed start, progress once a wall second, the finish and bye; prints
{"type":"pair_result","result":"won"|"lost"|"team_finished",...,"nats_dropped":{...}}.
Exit 0 when the pair finished. Needs PyNaCl (pip install nkeys brings it).

usage: scripts/nats-peer.py group|pair --via nats://HOST:PORT --code CODE [--name NAME] [--mps 3.2]
"""
import argparse, base64, hashlib, hmac, json, os, random, socket, string, sys, time
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
        data = payload if isinstance(payload, bytes) else json.dumps(payload, separators=(",", ":")).encode()
        head = f"PUB {subject} {reply + ' ' if reply else ''}{len(data)}\r\n".encode()
        self.send(head + data + b"\r\n")

    def publish_with_headers(self, subject, headers, data, reply=None):
        block = b"NATS/1.0\r\n" + b"".join(f"{k}: {v}\r\n".encode() for k, v in headers) + b"\r\n"
        head = f"HPUB {subject} {reply + ' ' if reply else ''}{len(block)} {len(block) + len(data)}\r\n"
        self.send(head.encode() + block + data + b"\r\n")

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
            headers = {}
            if parts[0] == b"MSG":
                body = self.exactly(int(parts[-1]))
                status, data = None, body
            else:
                header_size, total = int(parts[-2]), int(parts[-1])
                body = self.exactly(total)
                head, data = body[:header_size], body[header_size:]
                lines = head.split(b"\r\n")
                status = lines[0][len(b"NATS/1.0"):].strip()[:3] or None
                for field in lines[1:]:
                    if b":" in field:
                        name, value = field.split(b":", 1)
                        headers[name.strip().decode().lower()] = value.strip().decode()
            self.last_raw, self.last_headers = data, headers
            try:
                payload = json.loads(data) if data else None
            except ValueError:
                payload = None
            return parts[1].decode(), payload, status
        return None


class PairSigning:
    """Section 12.4's signing inputs and texts: Ed25519 through PyNaCl (what `pip install nkeys`
    brings), HMAC-SHA-256 and SHA-256 from the standard library."""

    def __init__(self, room, secret):
        from nacl.signing import SigningKey
        self.room, self.secret = room, secret
        self.key = SigningKey.generate()
        self.key_text = self.text(bytes(self.key.verify_key))

    @staticmethod
    def text(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    @staticmethod
    def raw(text):
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

    @staticmethod
    def fingerprint(raw_key):
        return base64.b32encode(hashlib.sha256(raw_key).digest()).decode().lower()[:16]

    def dial_headers(self, conn):
        proof_input = f"materun pair dial\n{self.room}\n{conn}\n{self.key_text}".encode()
        proof = self.text(hmac.new(self.secret.encode(), proof_input, hashlib.sha256).digest())
        sig = self.key.sign(proof_input + f"\n{proof}".encode()).signature
        return [("Id", conn), ("Key", self.key_text), ("Proof", proof), ("Sig", self.text(sig))]

    def host_key(self, headers, conn):
        """The host's key when `headers` is its answer to dial `conn`, signed by the key of the
        room's fingerprint; else None."""
        from nacl.signing import VerifyKey
        try:
            raw_key = self.raw(headers["key"])
            if self.fingerprint(raw_key) != self.room:
                return None
            # The answer is bound to the dial as it was sent (12.4): its id, key, proof and signature.
            dial = dict(self.dial_headers(conn))
            answer_input = (f"materun pair answer\n{self.room}\n{conn}\n{self.key_text}\n{dial['Proof']}\n{dial['Sig']}\n"
                            f"{headers['answer']}\n{headers.get('reason', '')}").encode()
            VerifyKey(raw_key).verify(answer_input, self.raw(headers["sig"]))
            return VerifyKey(raw_key)
        except Exception:
            return None

    def stream_sig(self, subject, seq, close, payload):
        return self.text(self.key.sign(f"materun pair stream\n{subject}\n{seq}\n{1 if close else 0}\n".encode() + payload).signature)

    @staticmethod
    def stream_signed(host_key, subject, seq, close, payload, sig):
        try:
            host_key.verify(f"materun pair stream\n{subject}\n{seq}\n{1 if close else 0}\n".encode() + payload, PairSigning.raw(sig))
            return True
        except Exception:
            return False


def pair(args):
    """Section 12: a signed dial into the host's room, a carried connection, sections 4-6 over it."""
    deadline = time.time() + args.timeout
    room_code, _, secret = args.code.lower().partition("-")
    if len(room_code) != 16 or len(secret) != 12:
        raise SystemExit("a code through NATS is ROOM-SECRET: 16 characters, a dash, 12 more")
    signing = PairSigning(room_code, secret)
    room = f"materun.pair.{room_code}"
    nats = NATS(args.via)
    inbox = "_INBOX." + "".join(random.choice(string.ascii_letters) for _ in range(22))
    nats.subscribe(inbox)
    conn = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(16))
    up, down = f"{room}.stream.{conn}.up", f"{room}.stream.{conn}.down"
    nats.subscribe(down)
    block = b"NATS/1.0\r\n" + b"".join(f"{k}: {v}\r\n".encode() for k, v in signing.dial_headers(conn)) + b"\r\n"
    nats.send(f"HPUB {room}.dial {inbox} {len(block)} {len(block)}\r\n".encode() + block + b"\r\n")
    sent_seq, received_seq, pending, host_key, no_responders_at = 0, 0, b"", None, None
    dropped = {"bad_signature": 0, "replayed": 0}

    def publish_signed(data, close=False):
        nonlocal sent_seq
        sent_seq += 1
        headers = [("Seq", sent_seq)] + ([("Close", "1")] if close else []) + [("Sig", signing.stream_sig(up, sent_seq, close, data))]
        nats.publish_with_headers(up, headers, data)

    def send(frame):
        publish_signed(json.dumps(frame, separators=(",", ":")).encode() + b"\n")

    def frames(until):
        """Mate frames from the host, in order, until `until` (a wall time); [] on a quiet wait.
        Only what the host signed counts: the rest is dropped and counted."""
        nonlocal received_seq, pending, host_key, no_responders_at
        if no_responders_at is not None and time.time() > no_responders_at + 1:
            raise SystemExit(f"no host with code {args.code}")
        message = nats.next_message(min(deadline, until))
        if message is None:
            return []
        subject, _, status = message
        headers = nats.last_headers
        if subject == inbox:
            if host_key is not None:
                return []
            if status == b"503":
                # Anyone who saw the dial can forge a 503: believed when no signed answer follows.
                no_responders_at = no_responders_at or time.time()
                return []
            key = signing.host_key(headers, conn) if "answer" in headers else None
            if key is None:
                dropped["bad_signature"] += 1
                return []
            if headers["answer"] != "ok":
                raise SystemExit(f"the host refused the connection ({headers.get('reason')})")
            host_key = key
            # Inside the carried stream the code is the room: the secret was proved at the dial.
            send({"type": "hello", "version": 1, "name": args.name, "code": room_code})
            return []
        close = "close" in headers
        seq_text = headers.get("seq", "")
        if host_key is None or not seq_text.isdigit() or not PairSigning.stream_signed(
                host_key, down, int(seq_text), close, nats.last_raw, headers.get("sig", "")):
            dropped["bad_signature"] += 1
            return []
        seq = int(seq_text)
        if seq <= received_seq:
            dropped["replayed"] += 1
            return []
        if seq > received_seq + 1:
            raise SystemExit("a carried message was lost")
        received_seq = seq
        if close:
            raise SystemExit("the host closed the connection")
        pending += nats.last_raw
        out = []
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if line.strip():
                out.append(json.loads(line))
        return out

    terms, start_at, mate_finish, own_finish, mate_name, seq = None, None, None, None, None, 0
    next_progress = 0.0
    while time.time() < deadline:
        now = time.time()
        if start_at is not None and now >= start_at and own_finish is None and now >= next_progress:
            speed = terms.get("speed") or 1.0
            elapsed = (now - start_at) * speed
            distance = args.mps * elapsed
            seq += 1
            if terms["mode"] == "race" and distance >= terms["goal_m"]:
                own_finish = {"reached_goal": True, "elapsed_s": round(terms["goal_m"] / args.mps, 3), "distance_m": terms["goal_m"]}
                send({"type": "state", "seq": seq, "state": "finished", **own_finish})
            else:
                send({"type": "progress", "seq": seq, "elapsed_s": round(elapsed, 3), "moving_s": round(elapsed, 3),
                      "distance_m": round(distance, 1), "kcal": 0, "paused": False})
            next_progress = now + 1
        for frame in frames(time.time() + 0.2):
            kind = frame.get("type")
            if kind == "refused":
                raise SystemExit(f"refused: {frame.get('message')}")
            elif kind == "welcome":
                mate_name = frame["name"]
            elif kind == "terms":
                terms = frame
                send({"type": "accept"})
            elif kind == "ping":
                send({"type": "pong", "id": frame["id"]})
            elif kind == "start":
                start_at = time.time() + frame["in_ms"] / 1000
            elif kind == "state" and frame.get("state") == "finished":
                mate_finish = frame
                if own_finish is None and start_at is not None:
                    # The host reached the goal first (race), or the team's goal (team): finish now.
                    elapsed = (time.time() - start_at) * (terms.get("speed") or 1.0)
                    seq += 1
                    own_finish = {"reached_goal": False, "elapsed_s": round(elapsed, 3), "distance_m": round(args.mps * elapsed, 1)}
                    send({"type": "state", "seq": seq, "state": "finished", **own_finish})
            elif kind == "bye":
                mate_finish = mate_finish or frame
        if own_finish is not None and mate_finish is not None:
            send({"type": "bye", "reason": "finished", "message": "run over"})
            publish_signed(b"", close=True)
            nats.send(b"PING\r\n")
            if terms["mode"] == "team":
                result = "team_finished"
            elif own_finish["reached_goal"] and (not mate_finish.get("reached_goal") or own_finish["elapsed_s"] < mate_finish["elapsed_s"]):
                result = "won"
            else:
                result = "lost"
            print(json.dumps({"type": "pair_result", "result": result, "mate": mate_name, "mode": terms["mode"],
                              "distance_m": own_finish["distance_m"], "elapsed_s": own_finish["elapsed_s"],
                              "nats_dropped": dropped}), flush=True)
            return 0
    raise SystemExit("the pair did not finish before the timeout")


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fingerprint(public_key):
    """Section 11.2: the first 16 characters of the lowercase base32 of SHA-256(key)."""
    return base64.b32encode(hashlib.sha256(public_key).digest()).decode().lower()[:16]


class CoordinatorCheck:
    """Section 11.3: a coordinator's message is signed by the key whose fingerprint is the watch
    code, for the subject it came on, and its seq is newer than the last one taken there."""

    def __init__(self, watch):
        self.watch, self.last, self.dropped = watch, {}, 0

    def accepts(self, subject, headers, data, payload):
        from nacl.signing import VerifyKey
        try:
            key = unb64url(headers["key"])
            if fingerprint(key) != self.watch:
                raise ValueError("not the coordinator's key")
            VerifyKey(key).verify(subject.encode() + b"\n" + data, unb64url(headers["sig"]))
            seq = payload["seq"]
            if not isinstance(seq, int) or seq <= self.last.get(subject, 0):
                raise ValueError("not newer")
        except Exception:
            self.dropped += 1
            return False
        self.last[subject] = seq
        return True


def group(args):
    """Section 11: join with a key of our own and the join code's proof, run, report signed."""
    from nacl.signing import SigningKey
    watch, _, secret = args.code.partition("-")
    if not secret:
        raise SystemExit("group needs the join code (W-S); a watch code only watches")
    deadline = time.time() + args.timeout
    root = f"materun.group.{watch}"
    key = SigningKey.generate()
    public = b64url(bytes(key.verify_key))
    me = fingerprint(bytes(key.verify_key))
    check = CoordinatorCheck(watch)
    nats = NATS(args.via)

    def signed(subject, payload):
        data = json.dumps(payload, separators=(",", ":")).encode()
        return data, [("Sig", b64url(key.sign(subject.encode() + b"\n" + data).signature))]

    # Listen before joining, so that a start called by this very join is not missed: our id is
    # our key's fingerprint, so our standing's subject is known before the join.
    nats.subscribe(f"{root}.control")
    nats.subscribe(f"{root}.board")
    nats.subscribe(f"{root}.standing.{me}")
    inbox = "_INBOX." + "".join(random.choice(string.ascii_letters) for _ in range(22))
    nats.subscribe(inbox)
    join_key = SigningKey(hashlib.sha256(b"materun join key" + secret.encode()).digest())
    proof = join_key.sign(f"join\n{watch}\n{public}\n{args.name}".encode()).signature
    join, join_headers = signed(f"{root}.join", {"type": "join", "name": args.name, "key": public, "proof": b64url(proof)})
    welcome, asked_at, no_responders_at = None, 0.0, None
    while welcome is None:
        if time.time() >= asked_at + 2:  # a coordinator under a flood drops joins: ask again
            nats.publish_with_headers(f"{root}.join", join_headers, join, reply=inbox)
            asked_at = time.time()
        if no_responders_at is not None and time.time() > no_responders_at + 3:
            raise SystemExit(f"no group with code {watch}")
        message = nats.next_message(min(deadline, time.time() + 0.5))
        if time.time() >= deadline:
            raise SystemExit("no answer to the join")
        if message is None:
            continue
        subject, payload, status = message
        if subject != inbox:
            continue
        if status == b"503":  # unsigned: only believed when no signed answer follows
            no_responders_at = no_responders_at or time.time()
            continue
        if not payload or payload.get("id") != me or not check.accepts(subject, nats.last_headers, nats.last_raw, payload):
            continue
        if payload.get("type") != "welcome":
            raise SystemExit(f"refused: {payload.get('reason')}")
        welcome = payload
    goal, speed, team = welcome["goal_m"], welcome.get("speed") or 1.0, welcome["mode"] == "team"
    print(json.dumps({"type": "joined", "id": me, "mode": welcome["mode"], "goal_m": goal}), flush=True)

    def report(fields):
        nonlocal seq
        seq += 1
        subject = f"{root}.report.{me}"
        data, headers = signed(subject, {"type": "report", "seq": seq, **fields})
        nats.publish_with_headers(subject, headers, data)

    start_at, seq, finished, next_report, place = None, 0, False, 0.0, None
    while time.time() < deadline:
        now = time.time()
        if start_at is not None and now >= start_at and not finished and now >= next_report:
            elapsed = (now - start_at) * speed
            distance = args.mps * elapsed
            if not team and distance >= goal:
                finished = True
                # The finish carries the run time at which the goal was reached.
                report({"elapsed_s": round(goal / args.mps, 1), "distance_m": goal, "finished": True, "reached_goal": True})
            else:
                report({"elapsed_s": round(elapsed, 1), "distance_m": round(distance, 1), "finished": False})
            next_report = now + 1
        message = nats.next_message(min(deadline, time.time() + 0.2))
        if message is None:
            continue
        subject, payload, _ = message
        if not payload or not check.accepts(subject, nats.last_headers, nats.last_raw, payload):
            continue
        kind = payload.get("type")
        if kind == "start" and start_at is None:
            start_at = time.time() + float(payload["in_s"])
        elif kind == "stop" and not finished and start_at is not None:
            finished = True
            elapsed = (time.time() - start_at) * speed
            report({"elapsed_s": round(elapsed, 1), "distance_m": round(args.mps * elapsed, 1), "finished": True})
        elif kind == "refused" and payload.get("id") == me:
            raise SystemExit(f"refused: {payload.get('reason')}")
        elif kind == "standing":
            place = payload.get("place")
        elif kind == "board" and payload.get("phase") == "over":
            mine = [r for r in payload["results"] if r["id"] == me]
            print(json.dumps({"type": "result", "place": mine[0]["place"] if mine else None, "runners": payload["runners"],
                              "names": [r["name"] for r in payload["results"]], "dropped": check.dropped}), flush=True)
            return 0 if mine else 1
    raise SystemExit(f"no result before the timeout (last place {place})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("role", choices=["group", "pair"])
    parser.add_argument("--via", required=True)
    parser.add_argument("--code", required=True, help="group: the join code (W-S); pair: the host's code")
    parser.add_argument("--name", default="Py")
    parser.add_argument("--mps", type=float, default=3.2, help="the runner's speed in m/s of run time")
    parser.add_argument("--timeout", type=float, default=180)
    args = parser.parse_args()
    return pair(args) if args.role == "pair" else group(args)

if __name__ == "__main__":
    sys.exit(main())
