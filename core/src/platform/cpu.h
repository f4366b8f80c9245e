#pragma once
#include "internal.h"
// What this CPU offers that changes which cipher is fastest, and how busy the
// machine's CPUs are.

#include <floodgate/error.h>

#include <cstdint>
#include <vector>

namespace fg::platform {

// AES instructions with a carry-less multiply beside them (x86 AES-NI and
// PCLMULQDQ; ARMv8 AES and PMULL): with both, AES-GCM runs at several GB/s
// a core and beats ChaCha20-Poly1305; without them AES is table-based, slow,
// and ChaCha20 is the faster (and constant-time) choice. Read once.
bool hasAesAcceleration();

// The CPU time of the whole machine since boot, all cores together, in the
// OS's ticks; two readings apart give the idle fraction in between.
struct CpuTimes {
    uint64_t idle = 0;  // idle and waiting on I/O: either could run a compressor
    uint64_t total = 0;
};

// Linux: the "cpu" line of /proc/stat. An error where the OS does not say;
// callers then go without the figure.
Result<CpuTimes> cpuTimes();

// Each CPU's time in interrupt handling (hard and soft: a NIC's receive
// work runs there) and its total, in ticks since boot, by CPU number.
struct CpuInterruptTimes {
    unsigned cpu = 0;
    uint64_t interrupt = 0;
    uint64_t total = 0;
};
// Linux: the "cpuN" lines of /proc/stat.
Result<std::vector<CpuInterruptTimes>> perCpuInterruptTimes();

} // namespace fg::platform
