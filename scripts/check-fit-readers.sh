#!/usr/bin/env bash
# Compares materun's reading of FIT files with fitdecode's (a FIT reader on PyPI): the same
# points (records with a timestamp and a position), and a replay's distance within 1% of the
# distance the file's device measured over them (3% for a sparse log, records more than 2 s apart
# at the median: the device measured the bends between its records from its own 1 Hz track,
# which the file does not hold).
#
# Usage: scripts/check-fit-readers.sh [--report] [FILE.fit ...]
#        (default: the fixtures in Tests/MateRunScenariosTests/DeviceFiles)
#        --report prints the table without failing: for public sample files, whose GPS noise the
#        tracker filters on purpose, so that its distance is not the device's.
# Needs python3 with fitdecode (pip install fitdecode); CI installs it first, and this fails when
# it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
report=0
if [ "${1:-}" = "--report" ]; then report=1; shift; fi
python3 -c 'import fitdecode' 2>/dev/null || { echo "check-fit-readers: python3 fitdecode is not installed (pip install fitdecode)"; exit 1; }
materun=${MATERUN:-$(swift build --show-bin-path)/materun}
[ -x "$materun" ] || swift build --product materun
data=$(mktemp -d); trap 'rm -rf "$data"' EXIT
export MATERUN_DATA_DIR="$data"   # the replays' kept runs: never the real home
if [ $# -eq 0 ]; then set -- Tests/MateRunScenariosTests/DeviceFiles/*.fit; fi
python3 - "$materun" "$report" "$@" <<'PY'
import json, re, subprocess, sys
import fitdecode

materun, report, files = sys.argv[1], sys.argv[2] == "1", sys.argv[3:]


def fitdecode_reading(path):
    """Records with a timestamp and a position, the device's distance over them (its running
    total's rises, which start again at each session of a multisport file), and the median
    interval between them in seconds."""
    points, device, last, times = 0, 0.0, None, []
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as fit:
        for frame in fit:
            if not isinstance(frame, fitdecode.FitDataMessage) or frame.name != "record":
                continue
            values = {f.name: f.value for f in frame.fields}
            if values.get("timestamp") is None or values.get("position_lat") is None or values.get("position_long") is None:
                continue
            points += 1
            times.append(values["timestamp"].timestamp())
            distance = values.get("distance")
            if distance is not None:
                if last is not None:
                    device += max(0.0, distance - last)
                last = distance
    intervals = sorted(b - a for a, b in zip(times, times[1:]))
    return points, device, intervals[len(intervals) // 2] if intervals else 1.0


failed = False
print(f"{'file':44s} {'fitdecode pts':>13s} {'materun pts':>11s} {'device m':>10s} {'materun m':>10s} {'diff':>7s}")
for path in files:
    name = path.split("/")[-1]
    try:
        expected_points, device, interval = fitdecode_reading(path)
    except Exception as error:  # fitdecode refuses the file: materun must refuse it too
        run = subprocess.run([materun, "validate", path], capture_output=True, text=True)
        ok = run.returncode != 0
        failed |= not ok
        print(f"{name:44s} fitdecode refuses ({type(error).__name__}); materun {'refuses' if ok else 'READS IT'}: {run.stderr.strip()[:90]}")
        continue
    run = subprocess.run([materun, "validate", path], capture_output=True, text=True)
    found = re.search(r"samples\s+(\d+) location", run.stdout)
    if run.returncode != 0 or not found:
        print(f"{name:44s} {expected_points:13d} materun refuses: {run.stderr.strip()[:100]}")
        failed |= expected_points > 0
        continue
    points = int(found.group(1))
    replay = subprocess.run([materun, "replay", path, "--speed", "max", "--json", "--weight", "70"], capture_output=True, text=True)
    measured = json.loads(replay.stdout.strip().splitlines()[-1])["distance_m"]
    diff = (measured - device) / device * 100 if device > 0 else float("nan")
    ok = points == expected_points and abs(diff) <= (3 if interval > 2 else 1)
    failed |= not ok
    print(f"{name:44s} {expected_points:13d} {points:11d} {device:10.1f} {measured:10.1f} {diff:+6.2f}% {'ok' if ok else 'FAIL'}")
sys.exit(1 if failed and not report else 0)
PY
