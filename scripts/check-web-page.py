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

A replay's live page racing a ghost (--url-file PATH --race; the browser starts first, says
"check-web-page: browser ready", then waits for the page's address in PATH, so that it opens
the page before the run's first progress):
  the whole course is drawn before the first progress and its drawing never changes; the
  ghost's marker sits on the drawn course at the place the server put it; every marker's label
  is inside the map; the ghost's gap and the workout's step are shown in words; the pace and
  elevation charts have points before the end; every figure is labelled for a screen reader,
  the goal's progress bar has its values, and text keeps WCAG AA contrast; at a phone's width
  (390 px) nothing overflows sideways and the labels stay inside. Each look at the page is
  printed as `observed: {json}` for the caller to hold against the run's --json lines.

Usage:
  scripts/check-web-page.py --export FILE.html [--screenshot PATH.png]
  scripts/check-web-page.py --url http://127.0.0.1:8080/ [--group N] [--timeout S] [--screenshot PATH.png]
  scripts/check-web-page.py --live-page LIVE.html --nonce NONCE --events-from FILE.html [--screenshot PATH.png]
  scripts/check-web-page.py --url-file PATH --race [--timeout S] [--screenshot DESKTOP.png] [--phone-screenshot PHONE.png]
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


# One look at a racing page, in one script: what it shows and where, with the numbers it was sent.
OBSERVE = r"""
const map = document.getElementById('map');
const tags = [...map.querySelectorAll('text.tag')].map((tag) => {
  const box = tag.getBBox(); return {text: tag.textContent, x: box.x, y: box.y, width: box.width, height: box.height}; });
const ring = map.querySelector('circle.ring.ghost');
const ghost = document.querySelector('#rivals li[data-kind="ghost"]');
const chartPoints = (id) => { const line = document.querySelector('#' + id + ' polyline.series');
  return line ? line.getAttribute('points').trim().split(/\s+/).length : 0; };
const stepFigure = document.getElementById('step-figure');
const bar = document.getElementById('goal-bar');
return {
  elapsed_s: Number(document.getElementById('clock').dataset.elapsedS),
  progress: Number(document.body.dataset.progress || 0),
  course_after_progress: Number(document.body.dataset.courseAfterProgress ?? NaN),
  finished: !document.getElementById('result-card').hidden,
  course: (map.querySelector('#course') || {getAttribute: () => null}).getAttribute('points'),
  course_m: Number((map.querySelector('#course') || {getAttribute: () => NaN}).getAttribute('data-length-m')),
  tags: tags,
  ghost_ring: ring ? {cx: Number(ring.getAttribute('cx')), cy: Number(ring.getAttribute('cy')),
    course_m: Number(ring.getAttribute('data-course-m')), distance_m: Number(ring.getAttribute('data-distance-m'))} : null,
  ghost_gap: ghost ? {gap_m: Number(ghost.dataset.gapM), gap_s: ghost.dataset.gapS === undefined ? null : Number(ghost.dataset.gapS),
    text: ghost.textContent} : null,
  step: stepFigure.hidden ? null : {name: document.getElementById('step').textContent,
    left: document.getElementById('step-left').textContent},
  pace_points: chartPoints('pace-chart'), elevation_points: chartPoints('elevation-chart'),
  bar: bar.hidden ? null : {role: bar.getAttribute('role'), now: bar.getAttribute('aria-valuenow'),
    text: bar.getAttribute('aria-valuetext')},
  subtitle: document.getElementById('subtitle').textContent,
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
};
"""

# Contrast of every visible text against the colour behind it (WCAG 2 relative luminance).
CONTRAST = r"""
const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
const linear = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
const luminance = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
const behind = (node) => { for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
  const colour = rgb(getComputedStyle(at).backgroundColor); if (colour.length === 3 || (colour.length === 4 && colour[3] > 0.5)) return colour; }
  return [255, 255, 255]; };
const worst = [];
for (const node of document.querySelectorAll('header *, #panel *, .legend, footer *, th, td, dt, dd, h2')) {
  if (!node.offsetParent || ![...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim())) continue;
  const fore = luminance(rgb(getComputedStyle(node).color)), back = luminance(behind(node));
  const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
  worst.push([ratio, node.id || node.className || node.tagName, node.textContent.trim().slice(0, 30)]);
}
worst.sort((a, b) => a[0] - b[0]);
return worst.slice(0, 3);
"""

LABELLED = r"""
const missing = [];
for (const figure of document.querySelectorAll('#panel .figure')) {
  const label = document.getElementById(figure.getAttribute('aria-labelledby') || '');
  if (figure.getAttribute('role') !== 'group' || !label || !label.textContent.trim()) missing.push(figure.id || figure.className);
}
for (const svg of document.querySelectorAll('svg[role="img"]')) {
  if (!svg.closest('[hidden]') && !(svg.getAttribute('aria-label') || '').trim()) missing.push(svg.id);
}
return missing;
"""


