#include "models/rate_meter.h"

#include <algorithm>
#include <cmath>

namespace fgui {

void RateMeter::reset()
{
    m_lastSeconds = 0;
    m_lastTotal = 0;
    m_instant = 0;
    m_smoothed = 0;
    m_hasRate = false;
    m_moving = false;
    m_average = 0;
    m_weight = 0;
}

void RateMeter::resetAt(double seconds, uint64_t total)
{
    reset();
    m_lastSeconds = seconds;
    m_lastTotal = total;
}

bool RateMeter::add(double seconds, uint64_t total)
{
    const double dt = seconds - m_lastSeconds;
    // A sample right after the last one (the final snapshot just after a tick) would
    // turn one chunk's bytes over a few milliseconds into an absurd spike: leave
    // those bytes to the next sample.
    if (!(dt >= kMinIntervalSeconds)) return false;
    const uint64_t delta = total > m_lastTotal ? total - m_lastTotal : 0;
    m_instant = double(delta) / dt;
    m_hasRate = true;
    m_moving = m_moving || delta > 0;
    if (!m_moving) {
        // Until data moves (connect, scan, plan) there is nothing to smooth.
        m_smoothed = 0;
    } else {
        // An exponential average weighted by elapsed time, so the smoothing is the same
        // whatever the tick rate. It starts from zero and is divided by the weight it has
        // gathered so far (bias correction): the first seconds read as the plain average
        // of what was seen, neither a slow climb from zero nor stuck on a first burst.
        const double alpha = 1.0 - std::exp(-dt / m_tau);
        m_average += alpha * (m_instant - m_average);
        m_weight += alpha * (1.0 - m_weight);
        m_smoothed = m_average / m_weight;
    }
    m_lastSeconds = seconds;
    m_lastTotal = std::max(total, m_lastTotal);
    return true;
}

} // namespace fgui
