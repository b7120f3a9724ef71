#!/usr/bin/env python3
"""GPX replay benchmark helper for scripts/bench-gpx.sh.

  bench_gpx.py generate OUT.gpx [--points N] [--seed S] [--garmin]
      Writes a realistic 1 Hz running track: a 5 km loop with wiggles and hills, seeded GPS
      noise, lat/lon with 7 decimals, <ele> with 1 decimal, ISO-8601 UTC <time> ending in Z.
      --garmin writes each point as Garmin Connect exports do: 8 decimals, milliseconds, and a
      TrackPointExtension with temperature, heart rate and cadence (about 360 bytes a point:
      200,000 points make 72 MB).

  bench_gpx.py measure FILE.gpx --materun PATH [--runs N] [--timer auto|hyperfine|python]
      Times each command N times (wall time, median shown) and prints a table with points/s:
      reading the file (baseline), gpxpy parse, gpxpy parse + length_3d + moving data, and
      `materun replay FILE --speed max --no-countdown` kept, kept with --json, and --no-save;
      gpsbabel converting the file to CSV through its track filter, when installed. The peak
      memory (maximum resident set) of each command is measured once with /usr/bin/time.
"""
import argparse
import datetime as dt
import json
import math
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def plain_point(lat, lon, ele, stamp, hr, cad):
    return (f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">\n'
            f"        <ele>{ele:.1f}</ele>\n"
            f"        <time>{stamp}Z</time>\n"
            "      </trkpt>\n")


def garmin_point(lat, lon, ele, stamp, hr, cad):
    return (f'      <trkpt lat="{lat:.8f}" lon="{lon:.8f}">\n'
            f"        <ele>{ele:.1f}</ele>\n"
            f"        <time>{stamp}.000Z</time>\n"
            "        <extensions>\n"
            "          <ns3:TrackPointExtension>\n"
            "            <ns3:atemp>24.0</ns3:atemp>\n"
            f"            <ns3:hr>{hr}</ns3:hr>\n"
            f"            <ns3:cad>{cad}</ns3:cad>\n"
            "          </ns3:TrackPointExtension>\n"
            "        </extensions>\n"
            "      </trkpt>\n")


def generate(path, points, seed, garmin=False):
    rng = random.Random(seed)
    centre_lat, centre_lon = 37.5283, 126.9327  # a loop by the Han river, Seoul
    m_per_deg_lat, m_per_deg_lon = 110_996.0, 88_300.0
    radius = 800.0
    # The runner's repeating 30-minute block: (seconds, speed m/s).
    block = [(120, 1.4), (1200, 3.0), (240, 3.8), (120, 1.5), (40, 0.0), (80, 2.8)]
    start = dt.datetime(2024, 5, 18, 7, 0, 0, tzinfo=dt.timezone.utc)
    along, leg, left = 0.0, 0, block[0][0]
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        out.write('<gpx version="1.1" creator="materun bench_gpx.py" '
                  'xmlns="http://www.topografix.com/GPX/1/1" '
                  'xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n')
        point = garmin_point if garmin else plain_point
        out.write(f"  <metadata><name>Bench loop, {points} points</name></metadata>\n")
        out.write("  <trk>\n    <name>Bench loop</name>\n    <type>running</type>\n    <trkseg>\n")
        write = out.write
        for second in range(points):
            angle = along / radius
            wiggle = 25 * math.sin(angle * 7)
            east = (radius + wiggle) * math.cos(angle) + rng.gauss(0, 3)
            north = (radius + wiggle) * math.sin(angle) + rng.gauss(0, 3)
            lat = centre_lat + north / m_per_deg_lat
            lon = centre_lon + east / m_per_deg_lon
            ele = 20 + 9 * math.sin(angle * 3) + rng.gauss(0, 0.3)
            stamp = (start + dt.timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%S")
            speed = block[leg][1]
            write(point(lat, lon, ele, stamp, int(90 + 22 * speed), int(60 + 8 * speed) if speed else 0))
            along += speed * (1 + 0.05 * rng.gauss(0, 1))
            left -= 1
            if left == 0:
                leg = (leg + 1) % len(block)
                left = block[leg][0]
        out.write("    </trkseg>\n  </trk>\n</gpx>\n")


def commands(gpx, materun):
    f = shlex.quote(gpx)
    m = shlex.quote(materun)
    py = shlex.quote(sys.executable)
    parse = f"import gpxpy; gpxpy.parse(open({gpx!r}, encoding='utf-8'))"
    full = (f"import gpxpy; g = gpxpy.parse(open({gpx!r}, encoding='utf-8')); "
            "g.length_3d(); g.get_moving_data()")
    replay = f"{m} replay {f} --speed max --no-countdown"
    rows = [
        ("baseline", "cat FILE > /dev/null (read the file)", f"cat {f} > /dev/null"),
        ("gpxpy", "gpxpy.parse (parse only)", f"{py} -c {shlex.quote(parse)}"),
        ("gpxpy", "gpxpy.parse + length_3d + get_moving_data", f"{py} -c {shlex.quote(full)}"),
    ]
    if shutil.which("gpsbabel"):
        rows.append(("gpsbabel", "gpsbabel GPX -> CSV through -x track",
                     f"gpsbabel -t -i gpx -f {f} -x track,speed -o unicsv -F /dev/null"))
    return rows + [
        ("materun", "materun replay --speed max (kept, plain)", f"{replay} > /dev/null"),
        ("materun", "materun replay --speed max --json (kept)", f"{replay} --json > /dev/null"),
        ("materun", "materun replay --speed max --no-save (plain)", f"{replay} --no-save > /dev/null"),
    ]


def peak_memory(cmd):
    """The maximum resident set of `cmd` in MB, from /usr/bin/time, or None without it."""
    if not os.path.exists("/usr/bin/time"):
        return None
    done = subprocess.run(["/usr/bin/time", "-f", "%M", "sh", "-c", cmd], capture_output=True, text=True)
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    return int(last) / 1024 if last.isdigit() else None


def time_with_python(cmds, runs):
    """Interleaved rounds: each round runs every command once, so all rows share the conditions."""
    times = [[] for _ in cmds]
    for round_index in range(runs):
        cells = []
        for i, (_, _, cmd) in enumerate(cmds):
            start = time.perf_counter()
            done = subprocess.run(cmd, shell=True)
            elapsed = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"bench_gpx: command failed ({done.returncode}): {cmd}")
            times[i].append(elapsed)
            cells.append(f"{elapsed:.3f}s")
        print(f"  round {round_index + 1}: " + "  ".join(cells), flush=True)
    return times


