#include "exec/progress_watchdog.h"

#include <algorithm>

namespace fg {

ProgressWatchdog::ProgressWatchdog(std::chrono::milliseconds limit, std::chrono::milliseconds quietAfter, Events events,
                                   std::chrono::milliseconds check)
    : m_limit(limit), m_quietAfter(quietAfter), m_check(std::min(check, limit)), m_events(std::move(events))
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
    uint64_t last = m_events.mark();
    Clock::time_point moved = Clock::now();
    bool saidQuiet = false;
    std::unique_lock lock(m_mutex);
    while (!m_cv.wait_for(lock, m_check, [&] { return m_stop; })) {
        lock.unlock();
        const uint64_t now = m_events.mark();
        const auto still = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - moved);
        if (now != last || (m_events.armed && !m_events.armed())) {
            if (now != last && saidQuiet && m_events.movingAgain) m_events.movingAgain(still);
            saidQuiet = false;
            last = now;
            moved = Clock::now();
        } else if (still >= m_limit) {
            if (m_events.stalled) m_events.stalled();
            return;
        } else if (!saidQuiet && m_quietAfter.count() > 0 && still >= m_quietAfter) {
            saidQuiet = true;
            if (m_events.quiet) m_events.quiet(still);
        }
        lock.lock();
    }
}

} // namespace fg
