#include "diagnosis/readings.h"

#include "platform/machine_load.h"

#include <algorithm>
#include <thread>

namespace fg::diagnosis {

std::optional<InterruptLoad> InterruptMeter::sample()
{
    auto now = platform::perCpuInterruptTimes();
    if (!now.ok()) return std::nullopt;
    std::optional<InterruptLoad> busiest;
    for (const auto& c : *now) {
        const auto before = std::find_if(m_last.begin(), m_last.end(), [&](const auto& b) { return b.cpu == c.cpu; });
        if (before == m_last.end() || c.total <= before->total || c.interrupt < before->interrupt) continue;
        const double share = double(c.interrupt - before->interrupt) / double(c.total - before->total);
        if (!busiest || share > busiest->share) busiest = InterruptLoad{c.cpu, std::min(1.0, share)};
    }
    m_last = std::move(now).value();
    return busiest;
}

EndReading readThisEnd(std::vector<StageSnapshot> stages, const platform::NetLimits& netLimits,
                       InterruptMeter* interrupts)
{
    EndReading r;
    r.present = true;
    r.local = true;
    r.stages = std::move(stages);
    r.cores = std::max(1u, std::thread::hardware_concurrency());
    r.cpuSeconds = platform::processCpuSeconds();
    r.ioStallUs = platform::ioStallMicroseconds();
    if (auto wb = platform::readWriteback()) {
        r.dirtyBytes = wb->dirtyBytes;
        r.dirtyThresholdBytes = wb->thresholdBytes;
    }
    r.netLimits = netLimits;
    if (interrupts) r.interrupts = interrupts->sample();
    return r;
}

std::optional<ConnectionReading> readConnection(uint32_t id, int socketFd)
{
    if (socketFd < 0) return std::nullopt;
    auto info = platform::tcpInfo(socketFd);
    if (!info.ok()) return std::nullopt;
    ConnectionReading c;
    c.id = id;
    ConnectionEvidence& e = c.sinceOpened;
    e.hasChronographs = info->hasChronographs;
    e.busyUs = info->busyUs;
    e.rwndLimitedUs = info->rwndLimitedUs;
    e.sndbufLimitedUs = info->sndbufLimitedUs;
    e.bytesSent = info->bytesSent;
    e.bytesRetrans = info->bytesRetrans;
    e.rttUs = info->rttUs;
    e.minRttUs = info->minRttUs;
    e.cwndSegments = info->cwndSegments;
    e.deliveryRate = info->deliveryRate;
    e.congestion = platform::congestionControl(socketFd);
    return c;
}

} // namespace fg::diagnosis
