#!/usr/bin/env python3
"""A client of materun's group service (`materun serve`), written from PROTOCOL.md section 11
alone (11.10 for the service, 11.1-11.9 for the group it coordinates).

It uses the official NATS client (nats-py) and PyNaCl for Ed25519, like nats-py-peer.py, and
plays the creator of a group through the service, and a forger of the messages the service
must refuse:

    service-peer.py create --via URL --name NAME --mps 3.0 --goal-m 500 [--speed 20]
                           [--start-when N | --start-at N] [--secret-file F]

1. asks the service for groups it must refuse (`max_runners` 20000, and 1001: materun's service
   takes at most 1,000) and checks that each answer is a `refused` one;
2. draws S, derives the join key, makes a starter key, asks `materun.service.groups.create`
   for the group and checks the answer as 11.10 says (the key's fingerprint is W, the signature
   holds over the create subject, `join_key` is its own);
3. reads the group's record in the `materun-groups` bucket and checks its envelope (and, with
   --secret-file, that the group key is the HMAC of the secret and the record's nonce);
4. publishes forged starts on `materun.group.W.start` (signed by another key, signed by the
   starter key for another subject, altered, unsigned) and checks that no start comes and the
   board stays `gathering`; joins its own group as a runner (11.4), checks its signed join in
   the group's state, forges a start again and checks again that nothing starts while alone;
5. prints {"type":"listening","code":"W-S","watch_code":"W"} and waits for the start: by
   `start_when` (--start-when N), or, with --start-at N, it publishes the real start signed by
   the starter key once the board counts N runners;
6. runs to the goal at NAME's pace (distance = mps x run time), reporting once a wall second,
   repeats its finish once a second until the result (11.10), and prints the result board as
   {"type":"result","results":[[place,name,status],...],...}, after checking the result kept
   on the server (11.9) and that the service deleted the group's record, state and lease.

Exit status 1 with a message on standard error when anything does not check. Every wait is
bounded.
"""
import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import re
import secrets
import string
import sys
import time

import nacl.exceptions
import nacl.signing
import nats
from nats.js.errors import KeyDeletedError, KeyNotFoundError, NotFoundError

CREATE_SUBJECT = "materun.service.groups.create"
NO_RESPONDERS = "503"
BASE32_LOWER = re.compile(r"^[a-z2-7]+$")


# --- encodings (11.2, 11.3) ----------------------------------------------------------------

