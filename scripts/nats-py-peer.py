#!/usr/bin/env python3
"""A second, independent client of materun's NATS protocol, written from PROTOCOL.md alone.

It uses the official NATS client (nats-py) for the NATS side and PyNaCl for Ed25519, so that
the only thing it shares with materun is the document: sections 11 (group runs) and 12 (a mate
pair carried through NATS, with the mate protocol of sections 2-7 inside).

    nats-py-peer.py group --via URL --code W-S --name NAME --mps SPEED
        joins a group that `materun group create` runs, pretends to run at SPEED metres per
        second of run time, reports as section 11.4 says, and prints the result board it got
        as one JSON line: {"type":"result","place":...,"names":[...],...}

    nats-py-peer.py pair --via URL --code ROOM-SECRET --name NAME --mps SPEED
        dials `materun host --via` (section 12), runs the race or team run as the joiner of
        sections 4-6 and prints {"type":"pair_result","result":...,...}

    nats-py-peer.py example
        checks the keys, proofs and signatures of section 12.7's example.

Every wait is bounded: a peer that hears nothing gives up with exit status 1.
Not implemented (an honest example peer on a good link does not need them): the reconnect and
resume of section 7, and the plausibility checks of the mate's figures (section 6).
"""
import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import secrets
import string
import sys
import time

import nacl.exceptions
import nacl.signing
import nats

PROTOCOL_VERSION = 1
NO_RESPONDERS = "503"


# --- encodings shared by sections 11 and 12 -----------------------------------------------

