#!/usr/bin/env bash
# Builds the Debian packages into dist/, from the tracked source as it is in
# this working tree:
#   floodgate_VERSION_ARCH.deb      the CLI and the daemon: floodgate-serve.service,
#                                   /etc/floodgate/floodgate.conf, man pages, bash
#                                   completion; no Qt (a headless NAS needs none)
#   floodgate-gui_VERSION_ARCH.deb  the desktop application
# then checks them with lintian (no errors allowed). Installs what it needs
# (apt-get), as the README's two commands do.
#
#   scripts/package.sh [--check]
#
# --check then installs the package into a fresh Debian chroot (debootstrap),
# runs the service there and pushes to it, and removes and purges it again
# (tests/package/check_deb.sh). Work files go to dist/ (never committed).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
check=0
for arg in "$@"; do
  case "$arg" in
    --check) check=1 ;;
    *) echo "usage: $0 [--check]" >&2; exit 1 ;;
  esac
done

scripts/install-deps.sh
scripts/apt-install-missing.sh package debhelper dpkg-dev fakeroot lintian git

version=$(sed -n 's/^project(floodgate VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "package.sh: no version in CMakeLists.txt's project()" >&2; exit 1; }
work=dist/deb-build
src="$work/floodgate-$version"
rm -rf "$work"
mkdir -p "$src"
# The tracked files (and new ones not ignored) as they are now; no build trees.
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$src"
# packaging/debian is debian/ at the top of the tree; its links to the unit
# files become the files.
cp -rL packaging/debian "$src/debian"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=
git diff --quiet HEAD 2>/dev/null || dirty=yes
{
  echo "floodgate ($version) unstable; urgency=medium"
  echo
  echo "  * Built from commit $commit${dirty:+ with local changes}."
  echo
  echo " -- Floodgate developers <floodgate@floodgate.example.org>  $(date -R)"
} >"$src/debian/changelog"

jobs=$(nproc)
(cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=$jobs" dpkg-buildpackage -b -us -uc)

arch=$(dpkg --print-architecture)
mkdir -p dist
for p in floodgate floodgate-gui; do
  mv -f "$work/${p}_${version}_${arch}.deb" dist/
done
echo "== lintian"
lintian --fail-on error --suppress-tags bad-distribution-in-changes-file \
  "dist/floodgate_${version}_${arch}.deb" "dist/floodgate-gui_${version}_${arch}.deb"
ls -l "dist/floodgate_${version}_${arch}.deb" "dist/floodgate-gui_${version}_${arch}.deb"

if [ "$check" = 1 ]; then
  tests/package/check_deb.sh "$root/dist/floodgate_${version}_${arch}.deb"
fi
