#pragma once
#include "internal.h"
// Auto streams (--streams auto, the default for a daemon): a job starts with
// a few data connections and adds more while the total rate still rises by
// enough. Each step lets the new streams leave slow start, then measures; the
// tuner stops when a step gains less than 10 %, when the rest of the job is
// too little to be worth a connection, or when no more may be opened.

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
};

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
    };

    // Runs on the calling thread until it decides, or the job ends.
    static void run(const Hooks& hooks, const StreamTuning& tuning = {});
};

} // namespace fg