def b64url(data: bytes) -> str:
    """base64url without padding (RFC 4648 section 5)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fingerprint(public_key: bytes) -> str:
    """The first 16 characters of the lowercase base32 of SHA-256 of the raw key: a group's
    watch code W, a runner's id, a pair's room (11.2, 12.2)."""
    return base64.b32encode(hashlib.sha256(public_key).digest()).decode().lower()[:16]


def verify(public_key: bytes, message: bytes, signature_text: str) -> bool:
    try:
        nacl.signing.VerifyKey(public_key).verify(message, unb64url(signature_text))
        return True
    except (nacl.exceptions.BadSignatureError, ValueError, TypeError):
        return False


def sign(key: nacl.signing.SigningKey, message: bytes) -> str:
    return b64url(key.sign(message).signature)


def header(msg, name: str):
    return (msg.headers or {}).get(name)


def is_no_responders(msg) -> bool:
    return header(msg, "Status") == NO_RESPONDERS and not msg.data


def compact(message: dict) -> bytes:
    """One JSON object as materun writes it: no spaces, type first (the caller's order)."""
    return json.dumps(message, separators=(",", ":")).encode()


def emit(line: dict):
    print(json.dumps(line), flush=True)


def fail(message: str):
    print(f"nats-py-peer: {message}", file=sys.stderr, flush=True)
    sys.exit(1)


class Mailbox:
    """Every message of some subscriptions, in arrival order, with the monotonic time it came."""

    def __init__(self):
        self.queue = asyncio.Queue()

    async def deliver(self, msg):
        await self.queue.put((time.monotonic(), msg))

    async def get(self, deadline: float):
        """The next message, or None once the monotonic deadline has passed."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            return await asyncio.wait_for(self.queue.get(), remaining)
        except asyncio.TimeoutError:
            return None


# --- section 11: a group runner -----------------------------------------------------------

class CoordinatorCheck:
    """Takes a coordinator's message only when its key is the group's, its signature holds and
    its seq is newer on its subject (11.3); everything else is dropped and counted."""

    def __init__(self, watch_code: str):
        self.watch_code = watch_code
        self.last_seq = {}
        self.dropped = 0

    def take(self, msg, check_seq=True):
        key_text, sig_text = header(msg, "Key"), header(msg, "Sig")
        try:
            key = unb64url(key_text or "")
            body = json.loads(msg.data)
        except ValueError:
            key, body = b"", None
        signed = msg.subject.encode() + b"\n" + msg.data
        if (len(key) != 32 or fingerprint(key) != self.watch_code or not sig_text
                or not verify(key, signed, sig_text) or not isinstance(body, dict)):
            self.dropped += 1
            return None
        seq = body.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            self.dropped += 1
            return None
        if check_seq:
            if seq <= self.last_seq.get(msg.subject, 0):
                self.dropped += 1
                return None
            self.last_seq[msg.subject] = seq
        return body


async def run_group(args) -> int:
    watch_code, _, secret = args.code.partition("-")
    if not secret:
        fail("group needs the join code W-S, not the watch code")
    base = f"materun.group.{watch_code}"
    key = nacl.signing.SigningKey.generate()
    key_text = b64url(key.verify_key.encode())
    my_id = fingerprint(key.verify_key.encode())
    check = CoordinatorCheck(watch_code)

    nc = await nats.connect(args.via, connect_timeout=5, max_reconnect_attempts=3)
    try:
        # 11.4: subscribe to control, board and our standing before joining.
        group = Mailbox()
        for subject in (f"{base}.control", f"{base}.board", f"{base}.standing.{my_id}"):
            await nc.subscribe(subject, cb=group.deliver)
        terms = await join_group(nc, base, watch_code, secret, key, key_text, my_id, args.name, check)
        result = await run_in_group(nc, base, key, my_id, terms, args.mps, group, check)
    finally:
        await nc.close()
    result["dropped"] = check.dropped
    emit(result)
    return 0


async def join_group(nc, base, watch_code, secret, key, key_text, my_id, name, check):
    """Requests on join (again every 2 s) until the coordinator's signed answer for us comes."""
    proof_input = f"join\n{watch_code}\n{key_text}\n{name}".encode()
    join_key = nacl.signing.SigningKey(hashlib.sha256(b"materun join key" + secret.encode()).digest())
    proof = sign(join_key, proof_input)
    payload = compact({"type": "join", "name": name, "key": key_text, "proof": proof})
    subject = f"{base}.join"
    headers = {"Sig": sign(key, subject.encode() + b"\n" + payload)}
    inbox = nc.new_inbox()
    answers = Mailbox()
    await nc.subscribe(inbox, cb=answers.deliver)

    give_up = time.monotonic() + 30
    no_responders_since = None
    while time.monotonic() < give_up:
        await nc.publish(subject, payload, reply=inbox, headers=headers)
        ask_again = time.monotonic() + 2
        while (item := await answers.get(min(ask_again, give_up))) is not None:
            msg = item[1]
            if is_no_responders(msg):
                # Anyone could forge it: believe it only when no signed answer follows in 3 s.
                no_responders_since = no_responders_since or time.monotonic()
                continue
            answer = check.take(msg, check_seq=False)
            if answer is None or answer.get("id") != my_id:
                continue  # not signed by the coordinator, or not for us
            if answer.get("type") == "welcome":
                return answer
            if answer.get("type") == "refused":
                fail(f"refused: {answer.get('reason')}")
            check.dropped += 1
        if no_responders_since and time.monotonic() - no_responders_since >= 3:
            fail(f"no group with the code {watch_code} on this server")
    fail("no answer to the join within 30 s")


async def run_in_group(nc, base, key, my_id, terms, mps, group, check):
    """Waits for the start, runs and reports, then waits for the result board."""
    mode, goal_m = terms["mode"], float(terms["goal_m"])
    speed = terms.get("speed") or 1.0  # null: no common clock; we run at speed 1 (11.4)
    report_subject = f"{base}.report.{my_id}"
    seq = 0

    async def send(message: dict):
        nonlocal seq
        seq += 1
        payload = compact({"type": message.pop("type"), "seq": seq, **message})
        signature = sign(key, report_subject.encode() + b"\n" + payload)
        await nc.publish(report_subject, payload, headers={"Sig": signature})

    last_board = None
    heard = time.monotonic()  # the last signed board or standing

    def take(item):
        """Checks one message of the group subjects; returns it when it counts."""
        nonlocal last_board, heard
        body = check.take(item[1])
        if body is None:
            return None
        if body.get("type") in ("board", "standing"):
            heard = time.monotonic()
        if body.get("type") == "board":
            last_board = body
        if body.get("type") == "refused" and body.get("id") == my_id:
            fail(f"refused by the coordinator: {body.get('reason')}")
        return body

    # The start: count in_s (at most 60) from its arrival. Give up after 20 s without a board.
    started_at = None
    while started_at is None:
        item = await group.get(heard + 20)
        if item is None:
            fail("no board for 20 s while waiting for the start")
        body = take(item)
        if body and body.get("type") == "start":
            started_at = item[0] + min(max(float(body.get("in_s", 0)), 0.0), 60.0)

    # The run: one report a wall second, and the finish (11.4).
    finish = None
    next_report = started_at + 1
    while finish is None:
        item = await group.get(min(next_report, started_at + 3600))
        if item is not None:
            body = take(item)
            if body and body.get("type") == "stop":  # team: the goal is reached
                run_s = max(0.0, (time.monotonic() - started_at) * speed)
                finish = {"elapsed_s": run_s, "distance_m": mps * run_s, "reached_goal": False}
            continue
        now = time.monotonic()
        if now >= started_at + 3600:
            fail("the run did not end within an hour")
        next_report = now + 1
        run_s = (now - started_at) * speed
        if mode == "race" and mps * run_s >= goal_m:
            # The finish carries the run time at which the goal was reached, not the time now.
            finish = {"elapsed_s": goal_m / mps, "distance_m": goal_m, "reached_goal": True}
        else:
            await send({"type": "report", "elapsed_s": round(run_s, 3),
                        "distance_m": round(mps * run_s, 3), "finished": False, "reached_goal": False})
            if now - heard > 20:
                fail("no board nor standing for 20 s while running")
    finish = {k: round(v, 3) if isinstance(v, float) else v for k, v in finish.items()}
    await send({"type": "report", "elapsed_s": finish["elapsed_s"], "distance_m": finish["distance_m"],
                "finished": True, "reached_goal": finish["reached_goal"]})

    # The result: the first board with phase "over". 20 s without a board or standing and we
    # show the last board we have (11.5).
    while last_board is None or last_board.get("phase") != "over":
        item = await group.get(heard + 20)
        if item is None:
            break
        take(item)
    if last_board is None:
        fail("no board at all")
    results = last_board.get("results", [])
    mine = next((r for r in results if r.get("id") == my_id), {})
    return {"type": "result", "id": my_id, "place": mine.get("place"), "over": last_board.get("phase") == "over",
            "mode": mode, "goal_m": goal_m, "elapsed_s": finish["elapsed_s"], "distance_m": finish["distance_m"],
            "runners": last_board.get("runners"), "total": last_board.get("total"),
            "names": [r.get("name") for r in results], "results": results}


# --- section 12: a carried connection -------------------------------------------------------

def dial_input(room, conn_id, joiner_key):
    return f"materun pair dial\n{room}\n{conn_id}\n{joiner_key}"


def answer_input(room, conn_id, joiner_key, proof, dial_sig, answer, reason):
    """What the host signs in its answer: bound to the dial as it was sent (12.4), every field
    empty for a probe."""
    return f"materun pair answer\n{room}\n{conn_id}\n{joiner_key}\n{proof}\n{dial_sig}\n{answer}\n{reason}"


def stream_input(subject, seq, close, payload: bytes) -> bytes:
    return f"materun pair stream\n{subject}\n{seq}\n{1 if close else 0}\n".encode() + payload


class CarriedConnection:
    """One connection of section 12.5 seen from the joiner: bytes up, signed; bytes down,
    checked, in order, split into the newline-delimited frames of section 1."""

    def __init__(self, nc, base, conn_id, key):
        self.nc, self.key = nc, key
        self.up = f"{base}.stream.{conn_id}.up"
        self.down = f"{base}.stream.{conn_id}.down"
        self.host_key = None  # from the dial's answer
        self.sent_seq = 0
        self.next_seq = 1
        self.buffer = b""
        self.frames = asyncio.Queue()  # JSON objects; None when the connection ended
        self.closed = False
        self.dropped = {"bad_signature": 0, "replayed": 0}

    async def send_frame(self, frame: dict):
        await self._publish(compact(frame) + b"\n", close=False)

    async def close(self):
        if not self.closed:
            self.closed = True
            await self._publish(b"", close=True)

    async def _publish(self, payload, close):
        self.sent_seq += 1
        headers = {"Seq": str(self.sent_seq)}
        if close:
            headers["Close"] = "1"
        headers["Sig"] = sign(self.key, stream_input(self.up, self.sent_seq, close, payload))
        await self.nc.publish(self.up, payload, headers=headers)

    async def receive(self, msg):
        """The down subject's callback: signature, then sequence (12.5)."""
        seq_text, close, sig = header(msg, "Seq"), header(msg, "Close"), header(msg, "Sig")
        well_formed = (self.host_key is not None and seq_text is not None and seq_text.isascii() and seq_text.isdigit()
                       and not seq_text.startswith("0") and close in (None, "1")
                       and not (close and msg.data) and sig is not None)
        if not well_formed or not verify(self.host_key, stream_input(self.down, seq_text, close, msg.data), sig):
            self.dropped["bad_signature"] += 1
            return
        seq = int(seq_text)
        if seq < self.next_seq:
            self.dropped["replayed"] += 1
            return
        if seq > self.next_seq or close:
            # A signed gap means messages were really lost; a Close ends the connection.
            self.next_seq = seq + 1
            await self.frames.put(None)
            return
        self.next_seq += 1
        self.buffer += msg.data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            line = line.rstrip(b"\r")
            if not line.strip():
                continue
            try:
                frame = json.loads(line)
            except ValueError:
                frame = None
            if not isinstance(frame, dict):
                print("nats-py-peer: a frame from the host is not a JSON object (bad_frame)", file=sys.stderr)
                frame = None
            await self.frames.put(frame)

    async def next_frame(self, deadline):
        """The next frame; None at the end of the connection; "timeout" at the deadline."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return "timeout"
        try:
            return await asyncio.wait_for(self.frames.get(), remaining)
        except asyncio.TimeoutError:
            return "timeout"


async def request_host(nc, dial_subject, room, conn_id, joiner_key, headers, expected):
    """Publishes one probe or dial and returns the host's signed answer (12.3)."""
    inbox = nc.new_inbox()
    answers = Mailbox()
    sub = await nc.subscribe(inbox, cb=answers.deliver)
    bad = 0
    try:
        await nc.publish(dial_subject, b"", reply=inbox, headers=headers)
        deadline = time.monotonic() + 5  # the connect timeout
        while (item := await answers.get(deadline)) is not None:
            msg = item[1]
            if is_no_responders(msg):
                deadline = min(deadline, time.monotonic() + 1)  # believed if nothing signed follows in 1 s
                continue
            answer, key_text, reason = header(msg, "Answer"), header(msg, "Key") or "", header(msg, "Reason") or ""
            try:
                key = unb64url(key_text)
            except ValueError:
                key = b""
            dial = dict(headers or {})
            signed = answer_input(room, conn_id, joiner_key, dial.get("Proof", ""), dial.get("Sig", ""), answer,
                                  reason if answer == "refused" else "").encode()
            if (answer in expected and len(key) == 32 and fingerprint(key) == room
                    and verify(key, signed, header(msg, "Sig") or "")):
                return answer, reason, key, bad
            bad += 1
        return None, "", None, bad
    finally:
        await sub.unsubscribe()


async def run_pair(args) -> int:
    room, _, secret = args.code.partition("-")
    base = f"materun.pair.{room}"
    key = nacl.signing.SigningKey.generate()
    joiner_key = b64url(key.verify_key.encode())

    nc = await nats.connect(args.via, connect_timeout=5, max_reconnect_attempts=3)
    try:
        answer, _, _, bad = await request_host(nc, f"{base}.dial", room, "", "", None, {"served"})
        if answer != "served":
            fail(f"no host with code {args.code}")

        conn_id = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(16))
        link = CarriedConnection(nc, base, conn_id, key)
        link.dropped["bad_signature"] += bad
        await nc.subscribe(link.down, cb=link.receive)  # before dialling (12.3)
        proof_input = dial_input(room, conn_id, joiner_key)
        proof = b64url(hmac.new(secret.encode(), proof_input.encode(), hashlib.sha256).digest())
        headers = {"Id": conn_id, "Key": joiner_key, "Proof": proof,
                   "Sig": sign(key, f"{proof_input}\n{proof}".encode())}
        dialled_at = time.monotonic()
        answer, reason, host_key, bad = await request_host(
            nc, f"{base}.dial", room, conn_id, joiner_key, headers, {"ok", "refused"})
        link.dropped["bad_signature"] += bad
        if answer != "ok":
            fail(f"the host refused the dial: {reason}" if answer else "no signed answer to the dial in 5 s")
        link.host_key = host_key

        result = await Joiner(link, args.name, room, args.mps).run(dialled_at)
        await link.close()
        await nc.flush(timeout=2)
    finally:
        await nc.close()
    result["nats_dropped"] = link.dropped
    emit(result)
    return 0


