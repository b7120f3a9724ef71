#!/usr/bin/env bash
# Compares materun's distance for GPX files with what gpxpy (a reader users have) measures.
#
# Usage: scripts/check-gpx-readers.sh [MATERUN]
# Needs python3 with gpxpy (pip install gpxpy). Without them it says so and exits 0: this check
# runs in CI after CI installs gpxpy. Fails when materun's distance is more than 2% away from
# gpxpy's length_2d over the same points (a watch pause (segments) is not walked by either, and
# both leave out dropped points' stretches), unless it is within 3% of the file's own truth
# (`true_m=` in its metadata): gpxpy sums the noise of a sparse or noisy log's fixes as distance.
# What materun says it left out (the summary's `left_out`: a drive, a jump) is shown beside it.
set -euo pipefail
data=$(mktemp -d); trap 'rm -rf "$data"' EXIT
export MATERUN_DATA_DIR="$data"   # the replays' kept runs: never the real home
cd "$(dirname "$0")/.."
materun=${1:-$(swift build --show-bin-path)/materun}
python3 -c 'import gpxpy' 2>/dev/null || { echo "check-gpx-readers: python3 gpxpy is not installed (pip install gpxpy)"; exit 1; }
python3 - "$materun" <<'PY'
import gpxpy, gpxpy.gpx, json, re, subprocess, sys, glob, datetime
materun = sys.argv[1]
# (file, materun options, what gpxpy measures)
cases = [(f, [], None) for f in sorted(glob.glob("Tests/MateRunAppTests/DeviceGPX/*.gpx")) if "planned" not in f]
cases.append(("Tests/MateRunAppTests/DeviceGPX/planned-route.gpx", ["--pace", "6:00"], "routes"))
failed = False
print(f"{'file':44s} {'gpxpy m':>10s} {'materun m':>10s} {'diff':>7s}")
for path, options, kind in cases:
    gpx = gpxpy.parse(open(path, encoding="utf-8"))
    if kind == "routes":
        expected = sum(r.length() for r in gpx.routes)
    else:
        # The points materun keeps: plausible times that do not go back; tracks whose times
        # overlap are one log, merged by time as GPSBabel's "track,merge" filter does (a point at
        # an instant already given dropped).
        low, high = datetime.datetime(1990, 1, 1, tzinfo=datetime.timezone.utc), datetime.datetime(2100, 1, 1, tzinfo=datetime.timezone.utc)
        timed = lambda t: [p for s in t.segments for p in s.points if p.time is not None and low <= p.time < high]
        spans = [(min(p.time for p in timed(t)), max(p.time for p in timed(t))) for t in gpx.tracks if timed(t)]
        overlap = any(a[0] < b[1] and b[0] < a[1] for i, a in enumerate(spans) for b in spans[i + 1:])
        if overlap:
            merged, seen = gpxpy.gpx.GPXTrackSegment(), set()
            for point in sorted((p for t in gpx.tracks for p in timed(t)), key=lambda p: p.time):
                if point.time not in seen:
                    seen.add(point.time)
                    merged.points.append(point)
            track = gpxpy.gpx.GPXTrack()
            track.segments.append(merged)
            gpx.tracks = [track]
        expected, last = 0.0, None
        for track in gpx.tracks:
            for segment in track.segments:
                previous = None
                for point in segment.points:
                    if point.time is None or not (low <= point.time < high) or (last and point.time < last):
                        continue
                    if previous is not None:
                        expected += point.distance_2d(previous)
                    previous, last = point, point.time
    run = subprocess.run([materun, "replay", path, "--speed", "max", "--json", "--weight", "70", *options],
                         capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    if run.returncode != 0 or not lines:
        print(f"FAIL {path}: materun exited {run.returncode}: {run.stderr.strip()[:200]}")
        failed = True
        continue
    summary = json.loads(lines[-1])
    measured = summary["distance_m"]
    left_out = sum(stretch["distance_m"] for stretch in summary.get("left_out", []))
    diff = (measured - expected) / expected * 100
    truth = re.search(r"true_m=([0-9.]+)", open(path, encoding="utf-8").read())
    truth_diff = (measured - float(truth.group(1))) / float(truth.group(1)) * 100 if truth else None
    ok = abs(diff) <= 2 or (truth_diff is not None and abs(truth_diff) <= 3)
    failed |= not ok
    against_truth = f"  truth {float(truth.group(1)):.1f} m {truth_diff:+.2f}%" if truth else ""
    said = f"  left out {left_out:.1f} m" if left_out else ""
    print(f"{path.split('/')[-1]:44s} {expected:10.1f} {measured:10.1f} {diff:+6.2f}% {'ok' if ok else 'FAIL'}{against_truth}{said}")
sys.exit(1 if failed else 0)
PY