def b64url(data: bytes) -> str:
    """base64url without padding (RFC 4648 section 5)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    if not isinstance(text, str) or "=" in text:
        raise ValueError("not base64url without padding")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fingerprint(public_key: bytes) -> str:
    """First 16 characters of the lowercase base32 of SHA-256 of the raw key (11.2)."""
    return base64.b32encode(hashlib.sha256(public_key).digest()).decode().lower()[:16]


def verify(public_key: bytes, message: bytes, signature_text) -> bool:
    try:
        nacl.signing.VerifyKey(public_key).verify(message, unb64url(signature_text))
        return True
    except (nacl.exceptions.BadSignatureError, ValueError, TypeError):
        return False


def sign(key: nacl.signing.SigningKey, message: bytes) -> str:
    return b64url(key.sign(message).signature)


def signing_input(subject: str, payload: bytes) -> bytes:
    """11.3: the subject's UTF-8 bytes, one line feed, the payload's bytes."""
    return subject.encode() + b"\n" + payload


def header(msg, name: str):
    return (msg.headers or {}).get(name)


def is_no_responders(msg) -> bool:
    return header(msg, "Status") == NO_RESPONDERS and not msg.data


def compact(message: dict) -> bytes:
    """One JSON object, no spaces, type first (the caller's order)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


def emit(line: dict):
    print(json.dumps(line), flush=True)


def note(text: str):
    print(f"service-peer: {text}", file=sys.stderr, flush=True)


def fail(text: str):
    note(f"FAIL: {text}")
    sys.exit(1)


class Mailbox:
    """Every message of some subscriptions, in arrival order, with the monotonic time it came."""

    def __init__(self):
        self.queue = asyncio.Queue()

    async def deliver(self, msg):
        await self.queue.put((time.monotonic(), msg))

    async def get(self, deadline: float):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            return await asyncio.wait_for(self.queue.get(), remaining)
        except asyncio.TimeoutError:
            return None


class CoordinatorCheck:
    """11.3: a coordinator message counts only when its Key's fingerprint is W, its Sig holds
    over its subject and payload, and its seq is newer on that subject."""

    def __init__(self, watch_code: str):
        self.watch_code = watch_code
        self.last_seq = {}
        self.dropped = 0

    def take(self, msg, check_seq=True, subject=None):
        try:
            key = unb64url(header(msg, "Key") or "")
            body = json.loads(msg.data)
        except ValueError:
            key, body = b"", None
        subject = subject or msg.subject
        if (len(key) != 32 or fingerprint(key) != self.watch_code
                or not verify(key, signing_input(subject, msg.data), header(msg, "Sig"))
                or not isinstance(body, dict)):
            self.dropped += 1
            return None
        seq = body.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            self.dropped += 1
            return None
        if check_seq:
            if seq <= self.last_seq.get(subject, 0):
                self.dropped += 1
                return None
            self.last_seq[subject] = seq
        return body


# --- 11.10: asking the service ---------------------------------------------------------------

async def ask_service(nc, payload: bytes, wanted, what: str, wait_s=5.0):
    """Requests on the create subject (unsigned, an inbox of our own as the reply-to) and
    returns the first answer `wanted(msg, body)` accepts; answers it does not take are noted.
    A 503 "no responders" is believed only when nothing else came within 3 s (11.1)."""
    inbox = nc.new_inbox()
    answers = Mailbox()
    sub = await nc.subscribe(inbox, cb=answers.deliver)
    try:
        await nc.publish(CREATE_SUBJECT, payload, reply=inbox)
        give_up = time.monotonic() + wait_s
        no_responders_since = None
        while True:
            deadline = give_up if no_responders_since is None else min(give_up, no_responders_since + 3)
            item = await answers.get(deadline)
            if item is None:
                if no_responders_since is not None:
                    fail(f"{what}: no group service answers on {CREATE_SUBJECT} (503 no responders)")
                fail(f"{what}: no answer from the group service within {wait_s:.0f} s")
            msg = item[1]
            if is_no_responders(msg):
                no_responders_since = no_responders_since or time.monotonic()
                continue
            try:
                body = json.loads(msg.data)
            except ValueError:
                body = None
            verdict = wanted(msg, body) if isinstance(body, dict) else "an answer that is not a JSON object"
            if verdict is True:
                return msg, body
            note(f"{what}: an answer not taken ({verdict}): {msg.data[:200]!r}")
    finally:
        await sub.unsubscribe()


def create_request(args, max_runners, join_pub, starter_pub) -> bytes:
    return compact({"type": "create", "mode": "race", "goal_m": args.goal_m, "speed": args.speed,
                    "start_when": args.start_when, "max_runners": max_runners,
                    "join_key": join_pub, "starter_key": starter_pub})


async def expect_refused(nc, args, max_runners, join_pub, starter_pub):
    """A create that the service must refuse: the answer is {"type":"refused","reason":...}."""
    def wanted(msg, body):
        if body.get("type") == "created":
            fail(f"the service created a group with max_runners {max_runners}: {msg.data!r}")
        if body.get("type") != "refused":
            return f"type {body.get('type')!r}"
        if not isinstance(body.get("reason"), str) or not body["reason"]:
            fail(f"a refused answer without a reason: {msg.data!r}")
        return True
    _, body = await ask_service(nc, create_request(args, max_runners, join_pub, starter_pub), wanted,
                                f"create with max_runners {max_runners}")
    print(f"ok   the service refuses max_runners {max_runners}: {body['reason']}", file=sys.stderr, flush=True)


async def create_group(nc, args, join_pub, starter_pub):
    """The real create: taken only when the Key's fingerprint is W, the Sig holds over the
    create subject and join_key is ours (11.10)."""
    def wanted(msg, body):
        if body.get("type") == "refused":
            fail(f"the service refused the group: {body.get('reason')!r}")
        if body.get("type") != "created":
            return f"type {body.get('type')!r}"
        watch = body.get("watch")
        if not isinstance(watch, str) or len(watch) != 16 or not BASE32_LOWER.match(watch):
            return f"watch {watch!r} is not a watch code"
        try:
            key = unb64url(header(msg, "Key") or "")
        except ValueError:
            return "Key is not base64url"
        if len(key) != 32 or fingerprint(key) != watch:
            return "the Key's fingerprint is not the watch code"
        if not verify(key, signing_input(CREATE_SUBJECT, msg.data), header(msg, "Sig")):
            return f"Sig does not hold over {CREATE_SUBJECT}"
        if body.get("join_key") != join_pub:
            return "join_key is not ours"
        return True
    msg, body = await ask_service(nc, create_request(args, args.max_runners, join_pub, starter_pub), wanted, "create")
    return body["watch"], header(msg, "Key")


# --- 11.10: what the server keeps --------------------------------------------------------------

def open_envelope(raw: bytes, subject: str, watch: str, group_key: str, what: str):
    """{"key","sig","value"}: signed by the group's key over SUBJECT, LF, the JSON (11.10)."""
    try:
        envelope = json.loads(raw)
        key = unb64url(envelope["key"])
        value = unb64url(envelope["value"])
        body = json.loads(value)
    except (ValueError, KeyError, TypeError) as error:
        fail(f"{what}: the envelope does not read ({error}): {raw[:200]!r}")
    if envelope["key"] != group_key or fingerprint(key) != watch:
        fail(f"{what}: the envelope's key is not the group's")
    if not verify(key, signing_input(subject, value), envelope.get("sig")):
        fail(f"{what}: the envelope's sig does not hold over {subject}, LF, the JSON")
    if not isinstance(body, dict):
        fail(f"{what}: the value is not a JSON object")
    return body


async def kv_get(kv, key: str, what: str, wait_s=3.0, check=lambda value: True):
    """The key's value, once it is there and `check` takes it (the service writes it as it goes)."""
    give_up = time.monotonic() + wait_s
    while True:
        try:
            entry = await kv.get(key)
            if entry.value is not None and check(entry.value):
                return entry.value
        except (KeyNotFoundError, KeyDeletedError, NotFoundError):
            pass
        if time.monotonic() >= give_up:
            fail(f"{what}: the bucket materun-groups has no (matching) key {key} after {wait_s:.0f} s")
        await asyncio.sleep(0.2)


def read_secret_candidates(path: str):
    """The doc says the secret is 32 bytes or more in a file, not how the file is read: the raw
    bytes, the bytes without a trailing newline, or the hex they spell."""
    raw = open(path, "rb").read()
    candidates = {"the file's bytes": raw}
    if raw.strip() != raw:
        candidates["the file's bytes without surrounding white space"] = raw.strip()
    try:
        candidates["the hex-decoded text"] = bytes.fromhex(raw.decode().strip())
    except ValueError:
        pass
    return candidates


async def check_record(kv, watch, group_key, args, join_pub, starter_pub):
    record = open_envelope(await kv_get(kv, watch, "record"), f"materun.group.{watch}.record", watch, group_key, "record")
    nonce = record.get("nonce")
    if not isinstance(nonce, str) or len(nonce) != 26 or not BASE32_LOWER.match(nonce):
        fail(f"record: nonce {nonce!r} is not 26 lowercase base32 characters")
    expected = {"mode": "race", "goal_m": args.goal_m, "speed": args.speed, "start_when": args.start_when,
                "max_runners": args.max_runners, "join_key": join_pub, "starter_key": starter_pub}
    wrong = {k: (record.get(k), v) for k, v in expected.items() if record.get(k) != v}
    if wrong:
        fail(f"record: fields differ from the request (got, asked): {wrong}")
    derived = ""
    if args.secret_file:
        matches = []
        for how, secret in read_secret_candidates(args.secret_file).items():
            seed = hmac.new(secret, b"materun group " + nonce.encode(), hashlib.sha256).digest()
            if b64url(nacl.signing.SigningKey(seed).verify_key.encode()) == group_key:
                matches.append(how)
        if not matches:
            fail("record: HMAC-SHA256(secret, 'materun group ' + nonce) is not the group key's seed "
                 "whichever way the secret file is read")
        derived = f"; the group key is HMAC-SHA256(secret, 'materun group ' + nonce) with the secret as {' or '.join(matches)}"
    print(f"ok   the record of {watch} is signed by the group key and holds what was asked{derived}",
          file=sys.stderr, flush=True)


async def check_state_has_join(kv, watch, group_key, join_payload: bytes, join_sig: str):
    subject = f"materun.group.{watch}.state"

    def has_join(raw):
        try:
            state = json.loads(unb64url(json.loads(raw)["value"]))
            return any(r.get("join") == b64url(join_payload) for r in state.get("runners", []))
        except (ValueError, KeyError, TypeError, AttributeError):
            return True  # let open_envelope say what is wrong
    state = open_envelope(await kv_get(kv, f"{watch}.state", "state", check=has_join), subject, watch, group_key, "state")
    for field in ("seq", "phase", "starts_at", "stopped", "runners"):
        if field not in state:
            fail(f"state: no field {field!r}: {sorted(state)}")
    mine = [r for r in state["runners"] if r.get("join") == b64url(join_payload)]
    if len(mine) != 1 or mine[0].get("join_sig") != join_sig:
        fail(f"state: our signed join is not there once with its Sig: {mine}")
    if mine[0].get("status") != "ready" or state["phase"] != "gathering":
        fail(f"state: phase {state['phase']!r}, our status {mine[0].get('status')!r} (want gathering, ready)")
    lease = await kv_get(kv, f"{watch}.lease", "lease")
    try:
        holder = lease.decode()
    except UnicodeDecodeError:
        holder = ""
    if not holder.strip():
        fail(f"lease: {lease!r} is not a holder's name")
    print(f"ok   the state holds our signed join (ready, gathering); the lease names {holder!r}",
          file=sys.stderr, flush=True)


async def check_group_deleted(kv, watch):
    """11.10, the end: the holder deletes W, W.state and W.lease."""
    give_up = time.monotonic() + 5
    left = None
    while time.monotonic() < give_up:
        left = []
        for key in (watch, f"{watch}.state", f"{watch}.lease"):
            try:
                await kv.get(key)
                left.append(key)
            except (KeyNotFoundError, KeyDeletedError, NotFoundError):
                pass
        if not left:
            print(f"ok   the service deleted {watch}, {watch}.state and {watch}.lease", file=sys.stderr, flush=True)
            return
        await asyncio.sleep(0.25)
    fail(f"the group is over but the bucket still holds {left}")


async def check_kept_result(nc, watch, over_msg):
    """11.9: a direct get of the key W in materun-results; the value's board is the result
    board's payload byte for byte, with its Key and Sig."""
    subject = f"$JS.API.DIRECT.GET.KV_materun-results.$KV.materun-results.{watch}"
    give_up = time.monotonic() + 5
    while True:
        try:
            answer = await nc.request(subject, b"", timeout=2)
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError) as error:
            answer, why = None, repr(error)
        if answer is not None and answer.data:
            break
        if answer is not None:
            why = f"status {header(answer, 'Status')}"
        if time.monotonic() >= give_up:
            fail(f"no result kept under {watch} in materun-results ({why})")
        await asyncio.sleep(0.25)
    try:
        kept = json.loads(answer.data)
        board = unb64url(kept["board"])
        key = unb64url(kept["key"])
    except (ValueError, KeyError, TypeError) as error:
        fail(f"the kept result does not read ({error}): {answer.data[:200]!r}")
    if len(key) != 32 or fingerprint(key) != watch:
        fail("the kept result's key is not the group's")
    if not verify(key, signing_input(f"materun.group.{watch}.board", board), kept.get("sig")):
        fail("the kept result's sig does not hold over the board subject")
    if board != over_msg.data or kept["key"] != header(over_msg, "Key") or kept["sig"] != header(over_msg, "Sig"):
        fail("the kept result is not the result board we received, byte for byte, with its Key and Sig")
    print("ok   the result kept on the server is the result board, signed, byte for byte", file=sys.stderr, flush=True)


