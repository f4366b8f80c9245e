#!/usr/bin/env bash
# Builds the libraries Floodgate needs for Windows (OpenSSL, zstd, lz4,
# xxHash, utf8proc, SQLite and Qt's Core and Test modules) with mingw-w64, from
# Debian's own source packages, into a cache folder that is never committed:
#
#   scripts/windows/build-deps.sh            # into .cache/mingw64 (or $FLOODGATE_MINGW_CACHE)
#
# Debian packages no mingw builds of these, so this is the one place they
# come from. Each library is built once: a stamp names the source version it
# was built from, and a library whose stamp matches is skipped. Everything is
# static, so the programs need no DLL beside them.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${FLOODGATE_MINGW_CACHE:-$root/.cache/mingw64}
prefix=$cache/prefix
sources=$cache/src
host=x86_64-w64-mingw32
jobs=$(nproc)

"$root/scripts/apt-install-missing.sh" windows-deps \
  g++-mingw-w64-x86-64-posix mingw-w64-tools wine64 nsis dpkg-dev cmake ninja-build make perl tcl \
  pkg-config qt6-base-dev qt6-base-dev-tools
"$root/scripts/windows/enable-deb-src.sh"

mkdir -p "$prefix" "$sources" "$cache/build"
export CC=$host-gcc-posix CXX=$host-g++-posix AR=$host-ar RANLIB=$host-ranlib RC=$host-windres
toolchain=$root/cmake/toolchains/mingw-w64-x86_64.cmake

