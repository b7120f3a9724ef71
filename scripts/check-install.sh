#!/usr/bin/env bash
# Checks scripts/install.sh end to end: installs into a temporary prefix, runs the installed
# binary, reads its man page through man -M, checks each completion file loads in its shell,
# then uninstalls and checks nothing is left behind.
#   scripts/check-install.sh [MATERUN_BINARY]   (without one, install.sh makes a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL $*"; exit 1; }

if [ $# -ge 1 ]; then export MATERUN_INSTALL_BINARY=$1; fi
scripts/install.sh "$prefix" >/dev/null

version=$("$prefix/bin/materun" --version)
[[ $version == "materun "* ]] || fail "installed --version printed '$version'"
echo "ok   $prefix/bin/materun --version: $version"

page=$(MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" materun 2>&1) || fail "man -M could not show materun: $page"
grep -q 'group create' <<<"$page" || fail "the installed man page has no group create"
echo "ok   man -M $prefix/share/man materun ($(wc -l <<<"$page") lines)"

bash --norc -c "source '$prefix/share/bash-completion/completions/materun'; complete -p materun" >/dev/null \
  || fail "bash cannot load the installed completions"
echo "ok   bash loads the completions"
if command -v zsh >/dev/null; then
  zsh -f -c "fpath=('$prefix/share/zsh/site-functions' \$fpath); autoload -Uz compinit; compinit -u -D; [[ \${_comps[materun]} == _materun ]]" \
    || fail "zsh's compinit does not find _materun in the installed site-functions"
  echo "ok   zsh's compinit finds _materun"
fi
if command -v fish >/dev/null; then
  offered=$(fish --no-config -c "source '$prefix/share/fish/vendor_completions.d/materun.fish'; complete -C 'materun group create --mode '")
  [[ $offered == *race*team* ]] || fail "fish does not complete --mode from the installed file: $offered"
  echo "ok   fish completes --mode: $(echo $offered | tr '\t' ' ')"
fi

scripts/install.sh --uninstall "$prefix" >/dev/null
left=$(find "$prefix" -mindepth 1)
[ -z "$left" ] || fail "uninstall left: $left"
echo "ok   --uninstall left nothing in $prefix"
