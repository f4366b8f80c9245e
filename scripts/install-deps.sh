#!/usr/bin/env bash
# Installs everything Floodgate needs to build, test and run its demo on
# Debian 12 / Ubuntu 22.04 or newer. Safe to run again.
set -euo pipefail

packages=(
  # toolchain
  g++ cmake ninja-build pkg-config git
  # libraries (Qt Charts needs the OpenGL dev package without recommends)
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev qt6-l10n-tools qt6-tools-dev
  libssl-dev libxxhash-dev libzstd-dev liblz4-dev libutf8proc-dev libsqlite3-dev liburing-dev
  # tests: a throwaway sshd, namespaces and mounts, X for screenshots
  openssh-server openssh-client util-linux procps xvfb xauth
  # tests: links that go down, between network namespaces the tests make;
  # disks the tests slow down (ext4 on a loop device)
  iproute2 e2fsprogs
  # tests: destinations that do not behave like ext4 (FAT and exFAT through
  # FUSE: case-insensitive, coarse times, no chmod), and rsync to compare with
  fuse3 fusefat exfat-fuse exfatprogs dosfstools rsync
  # tests: the service's unit and man pages (systemd-analyze, man)
  systemd man-db
  # the demo and the GUI on a desktop (a CJK font for the Chinese and
  # Japanese windows, and their screenshots)
  qt6-qpa-plugins fonts-dejavu-core fonts-wqy-microhei
)

exec "$(dirname "$0")/apt-install-missing.sh" install-deps "${packages[@]}"