# --- the creator: forging, joining, running ---------------------------------------------------

async def forge_starts(nc, watch, starter, label):
    """Starts the service must not take: only a Sig by the starter key over the start subject
    and {"type":"start"} starts a group (11.10)."""
    subject = f"materun.group.{watch}.start"
    payload = compact({"type": "start"})
    stranger = nacl.signing.SigningKey.generate()
    good = starter.sign(signing_input(subject, payload)).signature
    forgeries = [
        # signed by another key (which even names itself in a Key header)
        {"Sig": sign(stranger, signing_input(subject, payload)), "Key": b64url(stranger.verify_key.encode())},
        # the starter's signature, but for another subject
        {"Sig": sign(starter, signing_input(f"materun.group.{watch}.control", payload))},
        # the starter's own signature with one bit flipped
        {"Sig": b64url(bytes([good[0] ^ 1]) + good[1:])},
        None,  # no signature at all
    ]
    for headers in forgeries:
        await nc.publish(subject, payload, headers=headers)
    # the starter's signature over a start, carried by an altered payload
    altered = compact({"type": "start", "in_s": 0})
    await nc.publish(subject, altered, headers={"Sig": sign(starter, signing_input(subject, payload))})
    await nc.flush()
    note(f"{label}: published 5 forged starts on {subject}")


