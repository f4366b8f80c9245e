#pragma once
#include "internal.h"
// The stages of one end of a job: what went through each (bytes, items) and
// where the time of the threads that run it went (busy, waiting on input,
// waiting on output). Time is counted by the threads' StageTracks
// (metrics/stage_track.h); bytes and items by whoever moves them. Read by
// anyone through snapshot().

#include <floodgate/metrics.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace fg {

class StageTrack;

// Time per state of a stage, summed over threads.
struct StageTimes {
    uint64_t busyNs = 0;
    uint64_t waitInputNs = 0;
    uint64_t waitOutputNs = 0;
    uint64_t lifetime() const { return busyNs + waitInputNs + waitOutputNs; }
};

class StageCounters {
public:
    void addBytes(uint64_t n) { m_bytes.fetch_add(n, std::memory_order_relaxed); }
    void addItems(uint64_t n) { m_items.fetch_add(n, std::memory_order_relaxed); }
    uint64_t bytes() const { return m_bytes.load(std::memory_order_relaxed); }
    uint64_t items() const { return m_items.load(std::memory_order_relaxed); }

private:
    std::atomic<uint64_t> m_bytes{0};
    std::atomic<uint64_t> m_items{0};
};

class StageSet {
public:
    StageSet() = default;
    StageSet(const StageSet&) = delete;
    StageSet& operator=(const StageSet&) = delete;
    ~StageSet();

    StageCounters& operator[](StageId id) { return m_counters[size_t(id)]; }

    // The stages some thread ran, or that counted bytes or items, in
    // pipeline order; the time of threads still running is counted up to now.
    std::vector<StageSnapshot> snapshot(bool remote) const;
    // One stage (zeros for a stage nothing ran).
    StageSnapshot snapshotOf(StageId id) const;

private:
    friend class StageTrack;
    void attach(StageTrack& track);
    // The track ends: its time joins the totals of the threads that ended.
    void detach(StageTrack& track);
    // Every stage's times up to now, never less than the last answer's.
    std::array<StageTimes, kStageCount> timesLocked() const;

    std::array<StageCounters, kStageCount> m_counters;
    mutable std::mutex m_mutex; // guards the three below
    std::vector<StageTrack*> m_live;
    std::array<StageTimes, kStageCount> m_ended{};
    std::array<bool, kStageCount> m_ran{};
    mutable std::array<StageTimes, kStageCount> m_lastAnswer{};
};

} // namespace fg
