#!/usr/bin/env python3
"""A hostile peer for `materun host`, written from PROTOCOL.md alone (raw sockets, no Swift types).

Usage: scripts/hostile-peer.py PATH/TO/materun

It starts a real host (and, for the pairing under load, a real joiner), attacks the host as a
stranger and as a crowd, and checks what PROTOCOL.md promises:

  flood     a stranger writing junk frames before hello is closed with `bye flooded`, and the
            host's memory (VmRSS) is back near where it was
  mateflood a paired mate (this script, as joiner) flooding junk is closed with `bye flooded`, the
            host's memory stays bounded, and its run ends `mate_lost` saying why
  deadline  junk every second never keeps a connection without hello open past the 5 s
            handshake deadline, counted from the connection's start
  heartbeat a heartbeat during the handshake is allowed (the hello after it is still answered)
  codes     wrong codes from 7 loopback addresses never end the waiting host (a rate, not a count)
  crowd     500 strangers holding sockets: a real `materun join` still pairs within 2 s and the
            host stays far from its descriptor limit
  busy      2,000 hellos during a paired run are each refused `busy`, and the host logs a handful
            of lines, not one per hello
  end       both sides agree on the result and nothing but the result follows the run's end
  threads   a host with its live page (`--web`), 500 strangers holding sockets and 1,000 viewers
            streaming: the process has at most 16 threads, every viewer gets the stream, a
            megabyte of header and GET /../../etc/passwd are refused, and a real joiner still
            pairs within 2 s

Every wait is bounded; every process this script starts is ended by its PID. Prints one line per
check and the numbers measured; exits 1 if a check failed.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(name, ok, detail):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {detail}", flush=True)
    if not ok:
        failures.append(name)


def status_field(pid, field):
    """A number from /proc/PID/status (VmRSS in kB, Threads)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


def open_descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


class Lines:
    """Reads a process's output line by line on a thread, so that waits are bounded."""

    def __init__(self, stream):
        self.lines = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for raw in stream:
            with self.lock:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def snapshot(self):
        with self.lock:
            return list(self.lines)

    def wait_for(self, predicate, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for line in self.snapshot():
                if predicate(line):
                    return line
            time.sleep(0.01)
        return None


def event(line, kind):
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) and value.get("type") == kind else None


def start(args, data):
    env = dict(os.environ, MATERUN_DATA_DIR=data, SWIFT_BACKTRACE="enable=no")
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return process, Lines(process.stdout), Lines(process.stderr)


def connect(port, source="127.0.0.1", timeout=5):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    pending.pop(sock.fileno(), None)  # a descriptor number is reused after a close
    return sock


def send(sock, frame):
    sock.sendall((json.dumps(frame, separators=(",", ":")) + "\n").encode())


pending = {}  # bytes received after the last complete frame, per socket


def read_frame(sock, seconds):
    """The next frame as a dict, or None when the connection closed or nothing came in time."""
    sock.settimeout(seconds)
    data = pending.pop(sock.fileno(), b"")
    try:
        while b"\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                return None
            data += chunk
    except (socket.timeout, ConnectionError):
        return None
    line, rest = data.split(b"\n", 1)
    pending[sock.fileno()] = rest
    return json.loads(line)


def closed_within(sock, seconds):
    """Reads until EOF; the frames read and whether EOF came within `seconds`."""
    sock.settimeout(0.2)
    frames, data, deadline = [], pending.pop(sock.fileno(), b""), time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionError:
            return frames, True
        if not chunk:
            return frames, True
        data += chunk
        while b"\n" in data:
            line, data = data.split(b"\n", 1)
            try:
                frames.append(json.loads(line))
            except ValueError:
                pass
    return frames, False


def hello(code, name="Eve"):
    return {"type": "hello", "version": 1, "name": name, "code": code}


