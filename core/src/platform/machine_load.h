#pragma once
#include "internal.h"
// What the kernel says about the load a transfer puts on this machine, for
// the bottleneck diagnosis (diagnosis/evidence.h): write-back, I/O stalls and
// the process's own CPU time. Each reading is unset where this system does
// not say (no /proc, a kernel without PSI): the diagnosis then says it could
// not tell, never guesses.

#include <cstdint>
#include <optional>

namespace fg::platform {

// Dirty data waiting to be written back, and where the kernel starts to
// throttle the processes that write more (Linux: /proc/vmstat's nr_dirty and
// nr_writeback against nr_dirty_threshold; writers are slowed from half-way
// between the background threshold and this one).
struct Writeback {
    uint64_t dirtyBytes = 0;     // dirty and under write-back
    uint64_t thresholdBytes = 0; // nr_dirty_threshold
    uint64_t backgroundBytes = 0; // nr_dirty_background_threshold: write-back starts
};
std::optional<Writeback> readWriteback();

// Microseconds, since boot, during which some task stalled on I/O (Linux
// PSI, /proc/pressure/io "some ... total="): two readings a window apart give
// the share of the window.
std::optional<uint64_t> ioStallMicroseconds();

// This process's CPU time so far, user and system, all threads, in seconds.
std::optional<double> processCpuSeconds();

// The calling thread's CPU time so far, in seconds.
std::optional<double> threadCpuSeconds();

} // namespace fg::platform
