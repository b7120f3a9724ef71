#!/usr/bin/env bash
# Replays every bundled scenario at --speed max --json with the materun of BASE_REV and with the
# working tree's, and compares the outputs and the kept runs (journal and record) byte for byte:
# a refactoring must not change them.
# Usage: scripts/compare-replays.sh BASE_REV
# Exit status: 0 all identical, 1 some output differs (the diff is printed), 2 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/compare-replays.sh BASE_REV" >&2; exit 2; }
base_rev=$1

work=$(mktemp -d "${TMPDIR:-/tmp}/materun-compare.XXXXXX")
cleanup() { git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

git worktree add --detach "$work/base" "$base_rev" >/dev/null
echo "compare-replays: building $base_rev"
(cd "$work/base" && swift build --product materun >/dev/null)
echo "compare-replays: building the working tree"
swift build --product materun >/dev/null
base_bin=$(cd "$work/base" && swift build --show-bin-path)/materun
new_bin=$(swift build --show-bin-path)/materun

# What differs at every run is masked: a kept run's id and the wall times of its start and keeping.
mask() { sed -E 's/,"run_id":"[^"]*"//; s/"(kept_at_unix|started_at_unix)":[0-9.]+//g; s/"(kept_at|started_at)":"[^"]*"//g; s/[0-9]{8}-[0-9]{6}-[0-9]+-[0-9a-f]+/ID/g'; }

# Replays SCENARIO with BIN into a data directory of its own; leaves NAME.out, NAME.track, NAME.run.
replay() { # BIN SCENARIO NAME
  local data="$work/data-$3"
  MATERUN_DATA_DIR="$data" "$1" replay "$2" --speed max --json 2>/dev/null | mask > "$work/$3.out"
  local run
  run=$(ls -d "$data"/runs/*/ | head -n 1)
  mask < "$run/track.jsonl" > "$work/$3.track"
  mask < "$run/run.json" > "$work/$3.run"
}

status=0
for scenario in Scenarios/*.json Scenarios/*.gpx; do
  name=$(basename "$scenario")
  replay "$base_bin" "$scenario" "$name.base"
  replay "$new_bin" "$scenario" "$name.new"
  # The --json output, then the kept run: its journal and its record.
  for part in out track run; do
    if cmp -s "$work/$name.base.$part" "$work/$name.new.$part"; then
      echo "same $scenario $part ($(wc -l < "$work/$name.new.$part") lines)"
    else
      echo "DIFF $scenario $part"
      diff "$work/$name.base.$part" "$work/$name.new.$part" | head -n 20 || true   # diff exits 1, head may close the pipe: go on
      status=1
    fi
  done
done
exit $status
