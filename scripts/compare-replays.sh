#!/usr/bin/env bash
# Replays every bundled scenario at --speed max --json with the materun of BASE_REV and with the
# working tree's, and compares the outputs byte for byte: a refactoring must not change them.
# Usage: scripts/compare-replays.sh BASE_REV
# Exit status: 0 all identical, 1 some output differs (the diff is printed), 2 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/compare-replays.sh BASE_REV" >&2; exit 2; }
base_rev=$1

work=$(mktemp -d "${TMPDIR:-/tmp}/materun-compare.XXXXXX")
cleanup() { git worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
export MATERUN_DATA_DIR="$work/data"   # the replays' kept runs: never the real home

git worktree add --detach "$work/base" "$base_rev" >/dev/null
echo "compare-replays: building $base_rev"
(cd "$work/base" && swift build --product materun >/dev/null)
echo "compare-replays: building the working tree"
swift build --product materun >/dev/null
base_bin=$(cd "$work/base" && swift build --show-bin-path)/materun
new_bin=$(swift build --show-bin-path)/materun

status=0
for scenario in Scenarios/*.json Scenarios/*.gpx; do
  name=$(basename "$scenario")
  # A kept run's id differs at every run: the summary's run_id is left out of the comparison.
  "$base_bin" replay "$scenario" --speed max --json 2>/dev/null | sed -E 's/,"run_id":"[^"]*"//' > "$work/$name.base"
  "$new_bin" replay "$scenario" --speed max --json 2>/dev/null | sed -E 's/,"run_id":"[^"]*"//' > "$work/$name.new"
  if cmp -s "$work/$name.base" "$work/$name.new"; then
    echo "same $scenario ($(wc -l < "$work/$name.new") lines)"
  else
    echo "DIFF $scenario"
    diff "$work/$name.base" "$work/$name.new" | head -n 20 || true   # diff exits 1, head may close the pipe: go on to the next scenario
    status=1
  fi
done
exit $status
