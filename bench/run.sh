#!/usr/bin/env bash
# The one command: sudo bench/run.sh [--quick] [--link fast,lan,wan]
#                  [--workload small,big,mixed] [--peers ...] [--runs 3] ...
#        sudo bench/run.sh --lab "--vary streams=1,4 ..." --link wan [--lab-docs]
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

want_build=1 want_install=1 own_floodgate= baseline_rev=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) PYTHONPATH=$here exec python3 -m fgbench --help ;;
    --no-build) want_build= ;;
    --no-install) want_install= ;;
    --floodgate|--floodgate=*) own_floodgate=1 ;;
    # Before and after a change in one run: REV is built apart (a git
    # worktree in build-bench-base/, never committed) and every Floodgate
    # peer also runs with it, as PEER@base.
    --baseline-rev) baseline_rev=$2; shift; shift; continue ;;
    --baseline-rev=*) baseline_rev=${1#*=}; shift; continue ;;
  esac
  args+=("$1")
  shift
done
set -- "${args[@]}"

if [ "$(id -u)" -ne 0 ]; then
  echo "bench/run.sh: run as root: it creates network namespaces and TUN devices (sudo bench/run.sh ...)" >&2
  exit 1
fi

if [ -n "$want_install" ]; then
  "$here/install-deps.sh"
  # Floodgate's build dependencies, only when we are going to build it.
  if [ -n "$want_build" ] && [ -z "$own_floodgate" ]; then "$repo/scripts/install-deps.sh"; fi
else
  # What every run uses besides the servers, which the driver names itself
  # as it starts them (fgbench/servers.py), said before anything is built.
  missing=()
  for tool in ip ssh sysctl mkfs.ext4 losetup python3; do
    command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing+=("$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "bench/run.sh: --no-install, but this machine has no ${missing[*]}: run bench/install-deps.sh once (or leave out --no-install)" >&2
    exit 1
  fi
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

if [ -n "$baseline_rev" ]; then
  base=${FGBENCH_BASE_DIR:-$repo/build-bench-base}
  commit=$(git -C "$repo" rev-parse --verify "$baseline_rev^{commit}")
  if [ ! -d "$base/src" ]; then git -C "$repo" worktree add --detach "$base/src" "$commit" >/dev/null
  else git -C "$base/src" checkout -q --detach "$commit"; fi
  if [ ! -f "$base/build/build.ninja" ]; then
    cmake -S "$base/src" -B "$base/build" -G Ninja -DFLOODGATE_BUILD_GUI=OFF -DFLOODGATE_BUILD_TESTS=OFF \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  echo "bench: building the baseline ($baseline_rev = ${commit:0:12}) in $base/build"
  ninja -C "$base/build" floodgate | tail -n 1
  export FGBENCH_BASELINE=$base/build/app/floodgate
  export FGBENCH_BASELINE_REV=${commit:0:12}
fi

export FGBENCH_TOOLS=$tools
export FGBENCH_FLOODGATE=$build/app/floodgate
PYTHONPATH=$here exec python3 -m fgbench "$@"
