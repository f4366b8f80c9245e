#include "platform/memory.h"

#include <algorithm>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace fg::platform {

namespace {
// Above the largest frame, so no frame buffer is mapped on its own.
constexpr size_t kHeapBlockLimit = 8u << 20;
// Free memory kept at the top of the heap before any goes back: a few
// connections' worth of frames in flight.
constexpr size_t kKeptFreeBytes = 64u << 20;
size_t g_heapBlockLimit = 0;
} // namespace

void reuseFreedMemory()
{
#if defined(__GLIBC__)
    if (mallopt(M_MMAP_THRESHOLD, int(kHeapBlockLimit)) == 1) g_heapBlockLimit = kHeapBlockLimit;
    (void)mallopt(M_TRIM_THRESHOLD, int(kKeptFreeBytes));
#endif
}

size_t heapBlockLimit() { return g_heapBlockLimit; }

void fewArenasForALongLivedProcess()
{
#if defined(__GLIBC__)
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    (void)mallopt(M_ARENA_MAX, int(std::max(1u, cores / 4)));
#endif
}

void returnFreeMemory()
{
#if defined(__GLIBC__)
    (void)malloc_trim(0);
#endif
}

} // namespace fg::platform
