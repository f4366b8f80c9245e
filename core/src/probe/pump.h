#pragma once
#include "internal.h"
// The network half of a probe: one end sends filler frames on some links for
// a while (pump), the other reads them until each link's last one (drain).
// The sending end watches its connections as a job's sender does (TCP_INFO
// four times a second) and keeps the figures of the phase's second half,
// once slow start is behind it, for the classifier (diagnosis/bottleneck.h).

#include "diagnosis/evidence.h"
#include "proto/frame.h"

#include <floodgate/error.h>

#include <atomic>
#include <cstdint>
#include <vector>

namespace fg::probe {

// ProbeFill's flag: the last filler frame of this link in this phase.
inline constexpr uint16_t kLastFill = 1;
// Filler frames carry this much (a data frame's size), random bytes that no
// compression anywhere on the path could shrink.
inline constexpr size_t kFillBytes = 256 * 1024;

// What the sending end saw.
struct PumpFigures {
    uint64_t bytes = 0;          // filler payload written on all links
    double seconds = 0;          // from the first write to the last frame queued
    // The best rate over any second of the phase: what the path carries
    // once the connections have opened their windows (acknowledged bytes on
    // TCP; written bytes on a pipe, which has no acknowledgements to read).
    double steadyBytesPerSec = 0;
    // The sending threads' CPU time against their wall time: a sender that
    // is busy most of it (TLS on a slow core) limits the phase itself.
    double cpuSeconds = 0;
    double threadSeconds = 0;
    // The phase's second half: bytes acknowledged, its length, and each
    // connection's figures over it (empty on a pipe).
    uint64_t windowBytes = 0;
    double windowSeconds = 0;
    std::vector<diagnosis::ConnectionEvidence> connections;
};

// What the receiving end saw.
struct DrainFigures {
    uint64_t bytes = 0;  // filler payload read
    double seconds = 0;  // from the first filler byte to the last frame
};

// Sends filler on every link for `seconds`, then a last frame on each.
// `stop` ends it early (an error elsewhere). An error when a link fails.
Result<PumpFigures> pump(const std::vector<proto::FrameLink*>& links, double seconds, const std::atomic<bool>& stop);

// Reads filler on every link until its last frame; anything else is a
// protocol error.
Result<DrainFigures> drain(const std::vector<proto::FrameLink*>& links);

} // namespace fg::probe