def attack_flood(port, host_pid):
    rss_before = status_field(host_pid, "VmRSS")
    sock = connect(port)
    junk = b'{"type":"zzz"}\n' * 4096
    sent, stop, peak = 0, time.monotonic() + 5, rss_before
    sock.settimeout(0.5)
    try:
        while time.monotonic() < stop:
            sent += sock.send(junk)
            peak = max(peak, status_field(host_pid, "VmRSS"))
    except (socket.timeout, ConnectionError, OSError):
        pass
    frames, closed = closed_within(sock, 3)
    sock.close()
    time.sleep(1)
    rss_after = status_field(host_pid, "VmRSS")
    reasons = [f.get("reason") for f in frames if f.get("type") == "bye"]
    check("flood", closed and reasons[-1:] == ["flooded"] and rss_after < rss_before + 20_000,
          f"wrote {sent // 1024} KiB of junk before hello; host said bye {reasons}; "
          f"VmRSS {rss_before} kB before, {peak} kB peak, {rss_after} kB 1 s after the close")


def attack_paired_flood(materun, data):
    host, out, _ = start([materun, "host", "Scenarios/race-fast-5k.json", "--mode", "race", "--speed", "200", "--json"], data)
    try:
        listening = out.wait_for(lambda line: event(line, "listening") is not None, 20)
        announced = event(listening, "listening") if listening else None
        if announced is None:
            check("mateflood", False, "the second host printed no listening line")
            return
        sock = connect(announced["port"])
        send(sock, hello(announced["code"], "Ana"))
        while True:
            frame = read_frame(sock, 10)
            if frame is None:
                check("mateflood", False, "the handshake did not reach start")
                return
            if frame["type"] == "terms":
                send(sock, {"type": "accept"})
            elif frame["type"] == "ping":
                send(sock, {"type": "pong", "id": frame["id"]})
            elif frame["type"] == "start":
                break
        time.sleep(frame["in_ms"] / 1000)
        send(sock, {"type": "progress", "seq": 1, "elapsed_s": 0, "moving_s": 0, "distance_m": 0, "kcal": 0,
                    "paused": False})
        rss_before = status_field(host.pid, "VmRSS")
        junk = b'{"type":"zzz"}\n' * 4096
        sent, stop, peak = 0, time.monotonic() + 5, rss_before
        sock.settimeout(0.5)
        try:
            while time.monotonic() < stop:
                sent += sock.send(junk)
                peak = max(peak, status_field(host.pid, "VmRSS"))
        except (socket.timeout, ConnectionError, OSError):
            pass
        frames, _ = closed_within(sock, 3)
        sock.close()
        reasons = [f.get("reason") for f in frames if f.get("type") == "bye"]
        rss_after = status_field(host.pid, "VmRSS")
        status = host.wait(timeout=90)
        time.sleep(0.2)
        summary = event(out.snapshot()[-1], "summary") or {}
        check("mateflood", "flooded" in reasons and peak < rss_before + 50_000 and status == 0
              and summary.get("result") == "mate_lost",
              f"paired, then wrote {sent // 1024} KiB of junk; host said bye {reasons}; VmRSS {rss_before} kB "
              f"before, {peak} kB peak, {rss_after} kB after; host ended {summary.get('result')}: "
              f"{summary.get('result_reason')}")
    finally:
        if host.poll() is None:
            os.kill(host.pid, signal.SIGKILL)
            host.wait(timeout=10)


def attack_deadline(port):
    sock = connect(port)
    opened = time.monotonic()
    closed = False
    while time.monotonic() - opened < 12:
        try:
            sock.sendall(b'{"type":"zzz"}\n')
        except OSError:
            closed = True
            break
        frames, eof = closed_within(sock, 1)
        if eof:
            closed = True
            break
    lasted = time.monotonic() - opened
    sock.close()
    check("deadline", closed and lasted < 8, f"a junk frame every second; closed after {lasted:.1f} s (deadline 5 s)")