# --- sections 4-6: the joiner's side of the mate protocol ------------------------------------

class Joiner:
    def __init__(self, link: CarriedConnection, name, room, mps):
        self.link, self.name, self.room, self.mps = link, name, room, mps
        self.seq = 0              # our progress/state counter
        self.mate_seq = 0         # the highest seq taken from the host
        self.last_sent = time.monotonic()
        self.mate = {"name": None, "distance_m": 0.0, "elapsed_s": 0.0}
        self.mate_finish = None   # the host's state finished
        self.mate_gone = None     # "mate_cancelled" or "mate_lost"
        self.finish = None        # our own state finished

    async def send(self, frame):
        self.last_sent = time.monotonic()
        await self.link.send_frame(frame)

    async def send_counted(self, frame):
        self.seq += 1
        await self.send({"type": frame.pop("type"), "seq": self.seq, **frame})

    async def expect(self, deadline, *types):
        """Handshake frames: skips heartbeats and unknown types, answers pings."""
        while True:
            frame = await self.link.next_frame(deadline)
            if frame == "timeout" or frame is None:
                fail("the handshake did not end within 5 s" if frame else "the host closed during the handshake")
            kind = frame.get("type")
            if kind in types:
                return frame
            if kind == "ping":
                await self.send({"type": "pong", "id": frame["id"]})
            elif kind in ("refused", "bye"):
                fail(f"{kind}: {frame.get('reason')}: {frame.get('message')}")

    async def run(self, dialled_at):
        # Section 4: hello, welcome, terms, accept, pings, start; 5 s from the dial.
        deadline = dialled_at + 5
        await self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": self.name, "code": self.room})
        welcome = await self.expect(deadline, "welcome")
        self.mate["name"] = welcome["name"]
        terms = await self.expect(deadline, "terms")
        await self.send({"type": "accept"})
        start = await self.expect(deadline, "start")
        self.mode, self.goal_m = terms["mode"], float(terms["goal_m"])
        self.speed = terms.get("speed") or 1.0  # null: as fast as we like; we keep wall time
        started_at = time.monotonic() + start["in_ms"] / 1000  # section 5

        outcome = await self.running(started_at)
        mine = self.finish or {}
        return {"type": "pair_result", "result": outcome, "winner": self.winner(), "mode": self.mode,
                "goal_m": self.goal_m, "name": self.name, "elapsed_s": mine.get("elapsed_s"),
                "distance_m": mine.get("distance_m"), "reached_goal": mine.get("reached_goal"),
                "mate": dict(self.mate, finish=self.mate_finish)}

    def run_time(self, started_at):
        return max(0.0, (time.monotonic() - started_at) * self.speed)

    async def running(self, started_at):
        """Section 6 as the joiner: progress once a run second, heartbeats after 1 s of silence,
        the race and team finishes, and bye once both finishes are known."""
        goal_time = self.goal_m / self.mps   # our run time at the goal
        sent_second = 0
        heard = time.monotonic()
        give_up = started_at + 3600
        while time.monotonic() < give_up:
            frame = await self.link.next_frame(time.monotonic() + 0.05)
            now = time.monotonic()
            if frame is None:
                self.mate_gone = self.mate_gone or "mate_lost"  # closed without its bye
            elif frame != "timeout":
                heard = now
                await self.handle(frame)
            if now - heard > 10:
                self.mate_gone = self.mate_gone or "mate_lost"
            if self.mate_gone and not (self.finish and self.mate_finish):
                return self.mate_gone

            t = self.run_time(started_at)
            if self.finish is None and now >= started_at:
                mate_done = self.mate_finish and self.mate_finish.get("reached_goal")
                if self.mode == "race" and t >= goal_time:
                    await self.finish_run(goal_time, self.goal_m, True)
                elif self.mode == "race" and mate_done and t >= self.mate_finish["elapsed_s"]:
                    # The mate won the race at run time T: we end when our run time reaches T.
                    await self.finish_run(t, self.mps * t, False)
                elif self.mode == "team" and mate_done:
                    # The mate saw the team's goal first: we finish at once, without a goal of our own.
                    await self.finish_run(t, self.mps * t, False)
                elif self.mode == "team" and self.mps * t + self.mate["distance_m"] >= self.goal_m:
                    await self.finish_run(t, self.mps * t, True)
                elif int(t) > sent_second:
                    sent_second = int(t)
                    d = self.mps * sent_second
                    await self.send_counted({"type": "progress", "elapsed_s": sent_second, "moving_s": sent_second,
                                             "distance_m": round(d, 3), "kcal": round(d * 0.065, 3),
                                             "paused": False})
            if self.finish and self.mate_finish:
                await self.send({"type": "bye", "reason": "finished", "message": self.describe()})
                await self.drain_bye()
                return self.result()
            if self.finish and now - heard > 5:
                self.mate_gone = "mate_lost"  # silent for 5 s after our finish
            if now - self.last_sent >= 1:
                await self.send({"type": "heartbeat", **({"seq": self.seq} if self.seq else {})})
        fail("the run did not end within an hour")

    async def handle(self, frame):
        kind = frame.get("type")
        if kind == "ping":
            await self.send({"type": "pong", "id": frame["id"]})
        elif kind in ("progress", "state"):
            if frame["seq"] <= self.mate_seq:
                return  # counted already
            self.mate_seq = frame["seq"]
            if kind == "progress":
                self.mate.update(distance_m=frame["distance_m"], elapsed_s=frame["elapsed_s"])
            elif frame["state"] == "finished":
                self.mate_finish = frame
                self.mate.update(distance_m=frame["distance_m"], elapsed_s=frame["elapsed_s"])
            elif frame["state"] == "cancelled":
                self.mate_gone = "mate_cancelled"
        elif kind == "bye" and not self.mate_finish:
            self.mate_gone = "mate_cancelled" if frame.get("reason") == "cancelled" else "mate_lost"
            print(f"nats-py-peer: host said bye: {frame.get('reason')}: {frame.get('message')}", file=sys.stderr)

    async def finish_run(self, elapsed_s, distance_m, reached_goal):
        # The newest snapshot always goes out before a state (section 6).
        elapsed_s, distance_m = round(elapsed_s, 3), round(distance_m, 3)
        await self.send_counted({"type": "progress", "elapsed_s": elapsed_s, "moving_s": elapsed_s,
                                 "distance_m": distance_m, "kcal": round(distance_m * 0.065, 3), "paused": False})
        self.finish = {"elapsed_s": elapsed_s, "distance_m": distance_m, "reached_goal": reached_goal}
        await self.send_counted({"type": "state", "state": "finished", **self.finish})

    async def drain_bye(self):
        """Reads what the host still sends (its bye and Close), for at most 2 s."""
        deadline = time.monotonic() + 2
        while (frame := await self.link.next_frame(deadline)) not in (None, "timeout"):
            if frame.get("type") == "bye":
                return

    def winner(self):
        """Race: the one at the goal with the smaller run time (equal to the ms: the host)."""
        if self.mode != "race" or not (self.finish and self.mate_finish):
            return None
        host, joiner = self.mate_finish, self.finish
        if host["reached_goal"] != joiner["reached_goal"]:
            return "host" if host["reached_goal"] else "joiner"
        if not host["reached_goal"]:
            return None
        return "joiner" if round(joiner["elapsed_s"] * 1000) < round(host["elapsed_s"] * 1000) else "host"

    def result(self):
        if self.mode == "team":
            return "team_finished"
        return {"joiner": "won", "host": "lost"}.get(self.winner(), "solo_finished")

    def describe(self):
        winner = self.winner()
        return {"joiner": f"{self.name} won", "host": f"{self.mate['name']} won"}.get(winner, "finished")