def course_point(points_text, share):
    """The point `share` of the way along the drawn course, by its drawn length."""
    points = [tuple(map(float, pair.split(","))) for pair in points_text.split()]
    lengths = [0.0]
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        lengths.append(lengths[-1] + ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    target = share * lengths[-1]
    for index in range(1, len(points)):
        if lengths[index] >= target:
            span = lengths[index] - lengths[index - 1]
            part = (target - lengths[index - 1]) / span if span > 0 else 0
            (ax, ay), (bx, by) = points[index - 1], points[index]
            return ax + (bx - ax) * part, ay + (by - ay) * part
    return points[-1]


def labels_inside(observation, where):
    outside = [tag for tag in observation["tags"]
               if tag["x"] < 0 or tag["y"] < 0 or tag["x"] + tag["width"] > 600 or tag["y"] + tag["height"] > 420]
    expect(observation["tags"] and not outside,
           f"every marker's label is inside the map {where} ({len(observation['tags'])} labels"
           + (f"; outside: {outside}" if outside else "") + ")")


def check_race(driver, url_file, timeout, screenshot, phone_screenshot, screenshot_at=None):
    print("check-web-page: browser ready", flush=True)
    url = wait_for("the page's address", lambda: (lambda text: text if text.startswith("http") else None)(
        open(url_file, encoding="utf-8").read().strip() if os.path.exists(url_file) else ""), timeout)
    driver.get(url)
    observe = lambda: driver.execute_script(OBSERVE)
    first = wait_for("the course is drawn", lambda: (lambda seen: seen if seen["course"] else None)(observe()), timeout)
    print("observed: " + json.dumps(first), flush=True)
    # (Judged by what the page recorded when the course came, not by when this check first looks:
    # a browser slow to open the page gets the run's messages again from the first, in order.)
    expect(first["course_after_progress"] == 0, f"the whole course is drawn at the first event, before any progress "
           f"({len(first['course'].split())} points, known after {first['course_after_progress']} progress messages)")
    missing = driver.execute_script(LABELLED)
    expect(not missing, "every figure is a group named by its label, every drawing has a description"
           + (f" (missing: {missing})" if missing else ""))
    looks, phone_seen, charts_seen = [], False, False
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(1.2)
        seen = observe()
        if seen["finished"]:
            break
        if seen["progress"] == 0:
            continue
        print("observed: " + json.dumps(seen), flush=True)
        looks.append(seen)
        expect(seen["course"] == first["course"], "the course's drawing has not moved (the frame is fixed)")
        if seen["ghost_ring"] and seen["ghost_gap"]:
            ring = seen["ghost_ring"]
            x, y = course_point(seen["course"], ring["course_m"] / seen["course_m"])
            off = ((x - ring["cx"]) ** 2 + (y - ring["cy"]) ** 2) ** 0.5
            expect(off < 4, f"the ghost's marker is on the drawn course at its place ({ring['course_m']:.0f} m in; {off:.1f} px off)")
            expect(("you are ahead by" in seen["ghost_gap"]["text"] or "you are behind by" in seen["ghost_gap"]["text"]
                    or "level" in seen["ghost_gap"]["text"]), f"the ghost's gap is said in words ({seen['ghost_gap']['text']})")
        labels_inside(seen, "at 1280 px")
        if seen["pace_points"] > 2 and seen["elevation_points"] > 2 and not charts_seen:
            charts_seen = True
            expect(True, f"the charts have points before the end (pace {seen['pace_points']}, elevation {seen['elevation_points']})")
            expect(seen["bar"] and seen["bar"]["role"] == "progressbar" and seen["bar"]["now"] is not None,
                   f"the goal's progress bar says its value ({seen['bar']})")
            worst = driver.execute_script(CONTRAST)
            expect(worst and worst[0][0] >= 4.5, f"text keeps WCAG AA contrast (lowest {worst[0][0]:.2f}:1, {worst[0][1]})")
        if screenshot and charts_seen and seen["bar"] and int(seen["bar"]["now"]) >= (screenshot_at or 0):
            save_screenshot(driver, screenshot)
            driver.set_window_size(1280, 2000)
            screenshot = None
        if charts_seen and not phone_seen and len(looks) >= 4 and screenshot is None:
            phone_seen = True
            driver.set_window_size(390, 844)
            time.sleep(1.2)
            seen = observe()
            print("observed: " + json.dumps(seen), flush=True)
            expect(seen["overflow"] <= 1, f"at 390 px nothing overflows sideways ({seen['overflow']} px)")
            labels_inside(seen, "at 390 px")
            if phone_screenshot:
                height = driver.execute_script("return document.documentElement.scrollHeight")
                driver.set_window_size(390, max(844, min(int(height) + 140, 6000)))
                driver.save_screenshot(phone_screenshot)
                print(f"screenshot: {phone_screenshot}")
            driver.set_window_size(1280, 2000)
    expect(charts_seen, "the charts had points before the end")
    expect(phone_seen, "the page was seen at a phone's width while the run went on")
    expect(any(look["ghost_gap"] for look in looks), "the ghost's gap was shown while the run went on")
    expect(any(look["step"] for look in looks), "the workout's step was shown while the run went on")
    wait_for("the result appears", lambda: result_text(driver), timeout)
    no_browser_errors(driver)


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
    parser.add_argument("--url-file", help="with --race: a file the page's address will be written to")
    parser.add_argument("--race", action="store_true", help="with --url-file: a replay racing a ghost, with a workout")
    parser.add_argument("--phone-screenshot", help="with --race: write a PNG of the page at 390 px")
    parser.add_argument("--screenshot-at", type=int, help="with --race: take --screenshot once this percent of the goal is run")
    arguments = parser.parse_args()
    if not (arguments.export or arguments.url or arguments.live_page or arguments.url_file):
        parser.error("give --export FILE, --url URL, --live-page FILE or --url-file PATH --race")
    if arguments.url_file and not arguments.race:
        parser.error("--url-file goes with --race")
    if arguments.live_page and not (arguments.events_from and arguments.nonce):
        parser.error("--live-page needs --events-from FILE and --nonce NONCE")
    driver = browser()
    try:
        if arguments.export:
            check_export(driver, arguments.export, arguments.screenshot)
        if arguments.url_file:
            check_race(driver, arguments.url_file, arguments.timeout, arguments.screenshot, arguments.phone_screenshot,
                       arguments.screenshot_at)
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
