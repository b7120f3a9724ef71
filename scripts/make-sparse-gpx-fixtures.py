#!/usr/bin/env python3
"""Writes the sparse and gappy GPX fixtures in Tests/MateRunAppTests/DeviceGPX: logs shaped like
those of loggers that write a fix every 4-20 s (Garmin smart recording, a phone app saving
battery, a MapSource export, a GPS of 2001), a phone that loses the signal for 140 s, and an MTK
logger's sessions written as overlapping tracks, newest first.

Each file's truth (`<metadata><desc>true_m=…</desc>`) is the length, as gpxpy measures it, of
the straight lines between the true positions at the fixes' times: all a log can show of a track
that bends between its fixes. The fixes carry seeded noise that wanders as receivers' errors do
(a first-order Gauss-Markov process: 3 m, correlated over 30 s). Needs python3 with gpxpy.
Usage: scripts/make-sparse-gpx-fixtures.py
"""
import datetime, math, os, random
import gpxpy.geo

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "MateRunAppTests", "DeviceGPX")
EARTH = 6371008.8


def moved(lat, lon, east, north):
    """The point `east`, `north` metres away on the sphere gpxpy measures on."""
    return (lat + math.degrees(north / EARTH),
            lon + math.degrees(east / (EARTH * math.cos(math.radians(lat)))))


class Walker:
    """A runner or walker along legs of (heading, metres, speed), with stops of (seconds)."""

    def __init__(self, lat, lon):
        self.legs, self.lat, self.lon = [], lat, lon

    def go(self, heading, metres, speed):
        self.legs.append(("go", heading, metres, speed))

    def stop(self, seconds):
        self.legs.append(("stop", seconds))

    def positions(self):
        """The true position every second, and whether the runner stands there."""
        lat, lon, out = self.lat, self.lon, []
        for leg in self.legs:
            if leg[0] == "stop":
                out += [(lat, lon, True)] * int(leg[1])
                continue
            _, heading, metres, speed = leg
            steps = int(round(metres / speed))
            for _ in range(steps):
                h = math.radians(heading)
                lat, lon = moved(lat, lon, speed * math.sin(h), speed * math.cos(h))
                out.append((lat, lon, False))
        return out


def noisy(truth, seed, sigma=3.0, tau=30.0):
    rng, e, n, a = random.Random(seed), 0.0, 0.0, math.exp(-1 / tau)
    out = []
    for lat, lon, standing in truth:
        s = sigma * math.sqrt(1 - a * a)
        e, n = a * e + rng.gauss(0, s), a * n + rng.gauss(0, s)
        out.append(moved(lat, lon, e, n))
    return out


def write(name, header, truth, fixes, start, times, extra=""):
    length = sum(gpxpy.geo.distance(truth[a][0], truth[a][1], None, truth[b][0], truth[b][1], None)
                 for a, b in zip(times, times[1:]))
    lines = [header.replace("{desc}", f"true_m={length:.1f}")]
    for t in times:
        lat, lon = fixes[t]
        stamp = (start + datetime.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>300.0</ele><time>{stamp}</time>{extra}</trkpt>')
    lines.append("  </trkseg></trk>\n</gpx>\n")
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"{name}: {len(times)} fixes, true {length:.1f} m")


def gpx11(creator, track):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="{creator}" '
            f'xmlns="http://www.topografix.com/GPX/1/1">\n  <metadata><desc>{{desc}}</desc></metadata>\n'
            f'  <trk><name>{track}</name><trkseg>')


def smart_recording_hike():
    """A Garmin with smart recording on a hike: a fix every 1-10 s (4.5 s at the median),
    switchbacks up a hill at 1.1 m/s, and three stops of 40-90 s."""
    w, rng = Walker(46.40, 13.80), random.Random(21)
    for leg in range(36):
        w.go(40 + (130 if leg % 2 else 0) + rng.uniform(-20, 20), rng.uniform(60, 110), 1.1)
        if leg in (9, 20, 30):
            w.stop(40 + 25 * (leg % 3))
    truth = w.positions()
    times, t = [], 0
    while t < len(truth):
        times.append(t)
        t += rng.choice([1, 2, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 10])
    write("smart-recording-hike.gpx", gpx11("eTrex 30", "2013-02-06 12:11:14"), truth, noisy(truth, 22),
          datetime.datetime(2013, 2, 6, 12, 11, 14), times)


def phone_app_ten_seconds():
    """A phone app logging every 10 s: a 5 km run through a city grid of 80-140 m blocks."""
    w, rng = Walker(47.37, 8.54), random.Random(31)
    heading = 0
    while sum(leg[2] for leg in w.legs) < 5000:
        w.go(heading, rng.uniform(80, 140), 3.2)
        heading += rng.choice([-90, 90])
    truth = w.positions()
    write("phone-app-10s.gpx", gpx11("ecoach", "Run"), truth, noisy(truth, 32),
          datetime.datetime(2012, 5, 3, 18, 2, 0), list(range(0, len(truth), 10)))


