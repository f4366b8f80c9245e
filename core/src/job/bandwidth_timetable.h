#pragma once
#include "internal.h"
// --bwlimit as a timetable ("Mon-Fri 08:00-18:00 20M, 100M"): the rate for
// now, applied at once and looked at again every little while, so a job that
// runs into the evening speeds up when the rule says so.

#include "exec/task_thread.h"

#include <floodgate/options.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>

namespace fg {

class BandwidthTimetable {
public:
    // Half a minute: the rules are to the minute, and a rate that changes
    // late by this much is of no consequence.
    static constexpr std::chrono::seconds kCheckEvery{30};

    // Applies the rate `schedule` gives now (on the calling thread), then on
    // a thread of its own each time it changes, until destroyed. `apply`
    // gets the new rate (0: unlimited).
    BandwidthTimetable(RateSchedule schedule, std::function<void(uint64_t bytesPerSec)> apply,
                       std::chrono::milliseconds checkEvery = kCheckEvery);
    ~BandwidthTimetable();
    BandwidthTimetable(const BandwidthTimetable&) = delete;
    BandwidthTimetable& operator=(const BandwidthTimetable&) = delete;

private:
    void applyNow();

    const RateSchedule m_schedule;
    const std::function<void(uint64_t)> m_apply;
    const std::chrono::milliseconds m_checkEvery;
    std::optional<uint64_t> m_applied; // the thread's (and the constructor's before it)
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_stop = false;
    exec::TaskThread m_thread;
};

} // namespace fg
