#!/usr/bin/env python3
"""Checks materun's web page in a real browser (headless Chromium through Selenium).

An exported page (`materun export ID --format html`), opened from the file, offline:
  the route map's SVG has a trail with points and the runner's dot, the pace, elevation and
  split charts are drawn, the result shows the run's distance (as the embedded summary has it),
  and the browser logged no error (a script error or a refused Content-Security-Policy).

A live page, given by --url (the real `materun replay --web`) or served here by a stand-in
(--live-page FILE --events-from EXPORT: a tiny Server-Sent Events server that sends the page with
the server's Content-Security-Policy and the export's messages at a quick pace, drops the stream
once halfway (the page must say the connection is lost) and, when the browser reconnects, sends every message again as the real server does
for a late viewer):
  the clock (hh:mm:ss) changes over a few seconds, the runner's dot moves, the result appears at
  the end, and (stand-in only) each message was applied once: the trail has one point per
  progress message with a position.
  With --group N (a group run's live page, --url): other runners' rings appear on the map and
  move, the standings count N runners, and the result appears with the group's table of N rows.

Usage:
  scripts/check-web-page.py --export FILE.html [--screenshot PATH.png]
  scripts/check-web-page.py --url http://127.0.0.1:8080/ [--group N] [--timeout S] [--screenshot PATH.png]
  scripts/check-web-page.py --live-page LIVE.html --nonce NONCE --events-from FILE.html [--screenshot PATH.png]
Needs chromium, chromium-driver (Debian) and selenium (pip). Exits 0 when every check passes, 1
with the failed check otherwise, 2 when a tool is missing.
"""
import argparse
import html
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
except ImportError:
    print("check-web-page: selenium is not installed (pip install selenium)")
    sys.exit(2)

CHROMEDRIVER = "/usr/bin/chromedriver"
CLOCK = re.compile(r"^\d{2}:\d{2}:\d{2}$")


class CheckFailed(Exception):
    pass


def expect(condition, what):
    if not condition:
        raise CheckFailed(what)
    print(f"ok: {what}")


def browser():
    if not os.path.exists(CHROMEDRIVER):
        print(f"check-web-page: {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)")
        sys.exit(2)
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,2000"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def wait_for(what, condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise CheckFailed(f"{what} within {timeout:.0f} s")


def embedded_events(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    found = re.search(r'<script type="application/json" id="events">(.*?)</script>', text, re.S)
    if not found:
        raise CheckFailed(f"{path} carries its events")
    return json.loads(found.group(1))


# The map is drawn again at each message: read it in one script, not through element handles.
def trail_points(driver):
    return driver.execute_script(
        "const trail = document.querySelector('#map polyline.trail');"
        "return trail ? trail.getAttribute('points').trim().split(/\\s+/).length : 0;")


def own_dot(driver):
    return driver.execute_script(
        "const dot = document.getElementById('own-dot');"
        "return dot ? [dot.getAttribute('cx'), dot.getAttribute('cy')] : null;")


def result_text(driver):
    card = driver.find_element(By.ID, "result-card")
    return card.text if card.is_displayed() else ""


def no_browser_errors(driver):
    # Headless Chromium logs a refused policy or a script error as SEVERE.
    errors = [entry["message"] for entry in driver.get_log("browser")
              if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]
    expect(not errors, "the browser logged no error" + ("" if not errors else f": {errors[:3]}"))


def expected_distance(events):
    summary = next(event["data"] for event in events if event["type"] == "summary")
    return f"{summary['distance_m'] / 1000:.2f} km"


def save_screenshot(driver, path):
    # The whole page, not the window's first screen.
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, max(800, min(int(height) + 140, 6000)))
    driver.save_screenshot(path)
    print(f"screenshot: {path}")