def attack_heartbeat(port):
    sock = connect(port)
    send(sock, {"type": "heartbeat"})
    time.sleep(0.5)
    send(sock, hello("not-the-code"))
    answer = read_frame(sock, 5)
    sock.close()
    check("heartbeat", answer is not None and answer.get("type") == "refused",
          f"heartbeat then hello during the handshake answered with {answer}")


def attack_codes(port, host):
    answers = []
    for attempt in range(21):
        sock = connect(port, source=f"127.0.0.{2 + attempt % 7}")
        send(sock, hello(f"{attempt:06d}x"))
        answers.append(read_frame(sock, 5) or {})
        sock.close()
    still_running = host.poll() is None
    reasons = [a.get("reason") for a in answers]
    retry = max((a.get("retry_after_ms") or 0) for a in answers)
    check("codes", still_running and "throttled" in reasons,
          f"21 wrong codes from 7 addresses: {reasons.count('wrong_code')} wrong_code, "
          f"{reasons.count('throttled')} throttled (retry in {retry} ms); host still waiting: {still_running}")
    return retry


def attack_crowd_and_pair(port, code, host_pid, materun, data):
    strangers = []
    for _ in range(500):
        try:
            strangers.append(connect(port, timeout=5))
        except OSError:
            break
    descriptors = open_descriptors(host_pid)
    threads = status_field(host_pid, "Threads")
    began = time.monotonic()
    joiner = start([materun, "join", "Scenarios/race-steady-5k.json", "--connect", f"127.0.0.1:{port}",
                    "--code", code, "--json"], data)
    paired = joiner[1].wait_for(lambda line: event(line, "paired") is not None, 30)
    took = time.monotonic() - began
    descriptors = max(descriptors, open_descriptors(host_pid))
    for sock in strangers:
        sock.close()
    check("crowd", paired is not None and took < 2 and descriptors < 512,
          f"{len(strangers)} strangers holding sockets; a real joiner paired in {took:.2f} s; "
          f"host had {descriptors} descriptors and {threads} threads")
    return joiner


def attack_busy(port, host_errors):
    before = len(host_errors.snapshot())
    refused = 0
    for _ in range(2000):
        try:
            sock = connect(port)
            send(sock, hello("000000", "Mallory"))
            answer = read_frame(sock, 5)
            sock.close()
        except OSError:
            continue
        refused += answer is not None and answer.get("reason") == "busy"
    time.sleep(0.5)
    logged = len(host_errors.snapshot()) - before
    check("busy", refused >= 1900 and logged <= 10,
          f"{refused} of 2000 hellos refused busy during the run; the host logged {logged} lines for them")


