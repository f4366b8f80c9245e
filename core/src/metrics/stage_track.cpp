#include "metrics/stage_track.h"

#include "common/clock.h"

#include <cassert>
#include <thread>

namespace fg {

namespace {
thread_local StageTrack* t_current = nullptr;

constexpr uint8_t packPlace(int8_t index, StageState state) { return uint8_t(index * 3 + int(state)); }
} // namespace

StageTrack::StageTrack(StageSet& set, std::span<const StageId> stages, StageId home, StageState homeState)
    : m_set(set), m_outer(t_current)
{
    assert(stages.size() > 0 && stages.size() <= kMaxStages);
    for (StageId id : stages)
        if (m_count < kMaxStages) m_stages[m_count++] = id;
    const int homeIndex = indexOf(home);
    assert(homeIndex >= 0);
    m_place = Place{int8_t(homeIndex < 0 ? 0 : homeIndex), homeState};
    m_since = monotonicNs();
    m_livePlace.store(packPlace(m_place.index, m_place.state), std::memory_order_relaxed);
    m_liveSince.store(m_since, std::memory_order_relaxed);
    t_current = this;
    m_set.attach(*this);
}

StageTrack::~StageTrack()
{
    moveTo(m_place); // the last stretch counts
    m_set.detach(*this);
    t_current = m_outer;
}

StageTrack* StageTrack::current() { return t_current; }

int StageTrack::indexOf(StageId id) const
{
    for (uint8_t i = 0; i < m_count; ++i)
        if (m_stages[i] == id) return i;
    return -1;
}

StageTrack::Place StageTrack::moveTo(Place to)
{
    const Place from = m_place;
    // Where it is already: nothing to charge, and no clock to read (a scope
    // of the stage a thread is in costs nothing; a small file's moves are a
    // few percent of a receiver's own time).
    if (to.index == from.index && to.state == from.state) return from;
    const uint32_t seq = m_seq.load(std::memory_order_relaxed);
    m_seq.store(seq + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    // Read inside the update: a snapshot that saw the old state read its
    // clock before this, so what it counted as still running never exceeds
    // what is charged here (snapshots never go back).
    const uint64_t now = monotonicNs();
    auto& slot = m_time[size_t(from.index)][size_t(from.state)];
    slot.store(slot.load(std::memory_order_relaxed) + (now - m_since), std::memory_order_relaxed);
    m_livePlace.store(packPlace(to.index, to.state), std::memory_order_relaxed);
    m_liveSince.store(now, std::memory_order_relaxed);
    m_seq.store(seq + 2, std::memory_order_release);
    m_place = to;
    m_since = now;
    return from;
}

void StageTrack::addTimes(std::array<StageTimes, kStageCount>& out, uint64_t nowNs) const
{
    // A consistent copy (see m_seq); the owner moves a few times per file, so
    // a retry is rare.
    std::array<std::array<uint64_t, kStates>, kMaxStages> time{};
    uint8_t live = 0;
    uint64_t since = 0;
    for (;;) {
        const uint32_t before = m_seq.load(std::memory_order_acquire);
        if (before & 1) {
            std::this_thread::yield(); // the owner is mid-move
            continue;
        }
        for (size_t i = 0; i < m_count; ++i)
            for (size_t s = 0; s < kStates; ++s) time[i][s] = m_time[i][s].load(std::memory_order_relaxed);
        live = m_livePlace.load(std::memory_order_relaxed);
        since = m_liveSince.load(std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_acquire);
        if (m_seq.load(std::memory_order_relaxed) == before) break;
    }
    if (nowNs > since) time[live / kStates][live % kStates] += nowNs - since;

    std::array<uint64_t, kMaxStages> total{};
    for (size_t i = 0; i < m_count; ++i) total[i] = time[i][0] + time[i][1] + time[i][2];
    for (size_t j = 0; j < m_count; ++j) {
        StageTimes& t = out[size_t(m_stages[j])];
        t.busyNs += time[j][size_t(StageState::Busy)];
        t.waitInputNs += time[j][size_t(StageState::WaitInput)];
        t.waitOutputNs += time[j][size_t(StageState::WaitOutput)];
        // While the thread is at an earlier stage this one waits for its
        // input; at a later one, for its output to be taken.
        for (size_t k = 0; k < j; ++k) t.waitInputNs += total[k];
        for (size_t k = j + 1; k < m_count; ++k) t.waitOutputNs += total[k];
    }
}

void StageTrack::addStages(std::array<bool, kStageCount>& ran) const
{
    for (size_t i = 0; i < m_count; ++i) ran[size_t(m_stages[i])] = true;
}

void StageTrack::addBytes(StageId id, uint64_t n)
{
    if (indexOf(id) >= 0) m_set[id].addBytes(n);
}

void countStageBytes(StageId id, uint64_t n)
{
    if (StageTrack* track = StageTrack::current()) track->addBytes(id, n);
}

StageScope::StageScope(StageId stage, StageState state)
{
    StageTrack* track = StageTrack::current();
    if (!track) return;
    const int index = track->indexOf(stage);
    if (index < 0) return;
    m_track = track;
    m_outer = track->moveTo(StageTrack::Place{int8_t(index), state});
}

StageScope::~StageScope()
{
    if (m_track) m_track->moveTo(m_outer);
}

} // namespace fg