def time_with_hyperfine(cmds, runs):
    with tempfile.TemporaryDirectory() as tmp:
        export = os.path.join(tmp, "hyperfine.json")
        argv = ["hyperfine", "--runs", str(runs), "--style", "basic", "--export-json", export]
        for _, _, cmd in cmds:
            argv.append(cmd)
        subprocess.run(argv, check=True)
        with open(export, encoding="utf-8") as handle:
            results = json.load(handle)["results"]
    return [r["times"] for r in results]


def count_points(gpx):
    with open(gpx, "rb") as handle:
        return len(re.findall(rb"<trkpt\b", handle.read()))


def measure(gpx, materun, runs, timer):
    # The kept replays write their runs to a history of their own, never the real one.
    os.environ["MATERUN_DATA_DIR"] = tempfile.mkdtemp(prefix="materun-bench-gpx-")
    points = count_points(gpx)
    size = os.path.getsize(gpx)
    cmds = commands(gpx, materun)
    if timer == "auto":
        timer = "hyperfine" if shutil.which("hyperfine") else "python"
    print(f"GPX replay benchmark: {gpx}: {points:,} points, {size / 1e6:.1f} MB; "
          f"{runs} runs each, median wall time, timed with {timer}", flush=True)
    for role, label, cmd in cmds:
        print(f"  {label}:  {cmd}")
    times = time_with_hyperfine(cmds, runs) if timer == "hyperfine" else time_with_python(cmds, runs)

    medians = [statistics.median(t) for t in times]
    memory = [peak_memory(cmd) for _, _, cmd in cmds]
    header = ["role", "what", "median s", "min s", "max s", "points/s", "x gpxpy full", "peak MB"]
    rows = []
    for (role, label, _), t, med, mb in zip(cmds, times, medians, memory):
        rows.append([role, label, f"{med:.3f}", f"{min(t):.3f}", f"{max(t):.3f}",
                     f"{points / med:,.0f}", f"{medians[2] / med:.2f}", "-" if mb is None else f"{mb:.0f}"])
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    def line(cells):
        return "  ".join(c.ljust(widths[i]) if i < 2 else c.rjust(widths[i]) for i, c in enumerate(cells))
    print()
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
    print()
    by_label = {label: med for (_, label, _), med in zip(cmds, medians)}
    kept = by_label["materun replay --speed max (kept, plain)"]
    print(f"materun kept: {by_label['gpxpy.parse + length_3d + get_moving_data'] / kept:.1f}x gpxpy (parse + length + moving)"
          + (f", {by_label['gpsbabel GPX -> CSV through -x track'] / kept:.2f}x gpsbabel"
             if "gpsbabel GPX -> CSV through -x track" in by_label else ""))
    print(f"keeping the run costs {100 * (kept / by_label['materun replay --speed max --no-save (plain)'] - 1):+.1f}% "
          f"over --no-save; --json kept is {by_label['materun replay --speed max --json (kept)'] / kept:.2f}x the plain time")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate")
    gen.add_argument("out")
    gen.add_argument("--points", type=int, default=500_000)
    gen.add_argument("--seed", type=int, default=2024)
    gen.add_argument("--garmin", action="store_true")
    mea = sub.add_parser("measure")
    mea.add_argument("gpx")
    mea.add_argument("--materun", required=True)
    mea.add_argument("--runs", type=int, default=5)
    mea.add_argument("--timer", choices=["auto", "hyperfine", "python"], default="auto")
    args = parser.parse_args()
    if args.command == "generate":
        generate(args.out, args.points, args.seed, args.garmin)
    else:
        measure(args.gpx, args.materun, args.runs, args.timer)


if __name__ == "__main__":
    main()
