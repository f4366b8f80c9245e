#include "metrics/stage_set.h"

#include "common/clock.h"
#include "metrics/stage_track.h"

#include <algorithm>
#include <cassert>

namespace fg {

StageSet::~StageSet()
{
    // Every thread that counted here has ended (its track with it).
    assert(m_live.empty());
}

void StageSet::attach(StageTrack& track)
{
    std::lock_guard lock(m_mutex);
    m_live.push_back(&track);
    track.addStages(m_ran);
}

void StageSet::detach(StageTrack& track)
{
    std::lock_guard lock(m_mutex);
    track.addTimes(m_ended, monotonicNs());
    m_live.erase(std::remove(m_live.begin(), m_live.end(), &track), m_live.end());
}

std::array<StageTimes, kStageCount> StageSet::timesLocked() const
{
    std::array<StageTimes, kStageCount> times = m_ended;
    const uint64_t now = monotonicNs();
    for (const StageTrack* track : m_live) track->addTimes(times, now);
    // A thread's clock read can run ahead of its own update becoming visible
    // (the CPU does not wait for the store), so the stretch a snapshot counted
    // as still running may exceed, by nanoseconds, what the thread charged for
    // it: answers never go back.
    for (size_t i = 0; i < kStageCount; ++i) {
        StageTimes& t = times[i];
        const StageTimes& last = m_lastAnswer[i];
        t.busyNs = std::max(t.busyNs, last.busyNs);
        t.waitInputNs = std::max(t.waitInputNs, last.waitInputNs);
        t.waitOutputNs = std::max(t.waitOutputNs, last.waitOutputNs);
    }
    m_lastAnswer = times;
    return times;
}

namespace {
StageSnapshot snapshotFrom(StageId id, const StageCounters& counters, const StageTimes& times, bool remote)
{
    StageSnapshot s;
    s.id = id;
    s.name = stageName(id);
    s.remote = remote;
    s.bytes = counters.bytes();
    s.items = counters.items();
    s.busyNs = times.busyNs;
    s.waitInputNs = times.waitInputNs;
    s.waitOutputNs = times.waitOutputNs;
    s.lifetimeNs = times.lifetime();
    return s;
}
} // namespace

std::vector<StageSnapshot> StageSet::snapshot(bool remote) const
{
    std::lock_guard lock(m_mutex);
    const auto times = timesLocked();
    std::vector<StageSnapshot> out;
    for (size_t i = 0; i < kStageCount; ++i) {
        const StageCounters& c = m_counters[i];
        if (!m_ran[i] && c.bytes() == 0 && c.items() == 0) continue;
        out.push_back(snapshotFrom(StageId(i), c, times[i], remote));
    }
    return out;
}

StageSnapshot StageSet::snapshotOf(StageId id) const
{
    std::lock_guard lock(m_mutex);
    return snapshotFrom(id, m_counters[size_t(id)], timesLocked()[size_t(id)], false);
}

const char* stageName(StageId id)
{
    switch (id) {
    case StageId::Scan: return "scan";
    case StageId::Read: return "read";
    case StageId::Hash: return "hash";
    case StageId::Match: return "match";
    case StageId::Compress: return "compress";
    case StageId::Encrypt: return "encrypt";
    case StageId::Send: return "send";
    case StageId::Receive: return "receive";
    case StageId::Decrypt: return "decrypt";
    case StageId::Decompress: return "decompress";
    case StageId::Plan: return "plan";
    case StageId::Sign: return "sign";
    case StageId::Apply: return "apply";
    case StageId::Write: return "write";
    case StageId::Verify: return "verify";
    case StageId::Commit: return "commit";
    case StageId::Count: break;
    }
    return "unknown";
}

} // namespace fg
