#pragma once
#include "internal.h"
// A token bucket shared by everything that sends for one job (--bwlimit):
// senders take tokens before each frame and sleep just long enough, so the rate
// is smooth rather than write-then-sleep bursts.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>

namespace fg {

class RateLimiter {
public:
    explicit RateLimiter(uint64_t bytesPerSec = 0) { setRate(bytesPerSec); }

    // 0 = unlimited. Can change while a job runs (a timetable).
    void setRate(uint64_t bytesPerSec);
    uint64_t rate() const { return m_rate.load(); }

    // Blocks until n bytes may go; returns at once when unlimited. Returns
    // early (false) when cancelled.
    bool acquire(uint64_t n, const std::atomic<bool>* cancelled = nullptr);

private:
    std::mutex m_mutex;
    std::atomic<uint64_t> m_rate{0};
    double m_tokens = 0;
    std::chrono::steady_clock::time_point m_last{};
    bool m_started = false;
};

} // namespace fg
