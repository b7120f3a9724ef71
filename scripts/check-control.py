#!/usr/bin/env python3
"""Drives a running replay through `--control` with scripts/control-client.py (a client written
from PROTOCOL.md section 13 alone) and checks what the replay did: every command answered in
order, the speed steered, the signal lost and found (gps_lost and gps_found in --json), a jump, a
pause and resume, a refused line, and the stop that ends the run, each a `control` event.

Usage: scripts/check-control.py MATERUN
Starts `MATERUN replay Scenarios/easy-5k.json --speed 5 --json --control 127.0.0.1:0` with a
temporary data directory, and ends it (by its PID) on every way out. Exits 1 on a failed check.
"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("control_client", os.path.join(ROOT, "scripts", "control-client.py"))
control_client = importlib.util.module_from_spec(spec)
spec.loader.exec_module(control_client)

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def main():
    materun = sys.argv[1]
    data = tempfile.mkdtemp(prefix="materun-control-")
    env = dict(os.environ, MATERUN_DATA_DIR=data, SWIFT_BACKTRACE="enable=no")
    replay = subprocess.Popen(
        [materun, "replay", "Scenarios/easy-5k.json", "--speed", "5", "--json", "--no-countdown", "--weight", "60",
         "--control", "127.0.0.1:0"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines, errors = [], []
    readers = [threading.Thread(target=lambda: lines.extend(replay.stdout), daemon=True),
               threading.Thread(target=lambda: errors.extend(replay.stderr), daemon=True)]
    for reader in readers:
        reader.start()
    try:
        port = None
        deadline = time.monotonic() + 60
        while port is None and time.monotonic() < deadline and replay.poll() is None:
            for line in list(errors):
                if "taking control commands on " in line:
                    port = int(line.rsplit(":", 1)[1])
            time.sleep(0.05)
        check(port is not None, "the replay said where it takes control commands")
        if port is None:
            return 1
        client = control_client.ControlClient("127.0.0.1", port)
        answers = [client.send("speed", 50)]
        time.sleep(0.5)
        answers.append(client.send("pause"))   # while the run runs steadily (not auto-paused)
        time.sleep(1.0)
        answers.append(client.send("resume"))
        time.sleep(0.5)
        answers.append(client.send("signal_lost"))
        time.sleep(1.5)   # 75 s of run time at 50x: the run notices the loss
        answers.append(client.send("signal_found"))
        time.sleep(0.5)
        answers.append(client.send("jump_m"))
        answers.append(client.send("speed", "faster"))
        answers.append(client.send("fly"))
        answers.append(client.send("speed", 20000))
        answers.append(client.send("stop"))
        client.close()
        status = replay.wait(timeout=60)
        for reader in readers:
            reader.join(timeout=10)
        print("answers:", *answers, sep="\n  ")
        check([a.get("ok") for a in answers] == [True] * 7 + [False, False, True], "each command answered in order, the bad two refused")
        check(answers[0].get("speed") == 50 and answers[6].get("speed") == 100, "speed 50, then faster: 100")
        check(answers[3].get("signal_lost") is True and answers[4].get("signal_lost") is False, "signal lost, then found")
        check(answers[5].get("jump_m") == 300, "a jump of 300 m by default")
        check("expected a speed from 1 to 10000" in answers[8].get("error", ""), "a speed out of range is refused with the range")
        check(status == 0, f"the replay ended by stop with status 0 (got {status})")
        events = [json.loads(line) for line in lines if line.startswith("{")]
        controls = [e for e in events if e.get("type") == "control"]
        check([c["command"] for c in controls] == ["speed", "pause", "resume", "signal_lost", "signal_found", "jump_m", "speed", "stop"],
              "each applied command is a control event, in order: " + ", ".join(c["command"] for c in controls))
        check(all(c.get("source") == "control" for c in controls), "the control events say they came from the control")
        types = [e.get("type") for e in events]
        check("gps_lost" in types and "gps_found" in types and types.index("gps_lost") < types.index("gps_found"),
              "the run saw the signal lost, then found")
        check("paused" in types and "resumed" in types, "the run paused and resumed: " + ", ".join(t for t in types if t != "progress"))
        summary = events[-1] if events else {}
        check(summary.get("type") == "summary" and summary.get("ending", "stopped") == "stopped", "the last line is the summary of a stopped run")
        return 1 if failures else 0
    finally:
        if replay.poll() is None:
            replay.kill()
            replay.wait(timeout=10)


if __name__ == "__main__":
    code = main()
    print("check-control: " + ("passed" if code == 0 else f"{len(failures)} failed"))
    sys.exit(code)
