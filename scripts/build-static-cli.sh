#!/usr/bin/env bash
# Builds the floodgate CLI (sync, serve, pair, clients, status, probe, lab)
# as one statically linked file for x86-64 Linux: for a NAS that cannot
# install packages (Synology DSM, TrueNAS SCALE's read-only root), where it
# runs from any folder. Installs what it needs (apt-get), as the README's two
# commands do.
#
#   scripts/build-static-cli.sh [--check]
#
# Output: dist/floodgate-VERSION-linux-x86_64 (stripped) and its .sha256.
# --check then runs it in an empty root (the file alone, nothing else
# installed): a daemon, a pairing and a push over 127.0.0.1.
#
# What a static glibc cannot do: load the NSS modules of the system it runs
# on (LDAP users, mDNS's .local names). Its own files and dns lookups are
# built in (glibc 2.34 and later), so /etc/passwd, /etc/hosts and DNS work;
# where a user has no name, Floodgate shows the number (docs/NAS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    *) echo "usage: $0 [--check]" >&2; exit 1 ;;
  esac
done
scripts/install-deps.sh
version=$(sed -n 's/^project(floodgate VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
build=dist/static-build
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLOODGATE_STATIC_CLI=ON \
  -DFLOODGATE_BUILD_GUI=OFF -DFLOODGATE_BUILD_TESTS=OFF
# Its link warns that getpwuid and getaddrinfo need the running system's NSS
# modules: said above, and handled (numeric fallbacks).
rm -f "$build/app/floodgate" # so that a failed build cannot pass off the last one
cmake --build "$build" -j"$(nproc)" --target floodgate 2>&1 |
  grep -v -e "statically linked applications requires at runtime" -e "^/usr/bin/ld: .*: in function" || true
[ -x "$build/app/floodgate" ] || { echo "build-static-cli.sh: the build failed" >&2; exit 1; }
out=dist/floodgate-$version-linux-x86_64
strip -o "$out" "$build/app/floodgate"
if readelf -l "$out" | grep -q "program interpreter"; then
  echo "build-static-cli.sh: $out is not static: it asks for a dynamic loader" >&2
  exit 1
fi
(cd dist && sha256sum "$(basename "$out")" > "$(basename "$out").sha256")
echo "built $out ($(du -h "$out" | cut -f1)), $(cd dist && cat "$(basename "$out").sha256")"
[ "$check" = 1 ] && tests/package/check_static_cli.sh "$out"
exit 0
