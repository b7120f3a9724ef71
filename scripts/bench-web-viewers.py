#!/usr/bin/env python3
"""Many viewers on one live page: every viewer opens /events of a real `materun replay --web`
and reads the run to its summary; prints how many got every event, and materun's threads and
peak memory while they watched.

Usage: scripts/bench-web-viewers.py MATERUN VIEWERS [SCENARIO] [SPEED]
Needs `ulimit -n` above VIEWERS + 100. Every wait is bounded; materun is ended by its PID.
"""
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time


async def viewer(port, results):
    """Reads the stream to its summary; records the number of progress events and whether it ended."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
        writer.write(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        progress, ended, buffered = 0, False, b""
        while not ended:
            chunk = await asyncio.wait_for(reader.read(65536), 120)
            if not chunk:
                break
            buffered += chunk
            # Only whole events (ended by a blank line) are counted; the rest waits for its end.
            end = buffered.rfind(b"\n\n")
            if end < 0:
                continue
            whole, buffered = buffered[:end + 2], buffered[end + 2:]
            progress += whole.count(b"event: progress\n")
            ended = b"event: summary\n" in whole
        results.append((progress, ended))
        writer.close()
    except Exception as error:  # a viewer that failed is counted as such
        results.append((0, False))


def status(pid):
    text = open(f"/proc/{pid}/status").read()
    threads, rss = re.search(r"Threads:\s+(\d+)", text), re.search(r"VmHWM:\s+(\d+)", text)
    return (int(threads.group(1)), int(rss.group(1))) if threads and rss else (0, 0)  # (0, 0): it has ended


async def main():
    materun, viewers = sys.argv[1], int(sys.argv[2])
    scenario = sys.argv[3] if len(sys.argv) > 3 else "Scenarios/easy-5k.json"
    speed = sys.argv[4] if len(sys.argv) > 4 else "20"
    # The run's lines go to a file: a pipe nobody reads would fill and hold the run up.
    output = tempfile.NamedTemporaryFile(mode="w+", suffix=".jsonl")
    process = subprocess.Popen(
        [materun, "replay", scenario, "--speed", speed, "--json", "--no-save", "--web", "127.0.0.1:0"],
        stdout=output, stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            time.sleep(0.05)
            for line in open(output.name):
                if '"type":"web"' in line:
                    port = int(json.loads(line)["url"].rsplit(":", 1)[1].strip("/"))
        if port is None:
            sys.exit("bench-web-viewers: materun printed no web line")
        results = []
        started = time.time()
        tasks = [asyncio.create_task(viewer(port, results)) for _ in range(viewers)]
        most_threads, peak = 0, 0
        while not all(task.done() for task in tasks) and time.time() - started < 600:
            await asyncio.sleep(0.5)
            try:
                threads, rss = status(process.pid)
                most_threads, peak = max(most_threads, threads), max(peak, rss)
            except (FileNotFoundError, ProcessLookupError):
                pass
        await asyncio.gather(*tasks, return_exceptions=True)
        expected = max((count for count, _ in results), default=0)
        if os.environ.get("BENCH_DEBUG"):
            from collections import Counter
            print(Counter(results).most_common(8))
        whole = sum(1 for count, ended in results if ended and count == expected)
        print(f"viewers {viewers}: {whole} got all {expected} progress events and the summary; "
              f"materun had at most {most_threads} threads, peak RSS {peak / 1024:.1f} MB, in {time.time() - started:.1f} s")
    finally:
        process.kill()
        process.wait(timeout=10)


asyncio.run(main())
