#!/usr/bin/env bash
# Checks deploy/materun-serve.service with systemd-analyze verify, its ExecStart pointed at a
# built materun (the unit names /usr/local/bin/materun, where scripts/install.sh puts it).
#   scripts/check-systemd-unit.sh MATERUN_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:?usage: scripts/check-systemd-unit.sh MATERUN_BINARY}")
if ! command -v systemd-analyze >/dev/null; then echo "SKIPPED: systemd-analyze is not installed (apt-get install systemd)"; exit 0; fi
directory=$(mktemp -d)
trap 'rm -rf "$directory"' EXIT
sed "s|/usr/local/bin/materun|$binary|" deploy/materun-serve.service > "$directory/materun-serve.service"
# (--man=no: the man page is checked where it is installed, by scripts/check-install.sh.)
output=$(systemd-analyze verify --man=no "$directory/materun-serve.service" 2>&1) || { echo "FAIL systemd-analyze verify: $output"; exit 1; }
[ -z "$output" ] || { echo "FAIL systemd-analyze verify warned: $output"; exit 1; }
echo "ok   systemd-analyze verify accepts deploy/materun-serve.service"
