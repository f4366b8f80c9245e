#pragma once
#include "internal.h"
// How Floodgate sets up its TCP connections, and how a sender reads the kernel
// to tell the user when an OS limit holds a stream back (field notes:
// prefer buffer autotuning; set buffers only when that helps; say which
// limit is in force, with its number).

#include "net/congestion_trial.h"
#include "platform/socket.h"

#include "common/clock.h"

#include <floodgate/error.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fg {

// BBR held throughput on long, lossy links where CUBIC did not; it is the
// default wherever the kernel has it.
inline constexpr const char* kPreferredCongestion = "bbr";

// A data connection: the congestion control asked for ("" = bbr if
// available, else the system's). Returns the one in force.
std::string tuneDataConnection(int socketFd, const std::string& congestion);
// The control connection: a small unsent-bytes mark, so what it carries
// (plans, acknowledgements) never queues behind a backlog in the socket.
void tuneControlConnection(int socketFd);
// The unsent bytes a data connection may keep in its socket: what it sends in
// kUnsentBacklogTime at its delivery rate, within bounds. Left unbounded,
// autotuning lets each socket take tens of megabytes; on a long link the
// sender then hands out the last files long before they leave, and at the
// end one stream drains its backlog while the others stand idle (measured
// on the 141 ms bench link: 18 MB left on one of two streams, half the link
// idle for 0.6 s).
uint32_t unsentBacklogFor(uint64_t deliveryRate);
// Applies unsentBacklogFor to each connection (TCP_NOTSENT_LOWAT), from the
// rate the kernel measures on it now.
void boundUnsentBacklog(const std::vector<int>& socketFds);
// Checks a congestion control name against what this kernel offers.
Status checkCongestion(const std::string& name);

// The losses of our data connections since they began, all of them together.
struct LossSample {
    uint64_t bytesSent = 0; // resent bytes included
    uint64_t bytesRetrans = 0;
    uint32_t srttUs = 0;    // the largest smoothed RTT among them
    uint32_t minRttUs = 0;  // the least RTT any of them saw
};
// Our own streams overflow a queue on the path: they resend a good share of
// what they send while the round trip stays well above its minimum, i.e.
// the queue is kept full. BBR (v1) probes past a shallow drop-tail queue and
// loses several percent this way, where CUBIC backs off; random loss on a
// path with an empty queue does not look like this, and there BBR is the
// better choice, so it stays.
bool overflowsQueue(const LossSample& s);

// Watches the sending side of data connections over time. Each check()
// compares TCP_INFO with the previous one; when a stream spent a good part of
// its busy time limited by our send buffer, it raises the buffer where the
// system allows more than autotuning reached, and says so. (What limits the
// streams, and the sysctls to change, is the bottleneck diagnosis's to say.)
class StreamWatch {
public:
    // The user left the congestion control to us: when BBR seems to overflow
    // the path's queue (overflowsQueue), the data connections try CUBIC and
    // keep it only if it delivers at least as much (CongestionTrial).
    void allowCongestionFallback(bool allow) { m_mayFallBack = allow; }

    // Messages for the user (each at most once per job).
    std::vector<std::string> check(const std::vector<int>& socketFds);
    // Drops the samples so far: the next check starts a new window (after
    // a time that must not be judged, such as a silent receiver).
    void forget() { m_last.clear(); }

private:
    struct Sample {
        platform::TcpInfo info;
    };
    std::map<int, Sample> m_last; // by socket
    bool m_raised = false;
    bool m_mayFallBack = false;

    void tryCongestion(const std::vector<int>& fds, const LossSample& loss, bool overflowSignal,
                       std::vector<std::string>& messages);
    CongestionTrial m_trial;
    struct TrialSide {
        bool cubic = false;
        uint64_t ackedAtStart = 0;
    };
    std::map<int, TrialSide> m_trialSides; // the connections in the trial, by socket
    std::map<int, uint64_t> m_acked; // bytes acknowledged per socket at the last look (kept by forget())
    uint64_t m_delivered = 0;        // by all of them since the watch began
    uint64_t m_bornNs = monotonicNs();
};

} // namespace fg