class Group:
    """Our subscriptions to the group's control, board and standing, checked as 11.3 says."""

    def __init__(self, watch, my_id):
        self.watch, self.my_id = watch, my_id
        self.check = CoordinatorCheck(watch)
        self.mailbox = Mailbox()
        self.last_board = None
        self.over_msg = None
        self.heard = time.monotonic()
        self.started_at = None

    async def subscribe(self, nc):
        base = f"materun.group.{self.watch}"
        for subject in (f"{base}.control", f"{base}.board", f"{base}.standing.{self.my_id}"):
            await nc.subscribe(subject, cb=self.mailbox.deliver)

    async def next(self, deadline):
        """The next message that counts (or None at the deadline), the board and start kept."""
        while (item := await self.mailbox.get(deadline)) is not None:
            arrived, msg = item
            body = self.check.take(msg)
            if body is None:
                continue
            kind = body.get("type")
            if kind in ("board", "standing"):
                self.heard = time.monotonic()
            if kind == "board":
                self.last_board = body
                if body.get("phase") == "over" and self.over_msg is None:
                    self.over_msg = msg
            if kind == "start" and self.started_at is None:
                in_s = body.get("in_s", 0)
                in_s = float(in_s) if isinstance(in_s, (int, float)) and not isinstance(in_s, bool) else 0.0
                self.started_at = arrived + min(max(in_s, 0.0), 60.0)
            if kind == "refused" and body.get("id") == self.my_id:
                fail(f"refused by the coordinator: {body.get('reason')}")
            return body
        return None

    async def expect_quiet(self, seconds, runners, label, after_seq=0):
        """For SECONDS: no start, and boards that say gathering with RUNNERS runners (boards
        numbered before AFTER_SEQ, e.g. queued while we joined, may say fewer: the coordinator
        numbers all its messages from one counter, 11.3)."""
        boards = 0
        deadline = time.monotonic() + seconds
        while (body := await self.next(deadline)) is not None:
            if body.get("type") == "start" or body.get("type") == "stop":
                fail(f"{label}: the group got a {body.get('type')} after forged starts: {body}")
            if body.get("type") == "board":
                if body["seq"] < after_seq and body.get("phase") == "gathering" and body.get("runners", 0) < runners:
                    continue
                boards += 1
                if body.get("phase") != "gathering" or body.get("runners") != runners:
                    fail(f"{label}: board phase {body.get('phase')!r} with {body.get('runners')} runners "
                         f"(want gathering, {runners})")
        if boards == 0:
            fail(f"{label}: no signed board in {seconds} s")
        print(f"ok   {label}: no start in {seconds} s, {boards} boards still gathering with {runners} runner(s)",
              file=sys.stderr, flush=True)


