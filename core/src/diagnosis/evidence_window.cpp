#include "diagnosis/evidence_window.h"

#include <algorithm>

namespace fg::diagnosis {
namespace {

uint64_t grown(uint64_t now, uint64_t before) { return now >= before ? now - before : 0; }

StageSnapshot stageDifference(const StageSnapshot& now, const StageSnapshot* before)
{
    StageSnapshot d = now;
    if (!before) return d;
    d.bytes = grown(now.bytes, before->bytes);
    d.items = grown(now.items, before->items);
    d.busyNs = grown(now.busyNs, before->busyNs);
    d.waitInputNs = grown(now.waitInputNs, before->waitInputNs);
    d.waitOutputNs = grown(now.waitOutputNs, before->waitOutputNs);
    d.lifetimeNs = grown(now.lifetimeNs, before->lifetimeNs);
    return d;
}

EndEvidence endDifference(const EndReading& now, const EndReading& before, double windowSec)
{
    EndEvidence e;
    e.present = now.present;
    e.local = now.local;
    e.cores = now.cores;
    for (const StageSnapshot& s : now.stages) {
        const auto old = std::find_if(before.stages.begin(), before.stages.end(),
                                      [&](const StageSnapshot& b) { return b.id == s.id; });
        e.stages.push_back(stageDifference(s, old == before.stages.end() ? nullptr : &*old));
    }
    if (now.cpuSeconds && before.cpuSeconds) e.cpuSeconds = std::max(0.0, *now.cpuSeconds - *before.cpuSeconds);
    if (now.ioStallUs && before.ioStallUs && windowSec > 0)
        e.ioPressure = std::min(1.0, double(grown(*now.ioStallUs, *before.ioStallUs)) / (windowSec * 1e6));
    e.dirtyBytes = now.dirtyBytes;
    e.dirtyThresholdBytes = now.dirtyThresholdBytes;
    e.interrupts = now.interrupts;
    e.netLimits = now.netLimits;
    return e;
}

} // namespace

void EvidenceWindow::add(Reading reading)
{
    m_readings.push_back(std::move(reading));
    // Keep the newest reading at least a window old, and nothing older.
    const double newest = m_readings.back().atSec;
    while (m_readings.size() > 2 && newest - m_readings[1].atSec >= m_windowSec) m_readings.pop_front();
}

Evidence EvidenceWindow::evidence(const Settings& settings, uint64_t linkRate) const
{
    Evidence e;
    e.settings = settings;
    e.linkRate = linkRate;
    if (m_readings.size() < 2) return e;
    const Reading& now = m_readings.back();
    const Reading& before = m_readings.front();
    e.windowSec = now.atSec - before.atSec;
    e.jobElapsedSec = now.atSec;
    e.bytes = grown(now.bytes, before.bytes);
    e.files = grown(now.files, before.files);
    e.meanFileBytes = now.files ? (now.fileBytes ? now.fileBytes : now.bytes) / now.files : 0;
    e.sender = endDifference(now.sender, before.sender, e.windowSec);
    e.receiver = endDifference(now.receiver, before.receiver, e.windowSec);
    e.transport = now.transport;
    for (const ConnectionReading& c : now.connections) {
        const auto old = std::find_if(before.connections.begin(), before.connections.end(),
                                      [&](const ConnectionReading& b) { return b.id == c.id; });
        // A connection that joined inside the window counts from its start.
        const ConnectionEvidence zero{};
        const ConnectionEvidence& b = old == before.connections.end() ? zero : old->sinceOpened;
        ConnectionEvidence d = c.sinceOpened;
        d.busyUs = grown(d.busyUs, b.busyUs);
        d.rwndLimitedUs = grown(d.rwndLimitedUs, b.rwndLimitedUs);
        d.sndbufLimitedUs = grown(d.sndbufLimitedUs, b.sndbufLimitedUs);
        d.bytesSent = grown(d.bytesSent, b.bytesSent);
        d.bytesRetrans = grown(d.bytesRetrans, b.bytesRetrans);
        e.connections.push_back(std::move(d));
    }
    return e;
}

} // namespace fg::diagnosis
