#!/usr/bin/env bash
# Builds Floodgate for 64-bit Windows on a Debian/Ubuntu machine, tests it
# under Wine, and makes the installer:
#
#   ./scripts/package-windows.sh          # dist/windows/floodgate.exe, dist/floodgate-setup.exe
#   ./scripts/package-windows.sh --no-tests
#
# It installs what it needs (mingw-w64, Wine, NSIS), builds the libraries
# from Debian's source packages once (scripts/windows/build-deps.sh, cached in
# .cache/mingw64), cross-builds into build-windows, builds a Linux floodgate
# into build-host for the Windows build's tests against a Linux daemon, and
# runs those tests under Wine before it packages anything.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
run_tests=1
[ "${1:-}" = "--no-tests" ] && run_tests=0
jobs=$(nproc)

./scripts/install-deps.sh
./scripts/windows/build-deps.sh
prefix=${FLOODGATE_MINGW_CACHE:-$root/.cache/mingw64}/prefix

echo "== a Linux floodgate, for the tests against a Linux daemon =="
cmake -S . -B build-host -G Ninja -DCMAKE_BUILD_TYPE=Release -DFLOODGATE_BUILD_GUI=OFF \
  -DFLOODGATE_BUILD_TESTS=OFF >/dev/null
cmake --build build-host -j "$jobs" --target floodgate

echo "== floodgate for Windows (mingw-w64) =="
cmake -S . -B build-windows -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/mingw-w64-x86_64.cmake \
  -DFLOODGATE_MINGW_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DFLOODGATE_BUILD_GUI=OFF \
  -DFLOODGATE_BUILD_TESTS=ON -DFLOODGATE_HOST_CLI="$root/build-host/app/floodgate" >/dev/null
cmake --build build-windows -j "$jobs"

if [ "$run_tests" = 1 ]; then
  echo "== the Windows build's tests, under Wine =="
  export WINEDEBUG=-all
  export WINEPREFIX=${WINEPREFIX:-$HOME/.wine-floodgate-tests}
  # Wine makes its prefix on first use (half a minute); not inside a test's time.
  "$(grep -m1 '^FLOODGATE_WINE:' build-windows/CMakeCache.txt | cut -d= -f2)" cmd /c exit >/dev/null 2>&1 || true
  ctest --test-dir build-windows --output-on-failure -j "$jobs" --timeout 300
fi

echo "== dist/ =="
version=$(sed -n 's/^project(floodgate VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
stage=dist/windows
rm -rf "$stage" dist/floodgate-setup.exe
mkdir -p "$stage"
cp build-windows/app/floodgate.exe "$stage/"
x86_64-w64-mingw32-strip "$stage/floodgate.exe"
# README.txt: what the program is and where its manual is, with Windows line ends.
{
  echo "Floodgate $version for Windows"
  echo
  echo "floodgate.exe is the command line: floodgate sync, serve, pair, probe, lab."
  echo "Run 'floodgate --help' in a console. The manual: README.md and docs/WINDOWS.md"
  echo "in the source."
} | sed 's/$/\r/' >"$stage/README.txt"
# LICENSES.txt: the libraries built into floodgate.exe, each with Debian's
# record of its copyright and licence.
{
  echo "floodgate.exe contains these libraries, built from Debian's source packages."
  for package in openssl libzstd lz4 xxhash utf8proc sqlite3; do
    dir=$(find "${prefix%/prefix}/src/$package" -mindepth 1 -maxdepth 1 -type d | head -1)
    echo
    echo "==== $(basename "$dir") ===="
    cat "$dir/debian/copyright"
  done
  for doc in mingw-w64-common gcc-mingw-w64-base; do
    if [ -f "/usr/share/doc/$doc/copyright" ]; then
      echo
      echo "==== $doc (the C and C++ runtimes, winpthreads) ===="
      cat "/usr/share/doc/$doc/copyright"
    fi
  done
} | sed 's/$/\r/' >"$stage/LICENSES.txt"
makensis -V2 -DVERSION="$version" -DSTAGE="$root/$stage" -DOUTFILE="$root/dist/floodgate-setup.exe" \
  packaging/windows/floodgate.nsi

if [ "$run_tests" = 1 ]; then
  echo "== the installer, under Wine: install, floodgate on PATH, uninstall =="
  wine=$(grep -m1 '^FLOODGATE_WINE:' build-windows/CMakeCache.txt | cut -d= -f2)
  env_key='HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment'
  "$wine" dist/floodgate-setup.exe /S
  "$wine" cmd /c 'floodgate --version' | tr -d '\r' | grep -qx "floodgate $version" ||
    { echo "the installed floodgate is not on PATH" >&2; exit 1; }
  "$wine" "C:\\Program Files\\Floodgate\\uninstall.exe" /S
  for _ in $(seq 1 50); do # the uninstaller runs from a copy of itself, and returns at once
    "$wine" reg query "$env_key" /v Path | grep -q 'Floodgate' || break
    sleep 0.2
  done
  if "$wine" reg query "$env_key" /v Path | grep -q 'Floodgate'; then
    echo "the uninstaller left Floodgate on PATH" >&2
    exit 1
  fi
fi
ls -l "$stage/floodgate.exe" dist/floodgate-setup.exe