async def join(nc, watch, secret, key, name, group):
    """11.4: the signed join, asked again every 2 s, until our welcome comes."""
    key_text = b64url(key.verify_key.encode())
    join_key = nacl.signing.SigningKey(hashlib.sha256(b"materun join key" + secret.encode()).digest())
    proof = sign(join_key, f"join\n{watch}\n{key_text}\n{name}".encode())
    payload = compact({"type": "join", "name": name, "key": key_text, "proof": proof})
    subject = f"materun.group.{watch}.join"
    sig = sign(key, signing_input(subject, payload))
    inbox = nc.new_inbox()
    answers = Mailbox()
    await nc.subscribe(inbox, cb=answers.deliver)
    give_up = time.monotonic() + 30
    while time.monotonic() < give_up:
        await nc.publish(subject, payload, reply=inbox, headers={"Sig": sig})
        ask_again = time.monotonic() + 2
        while (item := await answers.get(min(ask_again, give_up))) is not None:
            msg = item[1]
            if is_no_responders(msg):
                continue
            answer = group.check.take(msg, check_seq=False)
            if answer is None or answer.get("id") != group.my_id:
                continue
            if answer.get("type") == "welcome":
                return answer, payload, sig
            if answer.get("type") == "refused":
                fail(f"our join was refused: {answer.get('reason')}")
    fail("no answer to our join within 30 s")


