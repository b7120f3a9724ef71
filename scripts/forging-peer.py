#!/usr/bin/env python3
"""A hostile client on a shared nats-server (issue 30), written with the official nats-py.

It subscribes to every subject (`>`). For every message of a mate pair through NATS
(`materun.pair.`, and every answer to a dial) it publishes the message again exactly as it was,
with its reply subject, then copies with each header altered and with the body altered, all with
the original reply subject (issue 43). For every message it sees under `materun.group.` and
every answer to a group request, it publishes altered copies: every number changed, every `seq`
bumped, every `type`, `phase` and `status` swapped, start/stop/refused controls made up for every
runner id it has seen; each copy with the original `Key`/`Sig` headers kept, with them dropped,
and signed by a key of its own (PyNaCl, when installed). It replays old copies, byte for byte with
their headers, all along. At the first join it sees it floods the group with 300 joins that do
not prove the code and 300 `board.now` requests. A group run with it on the server must end
exactly as without it (PROTOCOL.md section 11.7).

usage: scripts/forging-peer.py --via nats://HOST:PORT [--seconds 120]
Prints {"type":"ready"} once subscribed, then each second
{"type":"forgeries","seen":N,"altered":N,"replayed":N,"flooded":N}.
"""
import argparse, asyncio, base64, hashlib, json, os, random, string, sys

import nats

try:
    from nacl.signing import SigningKey
except ImportError:  # the copies signed by a key of our own are then left out
    SigningKey = None

PHASES = ["gathering", "starting", "running", "over"]
TYPES = ["start", "stop", "refused", "board", "standing", "report", "bye", "welcome", "join"]
STATUSES = ["ready", "running", "finished", "left", "vanished", "refused"]


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def altered(payload):
    """Copies of a JSON object, each with one thing changed that a forger would want to change."""
    copies = []
    for key, value in payload.items():
        if isinstance(value, bool):
            copies.append({**payload, key: not value})
        elif isinstance(value, (int, float)):
            if key == "seq":
                copies += [{**payload, key: value + 1}, {**payload, key: value + 1_000_000}]
            else:
                copies += [{**payload, key: value + 1000}, {**payload, key: 0}]
        elif key == "type":
            copies += [{**payload, key: other} for other in TYPES if other != value]
        elif key == "phase":
            copies += [{**payload, key: other} for other in PHASES if other != value]
        elif key == "status":
            copies += [{**payload, key: other} for other in STATUSES if other != value]
        elif key == "results" and isinstance(value, list) and value:
            # The board's table: the order reversed, the last made the winner at the goal.
            first = {**value[-1], "place": 1, "distance_m": 1e6, "status": "finished", "reached_goal": True}
            copies += [{**payload, key: list(reversed(value))}, {**payload, key: [first] + value[:-1]}]
    return copies


