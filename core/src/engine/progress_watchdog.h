#pragma once
#include "internal.h"
// --timeout: a job whose far end has gone quiet (stopped, hung, or a link
// that went down without a reset) is stopped with a clear message instead of
// waiting for ever. Progress is any change of a mark the job computes from its
// counters (wire bytes both ways, file bytes, files listed and done); the
// far end's periodic stats count, so a live peer busy hashing a big file is
// not mistaken for a dead one.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>

namespace fg {

class ProgressWatchdog {
public:
    using Mark = std::function<uint64_t()>;
    // Called once, from the watchdog's thread, when the mark has not moved
    // for `limit`.
    using Stalled = std::function<void()>;

    ProgressWatchdog(std::chrono::milliseconds limit, Mark mark, Stalled stalled,
                     std::chrono::milliseconds check = std::chrono::milliseconds(250));
    ~ProgressWatchdog();
    ProgressWatchdog(const ProgressWatchdog&) = delete;
    ProgressWatchdog& operator=(const ProgressWatchdog&) = delete;

    // Joins the thread; no call of `stalled` begins after it returns.
    void stop();

private:
    void watch();

    const std::chrono::milliseconds m_limit;
    const std::chrono::milliseconds m_check;
    Mark m_mark;
    Stalled m_stalled;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace fg
