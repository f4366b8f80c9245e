#pragma once
#include "internal.h"
// A job whose far end has gone quiet (stopped, hung, or a link that went
// down without a reset) says so while it waits, and is stopped with a clear
// message at its limit (--timeout, or the default) instead of waiting for
// ever. Progress is any change of a mark the job computes from its
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

// A far end that says nothing at all (its stats come four times a second
// whatever it does) is given up on after this long without --timeout, by the
// client and by the server alike.
inline constexpr unsigned kDefaultSilenceSec = 300;

class ProgressWatchdog {
public:
    using Clock = std::chrono::steady_clock;
    struct Events {
        // A number that moves while the far end is alive.
        std::function<uint64_t()> mark;
        // The count starts once this is true (unset: at once): a job's own
        // limit need not count a password typed into ssh.
        std::function<bool()> armed;
        // Said once when the mark has stood still for the quiet time, and
        // once when it moves again after that (with how long it stood).
        std::function<void(std::chrono::milliseconds)> quiet;
        std::function<void(std::chrono::milliseconds)> movingAgain;
        // Called once when it has stood still for the limit; the watch ends.
        std::function<void()> stalled;
    };

    ProgressWatchdog(std::chrono::milliseconds limit, std::chrono::milliseconds quietAfter, Events events,
                     std::chrono::milliseconds check = std::chrono::milliseconds(250));
    ~ProgressWatchdog();
    ProgressWatchdog(const ProgressWatchdog&) = delete;
    ProgressWatchdog& operator=(const ProgressWatchdog&) = delete;

    // Joins the thread; no callback begins after it returns.
    void stop();

private:
    void watch();

    const std::chrono::milliseconds m_limit;
    const std::chrono::milliseconds m_quietAfter;
    const std::chrono::milliseconds m_check;
    Events m_events;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace fg
