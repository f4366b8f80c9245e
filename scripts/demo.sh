#!/usr/bin/env bash
# Builds Floodgate and opens the GUI on the built-in demo: a generated sample
# tree synced to a daemon on this machine's loopback, so the charts move.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$(nproc)" --target floodgate floodgate-gui
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "demo: no display found; running on a virtual one (xvfb-run). Use a desktop session to see it." >&2
  exec xvfb-run -a -s "-screen 0 1280x900x24" ./build/app/floodgate-gui --demo
fi
exec ./build/app/floodgate-gui --demo
