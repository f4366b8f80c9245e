#pragma once
#include "internal.h"
// Auto streams (--streams auto, the default for a daemon): a job starts with
// a few data connections and adds more while the total rate still rises by
// enough. Each step lets the new streams leave slow start, then measures; the
// tuner stops when a step gains less than 10 %, when the rest of the job is
// too little to be worth a connection, or when no more may be opened. And it
// asks the job's bottleneck diagnosis first: more connections relieve a
// per-connection limit (a receive window, a send buffer, loss under a
// loss-based congestion control, a cipher or the kernel's TCP work on one
// core), not a full path, which they only fill further (on a long lossy link
// eight BBR connections overflowed the queue that one BBR connection kept
// empty: 21.5-28 s against 21 s), nor a disk or a CPU stage.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace fg {

struct StreamTuning {
    // Let new streams leave slow start before measuring, and measure over
    // this long (1.5 s each: a few round trips on the longest links).
    std::chrono::milliseconds settle{1500};
    std::chrono::milliseconds interval{1500};
    unsigned step = 2;   // streams added at a time
    double gain = 1.10;  // a step must raise the rate by this much
    // Not worth a new connection when the rest of the job takes less than
    // this many seconds at the present rate.
    double minRemainingSeconds = 4.0;
    // The diagnosis's Wait is heeded this many intervals in a row at most;
    // then the measurement decides (a verdict that never comes must not
    // keep a job on its first connections).
    unsigned maxWaits = 4;
};

enum class StreamAdvice : uint8_t { Add, Wait, Stop };

// What more connections would do against the diagnosis's current layer
// (diagnosis::layerName: "receive-window", ...; empty before its first
// verdict), given the data connections' congestion control; *why says it.
StreamAdvice streamAdviceFor(const std::string& layer, const std::string& congestion, std::string* why);

class StreamTuner {
public:
    struct Hooks {
        // Waits this long; false when the job ends meanwhile (the tuner stops).
        std::function<bool(std::chrono::milliseconds)> wait;
        std::function<uint64_t()> bytesMoved;     // so far, of file data
        std::function<uint64_t()> bytesRemaining; // still to move
        // Opens and adds up to `count` streams; the number of streams the job
        // has now, or nullopt when none could be added (or may be).
        std::function<std::optional<unsigned>(unsigned count)> addStreams;
        std::function<void(const std::string&)> log;
        // Asked before each step (unset: always Add): Wait measures again
        // first, Stop ends the tuning; the string says why, for the log.
        std::function<StreamAdvice(std::string* why)> advice;
    };

    // Runs on the calling thread until it decides, or the job ends.
    static void run(const Hooks& hooks, const StreamTuning& tuning = {});
};

} // namespace fg
