#include "job/bandwidth_timetable.h"

#include "platform/process.h"

#include <utility>

namespace fg {

BandwidthTimetable::BandwidthTimetable(RateSchedule schedule, std::function<void(uint64_t)> apply,
                                       std::chrono::milliseconds checkEvery)
    : m_schedule(std::move(schedule)), m_apply(std::move(apply)), m_checkEvery(checkEvery)
{
    applyNow();
    m_thread = exec::TaskThread([this] {
        std::unique_lock lock(m_mutex);
        while (!m_cv.wait_for(lock, m_checkEvery, [&] { return m_stop; })) {
            lock.unlock();
            applyNow();
            lock.lock();
        }
    });
}

BandwidthTimetable::~BandwidthTimetable()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_cv.notify_all();
    m_thread.join();
}

void BandwidthTimetable::applyNow()
{
    const platform::LocalTime now = platform::localTimeNow();
    const uint64_t rate = m_schedule.rateAt(now.weekday, now.minute);
    if (m_applied == rate) return;
    m_applied = rate;
    m_apply(rate);
}

} // namespace fg
