#include "diagnosis/readings.h"

#include "platform/machine_load.h"

#include <thread>

namespace fg::diagnosis {

EndReading readThisEnd(std::vector<StageSnapshot> stages, const platform::NetLimits& netLimits)
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
