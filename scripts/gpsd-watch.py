#!/usr/bin/env python3
"""Watches a gpsd (or materun's --gpsd-serve) with Debian's python3-gps `gps` module, as an app's
Python test would, and prints one JSON line per TPV with a fix: time, lat, lon, speed, until the
server closes the connection or COUNT fixes were seen. Exits 2 when the module is missing.

Usage: /usr/bin/python3 scripts/gpsd-watch.py HOST PORT [COUNT]
"""
import json
import sys

try:
    import gps
except ImportError:
    print("gpsd-watch: the python3 gps module is not installed (apt-get install python3-gps)", file=sys.stderr)
    sys.exit(2)

host, port = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else None
session = gps.gps(host=host, port=port, mode=gps.WATCH_ENABLE | gps.WATCH_JSON)
seen = 0
try:
    for report in session:
        if report["class"] != "TPV" or session.fix.mode < gps.MODE_2D:
            continue
        speed = session.fix.speed
        print(json.dumps({"time": report.time, "lat": session.fix.latitude, "lon": session.fix.longitude,
                          "speed": None if speed != speed else speed, "mode": session.fix.mode}), flush=True)
        seen += 1
        if count is not None and seen >= count:
            break
except (StopIteration, ConnectionError, OSError):
    pass