def mapsource_thirteen_seconds():
    """A MapSource export of a receiver's track log every 13 s: a 6 km run with bends."""
    w, rng = Walker(45.95, 14.45), random.Random(41)
    heading = 70
    for _ in range(30):
        heading += rng.uniform(-50, 50)
        w.go(heading, 200, 3.0)
    truth = w.positions()
    write("mapsource-13s.gpx", gpx11("MapSource 6.16.3", "ACTIVE LOG"), truth, noisy(truth, 42),
          datetime.datetime(2009, 9, 12, 7, 30, 0), list(range(0, len(truth), 13)))


def receiver_of_2001():
    """A GPX 1.0 track of 2001 with a fix every 17 s: a 4 km walk along winding lanes."""
    w, rng = Walker(51.50, -1.20), random.Random(51)
    heading = 200
    for _ in range(40):
        heading += rng.uniform(-35, 35)
        w.go(heading, 100, 1.4)
    truth = w.positions()
    header = ('<?xml version="1.0"?>\n<gpx version="1.0" creator="GPSBabel - http://www.gpsbabel.org" '
              'xmlns="http://www.topografix.com/GPX/1/0">\n<desc>{desc}</desc>\n<trk><name>ACTIVE LOG</name><trkseg>')
    write("receiver-2001-17s.gpx", header, truth, noisy(truth, 52),
          datetime.datetime(2001, 6, 16, 10, 0, 0), list(range(0, len(truth), 17)))


def phone_signal_loss():
    """A phone logging every second that loses the signal for 140 s on a straight street, in
    which its runner walks 170 m, and finds it 170 m on."""
    w = Walker(48.20, 16.37)
    w.go(100, 1500, 3.3)
    w.go(100, 170, 170 / 140)
    w.go(100, 1500, 3.3)
    truth = w.positions()
    gap = range(455, 455 + 140)
    times = [t for t in range(len(truth)) if t not in gap]
    write("phone-signal-loss.gpx", gpx11("Runkeeper - http://www.runkeeper.com", "Running"), truth,
          noisy(truth, 62), datetime.datetime(2019, 4, 2, 6, 45, 0), times)


def mtk_logger_sessions():
    """An MTK logger (i-Blue 747, Holux M-241) logging every 5 s, read out whole by its software
    (GPSBabel's mtk format, as in its reference files: GPX 1.0, a <trk> per log session named
    track-N with "Log every 5 sec, 0 m", <speed> and TP names per point). The logger's memory
    wrapped, so the newest session comes first, and the sectors read out at each session's edge
    repeat the minutes the session before or after also holds: a 6.5 km run in three tracks that
    overlap by 2-3 minutes, written in the order 3, 1, 2."""
    w, rng = Walker(47.96, 7.82), random.Random(91)
    heading = 30
    while sum(leg[2] for leg in w.legs) < 6500:
        heading += rng.uniform(-60, 60)
        w.go(heading, rng.uniform(120, 300), rng.uniform(2.8, 3.3))
    truth = w.positions()
    fixes = noisy(truth, 92)
    times = list(range(0, len(truth), 5))
    start = datetime.datetime(2012, 11, 7, 9, 11, 35)
    sessions = [(1500, len(truth)), (0, 900), (750, 1680)]  # seconds: newest first, then the two before
    length = sum(gpxpy.geo.distance(truth[a][0], truth[a][1], None, truth[b][0], truth[b][1], None)
                 for a, b in zip(times, times[1:]))
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<gpx version="1.0" creator="GPSBabel - https://www.gpsbabel.org" xmlns="http://www.topografix.com/GPX/1/0">',
             f'  <desc>true_m={length:.1f}</desc>']
    number = 1
    for index, (first, last) in enumerate(sessions):
        lines += ['  <trk>', f'    <name>track-{index + 1}</name>', '    <desc>Log every 5 sec, 0 m</desc>', '    <trkseg>']
        for t in (t for t in times if first <= t < last):
            lat, lon = fixes[t]
            speed = math.dist(fixes[t], fixes[min(t + 1, len(fixes) - 1)]) * 111_000
            stamp = (start + datetime.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")
            lines += [f'      <trkpt lat="{lat:.9f}" lon="{lon:.9f}">', '        <ele>265.000</ele>',
                      f'        <time>{stamp}</time>', f'        <speed>{speed:.6f}</speed>',
                      f'        <name>TP{number:06d}</name>', '      </trkpt>']
            number += 1
        lines += ['    </trkseg>', '  </trk>']
    lines.append('</gpx>\n')
    with open(os.path.join(OUT, "mtk-logger-sessions.gpx"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"mtk-logger-sessions.gpx: {len(times)} fixes in {number - 1} points, true {length:.1f} m")


if __name__ == "__main__":
    smart_recording_hike()
    phone_app_ten_seconds()
    mapsource_thirteen_seconds()
    receiver_of_2001()
    phone_signal_loss()
    mtk_logger_sessions()
