#!/usr/bin/env bash
# Builds Floodgate and runs every test suite twice: a normal build, then one
# with AddressSanitizer and UndefinedBehaviorSanitizer. Fails on the first error.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

jobs=$(nproc)
run_suite() {
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DFLOODGATE_WERROR=ON "$@"
  cmake --build "$dir" -j "$jobs"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" --timeout 600
}

echo "== build and test =="
run_suite build -DCMAKE_BUILD_TYPE=RelWithDebInfo
echo "== sanitizer build (ASan + UBSan) and test =="
run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DFLOODGATE_SANITIZE=ON
echo "== all tests passed =="
