#include "net/socket_tuning.h"

#include "common/clock.h"

#include <floodgate/units.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace fg {

namespace {
// A stream counts as held back when a limit stalled it for this share of the
// time it had data in flight since the last look.
constexpr double kLimitedShare = 0.25;
// Queue overflow (overflowsQueue): judged on at least this much sent, when
// this share of it was resent, with the RTT this much above its minimum (an
// empty path stays within a few percent of it; BBR keeping up to a BDP queued
// measured 1.2-2 x on the bench's 141 ms link).
constexpr uint64_t kLossJudgedBytes = 16u << 20;
constexpr double kOverflowRetransShare = 0.04;
constexpr double kQueuedRttFactor = 1.15;
// What BBR falls back to.
constexpr const char* kFallbackCongestion = "cubic";
// The unsent bytes a control socket may hold: one batch of acknowledgements.
constexpr uint32_t kControlNotSentLowat = 64 * 1024;
// A data connection's unsent backlog: this long at its own rate. Short
// against any job worth several streams; long against the writer's refill
// (woken at half of it, it encrypts the next frames in well under that).
constexpr double kUnsentBacklogSeconds = 0.05;
// Never less than this (a stream ramping up must not starve on wake-ups),
// never more than autotuning reaches on a well-tuned host.
constexpr uint32_t kMinUnsentBacklog = 1u << 20;
constexpr uint32_t kMaxUnsentBacklog = 64u << 20;

std::string mib(uint64_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1 << 20));
    return buf;
}

std::string mbps(double bytesPerSec)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MB/s", bytesPerSec / 1e6);
    return buf;
}

bool offered(const std::string& name)
{
    std::istringstream in(platform::readNetLimits().availableCongestion);
    std::string word;
    while (in >> word)
        if (word == name) return true;
    return false;
}
} // namespace

Status checkCongestion(const std::string& name)
{
    if (name.empty() || offered(name)) return {};
    const std::string available = platform::readNetLimits().availableCongestion;
    if (available.empty())
        return Error(Errc::InvalidArgument, "--congestion " + name + ": this system does not let a connection choose "
                                                "its congestion control (Windows sets it for the whole system); leave "
                                                "out --congestion");
    return Error(Errc::InvalidArgument, "--congestion " + name + ": this kernel offers only " + available);
}

std::string tuneDataConnection(int fd, const std::string& congestion)
{
    if (fd < 0) return {};
    // Where the kernel lacks the one wanted, the system's default stays.
    (void)platform::setCongestionControl(fd, congestion.empty() ? std::string(kPreferredCongestion) : congestion);
    return platform::congestionControl(fd);
}

void tuneControlConnection(int fd)
{
    if (fd >= 0) (void)platform::setNotSentLowat(fd, kControlNotSentLowat);
}

uint32_t unsentBacklogFor(uint64_t deliveryRate)
{
    const double bytes = double(deliveryRate) * kUnsentBacklogSeconds;
    return uint32_t(std::clamp(bytes, double(kMinUnsentBacklog), double(kMaxUnsentBacklog)));
}

void boundUnsentBacklog(const std::vector<int>& socketFds)
{
    for (const int fd : socketFds) {
        if (fd < 0) continue;
        auto info = platform::tcpInfo(fd);
        if (info.ok()) (void)platform::setNotSentLowat(fd, unsentBacklogFor(info->deliveryRate));
    }
}

bool overflowsQueue(const LossSample& s)
{
    if (s.bytesSent < kLossJudgedBytes || s.minRttUs == 0) return false;
    return double(s.bytesRetrans) >= kOverflowRetransShare * double(s.bytesSent)
           && double(s.srttUs) >= kQueuedRttFactor * double(s.minRttUs);
}

void StreamWatch::tryCongestion(const std::vector<int>& fds, const LossSample& loss, bool overflowSignal,
                                std::vector<std::string>& messages)
{
    const double atSec = double(monotonicNs() - m_bornNs) / 1e9;
    auto rate = [](double bytesPerSec) { return formatRate(bytesPerSec); };
    // Each side's deliveries since the trial began, from the connections it started with.
    CongestionTrial::Sides sides;
    for (const auto& [fd, side] : m_trialSides) {
        const auto acked = m_acked.find(fd);
        const uint64_t now = acked == m_acked.end() ? side.ackedAtStart : acked->second;
        const uint64_t grew = now > side.ackedAtStart ? now - side.ackedAtStart : 0;
        if (side.cubic) {
            sides.cubic += grew;
            ++sides.cubicConnections;
        } else {
            sides.bbr += grew;
            ++sides.bbrConnections;
        }
    }
    switch (m_trial.observe(atSec, m_delivered, sides, overflowSignal)) {
    case CongestionTrial::Action::None:
        return;
    case CongestionTrial::Action::Try: {
        // Every second connection (the only one, alone) tries CUBIC.
        m_trialSides.clear();
        for (size_t i = 0; i < fds.size(); ++i) {
            const bool cubic = fds.size() == 1 || i % 2 == 1;
            if (cubic) (void)platform::setCongestionControl(fds[i], kFallbackCongestion);
            m_trialSides[fds[i]] = TrialSide{cubic, m_acked[fds[i]]};
        }
        char share[32];
        std::snprintf(share, sizeof share, "%.1f %%", 100.0 * double(loss.bytesRetrans) / double(loss.bytesSent));
        char factor[32];
        std::snprintf(factor, sizeof factor, "%.1f", double(loss.srttUs) / double(loss.minRttUs));
        const std::string which = fds.size() == 1 ? "the data connection tries" : "half the data connections try";
        messages.push_back("the data connections resent " + std::string(share) + " of what they sent while the round trip "
                           "stayed at " + factor + " x its minimum, as when BBR overfills a shallow queue (or when "
                           "random loss meets BBR's probing): " + which + " cubic for "
                           + std::to_string(int(CongestionTrial::kTrialSec)) + " s");
        return;
    }
    case CongestionTrial::Action::Keep: {
        for (int fd : fds) (void)platform::setCongestionControl(fd, kFallbackCongestion);
        const std::string each = m_trial.sideBySide() ? " a connection" : "";
        messages.push_back("cubic delivered " + rate(m_trial.cubicRate()) + each + " against bbr's "
                           + rate(m_trial.bbrRate()) + each
                           + ": the data connections now use cubic, which backs off before the queue overflows "
                             "(--congestion bbr keeps bbr)");
        m_trialSides.clear();
        return;
    }
    case CongestionTrial::Action::Revert: {
        for (const auto& [fd, side] : m_trialSides)
            if (side.cubic) (void)platform::setCongestionControl(fd, kPreferredCongestion);
        const std::string each = m_trial.sideBySide() ? " a connection" : "";
        messages.push_back("cubic delivered " + rate(m_trial.cubicRate()) + each + " against bbr's "
                           + rate(m_trial.bbrRate()) + each
                           + ": bbr stays for this job, it carries more on this path (whatever the losses are, "
                             "random or a queue BBR keeps full; --congestion cubic sends less again)");
        m_trialSides.clear();
        return;
    }
    }
}