async def run_create(args) -> int:
    alphabet = string.ascii_lowercase + string.digits
    secret = "".join(secrets.choice(alphabet) for _ in range(12))
    join_key = nacl.signing.SigningKey(hashlib.sha256(b"materun join key" + secret.encode()).digest())
    join_pub = b64url(join_key.verify_key.encode())
    starter = nacl.signing.SigningKey.generate()
    starter_pub = b64url(starter.verify_key.encode())

    nc = await nats.connect(args.via, connect_timeout=5, max_reconnect_attempts=3)
    try:
        # (a) groups the service must refuse.
        await expect_refused(nc, args, 20000, join_pub, starter_pub)
        await expect_refused(nc, args, 1001, join_pub, starter_pub)

        watch, group_key = await create_group(nc, args, join_pub, starter_pub)
        print(f"ok   the service created {watch}: its key's fingerprint, its signature over the create "
              f"subject and our join_key check", file=sys.stderr, flush=True)
        kv = await nc.jetstream().key_value("materun-groups")
        await check_record(kv, watch, group_key, args, join_pub, starter_pub)

        key = nacl.signing.SigningKey.generate()
        group = Group(watch, fingerprint(key.verify_key.encode()))
        await group.subscribe(nc)

        # (b) forged starts, before we join and while we are alone.
        await forge_starts(nc, watch, starter, "nobody in")
        await group.expect_quiet(2.0, 0, "forged starts with nobody in")
        terms, join_payload, join_sig = await join(nc, watch, secret, key, args.name, group)
        if terms.get("mode") != "race" or terms.get("goal_m") != args.goal_m or terms.get("speed") != args.speed:
            fail(f"the welcome's terms are not those asked: {terms}")
        await check_state_has_join(kv, watch, group_key, join_payload, join_sig)
        await forge_starts(nc, watch, starter, "alone")
        await group.expect_quiet(2.0, 1, "forged starts while alone", after_seq=terms["seq"])

        emit({"type": "listening", "code": f"{watch}-{secret}", "watch_code": watch})

        await wait_for_start(nc, args, watch, starter, group)
        finish = await run(nc, watch, key, group, terms, args.mps)
        await wait_for_result(nc, watch, key, group, finish)

        board = group.last_board
        await check_kept_result(nc, watch, group.over_msg)
        await check_group_deleted(kv, watch)
    finally:
        await nc.close()
    emit({"type": "result", "watch_code": watch,
          "results": [[r.get("place"), r.get("name"), r.get("status")] for r in board.get("results", [])],
          "runners": board.get("runners"), "total": board.get("total"), "dropped": group.check.dropped})
    return 0


async def wait_for_start(nc, args, watch, starter, group):
    """By start_when, or by our own signed start once the board counts --start-at runners.
    Gives up after 20 s without a board (11.5), or 120 s in all."""
    subject = f"materun.group.{watch}.start"
    payload = compact({"type": "start"})
    sig = sign(starter, signing_input(subject, payload))
    give_up = time.monotonic() + 120
    next_start = 0.0
    published = False
    while group.started_at is None:
        body = await group.next(min(group.heard + 20, give_up, time.monotonic() + 0.5))
        now = time.monotonic()
        if now >= give_up:
            fail("no start within 120 s")
        if now >= group.heard + 20:
            fail("no board for 20 s while waiting for the start")
        board = group.last_board or {}
        if (args.start_at and group.started_at is None and board.get("runners", 0) >= args.start_at
                and now >= next_start):
            await nc.publish(subject, payload, headers={"Sig": sig})
            published = True
            if next_start == 0.0:
                note(f"{board.get('runners')} runners in: published the start signed by the starter key")
            next_start = now + 2  # again while no start comes (harmless once started)
        if body is not None and body.get("type") == "board" and body.get("phase") not in ("gathering", "starting"):
            if group.started_at is None:
                fail(f"the board says {body.get('phase')!r} but no signed start came")
    # The first board after the start says how many were in when it was called.
    after = time.monotonic() + 3
    while (body := await group.next(after)) is not None and body.get("type") != "board":
        pass
    if body is None:
        fail("no board within 3 s of the start")
    runners = body.get("runners")
    if args.start_at:
        if not published:
            fail("the group started before we published our start (no start_when was asked)")
        how = f"on our start signed by the starter key ({runners} runners in)"
    else:
        if runners is None or runners < args.start_when:
            fail(f"the group started with {runners} runners on the last board, start_when {args.start_when}")
        how = f"by start_when {args.start_when} ({runners} runners in)"
    print(f"ok   the group started {how}", file=sys.stderr, flush=True)


