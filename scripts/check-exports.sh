#!/usr/bin/env bash
# Checks materun's GPX and TCX exports with other programs' readers: gpxpy must parse the GPX and
# gpsbabel must read both, each without a warning, and the exported GPX must replay in materun
# to the same distance as the kept run, within 0.5%.
#
# Usage: scripts/check-exports.sh                 replay a bundled scenario into a temporary store,
#                                                 export it, and check the exports
#        scripts/check-exports.sh FILE.gpx|FILE.tcx ...   check the given files only
# Needs python3 with gpxpy (pip install gpxpy) and gpsbabel (apt-get install gpsbabel); CI
# installs both before running this. A missing tool is an error, not a skip.
set -euo pipefail

command -v gpsbabel >/dev/null || { echo "check-exports: gpsbabel is not installed"; exit 1; }
python3 -c 'import gpxpy' 2>/dev/null || { echo "check-exports: python3 gpxpy is not installed"; exit 1; }

check_gpx() {
  python3 - "$1" <<'PY'
import sys, warnings, gpxpy
warnings.simplefilter("error")
with open(sys.argv[1]) as f:
    gpx = gpxpy.parse(f)
points = sum(len(s.points) for t in gpx.tracks for s in t.segments)
if points == 0:
    sys.exit(f"{sys.argv[1]}: gpxpy found no track points")
print(f"gpxpy: {sys.argv[1]}: {points} points, {gpx.length_2d():.1f} m")
PY
}

check_babel() { # FILE FORMAT(gpx|gtrnctr)
  local out
  out=$(gpsbabel -i "$2" -f "$1" -o unicsv -F /dev/null 2>&1) || { echo "$out"; echo "gpsbabel: cannot read $1"; exit 1; }
  if [ -n "$out" ]; then echo "$out"; echo "gpsbabel: warnings reading $1"; exit 1; fi
  echo "gpsbabel: $1 reads cleanly"
}

check_file() {
  case $1 in
    *.gpx) check_gpx "$1"; check_babel "$1" gpx ;;
    *.tcx) check_babel "$1" gtrnctr ;;
    *) echo "check-exports: $1 is neither .gpx nor .tcx"; exit 1 ;;
  esac
}

if [ $# -gt 0 ]; then
  for file in "$@"; do check_file "$file"; done
  exit 0
fi

bin=$(swift build --show-bin-path)/materun
[ -x "$bin" ] || swift build --product materun
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$bin" replay Scenarios/easy-5k.json --speed max --json --data-dir "$tmp/data" > /dev/null
"$bin" export latest --format gpx -o "$tmp/run.gpx" --data-dir "$tmp/data"
"$bin" export latest --format tcx -o "$tmp/run.tcx" --data-dir "$tmp/data"
check_file "$tmp/run.gpx"
check_file "$tmp/run.tcx"

kept=$("$bin" history --json --limit 1 --data-dir "$tmp/data" | head -1 | python3 -c 'import sys, json; print(json.load(sys.stdin)["distance_m"])')
again=$("$bin" replay "$tmp/run.gpx" --speed max --json --no-save | tail -1 | python3 -c 'import sys, json; print(json.load(sys.stdin)["distance_m"])')
python3 - "$kept" "$again" <<'PY'
import sys
kept, again = float(sys.argv[1]), float(sys.argv[2])
off = abs(again - kept) / kept * 100
print(f"replay of the export: {again:.1f} m against {kept:.1f} m kept ({off:.2f}% off)")
sys.exit(0 if off <= 0.5 else 1)
PY
