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

    // 0 = unlimited. Can change while a job runs (a timetable); never above
    // the ceiling.
    void setRate(uint64_t bytesPerSec);
    uint64_t rate() const { return m_rate.load(); }
    // A rate no setRate may pass (0: none): a daemon's cap for a module,
    // under which a client's own --bwlimit and timetable still apply.
    void setCeiling(uint64_t bytesPerSec);
    // Bytes taken here are taken from `shared` too (it must outlive this):
    // a budget several jobs share, such as one client's. Set before use.
    void setShared(RateLimiter* shared) { m_shared = shared; }

    // Paused, no byte goes until resumed (the user's Pause): senders wait
    // here, their connections stay open and the far end keeps reporting.
    void setPaused(bool paused) { m_paused.store(paused); }
    bool paused() const { return m_paused.load(); }

    // Blocks until n bytes may go; returns at once when unlimited and not
    // paused. Returns early (false) when cancelled.
    bool acquire(uint64_t n, const std::atomic<bool>* cancelled = nullptr);

private:
    bool acquireHere(uint64_t n, const std::atomic<bool>* cancelled);
    // Sleeps while paused; false when cancelled meanwhile.
    bool waitWhilePaused(const std::atomic<bool>* cancelled) const;

    std::mutex m_mutex;
    std::atomic<uint64_t> m_rate{0};
    std::atomic<bool> m_paused{false};
    uint64_t m_wanted = 0;  // what setRate asked (guarded by m_mutex)
    uint64_t m_ceiling = 0; // guarded by m_mutex
    RateLimiter* m_shared = nullptr;
    double m_tokens = 0;
    std::chrono::steady_clock::time_point m_last{};
    bool m_started = false;
};

} // namespace fg