def check_export(driver, path, screenshot):
    events = embedded_events(path)
    driver.get("file://" + os.path.abspath(path))
    positions = sum(1 for event in events if event["type"] == "progress" and "lat" in event["data"])
    expect(trail_points(driver) == positions, f"the map's trail has a point per progress message ({positions})")
    expect(own_dot(driver) is not None, "the map shows the runner's dot")
    for chart in ("pace-chart", "elevation-chart"):
        lines = driver.find_elements(By.CSS_SELECTOR, f"#{chart} polyline.series")
        expect(lines and len(lines[0].get_attribute("points").split()) > 10, f"the {chart} has a line")
    splits = [event for event in events if event["type"] == "summary"][0]["data"]["splits"]
    bars = driver.find_elements(By.CSS_SELECTOR, "#splits-chart rect.bar")
    expect(len(bars) == len(splits), f"the splits chart has a bar per split ({len(splits)})")
    distance = expected_distance(events)
    expect(distance in result_text(driver), f"the result shows the distance {distance}")
    expect(driver.find_element(By.ID, "status").text == "finished", "the status says finished")
    runner = events[0]["data"].get("runner")
    expect(driver.title == runner + " · materun", f"the title names the runner {runner!r}, as text")
    expect(driver.execute_script("return document.querySelectorAll('img').length") == 0
           and driver.execute_script("return document.scripts.length") == 2,
           "no element came from the run's texts (no img, no script but the page's two)")
    no_browser_errors(driver)
    if screenshot:
        save_screenshot(driver, screenshot)


def other_rings(driver):
    """The other runners' rings on the map: {name: [cx, cy]}."""
    return driver.execute_script(
        "const rings = {};"
        "for (const ring of document.querySelectorAll('#map circle.ring')) {"
        "  rings[ring.getAttribute('data-runner')] = [ring.getAttribute('cx'), ring.getAttribute('cy')]; }"
        "return rings;")


def check_group(driver, runners, timeout):
    """A group run's page, while it runs: the others on the map (its neighbours in the standings,
    or everyone on the board), moving, and the standings counting the group."""
    first = wait_for("the map shows another runner", lambda: other_rings(driver), timeout)
    expect(first, f"the map rings other runners ({', '.join(sorted(first))})")
    moved = wait_for("another runner's ring moves", lambda: (
        lambda rings: rings if any(rings.get(name) not in (None, spot) for name, spot in first.items()) else None)(
            other_rings(driver)), timeout)
    expect(moved != first, "another runner's ring moved on the map")
    counted = lambda: (lambda line: line if f"{runners} runners" in line or f"of {runners}" in line else None)(
        driver.find_element(By.ID, "standing-line").text)
    line = wait_for(f"the standings count {runners} runners", counted, timeout)
    expect(line, f"the standings count {runners} runners ({line})")


def check_live(driver, url, timeout, screenshot, expected_positions=None, events=None, stand_in=None, group=None):
    driver.get(url)
    clock = lambda: driver.find_element(By.ID, "clock").text
    wait_for("the page shows live", lambda: driver.find_element(By.ID, "status").text == "live", timeout)
    first_clock, first_dot = clock(), wait_for("the runner's dot appears", lambda: own_dot(driver), timeout)
    expect(CLOCK.match(first_clock), f"the clock reads hh:mm:ss ({first_clock})")
    time.sleep(3)
    later_clock, later_dot = clock(), own_dot(driver)
    expect(CLOCK.match(later_clock) and later_clock != first_clock, f"the clock moved ({first_clock} → {later_clock})")
    expect(later_dot != first_dot, f"the runner's dot moved ({first_dot} → {later_dot})")
    if group is not None:
        check_group(driver, group, timeout)
    if stand_in is not None:
        stand_in.may_drop.set()
        wait_for("the page says the connection is lost",
                 lambda: driver.find_element(By.ID, "status").text == "connection lost — retrying", timeout)
        print("ok: the page says the connection is lost while the stand-in is away")
    wait_for("the result appears", lambda: result_text(driver), timeout)
    expect(driver.find_element(By.ID, "status").text == "finished", "the status says finished")
    if events is not None:
        distance = expected_distance(events)
        expect(distance in result_text(driver), f"the result shows the distance {distance}")
    if group is not None:
        rows = driver.find_elements(By.CSS_SELECTOR, "#group-results tbody tr")
        expect(len(rows) == group, f"the result has the group's table, a row per runner ({len(rows)} of {group})")
    if expected_positions is not None:
        expect(trail_points(driver) == expected_positions,
               f"each message was applied once: {expected_positions} trail points after a reconnection")
    no_browser_errors(driver)
    if screenshot:
        save_screenshot(driver, screenshot)


