#!/usr/bin/env bash
# Checks materun's FIT export with other programs' readers: kept runs (bundled scenarios replayed
# at --speed max, a lap per kilometre split; laps marked by hand are pinned by the unit tests)
# exported with `export --format fit` must read without an error in Garmin's own FIT SDK for
# Python (garmin-fit-sdk) and in fitdecode, both must measure the kept distance within 0.5%, and
# a replay of the export by materun must give the kept distance within 0.5%.
#
# Usage: scripts/check-fit-export.sh
# Needs python3 with garmin-fit-sdk and fitdecode (pip install garmin-fit-sdk fitdecode); CI
# installs them first, and this fails when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c 'import garmin_fit_sdk, fitdecode' 2>/dev/null \
  || { echo "check-fit-export: python3 garmin-fit-sdk and fitdecode are not installed (pip install garmin-fit-sdk fitdecode)"; exit 1; }
bin=${MATERUN:-$(swift build --show-bin-path)/materun}
[ -x "$bin" ] || swift build --product materun
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export MATERUN_DATA_DIR="$tmp/data"   # never the real home

for scenario in Scenarios/hilly-8k.json Scenarios/easy-5k.json; do
  "$bin" replay "$scenario" --speed max --json > /dev/null
  "$bin" export latest --format fit -o "$tmp/run.fit"
  kept=$("$bin" history --json --limit 1 | head -1 | python3 -c 'import sys, json; print(json.load(sys.stdin)["distance_m"])')
  again=$("$bin" replay "$tmp/run.fit" --speed max --json --no-save 2>/dev/null | tail -1 | python3 -c 'import sys, json; print(json.load(sys.stdin)["distance_m"])')
  scripts/read-fit-export.py "$tmp/run.fit" > "$tmp/reading.json"
  python3 - "$scenario" "$kept" "$again" "$tmp/reading.json" <<'PY'
import json, sys
scenario, kept, again = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
reading = json.load(open(sys.argv[4]))
garmin, fitdecode = reading["garmin"], reading["fitdecode"]
failed = []
if not garmin["is_fit"] or not garmin["integrity"]:
    failed.append("garmin-fit-sdk: not a FIT file, or its CRC is wrong")
if garmin["errors"]:
    failed.append(f"garmin-fit-sdk errors: {garmin['errors']}")
if "error" in fitdecode:
    failed.append(f"fitdecode: {fitdecode['error']}")
rows = [("garmin-fit-sdk session", garmin["session_distance"]), ("garmin-fit-sdk last record", garmin["last_record_distance"]),
        ("fitdecode session", fitdecode.get("session_distance")), ("fitdecode last record", fitdecode.get("last_record_distance")),
        ("materun replay of the export", again)]
print(f"{scenario}: kept {kept:.1f} m; garmin-fit-sdk {garmin['records']} records, {garmin['laps']} laps, no errors: {not garmin['errors']}")
for name, distance in rows:
    if distance is None:
        failed.append(f"{name}: no distance")
        continue
    off = abs(distance - kept) / kept * 100
    print(f"  {name}: {distance:.1f} m ({off:.2f}% off)")
    if off > 0.5:
        failed.append(f"{name}: {distance:.1f} m is {off:.2f}% off the kept {kept:.1f} m")
for line in failed:
    print("FAIL " + line)
sys.exit(1 if failed else 0)
PY
done
echo "check-fit-export: passed"
