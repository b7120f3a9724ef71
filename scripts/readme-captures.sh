#!/usr/bin/env bash
# Regenerates the screen captures in README.md from the current build, or checks them.
#
#   scripts/readme-captures.sh [--check] [MATERUN]
#
# A capture in README.md is a fenced block right after a marker line, ended by <!-- /capture -->:
#   <!-- capture: golden NAME -->              Tests/MateRunPresentationTests/Golden/NAME.txt
#   <!-- capture: materun ARGS... -->          what `materun ARGS` prints into a pipe
#   <!-- capture tmux COLSxROWS: materun ARGS -->  the whole window of a real terminal (tmux) once
#                                              `materun ARGS` has ended, colour off
# Every command runs with its runs kept in a temporary data directory, never the real home. A kept
# run's id (the time it was kept, the process id, random bits) differs at every run: a capture
# shows each one as YYYYMMDD-HHMMSS-PID-RANDOM.
# The first two kinds are also compared by `swift test` (ReadmeCaptureTests); the tmux kind needs
# tmux, so .ci/run runs this script with --check. With --check nothing is written and a capture
# that differs fails.
# Without --check it also remakes docs/live-page.png, README's picture of the web page: the live
# page of an interval session racing the ghost of a kept half marathon, at 60% of the way, drawn by
# headless Chromium (scripts/check-web-page.py --race, which checks the page on the way). A picture is not compared
# by --check (its pixels follow the browser's version); without chromium, chromium-driver or
# selenium it is left as it is, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
materun=${1:-$(swift build --show-bin-path)/materun}
[ -x "$materun" ] || { echo "readme-captures: no materun at $materun (swift build first)"; exit 1; }
command -v tmux >/dev/null || { echo "readme-captures: tmux is not installed"; exit 1; }
data=$(mktemp -d)
socket="materun-readme-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$data"' EXIT
export MATERUN_DATA_DIR="$data" NO_COLOR=1

CHECK=$check MATERUN="$materun" SOCKET="$socket" python3 - <<'PY'
import os, re, subprocess, sys, time, shlex
check = os.environ["CHECK"] == "1"
materun = os.environ["MATERUN"]
socket = os.environ["SOCKET"]
readme = open("README.md", encoding="utf-8").read()
kept_id = re.compile(r"\b\d{8}-\d{6}-\d+-[0-9a-f]{8}\b")
marker = re.compile(r"<!-- capture(?: tmux (\d+)x(\d+))?: (.+?) -->\n```(\w*)\n(.*?)```\n<!-- /capture -->", re.S)

def golden(name):
    text = open(f"Tests/MateRunPresentationTests/Golden/{name}.txt", encoding="utf-8").read()
    return text

def piped(args):
    run = subprocess.run([materun] + args, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        sys.exit(f"readme-captures: materun {' '.join(args)} exited {run.returncode}: {run.stderr}")
    return run.stdout

def tmux(args, cols, rows):
    base = ["tmux", "-L", socket]
    session = "capture"
    command = " ".join(shlex.quote(a) for a in [materun] + args) + "; echo; echo __materun_done__; sleep 600"
    subprocess.run(base + ["new-session", "-d", "-s", session, "-x", cols, "-y", rows,
                           "env", "TERM=xterm-256color", "NO_COLOR=1", "sh", "-c", command], check=True)
    subprocess.run(base + ["set-option", "-t", session, "history-limit", "5000"], check=True)
    deadline = time.time() + 300
    while time.time() < deadline:
        screen = subprocess.run(base + ["capture-pane", "-p", "-t", session, "-S", "-5000"], capture_output=True, text=True).stdout
        if "__materun_done__" in screen:
            break
        time.sleep(0.2)
    else:
        sys.exit("readme-captures: the tmux capture did not end within 300 s")
    subprocess.run(base + ["kill-session", "-t", session], check=True)
    lines = screen.split("\n")
    lines = lines[:lines.index("__materun_done__")]
    lines = [kept_id.sub("YYYYMMDD-HHMMSS-PID-RANDOM", line.rstrip()) for line in lines]
    while lines and not lines[-1]: lines.pop()
    while lines and not lines[0]: lines.pop(0)
    return "\n".join(lines) + "\n"

def generate(match):
    cols, rows, what = match.group(1), match.group(2), match.group(3)
    words = shlex.split(what)
    if words[0] == "golden":
        return golden(words[1])
    if words[0] != "materun":
        sys.exit(f"readme-captures: unknown capture '{what}'")
    return tmux(words[1:], cols, rows) if cols else piped(words[1:])

stale = []
def replace(match):
    text = generate(match)
    if text != match.group(5):
        stale.append(match.group(3))
    return match.group(0)[:match.start(5) - match.start(0)] + text + "```\n<!-- /capture -->"

updated = marker.sub(replace, readme)
count = len(marker.findall(readme))
if check:
    if stale:
        sys.exit("readme-captures: README.md differs from the current build for: " + "; ".join(stale)
                 + " (run scripts/readme-captures.sh)")
    print(f"readme-captures: {count} captures match the current build")
else:
    open("README.md", "w", encoding="utf-8").write(updated)
    print(f"readme-captures: {count} captures, {len(stale)} rewritten")
PY

if [ "$check" = 0 ]; then
  if [ -x /usr/bin/chromedriver ] && python3 -c 'import selenium' 2>/dev/null; then
    # The live page at 60% of an interval session racing the ghost of a kept half marathon: the
    # browser starts first and opens the page as soon as the replay gives its address.
    "$materun" replay Scenarios/half-marathon.json --speed max >/dev/null 2>&1
    python3 scripts/check-web-page.py --url-file "$data/url" --race --timeout 200 --screenshot docs/live-page.png \
      --screenshot-at 60 >"$data/check.log" 2>&1 &
    checker=$!
    for _ in $(seq 600); do grep -q "browser ready" "$data/check.log" && break; sleep 0.1; done
    "$materun" replay Scenarios/intervals-10k.json --ghost latest --speed 40 --json --web 127.0.0.1:0 >"$data/run.jsonl" 2>&1 &
    replay=$!
    for _ in $(seq 600); do grep -q '"type":"web"' "$data/run.jsonl" && break; sleep 0.1; done
    sed -n 's/.*"type":"web","url":"\([^"]*\)".*/\1/p' "$data/run.jsonl" | head -1 >"$data/url"
    wait "$replay" || { echo "readme-captures: the replay for the page's picture failed"; kill "$checker" 2>/dev/null; exit 1; }
    wait "$checker" || { echo "readme-captures: the live page failed its browser checks:"; cat "$data/check.log"; exit 1; }
    echo "readme-captures: docs/live-page.png remade"
  else
    echo "readme-captures: docs/live-page.png left as it is (chromium, chromium-driver or selenium is missing)"
  fi
fi
