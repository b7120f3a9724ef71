#!/usr/bin/env python3
"""Half-open connections against a live page: a viewer follows a real `materun replay --web`
while N more connections each send half a request head and then nothing. The check passes when
the first viewer gets every progress event materun printed and the summary, a viewer who comes
after the flood gets the whole run too, the replay ends on its own, and materun keeps to 16
threads throughout.

Usage: scripts/check-web-half-open.py MATERUN [N] [SPEED]
Needs `ulimit -n` above N + 200 (raised to the hard limit here). Every wait is bounded; materun
is ended by its PID.
"""
import asyncio
import json
import re
import resource
import subprocess
import sys
import tempfile
import time

MAX_THREADS = 16


async def viewer(port, started):
    """Follows /events to the summary; the number of progress events it got and whether it ended."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    writer.write(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    await writer.drain()
    started.set()
    progress, ended, buffered = 0, False, b""
    while not ended:
        chunk = await asyncio.wait_for(reader.read(65536), 120)
        if not chunk:
            break
        buffered += chunk
        end = buffered.rfind(b"\n\n")
        if end < 0:
            continue
        whole, buffered = buffered[:end + 2], buffered[end + 2:]
        progress += whole.count(b"event: progress\n")
        ended = b"event: summary\n" in whole
    writer.close()
    return progress, ended


async def half_open(port, held, closed_by_server):
    """Connects, sends half a request head, and waits; notes whether the server closed it."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    except (OSError, asyncio.TimeoutError):
        return
    held.append(writer)
    writer.write(b"GET /events HTTP/1.1\r\nHo")
    try:
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(256), 60)
        if answer is not None:
            closed_by_server.append(answer[:12])
    except (OSError, asyncio.TimeoutError):
        pass


def threads_of(pid):
    try:
        match = re.search(r"Threads:\s+(\d+)", open(f"/proc/{pid}/status").read())
        return int(match.group(1)) if match else 0
    except FileNotFoundError:
        return 0


async def main():
    materun = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    speed = sys.argv[3] if len(sys.argv) > 3 else "50"
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < count + 200:
        sys.exit(f"FAIL check-web-half-open: ulimit -n is {hard}, below {count + 200}")
    output = tempfile.NamedTemporaryFile(mode="w+", suffix=".jsonl")
    process = subprocess.Popen(
        [materun, "replay", "Scenarios/easy-5k.json", "--speed", speed, "--json", "--no-save", "--web", "127.0.0.1:0"],
        stdout=output, stderr=subprocess.DEVNULL, text=True)
    most_threads = 0
    try:
        port, deadline = None, time.time() + 30
        while port is None and time.time() < deadline:
            time.sleep(0.05)
            for line in open(output.name):
                if '"type":"web"' in line:
                    port = int(json.loads(line)["url"].rsplit(":", 1)[1].strip("/"))
        if port is None:
            sys.exit("FAIL check-web-half-open: materun printed no web line")
        first_started = asyncio.Event()
        first = asyncio.create_task(viewer(port, first_started))
        await asyncio.wait_for(first_started.wait(), 30)
        held, closed_by_server = [], []
        flood = [asyncio.create_task(half_open(port, held, closed_by_server)) for _ in range(count)]
        flood_started = time.time()
        while time.time() - flood_started < 12:
            await asyncio.sleep(0.5)
            most_threads = max(most_threads, threads_of(process.pid))
        late_started = asyncio.Event()
        late = asyncio.create_task(viewer(port, late_started))
        while not (first.done() and late.done()) and time.time() - flood_started < 300:
            await asyncio.sleep(0.5)
            most_threads = max(most_threads, threads_of(process.pid))
        (first_progress, first_ended), (late_progress, late_ended) = await asyncio.wait_for(asyncio.gather(first, late), 10)
        for writer in held:
            writer.close()
        await asyncio.wait_for(asyncio.gather(*flood, return_exceptions=True), 60)
        status = process.wait(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    lines = [json.loads(line) for line in open(output.name) if line.startswith("{")]
    printed = sum(1 for line in lines if line.get("type") == "progress")
    summary = any(line.get("type") == "summary" for line in lines)
    print(f"check-web-half-open: {count} half-open connections ({len(held)} connected, "
          f"{len(closed_by_server)} answered and closed by materun); first viewer {first_progress} progress events, "
          f"late viewer {late_progress}, materun printed {printed}; at most {most_threads} threads; exit {status}")
    failures = []
    if not (first_ended and first_progress == printed):
        failures.append("the first viewer did not get every progress event and the summary")
    if not (late_ended and late_progress == printed):
        failures.append("the viewer who came after the flood did not get the whole run")
    if not summary or status != 0:
        failures.append("the replay did not end with its summary and status 0")
    if most_threads > MAX_THREADS:
        failures.append(f"materun had {most_threads} threads, more than {MAX_THREADS}")
    if failures:
        sys.exit("FAIL check-web-half-open: " + "; ".join(failures))
    print("ok   half-open connections left the run and its viewers untouched")


asyncio.run(main())
