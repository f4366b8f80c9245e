#include "exec/rate_limiter.h"

#include <algorithm>
#include <thread>

namespace fg {

namespace {
// The bucket holds at most this much time's worth of tokens: enough to keep a
// stream busy between two wake-ups, little enough that the rate stays smooth
// when a sender was idle.
constexpr double kBurstSeconds = 0.05;
} // namespace

namespace {
uint64_t under(uint64_t wanted, uint64_t ceiling)
{
    if (ceiling == 0) return wanted;
    return wanted == 0 ? ceiling : std::min(wanted, ceiling);
}
} // namespace

void RateLimiter::setRate(uint64_t bytesPerSec)
{
    std::lock_guard lock(m_mutex);
    m_wanted = bytesPerSec;
    m_rate.store(under(m_wanted, m_ceiling));
}

void RateLimiter::setCeiling(uint64_t bytesPerSec)
{
    std::lock_guard lock(m_mutex);
    m_ceiling = bytesPerSec;
    m_rate.store(under(m_wanted, m_ceiling));
}

bool RateLimiter::acquire(uint64_t n, const std::atomic<bool>* cancelled)
{
    if (!acquireHere(n, cancelled)) return false;
    return m_shared ? m_shared->acquire(n, cancelled) : true;
}

bool RateLimiter::waitWhilePaused(const std::atomic<bool>* cancelled) const
{
    while (m_paused.load(std::memory_order_relaxed)) {
        if (cancelled && cancelled->load()) return false;
        // A resume is noticed within a tenth of a second.
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return !(cancelled && cancelled->load());
}

bool RateLimiter::acquireHere(uint64_t n, const std::atomic<bool>* cancelled)
{
    using clock = std::chrono::steady_clock;
    if (m_paused.load(std::memory_order_relaxed)) {
        if (!waitWhilePaused(cancelled)) return false;
        // The time paused earns no tokens: the rate starts afresh.
        std::lock_guard lock(m_mutex);
        m_started = false;
    }
    // Unlimited is the common case: no lock for it.
    if (m_rate.load(std::memory_order_relaxed) == 0) return true;
    for (;;) {
        std::chrono::duration<double> wait{};
        {
            std::lock_guard lock(m_mutex);
            uint64_t rate = m_rate.load();
            if (rate == 0) return true;
            auto now = clock::now();
            if (!m_started) {
                m_started = true;
                m_last = now;
                m_tokens = 0;
            }
            double elapsed = std::chrono::duration<double>(now - m_last).count();
            m_last = now;
            double cap = std::max(double(rate) * kBurstSeconds, double(n));
            m_tokens = std::min(cap, m_tokens + elapsed * double(rate));
            if (m_tokens >= double(n)) {
                m_tokens -= double(n);
                return true;
            }
            // Take the tokens now (going negative) and sleep off the debt: other
            // senders then queue behind us fairly instead of racing.
            m_tokens -= double(n);
            wait = std::chrono::duration<double>(-m_tokens / double(rate));
        }
        // Sleep in slices so a cancel or a new rate is noticed soon.
        auto slice = std::min(wait, std::chrono::duration<double>(0.1));
        std::this_thread::sleep_for(slice);
        if (cancelled && cancelled->load()) return false;
        if (slice >= wait) return true;
        // Debt remains: wait it off on the next pass with n = 0.
        n = 0;
    }
}

} // namespace fg
