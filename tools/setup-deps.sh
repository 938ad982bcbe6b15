#!/usr/bin/env bash
# Installs the Debian packages dynx needs, only those missing, so a second run
# costs one dpkg query. Used by `make deps` (and so by `make test`/`make demo`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mapfile -t wanted < <(grep -v '^\s*#' "$here/apt-packages.txt" | sed '/^\s*$/d')
missing=()
for p in "${wanted[@]}"; do
  # cmake/ninja may come from pip on this image; the command is what matters.
  case "$p" in
    cmake) command -v cmake >/dev/null && continue ;;
    ninja-build) command -v ninja >/dev/null && continue ;;
  esac
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
