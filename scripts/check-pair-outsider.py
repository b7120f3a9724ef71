#!/usr/bin/env python3
"""A mate race through NATS (`host --via` / `join --via`) under an outsider on the same
nats-server that republishes every pair message exactly as it was, with its reply subject, and
altered copies of each (scripts/forging-peer.py, issue 43): it must start and end with the honest
result every time.

usage: scripts/check-pair-outsider.py MATERUN [RUNS]   (default 5)

Starts its own nats-server on a free port and the outsider, then RUNS races of 1 km at 20x, one
after the other: the fast host (race-fast-5k) against the steady joiner (race-steady-5k), so the
host wins. Prints a line per run and `pairs started and finished honestly: N of RUNS`; exits 1
unless every run did. Every wait is bounded, and every process it starts is ended by its PID
(and dies with this script: setpriv --pdeathsig, where there is setpriv).
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_BOUND = 150  # seconds for one race, from the host's start to both exits


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def tied_to_us(command):
    setpriv = shutil.which("setpriv")
    return [setpriv, "--pdeathsig", "KILL", "--"] + command if setpriv else command


def start(command, **kwargs):
    return subprocess.Popen(tied_to_us(command), cwd=ROOT, **kwargs)


def end(process):
    if process.poll() is None:
        process.kill()
        process.wait(timeout=10)


def events(path):
    found = []
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("{"):
                try:
                    found.append(json.loads(line))
                except ValueError:
                    pass
    return found


def race(materun, via, work, index):
    """One race under the outsider: (honest, what happened)."""
    host_out, join_out = os.path.join(work, f"host{index}.out"), os.path.join(work, f"join{index}.out")
    host_err, join_err = os.path.join(work, f"host{index}.err"), os.path.join(work, f"join{index}.err")
    env = {**os.environ, "MATERUN_DATA_DIR": os.path.join(work, "data")}
    common = ["--goal", "1", "--speed", "20", "--json", "--no-save"]
    # (A build from before issue 43, measured for comparison, has no --wait-for-mate.)
    waiting = ["--wait-for-mate", "60"] if "--wait-for-mate" in subprocess.run(
        [materun, "help", "host"], capture_output=True, text=True).stdout else []
    with open(host_out, "w") as out, open(host_err, "w") as err:
        host = start([materun, "host", "Scenarios/race-fast-5k.json", "--via", via, "--mode", "race"] + waiting + common,
                     stdout=out, stderr=err, env=env)
    join = None
    try:
        deadline = time.monotonic() + RUN_BOUND
        code = None
        while code is None and time.monotonic() < deadline and host.poll() is None:
            code = next((e.get("code") for e in events(host_out) if e.get("type") == "listening"), None)
            time.sleep(0.05)
        if code is None:
            return False, "the host printed no code: " + open(host_err).read()[-300:]
        with open(join_out, "w") as out, open(join_err, "w") as err:
            join = start([materun, "join", "Scenarios/race-steady-5k.json", "--via", via, "--code", code, "--json", "--no-save"],
                         stdout=out, stderr=err, env=env)
        statuses = []
        for process in (host, join):
            try:
                statuses.append(process.wait(timeout=max(1, deadline - time.monotonic())))
            except subprocess.TimeoutExpired:
                statuses.append(None)
        summaries = [next((e for e in reversed(events(path)) if e.get("type") == "summary"), None) for path in (host_out, join_out)]
        results = [s.get("result") if s else None for s in summaries]
        redials = open(join_err).read().count("dialling again")
        said = f"exit {statuses}, results {results}, joiner dialled again {redials} times"
        honest = statuses == [0, 0] and results == ["won", "lost"]
        if not honest:
            said += "; host: " + open(host_err).read()[-400:].replace("\n", " | ") + "; join: " + open(join_err).read()[-400:].replace("\n", " | ")
        return honest, said
    finally:
        for process in (host, join):
            if process:
                end(process)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    materun, runs = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 5
    server_binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
    if not os.path.exists(server_binary):
        sys.exit("nats-server is not installed (apt-get install nats-server)")
    work = tempfile.mkdtemp(prefix="materun-pair-outsider-")
    port = free_port()
    server = start([server_binary, "-a", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    outsider = None
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        via = f"nats://127.0.0.1:{port}"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        outsider = start([sys.executable, os.path.join(ROOT, "scripts/forging-peer.py"), "--via", via, "--seconds", str(runs * RUN_BOUND)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ready = outsider.stdout.readline()
        if '"ready"' not in ready:
            sys.exit("the outsider did not start: " + ready)
        honest = 0
        for index in range(1, runs + 1):
            ok, said = race(materun, via, work, index)
            honest += ok
            print(f"{'ok  ' if ok else 'FAIL'} run {index}: {said}", flush=True)
        print(f"pairs started and finished honestly: {honest} of {runs}")
        return 0 if honest == runs else 1
    finally:
        for process in (outsider, server):
            if process:
                end(process)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
