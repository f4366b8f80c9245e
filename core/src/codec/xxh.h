#pragma once
#include "internal.h"
// xxHash as fast as this build can have it. Where the library has its x86
// dispatcher (Debian's does; scripts/windows/build-deps.sh builds it in), the
// XXH3 calls go to the widest vector unit the CPU has, picked once at run
// time: AVX-512 or AVX2 hash a long input 4-5 times faster than the SSE2 that
// a build for plain x86-64 is limited to (on a 2026-12-07 EPYC: 4 KiB in
// 88 ns against 326, a stream at 69 GB/s against 13). Elsewhere the whole
// library is inlined, as before. Same algorithm, the same values everywhere.
//
// XXH3 state only through XXH3_createState: its layout is the library's.

#if FLOODGATE_XXH_DISPATCH
#include <xxhash.h>
#include <xxh_x86dispatch.h>
#else
#define XXH_INLINE_ALL
#include <xxhash.h>
#endif
