#!/usr/bin/env python3
"""A client of materun's replay control protocol, written from PROTOCOL.md section 13 alone:
one JSON object a line over plain TCP, each answered with one line.

Usage: scripts/control-client.py HOST PORT COMMAND [VALUE] [COMMAND [VALUE]] ...
  e.g. scripts/control-client.py 127.0.0.1 7070 speed 50 signal_lost
Prints each answer; exits 1 when one says "ok": false.
"""
import json
import socket
import sys

TAKES_VALUE = {"speed", "jump_m"}


class ControlClient:
    def __init__(self, host, port, timeout=10):
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        self.reader = self.sock.makefile("r", encoding="utf-8", newline="\n")

    def send(self, command, value=None):
        """Sends one command, returns its answer as a dict."""
        message = {"command": command}
        if value is not None:
            message["value"] = value
        self.sock.sendall((json.dumps(message) + "\n").encode("utf-8"))
        line = self.reader.readline()
        if not line:
            raise ConnectionError("the replay closed the control connection without answering")
        return json.loads(line)

    def close(self):
        self.reader.close()
        self.sock.close()


def parse_commands(words):
    commands, index = [], 0
    while index < len(words):
        command = words[index]
        value = None
        if command in TAKES_VALUE and index + 1 < len(words) and words[index + 1] not in TAKES_VALUE | {
                "pause", "resume", "signal_lost", "signal_found", "stop"}:
            raw = words[index + 1]
            try:
                value = float(raw)
            except ValueError:
                value = raw
            index += 1
        commands.append((command, value))
        index += 1
    return commands


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    client = ControlClient(sys.argv[1], sys.argv[2])
    failed = False
    try:
        for command, value in parse_commands(sys.argv[3:]):
            answer = client.send(command, value)
            print(json.dumps(answer), flush=True)
            failed |= answer.get("ok") is not True
    finally:
        client.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
