#!/usr/bin/env bash
# Installs those of the given Debian packages that are not installed yet
# (apt-get, no recommends); does nothing, and needs no network, when all are.
# Usage: apt-install-missing.sh NAME PACKAGE...   (NAME starts its messages)
set -euo pipefail

name=$1
shift

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "$name: run as root or install sudo" >&2
  exit 1
fi

missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "$name: all packages present"
  exit 0
fi
echo "$name: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
