#!/usr/bin/env python3
"""Writes a GPX of a logger left on (issue 42): an MTK-style log every 5 s that stands for 3 hours
while its fixes wander 3-10 m (a first-order Gauss-Markov process correlated over 60 s, its sigma
swinging between 3 and 10 m), then runs 5 km (four 1,250 m legs at 3 m/s, 90° turns, 2 m noise).
Standing must add under 1% to the run; `run-only.gpx`, beside it, is the run alone.

Not a test fixture yet: the fault it shows is not fixed (see ACCURACY.md, issue 42). Seeded, so
the same files every time. Needs only python3. Usage: scripts/make-logger-left-on-gpx.py OUTDIR
"""
import datetime, math, os, random, sys

INTERVAL = 5
STAND_SECONDS = 3 * 3600
LEGS, LEG_METRES, SPEED = 4, 1250.0, 3.0


def offset(lat, lon, east, north):
    """A point `east` and `north` metres from (lat, lon), on a local plane (metres, not degrees)."""
    return lat + north / 111132.95, lon + east / (111412.84 * math.cos(math.radians(lat)))


def wandering(rnd, count, tau=60.0):
    """Per-axis Gauss-Markov errors, one per fix, sigma between 3 and 10 m."""
    a = math.exp(-INTERVAL / tau)
    east = north = 0.0
    for i in range(count):
        sigma = 3 + 7 * (0.5 + 0.5 * math.sin(i / 300.0))
        east = a * east + math.sqrt(1 - a * a) * rnd.gauss(0, sigma)
        north = a * north + math.sqrt(1 - a * a) * rnd.gauss(0, sigma)
        yield east, north


def write(path, points, start):
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?>\n<gpx version="1.1" creator="MTK logger">'
                "<trk><name>track-1</name><trkseg>\n")
        for t, lat, lon in points:
            time = (start + datetime.timedelta(seconds=t)).strftime("%Y-%m-%dT%H:%M:%SZ")
            f.write(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><time>{time}</time></trkpt>\n')
        f.write("</trkseg></trk></gpx>\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "."
    rnd = random.Random(42)
    lat0, lon0 = 46.05, 14.5
    points, t = [], 0
    for east, north in wandering(rnd, STAND_SECONDS // INTERVAL):
        points.append((t, *offset(lat0, lon0, east, north)))
        t += INTERVAL
    standing = len(points)
    lat, lon, azimuth, truth = lat0, lon0, 0.0, 0.0
    for _ in range(LEGS):
        for _ in range(int(LEG_METRES / (SPEED * INTERVAL))):
            step = SPEED * INTERVAL
            lat, lon = offset(lat, lon, step * math.sin(math.radians(azimuth)), step * math.cos(math.radians(azimuth)))
            truth += step
            points.append((t, *offset(lat, lon, rnd.gauss(0, 2), rnd.gauss(0, 2))))
            t += INTERVAL
        azimuth += 90
    start = datetime.datetime(2026, 5, 1, 6, 0, 0, tzinfo=datetime.timezone.utc)
    write(os.path.join(out, "logger-left-on.gpx"), points, start)
    write(os.path.join(out, "run-only.gpx"), points[standing:], start)
    print(f"truth {truth:.1f} m run after {STAND_SECONDS} s standing; {len(points)} points")


main()