async def run(nc, watch, key, group, terms, mps):
    """One report a wall second at mps x run time, and the finish at the goal (11.4)."""
    goal_m = float(terms["goal_m"])
    speed = terms.get("speed") or 1.0
    group.report_subject = f"materun.group.{watch}.report.{group.my_id}"
    group.seq = 0
    started_at = group.started_at
    next_report = started_at + 1
    while True:
        body = await group.next(min(next_report, started_at + 600))
        if body is not None:
            continue
        now = time.monotonic()
        if now >= started_at + 600:
            fail("the run did not end within 10 minutes")
        if now - group.heard > 20:
            fail("no board nor standing for 20 s while running")
        next_report = now + 1
        run_s = (now - started_at) * speed
        if mps * run_s >= goal_m:
            finish = {"elapsed_s": round(goal_m / mps, 3), "distance_m": goal_m, "reached_goal": True}
            await report(nc, key, group, finish["elapsed_s"], finish["distance_m"], True, True)
            return finish
        await report(nc, key, group, round(run_s, 3), round(mps * run_s, 3), False, False)


async def report(nc, key, group, elapsed_s, distance_m, finished, reached_goal):
    group.seq += 1
    payload = compact({"type": "report", "seq": group.seq, "elapsed_s": elapsed_s, "distance_m": distance_m,
                       "finished": finished, "reached_goal": reached_goal})
    await nc.publish(group.report_subject, payload, headers={"Sig": sign(key, signing_input(group.report_subject, payload))})


async def wait_for_result(nc, watch, key, group, finish):
    """The first board with phase over; the finish again once a second until then (11.10)."""
    give_up = time.monotonic() + 120
    next_repeat = time.monotonic() + 1
    while group.over_msg is None:
        await group.next(min(next_repeat, group.heard + 20, give_up))
        now = time.monotonic()
        if group.over_msg is not None:
            break
        if now >= give_up or now >= group.heard + 20:
            fail(f"no result board (last board: {group.last_board})")
        if now >= next_repeat:
            next_repeat = now + 1
            await report(nc, key, group, finish["elapsed_s"], finish["distance_m"], True, finish["reached_goal"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    modes = parser.add_subparsers(dest="mode", required=True)
    p = modes.add_parser("create", help="create a group through the service, forge against it, run in it")
    p.add_argument("--via", required=True, help="the NATS server, nats://HOST:PORT")
    p.add_argument("--name", required=True, help="our runner's name")
    p.add_argument("--mps", type=float, required=True, help="metres per second of run time")
    p.add_argument("--goal-m", type=float, required=True, help="the race's goal in metres")
    p.add_argument("--speed", type=float, default=20.0, help="the group's replay speed (default 20)")
    p.add_argument("--max-runners", type=int, default=100)
    starts = p.add_mutually_exclusive_group(required=True)
    starts.add_argument("--start-when", type=int, help="the service starts the group when N runners are in")
    starts.add_argument("--start-at", type=int, help="we publish the signed start when the board counts N runners")
    p.add_argument("--secret-file", help="the service's secret, to check the group key's derivation (11.10)")
    args = parser.parse_args()
    if not 0 < args.mps <= 12.5:
        parser.error("--mps must be in (0, 12.5], the fastest a coordinator believes")
    if args.start_when is not None and not 1 <= args.start_when <= args.max_runners:
        parser.error("--start-when must be 1 ... --max-runners")
    if args.start_at is not None and args.start_at < 1:
        parser.error("--start-at must be at least 1")
    return asyncio.run(run_create(args))


if __name__ == "__main__":
    sys.exit(main())
