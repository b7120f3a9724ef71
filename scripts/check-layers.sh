#!/usr/bin/env bash
# Fails when a target imports what the architecture forbids (README, "Where to look"):
#   MateRunDomain        Foundation, FoundationEssentials, Synchronization: no platform module
#   MateRunJSON          nothing at all: the one JSON is plain Swift, usable by every layer
#   MateRunPresentation  Domain, JSON and Foundation only: no platform I/O, no outer target
#   MateRunScenarios     Domain, JSON, Foundation(XML), Glibc for file reads: no socket, mate or screen
#   MateRunCrypto        Glibc only: OpenSSL 3 loaded at run time (dlopen), no MateRun target
#   MateRunTLS           Crypto, Socket, Glibc: a TLS client stream through libssl, no NATS or mate word
#   MateRunSocket        CEpoll, Foundation, Glibc, Dispatch, Synchronization: no MateRun target at all,
#                        so the generic TCP layer cannot learn a mate word
#   MateRunMate          Domain, Socket, JSON, Foundation, Synchronization: no Glibc (sockets go
#                        through MateRunSocket), no scenario, screen or app code
#   MateRunRecords       Domain, JSON, Foundation, Glibc for durable files, Dispatch and
#                        Synchronization: no mate, socket, scenario, screen or app code
#   MateRunGPSD          Domain, Socket, JSON, Foundation, Synchronization: no Glibc (sockets go
#                        through MateRunSocket), no mate, scenario, record, screen or app code
#   MateRunNATS          Socket, JSON, Crypto, TLS, Foundation, Synchronization: a NATS client that knows
#                        nothing of runs (no Domain, no Glibc: sockets go through MateRunSocket)
#   MateRunGroup         Domain, NATS, JSON, Crypto, Foundation, Synchronization: group runs over NATS, signed
#                        (no sockets of its own, no scenario, screen or app code)
#   MateRunRelay         NATS, Socket, Crypto, Synchronization: TCP byte streams carried through NATS,
#                        signed, knowing nothing of what they carry (no Domain, no mate words)
#   MateRunWeb           Socket, Foundation, Glibc, Dispatch, Synchronization: the live page's HTTP server
#                        on the socket poller, knowing nothing of runs (the page and its events are handed to it)
# and three rules on names: MateRunSocket and MateRunNATS name no Mate type, and MateRunDomain names no message
# of the wire protocol (MateMessage, MateHello, MateWelcome, MateRefusal, MateProtocol).
# SwiftPM's --explicit-target-dependency-import-check catches an import of an undeclared target;
# this catches a declared dependency that breaks the plan.
# Usage: scripts/check-layers.sh [SOURCES_DIR]   (default: Sources)
#        scripts/check-layers.sh --self-test     (proves each rule can fail)
set -euo pipefail

imports() { # DIR -> "file:line:module" for every import in DIR
  grep -rnE '^[[:space:]]*(@[A-Za-z_]+([(][^)]*[)])?[[:space:]]+)*((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+' "$1" --include='*.swift' 2>/dev/null \
    | sed -E 's/^([^:]+:[0-9]+):.*import[[:space:]]+(struct|class|enum|protocol|func|var|let|typealias)?[[:space:]]*([A-Za-z_][A-Za-z0-9_]*).*/\1:\3/' || true
}

# TARGET ALLOWED_REGEX, one rule a line.
rules() {
  cat <<'RULES'
MateRunDomain Foundation|FoundationEssentials|Synchronization
MateRunJSON Swift
MateRunPresentation MateRunDomain|MateRunJSON|Foundation|FoundationEssentials
MateRunScenarios MateRunDomain|MateRunJSON|Foundation|FoundationEssentials|FoundationXML|Glibc|Synchronization
MateRunCrypto Glibc
MateRunTLS MateRunCrypto|MateRunSocket|Glibc
MateRunSocket CEpoll|Foundation|FoundationEssentials|Glibc|Dispatch|Synchronization
MateRunMate MateRunDomain|MateRunSocket|MateRunJSON|Foundation|FoundationEssentials|Synchronization
MateRunRecords MateRunDomain|MateRunJSON|Foundation|FoundationEssentials|Glibc|Dispatch|Synchronization
MateRunGPSD MateRunDomain|MateRunSocket|MateRunJSON|Foundation|FoundationEssentials|Synchronization
MateRunNATS MateRunSocket|MateRunJSON|MateRunCrypto|MateRunTLS|Foundation|FoundationEssentials|Synchronization
MateRunGroup MateRunDomain|MateRunNATS|MateRunJSON|MateRunCrypto|Foundation|FoundationEssentials|Synchronization
MateRunRelay MateRunNATS|MateRunSocket|MateRunCrypto|Foundation|FoundationEssentials|Synchronization
MateRunWeb MateRunSocket|Foundation|FoundationEssentials|Glibc|Dispatch|Synchronization
RULES
}