# Fetches and unpacks a Debian source package into $sources; prints its
# directory. A security update whose sources are not on the mirror yet
# falls back to the newest version that is.
fetch() {
  local package=$1 dir version
  mkdir -p "$sources/$package"
  cd "$sources/$package"
  dir=$(find . -mindepth 1 -maxdepth 1 -type d | head -1)
  if [ -z "$dir" ]; then
    for version in $(apt-cache showsrc "$package" | awk '/^Version:/ {print $2}' | sort -rV); do
      if apt-get source -qq "$package=$version" >/dev/null 2>&1; then break; fi
      rm -rf ./*
    done
    dir=$(find . -mindepth 1 -maxdepth 1 -type d | head -1)
    [ -n "$dir" ] || { echo "windows-deps: no source of $package could be fetched (is a deb-src line there?)" >&2; exit 1; }
  fi
  cd "$root"
  echo "$sources/$package/${dir#./}"
}

# Whether $1 was already built from source folder $2.
built() { [ "$(cat "$prefix/.built-$1" 2>/dev/null)" = "$(basename "$2")" ]; }
mark() { basename "$2" > "$prefix/.built-$1"; echo "windows-deps: $1 built from $(basename "$2")"; }

cmake_lib() {
  local name=$1 src=$2; shift 2
  cmake -S "$src" -B "$cache/build/$name" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DFLOODGATE_MINGW_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DBUILD_SHARED_LIBS=OFF "$@" >"$cache/$name.log"
  cmake --build "$cache/build/$name" -j "$jobs" >>"$cache/$name.log"
  cmake --install "$cache/build/$name" >>"$cache/$name.log"
}

src=$(fetch openssl)
if ! built openssl "$src"; then
  echo "windows-deps: building OpenSSL (about 10 minutes on two cores)"
  rm -rf "$cache/build/openssl" && cp -a "$src" "$cache/build/openssl"
  (cd "$cache/build/openssl" &&
   ./Configure mingw64 --cross-compile-prefix= no-shared no-tests \
     --prefix="$prefix" --libdir=lib >"$cache/openssl.log" &&
   make -j "$jobs" build_libs >>"$cache/openssl.log" &&
   make install_dev >>"$cache/openssl.log")
  mark openssl "$src"
fi

src=$(fetch libzstd)
if ! built zstd "$src"; then
  cmake_lib zstd "$src/build/cmake" -DZSTD_BUILD_PROGRAMS=OFF -DZSTD_BUILD_SHARED=OFF \
    -DZSTD_BUILD_STATIC=ON -DZSTD_BUILD_TESTS=OFF -DZSTD_MULTITHREAD_SUPPORT=ON
  mark zstd "$src"
fi

src=$(fetch lz4)
if ! built lz4 "$src"; then
  cmake_lib lz4 "$src/build/cmake" -DLZ4_BUILD_CLI=OFF -DLZ4_BUILD_LEGACY_LZ4C=OFF
  mark lz4 "$src"
fi

src=$(fetch xxhash)
# (A cache from before the dispatcher was built in lacks its header.)
if ! built xxhash "$src" || [ ! -f "$prefix/include/xxh_x86dispatch.h" ]; then
  # Its Makefile builds a DLL besides; the library is one C file, and its x86
  # dispatcher (AVX-512/AVX2 at run time: core/src/common/xxh.h) another.
  mkdir -p "$cache/build/xxhash" "$prefix/lib/pkgconfig" "$prefix/include"
  $CC -O2 -c "$src/xxhash.c" -o "$cache/build/xxhash/xxhash.o"
  $CC -O2 -c "$src/xxh_x86dispatch.c" -o "$cache/build/xxhash/xxh_x86dispatch.o"
  rm -f "$prefix/lib/libxxhash.a"
  $AR rcs "$prefix/lib/libxxhash.a" "$cache/build/xxhash/xxhash.o" "$cache/build/xxhash/xxh_x86dispatch.o"
  cp "$src/xxhash.h" "$src/xxh3.h" "$src/xxh_x86dispatch.h" "$prefix/include/"
  version=$(basename "$src" | sed 's/.*-//')
  printf 'prefix=%s\nName: libxxhash\nDescription: xxHash\nVersion: %s\nCflags: -I${prefix}/include\nLibs: -L${prefix}/lib -lxxhash\n' \
    "$prefix" "$version" >"$prefix/lib/pkgconfig/libxxhash.pc"
  mark xxhash "$src"
fi

src=$(fetch utf8proc)
if ! built utf8proc "$src"; then
  cmake_lib utf8proc "$src" -DUTF8PROC_INSTALL=ON
  version=$(basename "$src" | sed 's/.*-//')
  # A static utf8proc must be told so, or its header asks for a DLL.
  printf 'prefix=%s\nName: libutf8proc\nDescription: utf8proc\nVersion: %s\nCflags: -I${prefix}/include -DUTF8PROC_STATIC\nLibs: -L${prefix}/lib -lutf8proc\n' \
    "$prefix" "$version" >"$prefix/lib/pkgconfig/libutf8proc.pc"
  mark utf8proc "$src"
fi

# SQLite, for the run history. Debian ships its source tree, not the one-file
# amalgamation: sqlite3.c is made from it with this machine's compiler and
# tclsh (configure and make for the host), then compiled with mingw.
src=$(fetch sqlite3)
if ! built sqlite3 "$src"; then
  rm -rf "$cache/build/sqlite3" && mkdir -p "$cache/build/sqlite3" "$prefix/lib/pkgconfig" "$prefix/include"
  (cd "$cache/build/sqlite3" && env CC=cc AR=ar RANLIB=ranlib "$src/configure" --disable-tcl >"$cache/sqlite3.log" 2>&1 &&
   make CC=cc sqlite3.c >>"$cache/sqlite3.log" 2>&1)
  $CC -O2 -DSQLITE_THREADSAFE=1 -DSQLITE_OMIT_LOAD_EXTENSION -c "$cache/build/sqlite3/sqlite3.c" \
    -o "$cache/build/sqlite3/sqlite3.o"
  rm -f "$prefix/lib/libsqlite3.a" && $AR rcs "$prefix/lib/libsqlite3.a" "$cache/build/sqlite3/sqlite3.o"
  cp "$cache/build/sqlite3/sqlite3.h" "$prefix/include/"
  version=$(basename "$src" | sed 's/.*-//')
  printf 'prefix=%s\nName: sqlite3\nDescription: SQLite\nVersion: %s\nCflags: -I${prefix}/include\nLibs: -L${prefix}/lib -lsqlite3\n' \
    "$prefix" "$version" >"$prefix/lib/pkgconfig/sqlite3.pc"
  mark sqlite3 "$src"
fi

# Qt: Debian has none for mingw. The Windows tests are Qt Test programs, so
# qtbase's Core and Test modules are built (static, no GUI) with the host's
# Qt 6 of the same version for moc and the other build-time tools.
src=$(fetch qt6-base)
if ! built qtbase "$src"; then
  echo "windows-deps: building Qt Core and Test (about 10 minutes on two cores)"
  cmake_lib qtbase "$src" -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
    -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF -DQT_BUILD_TOOLS_WHEN_CROSSCOMPILING=OFF \
    -DFEATURE_gui=OFF -DFEATURE_widgets=OFF -DFEATURE_network=OFF -DFEATURE_sql=OFF -DFEATURE_xml=OFF \
    -DFEATURE_dbus=OFF -DFEATURE_printsupport=OFF -DFEATURE_concurrent=OFF -DFEATURE_testlib=ON \
    -DFEATURE_icu=OFF -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_doubleconversion=OFF \
    -DFEATURE_zstd=OFF -DFEATURE_openssl=OFF
  mark qtbase "$src"
fi
echo "windows-deps: everything is in $prefix"