std::vector<std::string> StreamWatch::check(const std::vector<int>& socketFds)
{
    std::vector<std::string> messages;
    LossSample loss;
    bool allBbr = !socketFds.empty();
    uint64_t busy = 0;
    uint64_t sndbufLimited = 0;
    uint32_t rttUs = 0;
    std::vector<int> fds;
    for (const int fd : socketFds) {
        if (fd < 0) continue;
        auto info = platform::tcpInfo(fd);
        if (!info.ok()) continue;
        fds.push_back(fd);
        auto prev = m_last.find(fd);
        if (prev != m_last.end()) {
            busy += info->busyUs - prev->second.info.busyUs;
            sndbufLimited += info->sndbufLimitedUs - prev->second.info.sndbufLimitedUs;
        } else if (m_trial.kept()) {
            // A stream that joined after the change follows it.
            (void)platform::setCongestionControl(fd, kFallbackCongestion);
        }
        // What each connection delivered since the last look (one that
        // joined since: all it delivered), into one counter that only grows.
        auto acked = m_acked.find(fd);
        const uint64_t before = acked == m_acked.end() ? 0 : acked->second;
        if (info->bytesAcked > before) m_delivered += info->bytesAcked - before;
        m_acked[fd] = info->bytesAcked;
        // Losses since each connection began: BBR's start-up, which
        // overshoots most, counts too (it is the pattern), and the change
        // comes at the first look instead of a window later.
        loss.bytesSent += info->bytesSent;
        loss.bytesRetrans += info->bytesRetrans;
        if (info->minRttUs > 0) loss.minRttUs = loss.minRttUs ? std::min(loss.minRttUs, info->minRttUs) : info->minRttUs;
        allBbr = allBbr && platform::congestionControl(fd) == kPreferredCongestion;
        rttUs = std::max(rttUs, info->rttUs);
        m_last[fd] = Sample{*info};
    }
    loss.srttUs = rttUs;
    // Side by side only: one connection alone would try CUBIC on all of the
    // job's traffic, and on a lossy link that cost 2.5 s of a 25 s job
    // (17.7 MB/s for 4 s against BBR's 47.5); BBR carried more on every link
    // measured, so a job with one connection keeps it.
    // (A trial under way goes on to its end whatever joins or breaks.)
    if (m_mayFallBack)
        tryCongestion(fds, loss, fds.size() >= 2 && allBbr && overflowsQueue(loss) && offered(kFallbackCongestion),
                      messages);
    if (busy == 0 || fds.empty() || rttUs == 0) return messages;
    const double rtt = double(rttUs) / 1e6;
    const platform::NetLimits limits = platform::readNetLimits();

    if (double(sndbufLimited) > kLimitedShare * double(busy)) {
        auto current = platform::sendBufferSize(fds.front());
        const uint64_t buffer = current.ok() ? *current : limits.tcpWmemMax;
        const double cap = double(buffer) / rtt;
        // Autotuning stopped short of what SO_SNDBUF may ask: ask for it.
        if (!m_raised && limits.wmemMax > buffer + buffer / 2) {
            m_raised = true;
            for (int fd : fds) (void)platform::setSendBufferSize(fd, limits.wmemMax, false);
            messages.push_back("the send buffer held the streams back (" + mib(buffer) + " at "
                               + std::to_string(rttUs / 1000) + " ms RTT caps a stream near " + mbps(cap)
                               + "); raised it to net.core.wmem_max = " + mib(limits.wmemMax));
        }
        // Otherwise the bottleneck diagnosis says it, with the buffer sized
        // from what it measured (diagnosis/bottleneck.cpp), as it says a
        // receive window that holds the streams back, telling a full
        // receiver from a small buffer, which this check could not.
    }
    return messages;
}

} // namespace fg
