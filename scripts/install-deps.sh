#!/usr/bin/env bash
# Installs everything Floodgate needs to build, test and run its demo on
# Debian 12 / Ubuntu 22.04 or newer. Safe to run again.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config git
  # libraries (Qt Charts needs the OpenGL dev package without recommends)
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev
  libssl-dev libxxhash-dev libzstd-dev liblz4-dev
  # tests: a throwaway sshd, namespaces and mounts, X for screenshots
  openssh-server openssh-client util-linux procps xvfb xauth
  # the demo and the GUI on a desktop
  qt6-qpa-plugins fonts-dejavu-core
)

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "install-deps: run as root or install sudo" >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
