#pragma once
#include "internal.h"
// The evidence of the last few seconds, made from the readings a job takes
// about four times a second: the counters of both ends' stages, of each data
// connection's TCP_INFO and of each machine are cumulative, so the window's
// figures are the newest reading less the oldest one inside the window. A
// counter that went backwards (a far end that restarted its counters, a
// connection replaced by another) counts as nothing rather than as a huge
// number.

#include "diagnosis/evidence.h"

#include <deque>
#include <optional>

namespace fg::diagnosis {

// One data connection, as read from its sending end's TCP_INFO: its
// counters (busy and limited times, bytes sent and resent) since it opened,
// the rest as they are now.
struct ConnectionReading {
    uint32_t id = 0; // the same connection keeps its id across readings
    ConnectionEvidence sinceOpened;
};

// One end at one moment: its cumulative stage counters and its machine.
struct EndReading {
    bool present = false;
    bool local = false;
    std::vector<StageSnapshot> stages;
    unsigned cores = 0;
    std::optional<double> cpuSeconds;       // since the process began
    std::optional<uint64_t> ioStallUs;      // since boot
    std::optional<uint64_t> dirtyBytes;     // now
    std::optional<uint64_t> dirtyThresholdBytes;
    std::optional<InterruptLoad> interrupts; // since this end's previous reading
    platform::NetLimits netLimits;
};

struct Reading {
    double atSec = 0;     // since data began to move
    uint64_t bytes = 0;   // payload moved so far
    uint64_t files = 0;   // files finished so far
    // Their sizes: `bytes` runs ahead of them by what is on its way (a
    // push's files are acknowledged a window after their bytes went), so
    // the mean file size is these over `files`.
    uint64_t fileBytes = 0;
    EndReading sender;
    EndReading receiver;
    Evidence::Transport transport = Evidence::Transport::DataConnections;
    std::vector<ConnectionReading> connections;
};

class EvidenceWindow {
public:
    explicit EvidenceWindow(double windowSec = 2.0) : m_windowSec(windowSec) {}

    // Readings come in time order.
    void add(Reading reading);

    // The window's evidence: the newest reading against the oldest one at
    // least `windowSec` before it (or the oldest there is). Empty (no time)
    // until there are two readings.
    Evidence evidence(const Settings& settings, uint64_t linkRate = 0) const;

private:
    double m_windowSec;
    std::deque<Reading> m_readings;
};

} // namespace fg::diagnosis