def task_count(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def http_answer(port, request, seconds=5):
    """What the page's server answers to raw `request` bytes, up to its first blank line."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=seconds)
    try:
        sock.sendall(request)
    except OSError:
        pass  # a server that answers early may close before all of a huge request is sent
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except (socket.timeout, ConnectionError):
        pass
    sock.close()
    return data.split(b"\r\n", 1)[0].decode("latin-1")


def attack_crowd_and_viewers(materun, data):
    host, out, _ = start([materun, "host", "Scenarios/race-fast-5k.json", "--mode", "race", "--speed", "100", "--json",
                          "--web", "127.0.0.1:0"], data)
    strangers, viewers, joiner = [], [], None
    try:
        listening = out.wait_for(lambda line: event(line, "listening") is not None, 20)
        web = out.wait_for(lambda line: event(line, "web") is not None, 20)
        if listening is None or web is None:
            check("threads", False, "the host printed no listening or web line")
            return
        announced = event(listening, "listening")
        web_port = int(event(web, "web")["url"].rstrip("/").rsplit(":", 1)[1])
        before = task_count(host.pid)
        for _ in range(500):
            strangers.append(connect(announced["port"], timeout=5))
        for _ in range(1000):
            sock = socket.create_connection(("127.0.0.1", web_port), timeout=5)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            viewers.append(sock)
        streaming = 0
        for sock in viewers:
            head = b""
            try:
                while b"retry: 2000" not in head:
                    chunk = sock.recv(4096)
                    if not chunk:
                        break
                    head += chunk
            except (socket.timeout, ConnectionError):
                pass
            streaming += b"200 OK" in head and b"retry: 2000" in head
        most = max(task_count(host.pid) for _ in range(20) if time.sleep(0.05) is None)
        descriptors = open_descriptors(host.pid)
        huge = http_answer(web_port, b"GET / HTTP/1.1\r\nX: " + b"a" * (1 << 20))
        traversal = http_answer(web_port, b"GET /../../etc/passwd HTTP/1.1\r\n\r\n")
        began = time.monotonic()
        joiner = start([materun, "join", "Scenarios/race-steady-5k.json", "--connect", f"127.0.0.1:{announced['port']}",
                        "--code", announced["code"], "--json"], data)
        paired = joiner[1].wait_for(lambda line: event(line, "paired") is not None, 30)
        took = time.monotonic() - began
        most = max(most, task_count(host.pid))
        check("threads", most <= 16 and streaming == 1000 and huge.startswith("HTTP/1.1 431")
              and traversal.startswith("HTTP/1.1 404") and paired is not None and took < 2,
              f"{len(strangers)} strangers and {len(viewers)} viewers ({streaming} streaming) held {descriptors} "
              f"descriptors; the host had {before} threads before them and at most {most} with them (at most 16); "
              f"1 MB header: {huge!r}; GET /../../etc/passwd: {traversal!r}; a real joiner paired in {took:.2f} s")
    finally:
        for sock in strangers + viewers:
            sock.close()
        for process in [host] + ([joiner[0]] if joiner else []):
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    materun = os.path.abspath(sys.argv[1])
    data = tempfile.mkdtemp(prefix="materun-hostile-")
    attack_paired_flood(materun, data)
    attack_crowd_and_viewers(materun, data)
    host = start([materun, "host", "Scenarios/race-fast-5k.json", "--mode", "race", "--speed", "100", "--json"], data)
    joiner = None
    try:
        listening = host[1].wait_for(lambda line: event(line, "listening") is not None, 20)
        if listening is None:
            check("listening", False, "the host printed no listening line")
            return
        announced = event(listening, "listening")
        port, code = announced["port"], announced["code"]
        attack_flood(port, host[0].pid)
        attack_deadline(port)
        attack_heartbeat(port)
        retry = attack_codes(port, host[0])
        time.sleep(retry / 1000 + 0.5)
        joiner = attack_crowd_and_pair(port, code, host[0].pid, materun, data)
        attack_busy(port, host[2])
        outcomes = []
        for label, (process, out, errors) in (("host", host), ("join", joiner)):
            try:
                status = process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                status = None
            time.sleep(0.2)
            lines = out.snapshot()
            summary = event(lines[-1], "summary") if lines else None
            spam = [line for line in errors.snapshot() if "accept failed" in line]
            outcomes.append((label, status, summary, spam))
        results = {label: (summary or {}).get("result") for label, _, summary, _ in outcomes}
        winners = {(summary or {}).get("winner") for _, _, summary, _ in outcomes}
        clean = all(status == 0 and summary is not None and not spam for _, status, summary, spam in outcomes)
        check("end", clean and results == {"host": "won", "join": "lost"} and winners == {"host"},
              f"results {results}, winners {sorted(map(str, winners))}, exit statuses "
              f"{[status for _, status, _, _ in outcomes]}, 'accept failed' lines "
              f"{sum(len(spam) for _, _, _, spam in outcomes)}")
    finally:
        for process in [host[0]] + ([joiner[0]] if joiner else []):
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
    if failures:
        print(f"hostile peer: {len(failures)} check(s) failed: {', '.join(failures)}")
        sys.exit(1)
    print("hostile peer: every check passed")


if __name__ == "__main__":
    main()
