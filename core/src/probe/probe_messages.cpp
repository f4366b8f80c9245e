#include "probe/probe_messages.h"

#include "common/path.h"

#include <cmath>

namespace fg::proto {
namespace {

constexpr size_t kMaxName = 64;
constexpr size_t kMaxNote = 4096;
constexpr uint32_t kMaxSpeeds = 32;
constexpr uint16_t kMaxProbeSeconds = 600;

// Rates and times travel as whole units (bytes/s, microseconds, 1/1000 of
// a ratio): exact enough, and no floating point on the wire.
uint64_t wholeOf(double v) { return std::isfinite(v) && v > 0 ? uint64_t(std::llround(std::min(v, 1.8e19))) : 0; }

void writeSpeeds(WireWriter& w, const std::vector<probe::Speed>& speeds)
{
    w.u32(uint32_t(speeds.size()));
    for (const auto& s : speeds) {
        w.string(s.name.substr(0, kMaxName));
        w.u64(wholeOf(s.bytesPerSec));
        w.u32(uint32_t(std::min(wholeOf(s.ratio * 1000), uint64_t(UINT32_MAX))));
    }
}

std::vector<probe::Speed> readSpeeds(WireReader& r)
{
    std::vector<probe::Speed> out;
    const uint32_t n = r.count(kMaxSpeeds, 4 + 8 + 4);
    for (uint32_t i = 0; i < n && !r.failed(); ++i) {
        probe::Speed s;
        s.name = r.string(kMaxName);
        s.bytesPerSec = double(r.u64());
        s.ratio = double(r.u32()) / 1000;
        out.push_back(std::move(s));
    }
    return out;
}

void writeOptionalRate(WireWriter& w, const std::optional<double>& v)
{
    w.u8(v ? 1 : 0);
    w.u64(v ? wholeOf(*v) : 0);
}

Result<std::optional<double>> readOptionalRate(WireReader& r)
{
    const uint8_t present = r.u8();
    const uint64_t v = r.u64();
    if (present > 1) return Error(Errc::Protocol, "malformed ProbeMachine frame: a flag is " + std::to_string(present));
    return present ? std::optional<double>(double(v)) : std::nullopt;
}

} // namespace

void ProbeRequestMsg::encode(WireWriter& w) const
{
    w.u8(uint8_t(direction));
    w.string(path);
    w.u16(streams);
    w.u8(plainData ? 1 : 0);
    w.array(token);
    w.u32(ioTimeoutSec);
    w.string(congestion.substr(0, kMaxName));
}

Result<ProbeRequestMsg> ProbeRequestMsg::decode(WireReader& r)
{
    ProbeRequestMsg m;
    const uint8_t direction = r.u8();
    m.path = r.string(kMaxPathBytes);
    m.streams = r.u16();
    const uint8_t plain = r.u8();
    m.token = r.array<16>();
    m.ioTimeoutSec = r.u32();
    m.congestion = r.string(kMaxName);
    FG_TRY(r.finish("ProbeRequest"));
    if (direction > 1) return Error(Errc::Protocol, "malformed ProbeRequest frame: direction " + std::to_string(direction));
    if (plain > 1) return Error(Errc::Protocol, "malformed ProbeRequest frame: a flag is " + std::to_string(plain));
    if (m.streams > kMaxStreams)
        return Error(Errc::Protocol, "malformed ProbeRequest frame: " + std::to_string(m.streams) + " streams (at most "
                                         + std::to_string(kMaxStreams) + ")");
    m.direction = Direction(direction);
    m.plainData = plain == 1;
    return m;
}

void ProbePhaseMsg::encode(WireWriter& w) const
{
    w.u8(uint8_t(kind));
    w.u8(uint8_t(direction));
    w.u16(streams);
    w.u32(milliseconds);
    w.u64(diskBytes);
    w.u32(diskMilliseconds);
}

Result<ProbePhaseMsg> ProbePhaseMsg::decode(WireReader& r)
{
    ProbePhaseMsg m;
    const uint8_t kind = r.u8();
    const uint8_t direction = r.u8();
    m.streams = r.u16();
    m.milliseconds = r.u32();
    m.diskBytes = r.u64();
    m.diskMilliseconds = r.u32();
    FG_TRY(r.finish("ProbePhase"));
    if (kind > 2) return Error(Errc::Protocol, "malformed ProbePhase frame: kind " + std::to_string(kind));
    if (direction > 1) return Error(Errc::Protocol, "malformed ProbePhase frame: direction " + std::to_string(direction));
    if (m.streams > kMaxStreams)
        return Error(Errc::Protocol, "malformed ProbePhase frame: " + std::to_string(m.streams) + " streams");
    if (m.milliseconds > kMaxProbeSeconds * 1000u || m.diskMilliseconds > kMaxProbeSeconds * 1000u)
        return Error(Errc::Protocol, "malformed ProbePhase frame: a phase longer than " + std::to_string(kMaxProbeSeconds)
                                         + " s");
    m.kind = Kind(kind);
    m.direction = Direction(direction);
    return m;
}

void ProbePhaseResultMsg::encode(WireWriter& w) const
{
    w.u8(drained ? 1 : 0);
    if (drained) {
        w.u64(drained->bytes);
        w.u64(wholeOf(drained->seconds * 1e6));
    }
    w.u8(pumped ? 1 : 0);
    if (pumped) {
        const probe::PumpFigures& p = *pumped;
        w.u64(p.bytes);
        w.u64(wholeOf(p.seconds * 1e6));
        w.u64(wholeOf(p.steadyBytesPerSec));
        w.u64(wholeOf(p.cpuSeconds * 1e6));
        w.u64(wholeOf(p.threadSeconds * 1e6));
        w.u64(p.windowBytes);
        w.u64(wholeOf(p.windowSeconds * 1e6));
        w.u32(uint32_t(p.connections.size()));
        for (const auto& c : p.connections) writeConnectionEvidence(w, c);
    }
}

Result<ProbePhaseResultMsg> ProbePhaseResultMsg::decode(WireReader& r)
{
    ProbePhaseResultMsg m;
    const uint8_t hasDrained = r.u8();
    if (hasDrained > 1) return Error(Errc::Protocol, "malformed ProbePhaseResult frame: a flag is " + std::to_string(hasDrained));
    if (hasDrained) {
        probe::DrainFigures d;
        d.bytes = r.u64();
        d.seconds = double(r.u64()) / 1e6;
        m.drained = d;
    }
    const uint8_t hasPumped = r.u8();
    if (hasPumped > 1) return Error(Errc::Protocol, "malformed ProbePhaseResult frame: a flag is " + std::to_string(hasPumped));
    if (hasPumped) {
        probe::PumpFigures p;
        p.bytes = r.u64();
        p.seconds = double(r.u64()) / 1e6;
        p.steadyBytesPerSec = double(r.u64());
        p.cpuSeconds = double(r.u64()) / 1e6;
        p.threadSeconds = double(r.u64()) / 1e6;
        p.windowBytes = r.u64();
        p.windowSeconds = double(r.u64()) / 1e6;
        const uint32_t n = r.count(kMaxStreams, kConnectionEvidenceBytes);
        for (uint32_t i = 0; i < n && !r.failed(); ++i) {
            FG_TRY_ASSIGN(auto c, readConnectionEvidence(r, "ProbePhaseResult"));
            p.connections.push_back(std::move(c));
        }
        m.pumped = std::move(p);
    }
    FG_TRY(r.finish("ProbePhaseResult"));
    return m;
}

void ProbeMachineMsg::encode(WireWriter& w) const
{
    w.u16(uint16_t(std::min(machine.cores, 0xffffu)));
    w.u8(machine.aesAcceleration ? 1 : 0);
    writeNetLimits(w, machine.netLimits);
    writeSpeeds(w, machine.ciphers);
    writeSpeeds(w, machine.compressors);
    writeSpeeds(w, machine.hashes);
    writeOptionalRate(w, machine.disk.writeBytesPerSec);
    writeOptionalRate(w, machine.disk.readBytesPerSec);
    w.u64(machine.disk.bytes);
    w.u8(machine.disk.freeBytes ? 1 : 0);
    w.u64(machine.disk.freeBytes.value_or(0));
    w.string(machine.disk.where.substr(0, kMaxNote));
    w.string(machine.disk.note.substr(0, kMaxNote));
}

Result<ProbeMachineMsg> ProbeMachineMsg::decode(WireReader& r)
{
    ProbeMachineMsg m;
    probe::MachineSpeeds& s = m.machine;
    s.cores = r.u16();
    const uint8_t aes = r.u8();
    if (aes > 1) return Error(Errc::Protocol, "malformed ProbeMachine frame: a flag is " + std::to_string(aes));
    s.aesAcceleration = aes == 1;
    s.netLimits = readNetLimits(r);
    s.ciphers = readSpeeds(r);
    s.compressors = readSpeeds(r);
    s.hashes = readSpeeds(r);
    FG_TRY_ASSIGN(s.disk.writeBytesPerSec, readOptionalRate(r));
    FG_TRY_ASSIGN(s.disk.readBytesPerSec, readOptionalRate(r));
    s.disk.bytes = r.u64();
    const uint8_t hasFree = r.u8();
    const uint64_t free = r.u64();
    if (hasFree > 1) return Error(Errc::Protocol, "malformed ProbeMachine frame: a flag is " + std::to_string(hasFree));
    if (hasFree) s.disk.freeBytes = free;
    s.disk.where = r.string(kMaxNote);
    s.disk.note = r.string(kMaxNote);
    FG_TRY(r.finish("ProbeMachine"));
    return m;
}

} // namespace fg::proto
