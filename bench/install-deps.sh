#!/usr/bin/env bash
# Installs what the benchmark driver runs (Debian 12 / Ubuntu 22.04+). Safe to
# run again: it only calls apt-get when a package is missing. Floodgate's own
# build dependencies come from scripts/install-deps.sh.
set -euo pipefail

packages=(
  iproute2                          # ip netns, veth, addresses
  rsync openssh-server openssh-client
  iperf3                            # the bulk TCP link test
  zstd tar procps                   # tar|zstd peer; sysctl
  g++                               # the link emulator and the TCP helper
  e2fsprogs util-linux              # the destinations' fresh ext4: mkfs.ext4, mount -o loop
  python3                           # the driver (standard library only)
)

if [ "$(id -u)" -ne 0 ]; then
  echo "bench/install-deps: run as root (sudo bench/install-deps.sh)" >&2
  exit 1
fi

"$(dirname "$0")/../scripts/apt-install-missing.sh" bench/install-deps "${packages[@]}"
# iperf3's package may enable a system-wide server; the driver starts its own.
systemctl disable --now iperf3 >/dev/null 2>&1 || true
