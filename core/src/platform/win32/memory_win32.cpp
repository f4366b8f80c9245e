#include "platform/memory.h"

#include <malloc.h>
#include <windows.h>

namespace fg::platform {

// The C runtime's heap sits on the Windows heap, which keeps freed blocks
// for reuse and maps big ones itself: nothing to tune up front.
void reuseFreedMemory() {}
size_t heapBlockLimit() { return 0; }
void fewArenasForALongLivedProcess() {}

void returnFreeMemory()
{
    // Gives free pages at the heaps' ends back to the OS, as malloc_trim does.
    (void)::_heapmin();
    HANDLE heaps[64];
    const DWORD n = ::GetProcessHeaps(64, heaps);
    for (DWORD i = 0; i < n && i < 64; ++i) (void)::HeapCompact(heaps[i], 0);
}

} // namespace fg::platform