check() { # SOURCES_DIR -> prints violations, returns 1 if any
  local root=$1 bad=0 target allowed line module
  while read -r target allowed; do
    [ -d "$root/$target" ] || continue
    while IFS= read -r line; do
      [ -n "$line" ] || continue
      module=${line##*:}
      if ! [[ $module =~ ^($allowed)$ ]]; then
        echo "layer violation: $target must not import $module (${line%:*})"
        bad=1
      fi
    done < <(imports "$root/$target")
  done < <(rules)
  # Words, not only imports: the socket layer names no mate type, and Domain holds no handshake.
  if [ -d "$root/MateRunSocket" ] && grep -rnE '\bMate[A-Z][A-Za-z]*' "$root/MateRunSocket" --include='*.swift' >/dev/null; then
    grep -rnoE '\bMate[A-Z][A-Za-z]*' "$root/MateRunSocket" --include='*.swift' | sed 's/^/layer violation: MateRunSocket names a mate type: /'
    bad=1
  fi
  # (The client imports MateRunSocket and MateRunJSON: module names are not mate words.)
  local nats_words
  nats_words=$(grep -rnoE '\bMate[A-Z][A-Za-z]*' "$root/MateRunNATS" --include='*.swift' 2>/dev/null | grep -vE ':MateRun(Socket|JSON|Crypto|TLS)$' || true)
  if [ -n "$nats_words" ]; then
    echo "$nats_words" | sed 's/^/layer violation: MateRunNATS names a mate type: /'
    bad=1
  fi
  if [ -d "$root/MateRunDomain" ] && grep -rnE '\b(MateMessage|MateHello|MateWelcome|MateRefusal|MateProtocol)\b' "$root/MateRunDomain" --include='*.swift' >/dev/null; then
    grep -rnoE '\b(MateMessage|MateHello|MateWelcome|MateRefusal|MateProtocol)\b' "$root/MateRunDomain" --include='*.swift' | sed 's/^/layer violation: MateRunDomain names the wire protocol: /'
    bad=1
  fi
  return $bad
}

if [ "${1:-}" = "--self-test" ]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  while read -r target allowed; do
    mkdir -p "$tmp/$target"
    # Each target's first allowed module (MateRunJSON's, Swift, is never written as an import).
    echo "import ${allowed%%|*}" > "$tmp/$target/Ok.swift"
  done < <(rules)
  check "$tmp" >/dev/null || { echo "self-test: a clean tree was flagged"; exit 1; }
  for case in "MateRunDomain:import Glibc" "MateRunDomain:@preconcurrency import Dispatch" \
              "MateRunPresentation:import MateRunScenarios" "MateRunPresentation:import Glibc" \
              "MateRunScenarios:package import MateRunSocket" "MateRunScenarios:import MateRunPresentation" \
              "MateRunSocket:import MateRunDomain" "MateRunSocket:@testable import MateRunMate" \
              "MateRunMate:import Glibc" "MateRunMate:import MateRunScenarios" "MateRunMate:public import MateRunApp" \
              "MateRunRecords:import MateRunMate" "MateRunRecords:import MateRunPresentation" \
              "MateRunRecords:import MateRunScenarios" "MateRunRecords:import MateRunSocket" \
              "MateRunRecords:import FoundationXML" "MateRunDomain:import MateRunRecords" \
              "MateRunPresentation:import MateRunRecords" "MateRunMate:import MateRunRecords" \
              "MateRunSocket:let closed = MateChannelClosed()" "MateRunDomain:case hello(MateHello)" \
              "MateRunJSON:import Foundation" "MateRunJSON:import MateRunDomain" \
              "MateRunGPSD:import Glibc" "MateRunGPSD:import MateRunMate" "MateRunGPSD:import MateRunScenarios" \
              "MateRunNATS:import MateRunDomain" "MateRunNATS:import Glibc" "MateRunNATS:import MateRunMate" \
              "MateRunNATS:let update: MateUpdate" "MateRunGroup:import MateRunSocket" "MateRunGroup:import Glibc" \
              "MateRunGroup:import MateRunPresentation" "MateRunRelay:import MateRunDomain" "MateRunRelay:import MateRunMate"; do
    rm -f "$tmp"/*/Bad.swift
    echo "${case#*:}" > "$tmp/${case%%:*}/Bad.swift"
    if check "$tmp" >/dev/null; then echo "self-test: '${case#*:}' in ${case%%:*} was not caught"; exit 1; fi
  done
  echo "layer check self-test: every rule catches its violation"
  exit 0
fi

root=${1:-Sources}
if check "$root"; then
  echo "layer check: every target imports only what the architecture allows"
else
  exit 1
fi
