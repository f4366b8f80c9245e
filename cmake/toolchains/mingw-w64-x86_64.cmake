# Cross-building Floodgate for 64-bit Windows with Debian's mingw-w64 (the
# posix thread model, for std::thread). The libraries come from
# scripts/windows/build-deps.sh; pass their prefix as FLOODGATE_MINGW_PREFIX
# (default: the cache folder that script fills). Tests run under Wine.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER   x86_64-w64-mingw32-gcc-posix)
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER  x86_64-w64-mingw32-windres)

if(NOT FLOODGATE_MINGW_PREFIX)
  get_filename_component(_fg_root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
  set(FLOODGATE_MINGW_PREFIX "${_fg_root}/.cache/mingw64/prefix")
endif()
set(FLOODGATE_MINGW_PREFIX "${FLOODGATE_MINGW_PREFIX}" CACHE PATH "mingw builds of Floodgate's libraries")
# try_compile projects see the toolchain file again, without the cache.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FLOODGATE_MINGW_PREFIX)

set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32 "${FLOODGATE_MINGW_PREFIX}")
set(CMAKE_PREFIX_PATH "${FLOODGATE_MINGW_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Qt for Windows (Core and Test, from build-deps.sh) runs its build tools
# (moc) from the host's Qt of the same version.
set(QT_HOST_PATH /usr CACHE PATH "")
if(EXISTS /usr/lib/x86_64-linux-gnu/cmake)
  set(QT_HOST_PATH_CMAKE_DIR /usr/lib/x86_64-linux-gnu/cmake CACHE PATH "")
endif()
set(OPENSSL_ROOT_DIR "${FLOODGATE_MINGW_PREFIX}")
set(OPENSSL_USE_STATIC_LIBS ON)

# pkg-config looks only at the Windows libraries.
set(ENV{PKG_CONFIG_LIBDIR} "${FLOODGATE_MINGW_PREFIX}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# Programs that carry their C and C++ runtimes and winpthread: nothing to
# ship beside the .exe.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

find_program(FLOODGATE_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(FLOODGATE_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${FLOODGATE_WINE}")
endif()
