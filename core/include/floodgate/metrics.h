#pragma once
// A point-in-time copy of a job's counters. Byte counters are not events: a UI
// reads a snapshot on a timer (about 4x a second) instead of being told of every byte.

#include <cstdint>
#include <string>
#include <vector>

namespace fg {

// One pipeline stage on one end. busy + waitInput + waitOutput ~ its lifetime:
// a stage that is mostly busy is a bottleneck candidate; one that mostly waits on
// its input is starved by the stage before it; on its output, blocked by the next.
struct StageSnapshot {
    std::string name;       // "scan", "read", "send", "receive", "write", "verify", ...
    bool remote = false;    // counted on the far end and reported over the control channel
    uint64_t bytes = 0;     // payload bytes that went through the stage
    uint64_t items = 0;     // files (or frames, for network stages)
    uint64_t busyNs = 0;
    uint64_t waitInputNs = 0;
    uint64_t waitOutputNs = 0;
};

// One data connection of a job, as its TCP layer sees it.
struct StreamSnapshot {
    uint32_t index = 0;
    uint64_t bytesSent = 0;     // on this connection, framing included
    uint64_t bytesReceived = 0;
    uint32_t rttUs = 0;
    uint32_t cwndSegments = 0;
    uint64_t deliveryRate = 0;  // the kernel's estimate, bytes/s
    uint32_t retransmits = 0;
    std::string congestion;     // "bbr", "cubic", ...
};

struct ActiveFile {
    uint32_t id = 0;
    std::string path;
    uint64_t size = 0;
    uint64_t done = 0;
};

enum class JobState : uint8_t {
    Pending,      // created, not started
    Connecting,   // reaching the remote end (TLS handshake, ssh start)
    Reconnecting, // the connections dropped mid-job: waiting to reach it again (--retry-for)
    Scanning,     // walking the source and target trees
    Planning,     // comparing them into actions
    Transferring, // moving file data
    Finishing,    // directory times, deletions, final reports
    Done,         // finished; see JobResult for per-file errors
    Failed,       // stopped by an error that ended the whole job
    Cancelled,    // stopped by cancel()
};

const char* jobStateName(JobState state);

struct MetricsSnapshot {
    JobState state = JobState::Pending;
    double elapsedSec = 0;
    uint64_t filesTotal = 0;     // regular files in the source (after filters)
    uint64_t filesToTransfer = 0;// files the plan copies or updates
    uint64_t filesDone = 0;      // of those, finished (ok or failed)
    uint64_t bytesToTransfer = 0;// payload bytes the plan moves
    uint64_t bytesDone = 0;      // payload bytes moved so far
    uint64_t wireBytesSent = 0;  // bytes this end wrote to the connection
    uint64_t wireBytesReceived = 0;
    std::vector<StageSnapshot> stages;
    std::vector<StreamSnapshot> streams; // data connections (daemon jobs)
    std::vector<ActiveFile> active;
};

} // namespace fg
