#!/usr/bin/env bash
# Fails when a layer imports what the architecture forbids (see DESIGN.md §3):
#   Domain        imports nothing but Foundation, FoundationEssentials, Synchronization;
#   Presentation  imports Domain and Foundation only (no Data, no App, no platform I/O);
#   Data          imports no Presentation and no App;
#   no layer but Data and App touches Glibc, Dispatch or sockets.
# Usage: scripts/check-layers.sh [SOURCES_DIR]   (default: Sources)
#        scripts/check-layers.sh --self-test     (proves each rule can fail)
set -euo pipefail

imports() { # DIR -> "file:line:module" for every import in DIR
  grep -rnE '^[[:space:]]*(@[A-Za-z_]+([(][^)]*[)])?[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+' "$1" --include='*.swift' 2>/dev/null \
    | sed -E 's/^([^:]+:[0-9]+):.*import[[:space:]]+(struct|class|enum|protocol|func|var|let|typealias)?[[:space:]]*([A-Za-z_][A-Za-z0-9_]*).*/\1:\3/' || true
}

check() { # SOURCES_DIR -> prints violations, returns 1 if any
  local root=$1 bad=0 line module
  rule() { # LAYER ALLOWED_REGEX
    local dir="$root/$1"
    [ -d "$dir" ] || return 0
    while IFS= read -r line; do
      [ -n "$line" ] || continue
      module=${line##*:}
      if ! [[ $module =~ ^($2)$ ]]; then
        echo "layer violation: $1 must not import $module (${line%:*})"
        bad=1
      fi
    done < <(imports "$dir")
  }
  rule MateRunDomain 'Foundation|FoundationEssentials|Synchronization'
  rule MateRunPresentation 'MateRunDomain|Foundation|FoundationEssentials'
  rule MateRunData 'MateRunDomain|Foundation|FoundationEssentials|FoundationXML|Glibc|Dispatch|Synchronization'
  return $bad
}

if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  mkdir -p "$tmp/MateRunDomain" "$tmp/MateRunPresentation" "$tmp/MateRunData"
  echo 'import Foundation' > "$tmp/MateRunDomain/Ok.swift"
  check "$tmp" >/dev/null || { echo "self-test: a clean tree was flagged"; exit 1; }
  for case in "MateRunDomain:import Glibc" "MateRunDomain:@preconcurrency import Dispatch" \
              "MateRunPresentation:import MateRunData" "MateRunData:public import MateRunApp"; do
    rm -f "$tmp"/*/Bad.swift
    echo "${case#*:}" > "$tmp/${case%%:*}/Bad.swift"
    if check "$tmp" >/dev/null; then echo "self-test: '${case#*:}' in ${case%%:*} was not caught"; exit 1; fi
  done
  echo "layer check self-test: every rule catches its violation"
  exit 0
fi

root=${1:-Sources}
if check "$root"; then
  echo "layer check: Domain, Presentation and Data import only what they may"
else
  exit 1
fi
