#!/usr/bin/env python3
"""Writes the GPX fixtures of stretches the tracker leaves out, in Tests/MateRunAppTests/DeviceGPX:
a run with a car drive in the middle (a watch left recording in the car), and a run whose
receiver jumps 2 km and carries on from there.

Each file's `<metadata><desc>` holds the truth: `true_m` the running alone (the straight lines
between the true positions at the fixes' times, on the sphere gpxpy measures on), `left_out_m`
the drive's or the jump's length, `left_out_from_s` / `left_out_to_s` the run time it starts and
ends at. The fixes carry seeded noise that wanders as receivers' errors do (a first-order
Gauss-Markov process: 3 m, correlated over 30 s), as in make-sparse-gpx-fixtures.py. Needs
only python3. Usage: scripts/make-left-out-gpx-fixtures.py
"""
import datetime, math, os, random

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "MateRunAppTests", "DeviceGPX")
EARTH = 6371008.8


def moved(lat, lon, east, north):
    """The point `east`, `north` metres away on the sphere."""
    return (lat + math.degrees(north / EARTH),
            lon + math.degrees(east / (EARTH * math.cos(math.radians(lat)))))


def legs(lat, lon, plan):
    """The true position every second along legs of (heading, seconds, speed); each position
    comes with the metres run to it from the one before."""
    out = [(lat, lon, 0.0)]
    for heading, seconds, speed in plan:
        h = math.radians(heading)
        for _ in range(seconds):
            lat, lon = moved(lat, lon, speed * math.sin(h), speed * math.cos(h))
            out.append((lat, lon, speed))
    return out


def noisy(truth, seed, sigma=3.0, tau=30.0):
    rng, e, n, a = random.Random(seed), 0.0, 0.0, math.exp(-1 / tau)
    out = []
    for lat, lon, _ in truth:
        s = sigma * math.sqrt(1 - a * a)
        e, n = a * e + rng.gauss(0, s), a * n + rng.gauss(0, s)
        out.append(moved(lat, lon, e, n))
    return out


def write(name, creator, fixes, desc):
    start = datetime.datetime(2024, 6, 8, 7, 30, 0, tzinfo=datetime.timezone.utc)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<gpx version="1.1" creator="{creator}" xmlns="http://www.topografix.com/GPX/1/1">',
             f'  <metadata><desc>{desc}</desc></metadata>',
             '  <trk><name>Run</name><trkseg>']
    for second, (lat, lon) in enumerate(fixes):
        stamp = (start + datetime.timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(f'    <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>410.0</ele><time>{stamp}</time></trkpt>')
    lines += ['  </trkseg></trk>', '</gpx>', '']
    with open(os.path.join(OUT, name), "w") as f:
        f.write("\n".join(lines))


def drive():
    """3 km run, 14.8 km drive at 22-28 m/s over 10 minutes with bends, 3 km run."""
    run_before = [(0, 300, 3.0), (90, 200, 3.0), (180, 250, 3.0), (90, 250, 3.0)]
    car = [(60, 120, 22.0), (75, 120, 26.0), (50, 90, 23.0), (80, 120, 28.0), (65, 150, 24.0)]
    car_seconds = sum(seconds for _, seconds, _ in car)
    car_metres = sum(seconds * speed for _, seconds, speed in car)
    run_after = [(0, 250, 3.0), (270, 250, 3.0), (180, 250, 3.0), (90, 250, 3.0)]
    lat, lon = 47.3700, 8.5400
    first = legs(lat, lon, run_before)
    lat, lon, _ = first[-1]
    middle = legs(lat, lon, car)[1:]
    lat, lon, _ = middle[-1]
    last = legs(lat, lon, run_after)[1:]
    truth = first + middle + last
    running = sum(step for _, _, step in first) + sum(step for _, _, step in last)
    drive_from = len(first) - 1
    desc = (f"true_m={running:.1f} left_out_m={car_metres:.1f} "
            f"left_out_from_s={drive_from} left_out_to_s={drive_from + car_seconds}")
    write("run-with-drive.gpx", "watch left on in the car", noisy(truth, seed=33), desc)


def jump():
    """2.1 km run, the receiver leaps 2 km east, 2.1 km run on from there."""
    lat, lon = 47.4100, 8.5000
    first = legs(lat, lon, [(0, 350, 3.0), (90, 350, 3.0)])
    lat, lon, _ = first[-1]
    leap = 2000.0
    lat, lon = moved(lat, lon, leap, 0)
    last = legs(lat, lon, [(0, 350, 3.0), (90, 350, 3.0)])
    # The leap takes one second: the first fix after it is the new place.
    truth = first + [(la, lo, 0.0 if index == 0 else step) for index, (la, lo, step) in enumerate(last)]
    running = sum(step for _, _, step in truth)
    jump_at = len(first) - 1
    desc = f"true_m={running:.1f} left_out_m={leap:.1f} left_out_from_s={jump_at} left_out_to_s={jump_at + 1}"
    write("run-with-jump.gpx", "receiver that jumps", noisy(truth, seed=34), desc)


if __name__ == "__main__":
    drive()
    jump()
