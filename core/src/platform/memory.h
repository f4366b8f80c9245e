#pragma once
#include "internal.h"
// How the process's allocator treats the big buffers a transfer turns over.

#include <cstddef>

namespace fg::platform {

// Big allocations (frames of up to 4 MiB, compression and read buffers) come
// from the heap and freed memory stays for the next one, instead of each
// being fresh pages from the OS: glibc maps every block above 128 KiB on its
// own and gives memory back at each free at the top of the heap, so a
// transfer faulted in new pages for every 256 KiB frame (first-touch faults
// are costly, above all in a VM). Measured on the bench's veth, a 1 GiB push:
// the receiving daemon's CPU went from 3.7-5.4 s to 1.7-2.3 s.
// Once, before threads start; a no-op where the allocator has no such knobs.
void reuseFreedMemory();

// The biggest block the allocator now takes from the heap (0 where unknown).
size_t heapBlockLimit();

// Gives the free memory of every allocator arena back to the OS (glibc keeps
// what its threads' arenas freed: a daemon's idle resident memory grew from
// 10 to 345 MiB over four rounds of 16 clients). For a long-lived process
// between jobs; a no-op where the allocator cannot.
void returnFreeMemory();

// For a long-lived process whose threads come and go with jobs (a daemon):
// few allocator arenas, one for every four processors. glibc gives each
// thread arena's free top back only while frees come, never on a trim, so
// with one arena per thread a daemon's idle memory kept what its busiest
// round had used (10 MiB at start, 345 MiB after four rounds of 16
// clients); with one arena and returnFreeMemory() between jobs it stays at
// 11 MiB (docs/RELIABILITY.md). Before threads start.
void fewArenasForALongLivedProcess();

} // namespace fg::platform
