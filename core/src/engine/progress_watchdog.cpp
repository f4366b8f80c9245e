#include "engine/progress_watchdog.h"

#include <algorithm>

namespace fg {

ProgressWatchdog::ProgressWatchdog(std::chrono::milliseconds limit, Mark mark, Stalled stalled,
                                   std::chrono::milliseconds check)
    : m_limit(limit), m_check(std::min(check, limit)), m_mark(std::move(mark)), m_stalled(std::move(stalled))
{
    m_thread = std::thread([this] { watch(); });
}

ProgressWatchdog::~ProgressWatchdog() { stop(); }

void ProgressWatchdog::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    if (m_thread.joinable()) m_thread.join();
}

void ProgressWatchdog::watch()
{
    using Clock = std::chrono::steady_clock;
    uint64_t last = m_mark();
    Clock::time_point moved = Clock::now();
    std::unique_lock lock(m_mutex);
    while (!m_cv.wait_for(lock, m_check, [&] { return m_stop; })) {
        lock.unlock();
        const uint64_t now = m_mark();
        if (now != last) {
            last = now;
            moved = Clock::now();
        } else if (Clock::now() - moved >= m_limit) {
            m_stalled();
            return;
        }
        lock.lock();
    }
}

} // namespace fg
