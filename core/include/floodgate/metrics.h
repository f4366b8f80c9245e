#pragma once
// A point-in-time copy of a job's counters. Byte counters are not events: a UI
// reads a snapshot on a timer (about 4x a second) instead of being told of every byte.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fg {

// The stages of the pipeline, in the order data goes through them.
// Sender:   scan -> read -> hash -> match -> compress -> encrypt -> send
// Receiver: receive -> decrypt -> decompress -> (plan, sign) -> apply -> write
//           -> verify -> commit
// The values travel in the Stats message: new ones go at the end.
enum class StageId : uint8_t {
    Scan,       // walking the source tree and listing it
    Read,       // opening and reading source files
    Hash,       // the XXH3-128 of what is sent
    Match,      // a delta: finding the receiver's blocks in the new version
    Compress,
    Encrypt,    // TLS records (AES-GCM, ChaCha20-Poly1305)
    Send,       // onto the connection: system calls, and waits for the network
    Receive,    // off the connection
    Decrypt,
    Decompress,
    Plan,       // comparing the list with the destination
    Sign,       // reading old copies and signing their blocks for deltas
    Apply,      // a delta: rebuilding from the old copy
    Write,      // into temporary files (and the background flush)
    Verify,     // the hash of what was written, against the sender's
    Commit,     // renaming into place, times and modes, the final flush
    Count
};
inline constexpr size_t kStageCount = size_t(StageId::Count);

// "scan", "read", ..., "commit".
const char* stageName(StageId id);

// One pipeline stage on one end. Time is counted per thread that runs the
// stage, so on every stage busy + waitInput + waitOutput == lifetime (summed
// over its threads: four writers for 2 s are 8 s). A thread that runs
// several stages in turn (read, hash, compress, send) counts its time in one
// as the others' waiting: while it reads, its send stage waits for input, and
// its read stage waits for output while it sends. A stage that is mostly busy
// is a bottleneck candidate; one that mostly waits on its input is starved by
// the stage before it; on its output, held up by the next.
struct StageSnapshot {
    StageId id = StageId::Scan;
    std::string name;       // stageName(id)
    bool remote = false;    // counted on the far end and reported over the control channel
    uint64_t bytes = 0;     // payload bytes that went through the stage
    uint64_t items = 0;     // files (or frames, for network stages)
    uint64_t busyNs = 0;
    uint64_t waitInputNs = 0;
    uint64_t waitOutputNs = 0;
    uint64_t lifetimeNs = 0; // thread time of the threads that ran it
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
    uint32_t minRttUs = 0;      // the least RTT it has seen
    // The kernel's send-limit chronographs (Linux 4.9+; zero elsewhere), for
    // what this end sends on it, since it opened: time with data in flight,
    // and of it the time stalled by the receiver's window and by our send
    // buffer. A front end takes differences between snapshots.
    uint64_t busyUs = 0;
    uint64_t rwndLimitedUs = 0;
    uint64_t sndbufLimitedUs = 0;
    // The RTT, window and chronograph figures above are the far end's (it
    // sends: a pull), from its Stats; `retransmits` stays this end's.
    bool senderView = false;
};

// The layer that limits a job (docs/DIAGNOSIS.md): a name from a fixed
// vocabulary ("network-loss", "destination-write", ...), the end it is on,
// how much of the time it held the job up, what was seen and what to change,
// each in one sentence with numbers.
struct Bottleneck {
    std::string layer;    // empty until the job has moved data for a moment; "unknown": nothing stands out
    std::string end;      // "sender", "receiver", or empty (the network, the user's own limit)
    std::string stage;    // the stage of that end it stands on ("write"), when it is one
    double share = 0;     // 0-1: of the last seconds (live) or of the job's time (its result)
    std::string evidence;
    std::string fix;      // empty: nothing to change
    // The fix as a setting of the job, when it is one ("--compress zstd:1"):
    // fg::applyOptionSetting puts it into a job's options.
    std::string setting;
};

// One stretch of a job during which one layer limited it.
struct BottleneckSpan {
    double fromSec = 0; // since the job started (MetricsSnapshot::elapsedSec)
    double toSec = 0;
    std::string layer;
    std::string end;
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
    // What limits the job now, held steady (a verdict changes once a new one
    // has held for two seconds), and which layer limited it when so far.
    Bottleneck bottleneck;
    std::vector<BottleneckSpan> bottleneckTimeline;
};

} // namespace fg