class StandIn:
    """The live server's part the page talks to: `/` with the policy, `/events` as SSE."""

    def __init__(self, page, nonce, events, seconds):
        self.page = page.encode("utf-8")
        self.nonce = nonce
        self.messages = [
            f"id: {index}\nevent: {event['type']}\ndata: {json.dumps(event['data'], separators=(',', ':'))}\n\n".encode("utf-8")
            for index, event in enumerate(events)]
        self.interval = seconds / max(len(self.messages), 1)
        self.may_drop = threading.Event()
        self.dropped = threading.Event()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_GET(self):
                if self.path == "/":
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=utf-8")
                    self.send_header("Content-Security-Policy",
                                     f"default-src 'none'; script-src 'nonce-{stand_in.nonce}'; "
                                     f"style-src 'nonce-{stand_in.nonce}'; img-src data:; connect-src 'self'")
                    self.end_headers()
                    self.wfile.write(stand_in.page)
                elif self.path == "/events":
                    if stand_in.dropped.is_set():
                        time.sleep(2)  # away for a while: the page says so until the stream opens again
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    stand_in.stream(self.wfile)
                else:
                    self.send_error(404)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def stream(self, out):
        try:
            out.write(b"retry: 500\n\n")
            # Every message from the first, as to a late viewer; the first stream ends halfway, once
            # the checker has seen the page run.
            for index, message in enumerate(self.messages):
                if index == len(self.messages) // 2 and not self.dropped.is_set():
                    self.may_drop.wait(timeout=60)
                    self.dropped.set()
                    return
                out.write(message)
                out.flush()
                time.sleep(self.interval)
            time.sleep(1)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def __enter__(self):
        self.thread.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __exit__(self, *exception):
        self.server.shutdown()
        self.server.server_close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--export", help="an exported page to open from its file")
    parser.add_argument("--url", help="a live page to open")
    parser.add_argument("--live-page", help="the live page's HTML, for the stand-in server")
    parser.add_argument("--nonce", help="the nonce the live page was made with")
    parser.add_argument("--events-from", help="an exported page whose messages the stand-in sends")
    parser.add_argument("--seconds", type=float, default=10, help="how long the stand-in takes to send the run")
    parser.add_argument("--group", type=int, help="with --url: the page is a group run's, of this many runners")
    parser.add_argument("--timeout", type=float, default=60, help="the longest wait for a live page's step")
    parser.add_argument("--screenshot", help="write a PNG of the page at the end")
    arguments = parser.parse_args()
    if not (arguments.export or arguments.url or arguments.live_page):
        parser.error("give --export FILE, --url URL or --live-page FILE")
    if arguments.live_page and not (arguments.events_from and arguments.nonce):
        parser.error("--live-page needs --events-from FILE and --nonce NONCE")
    driver = browser()
    try:
        if arguments.export:
            check_export(driver, arguments.export, arguments.screenshot)
        if arguments.url:
            check_live(driver, arguments.url, arguments.timeout, arguments.screenshot if not arguments.export else None,
                       group=arguments.group)
        if arguments.live_page:
            events = embedded_events(arguments.events_from)
            with open(arguments.live_page, encoding="utf-8") as file:
                page = file.read()
            positions = sum(1 for event in events if event["type"] == "progress" and "lat" in event["data"])
            stand_in = StandIn(page, arguments.nonce, events, arguments.seconds)
            with stand_in as url:
                shot = arguments.screenshot if not (arguments.export or arguments.url) else None
                check_live(driver, url, arguments.timeout, shot, expected_positions=positions, events=events, stand_in=stand_in)
    except CheckFailed as failure:
        print(f"FAILED: {failure}")
        return 1
    finally:
        driver.quit()
    print("check-web-page: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
