#pragma once
#include "internal.h"
// Whether the data connections leave BBR for CUBIC, decided by trying it.
//
// BBR (v1) probes past a shallow drop-tail queue and resends several percent
// of what it sends, where CUBIC backs off at the first loss: on such a path
// CUBIC can carry as much with less waste. On a path with random loss it is
// the other way round, and by far: CUBIC halves its window at every loss
// (Mathis: about MSS / RTT x 1.2 / sqrt(loss) a stream, 0.4 MB/s at 0.1 %
// over 141 ms), BBR does not. The signal that the queue overflows (resends
// while the RTT stays above its minimum) cannot tell the two apart on a long
// link: BBR's start-up overfills any one-BDP queue, and its probing keeps the
// RTT up. (The engine once switched on the signal alone and ran a lossy long
// link 2.6 x slower than with --congestion bbr; on the bench's 141 ms link
// with 0.1 % loss it did not finish in 220 s where tar took 21.) So when the
// signal comes, half the connections try CUBIC for a few seconds beside the
// other half on BBR, and CUBIC is kept for all only if its connections
// delivered at least as much each as BBR's did in the same seconds; otherwise
// they go back to BBR for the rest of the job. Half, side by side: a fair
// comparison (the same path at the same time) that costs at most half the
// traffic a few seconds. (Without a side to compare with, CUBIC on the only
// connection is measured against its rate just before; StreamWatch does not
// try that: it cost a lossy job 10 %.) Pure: the caller reads TCP_INFO and
// changes the sockets.

#include <cstdint>
#include <deque>

namespace fg {

class CongestionTrial {
public:
    enum class Action : uint8_t {
        None,
        Try,    // change the connections to CUBIC now (and those that join)
        Keep,   // CUBIC delivered at least as much: it stays
        Revert, // it did not: back to BBR, for good
    };

    // How long CUBIC is tried, and over how long BBR's rate before it is taken.
    static constexpr double kTrialSec = 4.0;
    static constexpr double kBaselineSec = 2.0;

    // Bytes delivered since the trial began by the connections on each side
    // of it (those that joined during it count on neither).
    struct Sides {
        uint64_t bbr = 0;
        unsigned bbrConnections = 0;
        uint64_t cubic = 0;
        unsigned cubicConnections = 0;
    };

    // One look at the connections, `atSec` into the job: the bytes they have
    // delivered so far (acknowledged, all connections together), each side's
    // since the trial began (while one runs), and whether the overflow signal
    // holds now (overflowsQueue). On Try the caller moves half of the
    // connections (all of one) to CUBIC.
    Action observe(double atSec, uint64_t delivered, const Sides& sides, bool overflowSignal);

    bool trying() const { return m_phase == Phase::Trying; }
    // CUBIC won: every connection, and each that joins, uses it.
    bool kept() const { return m_phase == Phase::Kept; }
    // Whether the comparison was side by side (else against the rate before).
    bool sideBySide() const { return m_sideBySide; }
    // Bytes a second (a connection, side by side), for the messages.
    double bbrRate() const { return m_bbrRate; }
    double cubicRate() const { return m_cubicRate; }

private:
    enum class Phase : uint8_t { Watching, Trying, Kept, Reverted };
    struct Look {
        double atSec;
        uint64_t delivered;
    };
    Phase m_phase = Phase::Watching;
    std::deque<Look> m_looks; // the last kBaselineSec and one more
    double m_trialStart = 0;
    uint64_t m_trialDelivered = 0;
    double m_bbrRate = 0;
    double m_cubicRate = 0;
    bool m_sideBySide = false;
};

} // namespace fg
