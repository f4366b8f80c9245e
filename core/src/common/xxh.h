#pragma once
#include "internal.h"
// xxHash as fast as this build can have it. Where the library has its x86
// dispatcher (Debian's shared library does; scripts/windows/build-deps.sh
// builds it into the Windows one), the XXH3 calls go to the widest vector
// unit the CPU has, picked at run time: on a 2026-12-07 EPYC, 4 KiB hashed in
// 88 ns with AVX-512 against 326 ns inlined at -O2 (this project's default
// build) or 138 ns at -O3 (Release), both limited to the SSE2 of plain
// x86-64. Elsewhere, and in the sanitizer and fuzz builds (whose
// instrumentation must see every read of the buffers hashed), the whole
// library is inlined. Same algorithm, the same values everywhere.
//
// XXH3 state only through XXH3_createState: its layout is the library's.

#if FLOODGATE_XXH_DISPATCH
#include <xxhash.h>
#include <xxh_x86dispatch.h>
#else
#define XXH_INLINE_ALL
#include <xxhash.h>
#endif
