#!/usr/bin/env bash
# Replays one GPX file at --speed max with several materun builds, alternating round by round
# (kept, kept --json, --no-save each), and prints each build's medians and quartiles in ms and
# the keeping cost: the median of each round's kept time over its --no-save time. On a machine
# whose speed drifts, only builds measured in the same rounds compare.
# Usage: scripts/alternate-replays.sh FILE.gpx ROUNDS MATERUN...
# The kept runs go to a temporary data directory, removed at the end.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: scripts/alternate-replays.sh FILE.gpx ROUNDS MATERUN..." >&2; exit 2; }
file=$1 rounds=$2
shift 2
data=$(mktemp -d "${TMPDIR:-/tmp}/materun-alternate.XXXXXX")
trap 'rm -rf "$data"' EXIT
export MATERUN_DATA_DIR=$data

declare -A times
milliseconds() { # BIN ARGS... -> wall ms of one replay
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}
for _ in $(seq "$rounds"); do
  for bin in "$@"; do
    # Each build keeps into an empty history: a kept run's result looks for personal bests in
    # every run kept before, which would charge the builds later in the round for the runs of
    # the builds before them.
    rm -rf "$data/runs"
    times[$bin,kept]+="$(milliseconds "$bin" replay "$file" --speed max --no-countdown) "
    times[$bin,json]+="$(milliseconds "$bin" replay "$file" --speed max --no-countdown --json) "
    times[$bin,nosave]+="$(milliseconds "$bin" replay "$file" --speed max --no-countdown --no-save) "
  done
done

quartiles() { # numbers on stdin -> "median (q1-q3)"
  sort -n | awk '{a[NR]=$1} END {printf "%s (%s-%s)", a[int((NR+1)/2)], a[int((NR+3)/4)], a[int((3*NR+3)/4)]}'
}
for bin in "$@"; do
  read -r -a kept <<< "${times[$bin,kept]}"
  read -r -a nosave <<< "${times[$bin,nosave]}"
  echo "$bin"
  echo "  kept      $(tr ' ' '\n' <<< "${times[$bin,kept]}" | grep . | quartiles) ms"
  echo "  --json    $(tr ' ' '\n' <<< "${times[$bin,json]}" | grep . | quartiles) ms"
  echo "  --no-save $(tr ' ' '\n' <<< "${times[$bin,nosave]}" | grep . | quartiles) ms"
  echo "  keeping   $(for i in "${!kept[@]}"; do awk -v k="${kept[$i]}" -v n="${nosave[$i]}" 'BEGIN {printf "%.3f\n", k / n}'; done | quartiles) (kept over --no-save, round by round)"
done