# --- the example of section 12.7 -------------------------------------------------------------

def check_example() -> int:
    """Recomputes section 12.7's keys, room, proof and signatures from its seeds."""
    host = nacl.signing.SigningKey(bytes(range(1, 33)))
    joiner = nacl.signing.SigningKey(bytes(range(33, 65)))
    room, secret, conn_id = "mw3am46w5weex4a4", "h5st7vx2yzn3", "A1b2C3d4E5f6G7h8"
    host_key, joiner_key = b64url(host.verify_key.encode()), b64url(joiner.verify_key.encode())
    proof = b64url(hmac.new(secret.encode(), dial_input(room, conn_id, joiner_key).encode(), hashlib.sha256).digest())
    base = f"materun.pair.{room}"
    hello = b'{"type":"hello","version":1,"name":"Jisoo","code":"mw3am46w5weex4a4"}\n'
    welcome = b'{"type":"welcome","session_id":"7f3a9c1e","name":"Hana","resumed":false}\n'
    checks = {
        "room": (fingerprint(host.verify_key.encode()), room),
        "host key": (host_key, "ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ"),
        "joiner key": (joiner_key, "5_FioQvsVZr-oZXk3OhLaVaNXSywlj60RsBoXisX8vA"),
        "proof": (proof, "VVTWLN5E7QJ1lHKn6OgeXTKYCSdyd_A0q43VWOEJwDY"),
        "dial Sig": (sign(joiner, f"{dial_input(room, conn_id, joiner_key)}\n{proof}".encode()),
                     "mD4XN2FmkKmeydjIFoumw0VNIcL34MLuwhUR3qDduOKDzbEk7qCkmnp62WgdHTaE0LHJaJdMMyfZ6EDdIZ5PDg"),
        "served Sig": (sign(host, answer_input(room, "", "", "", "", "served", "").encode()),
                       "Bv2X2gwVO8sxcz4MfyDKIN-H_9OPBHasbaUoKyHsKG3G2cGjP2R3GlnRf5IkXJ8mzt-6udL8Uv5jWhcQ2mCNDw"),
        "ok Sig": (sign(host, answer_input(room, conn_id, joiner_key, proof,
                                           sign(joiner, f"{dial_input(room, conn_id, joiner_key)}\n{proof}".encode()), "ok", "").encode()),
                   "gy99nR8cbulHqJSr8mFs5XUQW19iaPKK4ANlNtfTdQnAkR4MDJ9IYJRp1x87ejBZFDofTc0mOhFJhpRdFNNRAw"),
        "hello Sig": (sign(joiner, stream_input(f"{base}.stream.{conn_id}.up", 1, False, hello)),
                      "UM4plzcjImpa2E-Cwd_lGKlKtbbMaXj-Nc1vOeVEtaoItKXDu5v_Tp5DpfLRUs8zCktlzgqsK6qZ3g2coG3lBA"),
        "welcome Sig": (sign(host, stream_input(f"{base}.stream.{conn_id}.down", 1, False, welcome)),
                        "GKXKeBvoKA3KhqkFrQ9FYuTWeiBn5DZ71W4n8e6Lh08OFVn23am9ye-0BV7S5ql6pGZQEGfuXxgLT-j9PfQcDg"),
        "Close Sig": (sign(joiner, stream_input(f"{base}.stream.{conn_id}.up", 42, True, b"")),
                      "JMepaNLRtu9QXkLE9su4lt7nlO1WY1DUhQJekAGgM-TLpLar-3LmgeTvIRBo1B-NI5ypcgr0fh54HPB7CqKkCQ"),
    }
    bad = [name for name, (got, want) in checks.items() if got != want]
    for name in bad:
        print(f"section 12.7: {name}: computed {checks[name][0]}, the document has {checks[name][1]}", file=sys.stderr)
    print(f"{'FAIL' if bad else 'ok  '} section 12.7: {len(checks) - len(bad)} of {len(checks)} values match")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    for mode in ("group", "pair"):
        p = modes.add_parser(mode)
        p.add_argument("--via", required=True, help="the NATS server, nats://HOST:PORT")
        p.add_argument("--code", required=True, help="group: the join code W-S; pair: ROOM-SECRET")
        p.add_argument("--name", required=True)
        p.add_argument("--mps", type=float, required=True, help="metres per second of run time")
    modes.add_parser("example")
    args = parser.parse_args()
    if args.mode == "example":
        return check_example()
    if args.mps <= 0 or args.mps > 12.5:
        parser.error("--mps must be in (0, 12.5], the fastest the coordinator and host believe")
    return asyncio.run(run_group(args) if args.mode == "group" else run_pair(args))


if __name__ == "__main__":
    sys.exit(main())
