#pragma once
#include "internal.h"
// What one process reads of itself for the bottleneck diagnosis, about four
// times a second: its stages, its machine (CPU time, write-back, I/O stalls,
// socket buffer ceilings) and the TCP_INFO of each data connection it sends
// on. Each end reads its own; the far end's readings travel in its Stats
// messages (docs/PROTOCOL.md), so neither end guesses the other's figures.

#include "diagnosis/evidence_window.h"
#include "platform/cpu.h"

#include <optional>

namespace fg::diagnosis {

// Which of this machine's cores is busiest with interrupts between one
// reading and the next: each reader keeps its own (the job's diagnosis, a
// role's Stats).
class InterruptMeter {
public:
    // Since the previous call (nothing on the first, or where the OS does not say).
    std::optional<InterruptLoad> sample();

private:
    std::vector<platform::CpuInterruptTimes> m_last;
};

// This end now. `netLimits` is read once per job by the caller
// (platform::readNetLimits: six files under /proc/sys) and passed in;
// `interrupts`, when given, adds the busiest core's interrupt load.
EndReading readThisEnd(std::vector<StageSnapshot> stages, const platform::NetLimits& netLimits,
                       InterruptMeter* interrupts = nullptr);

// One connection this end sends on, as its kernel sees it: nothing when the
// descriptor is not a TCP socket (ssh's pipe, a memory link) or the kernel
// has no TCP_INFO. A kernel without the send-limit chronographs (before 4.9)
// gives a reading without them (hasChronographs false).
std::optional<ConnectionReading> readConnection(uint32_t id, int socketFd);

} // namespace fg::diagnosis
