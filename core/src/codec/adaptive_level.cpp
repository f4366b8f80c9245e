#include "codec/adaptive_level.h"

#include <algorithm>

namespace fg::codec {

namespace {
constexpr double kBusyHigh = 0.85;
constexpr double kCpuStarved = 0.05;
constexpr double kBusyStarving = 0.5;
constexpr double kNetBound = 0.5;
constexpr double kBusyRoom = 0.5;
constexpr double kCpuRoom = 0.25;
} // namespace

AdaptiveLevel::AdaptiveLevel(LevelRange range) : m_range(range)
{
    if (m_range.max < m_range.min) std::swap(m_range.min, m_range.max);
    // zstd reads level 0 as "its default", which is not a step of its own.
    if (m_range.min == 0) m_range.min = 1;
    if (m_range.max == 0) m_range.max = -1;
    if (m_range.max < m_range.min) m_range.max = m_range.min;
    m_level = std::clamp(m_range.start, m_range.min, m_range.max);
    if (m_level == 0) m_level = m_range.min;
}

std::optional<int> AdaptiveLevel::level() const
{
    if (!m_on) return std::nullopt;
    return m_level;
}

std::optional<int> AdaptiveLevel::observe(const LevelObservation& obs)
{
    if (m_sinceRise >= 0) ++m_sinceRise;
    if (m_holdOffLeft > 0) --m_holdOffLeft;

    const bool compressionLimits = m_on && (obs.compressBusy >= kBusyHigh
                                            || (obs.cpuIdle < kCpuStarved && obs.compressBusy >= kBusyStarving));
    if (compressionLimits) {
        m_riseStreak = 0;
        stepDown(obs.outrunsLink);
        return level();
    }
    const bool networkLimits = obs.netWait >= kNetBound && obs.compressBusy <= kBusyRoom && obs.cpuIdle >= kCpuRoom
                               && !obs.limitElsewhere;
    m_riseStreak = networkLimits ? m_riseStreak + 1 : 0;
    if (m_riseStreak >= kRiseAfter && m_holdOffLeft == 0) {
        m_riseStreak = 0;
        stepUp();
    }
    return level();
}

void AdaptiveLevel::stepUp()
{
    if (!m_on) {
        m_on = true;
        m_level = m_range.min;
    } else if (m_level < m_range.max) {
        m_level = m_level == -1 ? 1 : m_level + 1;
    } else {
        return;
    }
    m_sinceRise = 0;
}

void AdaptiveLevel::stepDown(bool keepOn)
{
    const bool overshot = m_sinceRise >= 0 && m_sinceRise <= kOvershootWindow;
    m_holdOff = overshot ? std::min(m_holdOff * 2, kMaxHoldOff) : kBaseHoldOff;
    m_holdOffLeft = m_holdOff;
    m_sinceRise = -1;
    if (m_level > m_range.min) m_level = m_level == 1 ? -1 : m_level - 1;
    else if (!keepOn) m_on = false;
}

} // namespace fg::codec
