#include "net/congestion_trial.h"

namespace fg {

CongestionTrial::Action CongestionTrial::observe(double atSec, uint64_t delivered, const Sides& sides, bool overflowSignal)
{
    switch (m_phase) {
    case Phase::Watching: {
        m_looks.push_back({atSec, delivered});
        while (m_looks.size() > 2 && atSec - m_looks[1].atSec >= kBaselineSec) m_looks.pop_front();
        if (!overflowSignal) return Action::None;
        // BBR's rate just before: over the last look's window, or since the
        // start when this is the first look.
        const Look& from = m_looks.size() > 1 ? m_looks.front() : Look{0, 0};
        const double span = atSec - from.atSec;
        m_bbrRate = span > 0 && delivered >= from.delivered ? double(delivered - from.delivered) / span : 0;
        m_trialStart = atSec;
        m_trialDelivered = delivered;
        m_phase = Phase::Trying;
        return Action::Try;
    }
    case Phase::Trying: {
        if (atSec - m_trialStart < kTrialSec) return Action::None;
        const double span = atSec - m_trialStart;
        m_sideBySide = sides.bbrConnections > 0 && sides.cubicConnections > 0;
        if (m_sideBySide) {
            // Each side's rate a connection, over the same seconds.
            m_bbrRate = double(sides.bbr) / sides.bbrConnections / span;
            m_cubicRate = double(sides.cubic) / sides.cubicConnections / span;
        } else {
            m_cubicRate = delivered >= m_trialDelivered ? double(delivered - m_trialDelivered) / span : 0;
        }
        if (m_cubicRate >= m_bbrRate && m_cubicRate > 0) {
            m_phase = Phase::Kept;
            return Action::Keep;
        }
        m_phase = Phase::Reverted;
        return Action::Revert;
    }
    case Phase::Kept:
    case Phase::Reverted:
        break;
    }
    return Action::None;
}

} // namespace fg