class Forger:
    def __init__(self, client):
        self.client = client
        self.history = []  # (subject, data, headers, reply), the last 3,000
        self.inboxes = set()  # reply subjects of group requests: their answers are forged too
        self.pair_inboxes = set()  # reply subjects of pair dials: their answers are replayed and altered
        self.runner_ids = set()
        self.key = SigningKey.generate() if SigningKey else None
        self.counts = {"seen": 0, "altered": 0, "replayed": 0, "flooded": 0}
        self.flooded = False

    async def publish(self, subject, data, headers=None, reply=""):
        try:
            await self.client.publish(subject, data, reply=reply, headers=headers or None)
        except Exception:
            pass  # a closed connection or a full buffer: the next one is tried

    def own_signature(self, subject, data, headers):
        signature = self.key.sign(subject.encode() + b"\n" + data).signature
        return {"Key": b64url(bytes(self.key.verify_key)), "Sig": b64url(signature)} if headers and "Key" in headers else {
            "Sig": b64url(signature)}

    async def on_message(self, message):
        subject, data, headers, reply = message.subject, message.data, dict(message.headers or {}), message.reply
        if subject.startswith("materun.pair.") or subject in self.pair_inboxes:
            await self.on_pair_message(subject, data, headers, reply)
            return
        group = subject.startswith("materun.group.")
        if not group and subject not in self.inboxes:
            return
        self.counts["seen"] += 1
        if reply and group:
            self.inboxes.add(reply)
            if len(self.inboxes) > 5000:
                self.inboxes.pop()
        parts = subject.split(".")
        if len(parts) >= 5 and parts[3] in ("report", "standing"):
            self.runner_ids.add(parts[4])
        self.history.append((subject, data, headers, reply))
        del self.history[:-3000]
        if group and parts[-1] == "join" and not self.flooded:
            self.flooded = True
            asyncio.get_running_loop().create_task(self.flood(".".join(parts[:3])))
        try:
            payload = json.loads(data)
        except ValueError:
            return
        if not isinstance(payload, dict):
            return
        copies = altered(payload)
        if parts[-1] == "control" or parts[-1] == "board":
            seq = payload.get("seq", 0) if isinstance(payload.get("seq"), int) else 0
            copies.append({"type": "start", "seq": seq + 1, "in_s": 0})
            copies.append({"type": "stop", "seq": seq + 1})
            copies += [{"type": "refused", "seq": seq + 1, "id": runner, "reason": "forged by an outsider"} for runner in self.runner_ids]
        for copy in copies:
            body = json.dumps(copy, separators=(",", ":")).encode()
            variants = [headers, {}]
            if self.key:
                variants.append(self.own_signature(subject, body, headers))
            for variant in variants:
                await self.publish(subject, body, variant, reply)
                self.counts["altered"] += 1

    async def on_pair_message(self, subject, data, headers, reply):
        """A pair's set-up and carried messages (PROTOCOL.md section 12): each sent again at once
        exactly as it was (subject, body, headers, reply subject), then once with each header
        altered and once with its body altered, every copy with the original reply subject, so
        that the host's answer to a copy goes to the dialler's own inbox. The history replays
        them all again, byte for byte, seconds later."""
        self.counts["seen"] += 1
        if reply and subject.endswith(".dial"):
            self.pair_inboxes.add(reply)
            if len(self.pair_inboxes) > 5000:
                self.pair_inboxes.pop()
        self.history.append((subject, data, headers, reply))
        del self.history[:-3000]
        await self.publish(subject, data, headers, reply)
        self.counts["replayed"] += 1
        for name, value in headers.items():
            changed = value[::-1] if len(value) > 1 else value + "0"
            await self.publish(subject, data, {**headers, name: changed}, reply)
            self.counts["altered"] += 1
        if data:
            await self.publish(subject, bytes([data[0] ^ 0x01]) + data[1:], headers, reply)
            self.counts["altered"] += 1

    async def flood(self, root):
        inbox = "_INBOX.forger" + "".join(random.choice(string.ascii_letters) for _ in range(12))
        for index in range(300):
            join = {"type": "join", "name": f"Flood {index}", "key": b64url(os.urandom(32)), "proof": b64url(os.urandom(64))}
            await self.publish(root + ".join", json.dumps(join).encode(), {"Sig": b64url(os.urandom(64))}, inbox)
            await self.publish(root + ".board.now", b"", None, inbox)
            self.counts["flooded"] += 2

    async def replay(self):
        """Old copies again, byte for byte with their headers and reply subjects."""
        while True:
            await asyncio.sleep(0.2)
            for subject, data, headers, reply in random.sample(self.history, min(20, len(self.history))):
                await self.publish(subject, data, headers, reply)
                self.counts["replayed"] += 1


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--via", required=True)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args()
    client = await nats.connect(args.via, no_echo=True, name="forging-peer.py", allow_reconnect=False)
    forger = Forger(client)
    await client.subscribe(">", cb=forger.on_message, pending_msgs_limit=1_000_000)
    await client.flush()
    print(json.dumps({"type": "ready"}, separators=(",", ":")), flush=True)
    replaying = asyncio.get_running_loop().create_task(forger.replay())
    for _ in range(int(args.seconds)):
        await asyncio.sleep(1)
        print(json.dumps({"type": "forgeries", **forger.counts}, separators=(",", ":")), flush=True)
    replaying.cancel()
    await client.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
