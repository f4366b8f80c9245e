#pragma once
#include "internal.h"
// What a bottleneck verdict stands on: the figures of the last few seconds
// of a job, from both ends. Every figure is a difference over the window
// (counters at its end less those at its start) unless it says otherwise;
// one that was not measured is marked so, and the classifier then says what
// it could not tell rather than guess (docs/DIAGNOSIS.md).

#include "platform/socket.h"

#include <floodgate/metrics.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fg::diagnosis {

// The CPU of one end that spends the largest share of its time handling
// interrupts (hard and soft: a NIC's receive work), over the last moment.
struct InterruptLoad {
    unsigned cpu = 0;
    double share = 0; // 0-1
};

// One end of the job (the sending or the receiving one) over the window.
struct EndEvidence {
    // Figures came from this end (the far end's travel on the control
    // connection; an old peer sends none).
    bool present = false;
    // This process is that end (else it is the far end).
    bool local = false;
    // Each stage's counters over the window (StageSnapshot differences).
    std::vector<StageSnapshot> stages;
    unsigned cores = 0;
    // The process's CPU time (user + system) in the window; unset: unknown.
    std::optional<double> cpuSeconds;
    // Write-back on this end's machine (what matters on the receiving end):
    // dirty and writeback bytes at the window's end against the point where
    // the kernel throttles writers, and the share of the window some task
    // stalled on I/O (PSI io "some"). Unset: not measured (no /proc, no PSI).
    std::optional<uint64_t> dirtyBytes;
    std::optional<uint64_t> dirtyThresholdBytes;
    std::optional<double> ioPressure;
    // The core busiest with interrupts, over the last reading's interval
    // (not the window: one core saturated now is what matters). Unset: not measured.
    std::optional<InterruptLoad> interrupts;
    // This end's socket buffer ceilings and congestion controls, as
    // platform::readNetLimits() gives them there (0: unknown).
    platform::NetLimits netLimits;
};

// One data connection as its sending end's TCP sees it, over the window.
struct ConnectionEvidence {
    // The kernel's send-limit chronographs (Linux 4.9+, TCP_INFO_v1 on
    // Windows): time with data in flight, and of it the time stalled by the
    // receiver's window or by the send buffer. Without them nothing tells
    // those apart.
    bool hasChronographs = true;
    uint64_t busyUs = 0;
    uint64_t rwndLimitedUs = 0;
    uint64_t sndbufLimitedUs = 0;
    uint64_t bytesSent = 0;   // resent bytes included
    uint64_t bytesRetrans = 0;
    // At the window's end.
    uint32_t rttUs = 0;
    uint32_t minRttUs = 0;    // the least the connection has seen
    uint32_t cwndSegments = 0;
    uint64_t deliveryRate = 0; // bytes/s, the kernel's estimate
    std::string congestion;   // "bbr", "cubic", ...
};

// The settings in force, which the fixes name.
struct Settings {
    std::string cipher;    // "aes128-gcm", "chacha20-poly1305", "none"
    std::string compress;  // "none", "lz4", "zstd:3", "auto"
    std::string checksum;  // "xxh128", "sha256", ...
    std::string fsync;     // "file", "end", "none"
    unsigned streams = 0;  // data connections (0: the control connection carries the data)
    uint64_t bwlimit = 0;  // --bwlimit in force now, bytes/s (0: none)
};

struct Evidence {
    double windowSec = 0;
    // Since data began to move (a young job on a long link is still in slow start).
    double jobElapsedSec = 0;
    uint64_t bytes = 0; // payload bytes moved in the window
    uint64_t files = 0; // files finished in the window
    // The files' mean size over the job so far (0: none finished yet). In a
    // window the two counters need not match: a file's bytes count as they
    // go, the file when the receiver has it, often a window later.
    uint64_t meanFileBytes = 0;
    // The link's capacity, when a probe or the user measured it (bytes/s, 0: unknown).
    uint64_t linkRate = 0;
    Settings settings;
    EndEvidence sender;
    EndEvidence receiver;
    // How the data travels, which says what an empty `connections` means.
    enum class Transport : uint8_t {
        DataConnections, // floodgate's own TCP connections: their sending end's figures are below
        FarEndSilent,    // our own connections, but the sending end is the far one and sent no figures
        Ssh,             // through ssh's pipe: its TCP connection is ssh's
        Local,           // a local copy: no network at all
    };
    Transport transport = Transport::DataConnections;
    std::vector<ConnectionEvidence> connections;
};

} // namespace fg::diagnosis
