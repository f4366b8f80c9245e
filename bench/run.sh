#!/usr/bin/env bash
# The one command: sudo bench/run.sh [--quick] [--link fast,lan,wan]
#                  [--workload small,big,mixed] [--peers ...] [--runs 3] ...
# (`bench/run.sh --help` lists every option.)
#
# Installs what is missing, builds Floodgate (build-bench/, Release, no GUI or
# tests) and the benchmark's own C++ tools, then hands over to the Python
# driver in bench/fgbench/. Nothing is built while the benchmark runs.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
build=${FGBENCH_BUILD_DIR:-$repo/build-bench}
tools=$build/bench-tools

want_build=1 want_install=1 own_floodgate=
for a in "$@"; do
  case $a in
    -h|--help) PYTHONPATH=$here exec python3 -m fgbench --help ;;
    --no-build) want_build= ;;
    --no-install) want_install= ;;
    --floodgate|--floodgate=*) own_floodgate=1 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  echo "bench/run.sh: run as root: it creates network namespaces and TUN devices (sudo bench/run.sh ...)" >&2
  exit 1
fi

if [ -n "$want_install" ]; then
  "$here/install-deps.sh"
  # Floodgate's build dependencies, only when we are going to build it.
  if [ -n "$want_build" ] && [ -z "$own_floodgate" ]; then "$repo/scripts/install-deps.sh"; fi
fi

# The emulator, the TCP helper and the random generator: one file each, no
# dependencies, rebuilt when their source is newer than the binary.
mkdir -p "$tools"
for src in "$here/linkemu/linkemu.cpp" "$here/tools/tcpcat.cpp" "$here/tools/prng.cpp"; do
  bin=$tools/$(basename "$src" .cpp)
  if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
    echo "bench: building $(basename "$bin")"
    g++ -std=c++20 -O2 -Wall -Wextra -o "$bin" "$src"
  fi
done

if [ -n "$want_build" ] && [ -z "$own_floodgate" ]; then
  if [ ! -f "$build/build.ninja" ]; then
    cmake -S "$repo" -B "$build" -G Ninja -DFLOODGATE_BUILD_GUI=OFF -DFLOODGATE_BUILD_TESTS=OFF \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  echo "bench: building floodgate in $build"
  ninja -C "$build" floodgate | tail -n 1
fi

export FGBENCH_TOOLS=$tools
export FGBENCH_FLOODGATE=$build/app/floodgate
PYTHONPATH=$here exec python3 -m fgbench "$@"
