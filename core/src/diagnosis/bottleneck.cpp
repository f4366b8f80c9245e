#include "diagnosis/bottleneck.h"

#include <floodgate/units.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace fg::diagnosis {
namespace {

// ---- thresholds (docs/DIAGNOSIS.md says why each is where it is) ----------

// The user's limit is the limit when the job runs at this share of it.
constexpr double kAtBwlimit = 0.85;
// The sender waits on a full socket this share of its sending time: the
// network takes less than the pipeline has for it.
constexpr double kNetworkBound = 0.4;
// A connection stalled by a window or a buffer this share of its busy time.
constexpr double kLimitedShare = 0.3;
// The receiver's network threads wait on its writers this share of the time:
// its own pipeline, not the network, closes the window.
constexpr double kReceiverBehind = 0.3;
// Loss worth naming: one byte in a thousand resent.
constexpr double kLossRate = 0.001;
// Loss that BBR causes by overfilling a shallow queue (see overflowsQueue).
constexpr double kOverflowRate = 0.01;
// A queue on the path: the RTT this far above its minimum (and at least 2 ms).
constexpr double kQueuedRtt = 1.25;
constexpr uint32_t kQueuedUs = 2000;
// A group of stages on one thread is saturated when its stages are busy
// together this share of the thread's time.
constexpr double kSaturated = 0.6;
// Files smaller than this on average cost more per file than per byte.
constexpr uint64_t kSmallFile = 64 * 1024;
// Long enough a link for round trips to count, and a job young enough to be
// in slow start (in round trips).
constexpr uint32_t kLongRttUs = 10'000;
constexpr double kSlowStartRtts = 20;
// Both ends wait on their input this share of the time: nothing to do.
constexpr double kIdle = 0.5;
// A far end's CPU at this share of its cores is saturated.
constexpr double kCpuSaturated = 0.9;
// One core this busy with interrupts (a NIC's receive work lands on one
// core unless RSS or RPS spreads it) holds the network back on its own.
constexpr double kInterruptSaturated = 0.9;

// ---- formatting -------------------------------------------------------------

[[gnu::format(printf, 1, 2)]] std::string format(const char* fmt, ...)
{
    char buf[96];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, args);
    va_end(args);
    return buf;
}
std::string percent(double share) { return format("%.0f%%", 100 * std::clamp(share, 0.0, 1.0)); }
// Binary units, as --bwlimit and every front end count them.
std::string rateText(double bytesPerSec) { return formatRate(bytesPerSec); }
std::string msText(uint32_t us) { return format(us >= 10'000 ? "%.0f ms" : "%.1f ms", us / 1000.0); }
std::string mibText(uint64_t bytes) { return format("%.0f MiB", std::ceil(double(bytes) / (1 << 20))); }
// The next power of two at or above `bytes`, at least 4 MiB: a sysctl value.
uint64_t roundedBuffer(uint64_t bytes)
{
    uint64_t v = 4u << 20;
    while (v < bytes && v < (uint64_t(1) << 40)) v <<= 1;
    return v;
}

// ---- the stages ---------------------------------------------------------------

// A stage's time over the window, as shares of its threads' time.
struct Load {
    bool present = false;
    double busy = 0;
    double waitInput = 0;
    double waitOutput = 0;
    uint64_t bytes = 0;
};

// A stage whose threads ran for only part of the window (a scan that ended a
// moment into it) held the job up for at most that part: its shares count
// in proportion, or a scan 100% busy for its first 50 ms would be named the
// limit of a whole second.
Load loadOf(const EndEvidence& end, StageId id, double windowSec)
{
    for (const auto& s : end.stages) {
        if (s.id != id || s.lifetimeNs == 0) continue;
        const double life = double(s.lifetimeNs);
        const double present = windowSec > 0 ? std::min(1.0, life / (windowSec * 1e9)) : 1.0;
        return Load{true, present * s.busyNs / life, present * s.waitInputNs / life, present * s.waitOutputNs / life,
                    s.bytes};
    }
    return {};
}

// Stages that one kind of thread runs in turn: their busy shares add up to
// that thread's (see metrics/stage_track.h).
struct Group {
    bool senderEnd;
    std::array<StageId, 6> stages;
    size_t count;
};
constexpr Group kGroups[] = {
    {true, {StageId::Scan}, 1},
    {true, {StageId::Read, StageId::Hash, StageId::Match, StageId::Compress, StageId::Encrypt, StageId::Send}, 6},
    {false, {StageId::Receive, StageId::Decrypt, StageId::Decompress}, 3},
    {false, {StageId::Plan}, 1},
    {false, {StageId::Sign}, 1},
    {false, {StageId::Apply, StageId::Write, StageId::Verify, StageId::Commit}, 4},
};

Layer layerOfStage(StageId id)
{
    switch (id) {
    case StageId::Scan: return Layer::PerFileOverhead;
    case StageId::Read: return Layer::SourceRead;
    case StageId::Hash: return Layer::Hashing;
    case StageId::Match: return Layer::DeltaMatch;
    case StageId::Compress: return Layer::Compression;
    case StageId::Encrypt: return Layer::Encryption;
    case StageId::Send: return Layer::NetworkStack;
    case StageId::Receive: return Layer::NetworkStack;
    case StageId::Decrypt: return Layer::Decryption;
    case StageId::Decompress: return Layer::Decompression;
    case StageId::Plan: return Layer::PerFileOverhead;
    case StageId::Sign: return Layer::DeltaMatch; // reading and signing old copies
    case StageId::Apply: return Layer::DestinationWrite;
    case StageId::Write: return Layer::DestinationWrite;
    case StageId::Verify: return Layer::Hashing;
    case StageId::Commit: return Layer::PerFileOverhead;
    case StageId::Count: break;
    }
    return Layer::Unknown;
}

// The busiest stage of a group on one end, and how saturated the group is.
struct Hot {
    bool found = false;
    bool senderEnd = false;
    StageId stage = StageId::Scan;
    double busy = 0;       // the stage's
    double saturation = 0; // its group's
    uint64_t bytes = 0;
};

Hot busiestIn(const EndEvidence& end, bool senderEnd, const Group& group, double windowSec)
{
    Hot hot;
    hot.senderEnd = senderEnd;
    for (size_t i = 0; i < group.count; ++i) {
        const Load load = loadOf(end, group.stages[i], windowSec);
        if (!load.present) continue;
        hot.saturation += load.busy;
        if (!hot.found || load.busy > hot.busy) {
            hot.found = true;
            hot.stage = group.stages[i];
            hot.busy = load.busy;
            hot.bytes = load.bytes;
        }
    }
    return hot;
}

// The most saturated group of stages of the ends given.
Hot busiest(const Evidence& e, bool senderSide, bool receiverSide)
{
    Hot best;
    for (const Group& g : kGroups) {
        const EndEvidence& end = g.senderEnd ? e.sender : e.receiver;
        if (!end.present || (g.senderEnd ? !senderSide : !receiverSide)) continue;
        const Hot hot = busiestIn(end, g.senderEnd, g, e.windowSec);
        if (hot.found && (!best.found || hot.saturation > best.saturation)) best = hot;
    }
    return best;
}

const char* endName(bool senderEnd) { return senderEnd ? "sender" : "receiver"; }

std::optional<double> cpuShare(const EndEvidence& end, double windowSec)
{
    if (!end.cpuSeconds || end.cores == 0 || windowSec <= 0) return std::nullopt;
    return *end.cpuSeconds / (windowSec * end.cores);
}

Verdict unknown(std::string why)
{
    Verdict v;
    v.evidence = std::move(why);
    return v;
}

bool isStrongHash(const std::string& checksum)
{
    return checksum.rfind("sha", 0) == 0 || checksum.rfind("md5", 0) == 0 || checksum.rfind("blake", 0) == 0;
}

// The zstd level of a "zstd:N" choice (0: not zstd or no level given).
int zstdLevel(const std::string& compress)
{
    if (compress.rfind("zstd:", 0) != 0) return 0;
    return std::atoi(compress.c_str() + 5);
}

std::string fixFor(Layer layer, const Evidence& e, const Hot& hot)
{
    const Settings& s = e.settings;
    const unsigned cores = std::max(e.sender.cores, e.receiver.cores);
    const bool moreStreamsHelp = s.streams > 0 && cores > 1 && s.streams < std::min(cores, 8u);
    const std::string moreStreams = "--streams " + std::to_string(std::min(std::max(cores, 2u), 8u));
    switch (layer) {
    case Layer::SourceRead:
        return "the source disk is the limit at " + rateText(double(hot.bytes ? hot.bytes : e.bytes) / e.windowSec)
               + ": nothing in Floodgate's settings reads faster; a faster or less busy source disk does";
    case Layer::Hashing:
        if (isStrongHash(s.checksum))
            return "--checksum-choice xxh128: XXH3 hashes 13-21 GB/s a core, " + s.checksum + " about 1.5";
        return moreStreamsHelp ? moreStreams + ": hashing then runs on more cores" : std::string();
    case Layer::DeltaMatch:
        return "--whole-file: on this link sending changed files whole is faster than matching them";
    case Layer::Compression:
        if (zstdLevel(s.compress) > 3) return "--compress zstd:1 (0.3-0.4 GB/s a core) or --compress auto";
        return "--compress none: the link takes data faster than it is compressed";
    case Layer::Encryption:
    case Layer::Decryption:
        if (s.cipher == "chacha20-poly1305")
            return "--cipher aes128-gcm: about 3 GB/s a core on a CPU with AES instructions, against ChaCha20's 2";
        return "--cipher none on a trusted network (" + std::string(moreStreamsHelp ? moreStreams + " spreads it over cores; " : "")
               + "without AES instructions, --cipher chacha20-poly1305)";
    case Layer::Decompression:
        return "--compress lz4 (or none): it costs the receiver less CPU";
    case Layer::NetworkStack:
        return moreStreamsHelp ? moreStreams + ": the kernel's TCP work then spreads over cores" : std::string();
    case Layer::DestinationWrite:
        if (s.fsync == "file") return "--fsync end: one flush for the job instead of one a file";
        return "the destination disk is the limit at " + rateText(double(hot.bytes ? hot.bytes : e.bytes) / e.windowSec)
               + ": a faster disk, or a larger vm.dirty_bytes on the receiver for bursts";
    case Layer::PerFileOverhead: {
        std::string fix = s.fsync == "file" ? "--fsync end (one flush for the job, not one a file)" : std::string();
        if (moreStreamsHelp) fix += (fix.empty() ? "" : "; ") + moreStreams + " (more files in flight at once)";
        return fix.empty() ? "packing small files into archives before a sync; each file costs its own create, write and close"
                           : fix;
    }
    default:
        return {};
    }
}

// A stage of one end is the limit.
Verdict stageVerdict(const Evidence& e, const Hot& hot, const std::string& before = {})
{
    Verdict v;
    v.layer = layerOfStage(hot.stage);
    v.end = endName(hot.senderEnd);
    v.stage = stageName(hot.stage);
    v.share = hot.busy;
    const EndEvidence& end = hot.senderEnd ? e.sender : e.receiver;
    const double meanFile = e.meanFileBytes ? double(e.meanFileBytes) : e.files ? double(e.bytes) / double(e.files) : 0;
    const bool smallFiles = e.files > 0 && meanFile < double(kSmallFile);
    if (smallFiles && (v.layer == Layer::SourceRead || v.layer == Layer::DestinationWrite || v.layer == Layer::PerFileOverhead)) {
        v.layer = Layer::PerFileOverhead;
        v.evidence = before + format("%.0f files a second of ", e.files / e.windowSec)
                     + (meanFile < 1024 ? format("%.0f bytes on average", meanFile)
                                        : format("%.1f KiB on average", meanFile / 1024))
                     + ": the " + v.end + "'s " + stageName(hot.stage)
                     + " stage is busy " + percent(hot.busy)
                     + " of the time with each file's "
                     + (hot.senderEnd ? "open, read and close" : "create, write and close") + " more than with its bytes";
        v.fix = fixFor(v.layer, e, hot);
        return v;
    }
    if (hot.stage == StageId::Commit && !smallFiles) v.layer = Layer::DestinationWrite; // the final flush
    // Some stages count no bytes of their own (their thread's do): the job's rate then.
    const double rate = double(hot.bytes ? hot.bytes : e.bytes) / e.windowSec;
    v.evidence = before + "the " + v.end + "'s " + stageName(hot.stage) + " stage is busy " + percent(hot.busy)
                 + " of the time";
    // The thread runs other stages too, and is busier than this one alone.
    if (hot.saturation - hot.busy >= 0.05) v.evidence += " (its threads " + percent(hot.saturation) + ")";
    v.evidence += " at " + rateText(rate);
    if (v.layer == Layer::DestinationWrite && end.dirtyBytes && end.dirtyThresholdBytes && *end.dirtyThresholdBytes > 0) {
        v.evidence += "; write-back holds " + mibText(*end.dirtyBytes) + " of the " + mibText(*end.dirtyThresholdBytes)
                      + " at which the kernel throttles writers";
        if (end.ioPressure) v.evidence += ", I/O pressure " + percent(*end.ioPressure);
    }
    v.fix = fixFor(v.layer, e, hot);
    return v;
}

// ---- the network ----------------------------------------------------------------

struct Connections {
    bool chronographs = true;
    uint64_t busyUs = 0, rwndUs = 0, sndbufUs = 0, sent = 0, retrans = 0;
    uint32_t rttUs = 0, minRttUs = 0;
    uint64_t deliveryRate = 0;
    std::string congestion;
};

Connections sumOf(const std::vector<ConnectionEvidence>& all)
{
    Connections c;
    for (const auto& one : all) {
        c.chronographs = c.chronographs && one.hasChronographs;
        c.busyUs += one.busyUs;
        c.rwndUs += one.rwndLimitedUs;
        c.sndbufUs += one.sndbufLimitedUs;
        c.sent += one.bytesSent;
        c.retrans += one.bytesRetrans;
        c.rttUs = std::max(c.rttUs, one.rttUs);
        if (one.minRttUs && (!c.minRttUs || one.minRttUs < c.minRttUs)) c.minRttUs = one.minRttUs;
        c.deliveryRate += one.deliveryRate;
        if (c.congestion.empty()) c.congestion = one.congestion;
    }
    return c;
}

// The buffer that would let the window cover the path: 2 × BDP where the
// link's rate is known, else twice what is in flight now (the window caps
// it, so more would flow).
uint64_t bufferTarget(const Evidence& e, const Connections& c, double rate)
{
    const double rtt = c.rttUs / 1e6;
    const double perConnection = rate / double(std::max<size_t>(1, e.connections.size()));
    const double bdp = e.linkRate ? double(e.linkRate) * (c.minRttUs ? c.minRttUs / 1e6 : rtt) : 2 * perConnection * rtt;
    return roundedBuffer(uint64_t(2 * bdp));
}

// Where the buffer size in a fix comes from: the path's BDP when a probe
// measured its capacity, else only twice what the window lets through now,
// which the path may well need more than.
std::string bufferReason(const Evidence& e, uint64_t target)
{
    if (e.linkRate) return " (2 x BDP = " + mibText(target) + ")";
    return " (" + mibText(target) + ": twice what is in flight now; the path may need more, and `floodgate probe` "
           "measures its BDP)";
}

Verdict networkVerdict(const Evidence& e, double sendWaits)
{
    const double rate = e.bytes / e.windowSec;
    const std::string waits = "the sender waits on a full socket " + percent(sendWaits) + " of its sending time";
    if (e.transport == Evidence::Transport::Ssh)
        return unknown(waits + ", but its data goes through ssh, whose TCP connection is not ours to read; a "
                               "floodgate:// target shows why");
    if (e.transport == Evidence::Transport::Local) {
        // No network: the link between the two ends is memory, and it is full
        // because the receiving side is behind.
        const Hot hot = busiest(e, false, true);
        if (hot.found && hot.saturation >= kSaturated)
            return stageVerdict(e, hot, "the sender of this local copy waits on its receiving side " + percent(sendWaits)
                                            + " of the time: ");
        return unknown(waits + " of a local copy, whose receiving side is behind but shows no busy stage");
    }
    // A core drowning in the NIC's interrupts, the receiver's first (its
    // receive work is the heavier), whatever the connections say: a window
    // that closes or a socket that fills is then its symptom.
    for (const EndEvidence* end : {&e.receiver, &e.sender}) {
        if (!end->present || !end->interrupts || end->interrupts->share < kInterruptSaturated) continue;
        Verdict v;
        v.layer = Layer::NetworkStack;
        v.end = endName(end == &e.sender);
        v.share = end->interrupts->share;
        v.evidence = "CPU " + std::to_string(end->interrupts->cpu) + " of the " + v.end + " spends "
                     + percent(end->interrupts->share) + " of its time in network interrupts (irq and softirq) while "
                     + waits + ": that one core is the network's limit";
        v.fix = "on the " + v.end + ": spread the NIC's interrupts over its " + std::to_string(std::max(1u, end->cores))
                + " cores (RSS queues with irqbalance, or RPS: echo ff > /sys/class/net/DEV/queues/rx-0/rps_cpus)";
        return v;
    }
    if (e.connections.empty() && e.sender.local)
        return unknown(waits + ", but the kernel gave no figures for its connections (no TCP_INFO here)");
    if (e.connections.empty())
        return unknown(waits + ", but the sending end (the far one) sent no figures for its connections; a newer "
                               "floodgate there would");
    const Connections c = sumOf(e.connections);
    if (!c.chronographs)
        return unknown(waits + ", but this kernel does not say why (TCP_INFO has no send-limit chronographs before "
                               "Linux 4.9)");
    if (c.busyUs == 0) return unknown(waits + ", but its connections had nothing in flight");
    const double rwnd = double(c.rwndUs) / double(c.busyUs);
    const double sndbuf = double(c.sndbufUs) / double(c.busyUs);
    const std::string rttNow = msText(c.rttUs);

    if (rwnd >= kLimitedShare) {
        // A receiver whose writers are behind stops reading, and its window
        // closes: the cause is behind the window, not the buffer.
        double behind = 0;
        for (StageId id : {StageId::Receive, StageId::Decrypt, StageId::Decompress})
            behind = std::max(behind, loadOf(e.receiver, id, e.windowSec).waitOutput);
        if (e.receiver.present && behind >= kReceiverBehind) {
            const Hot hot = busiest(e, false, true);
            if (hot.found && hot.stage != StageId::Receive)
                return stageVerdict(e, hot, "the receiver's window closes because its network threads wait on its "
                                            "writers " + percent(behind) + " of the time: ");
        }
        // A receiver whose own threads are saturated (decrypting, hashing,
        // the kernel's receive work) reads too slowly, and its window
        // closes for that: a bigger buffer would only fill too.
        if (e.receiver.present) {
            const Hot hot = busiest(e, false, true);
            if (hot.found && hot.saturation >= kSaturated)
                return stageVerdict(e, hot, "the receiver's window closes because its threads are busy: ");
        }
        Verdict v;
        v.layer = Layer::ReceiveWindow;
        v.end = "receiver";
        v.share = rwnd;
        const uint64_t inFlight = uint64_t(rate / double(std::max<size_t>(1, e.connections.size())) * c.rttUs / 1e6);
        v.evidence = "the receiver's window held the connections " + percent(rwnd) + " of their sending time: ~"
                     + mibText(inFlight) + " in flight a connection over " + rttNow + " caps each at "
                     + rateText(rate / double(std::max<size_t>(1, e.connections.size())));
        if (e.receiver.netLimits.tcpRmemMax)
            v.evidence += " (the receiver's tcp_rmem max is " + mibText(e.receiver.netLimits.tcpRmemMax) + ")";
        const uint64_t target = bufferTarget(e, c, rate);
        v.fix = "on the receiver: sysctl -w net.ipv4.tcp_rmem='4096 131072 " + std::to_string(target)
                + "' net.core.rmem_max=" + std::to_string(target) + bufferReason(e, target);
        return v;
    }
    if (sndbuf >= kLimitedShare) {
        Verdict v;
        v.layer = Layer::SendBuffer;
        v.end = "sender";
        v.share = sndbuf;
        v.evidence = "the sender's socket buffer held the connections " + percent(sndbuf) + " of their sending time at "
                     + rttNow + " RTT";
        if (e.sender.netLimits.tcpWmemMax)
            v.evidence += " (its tcp_wmem max is " + mibText(e.sender.netLimits.tcpWmemMax) + ")";
        const uint64_t target = bufferTarget(e, c, rate);
        v.fix = "on the sender: sysctl -w net.ipv4.tcp_wmem='4096 16384 " + std::to_string(target)
                + "' net.core.wmem_max=" + std::to_string(target) + bufferReason(e, target);
        return v;
    }

    // Limited by the congestion window: the path itself.
    const double lost = c.sent ? double(c.retrans) / double(c.sent) : 0;
    const bool queued = c.minRttUs && c.rttUs > kQueuedRtt * c.minRttUs && c.rttUs - c.minRttUs >= kQueuedUs;
    const std::string lossText = format("%.2f%%", 100 * lost) + " of what was sent was resent";
    Verdict v;
    v.share = 1 - rwnd - sndbuf;
    if (lost >= kLossRate && !queued) {
        v.layer = Layer::NetworkLoss;
        v.evidence = lossText + " while the RTT stayed near its minimum (" + rttNow + "): the path drops packets with "
                                "its queue empty, not because it is full";
        if (c.congestion != "bbr")
            v.fix = "--congestion bbr: " + (c.congestion.empty() ? std::string("loss-based control") : c.congestion)
                    + " slows down at every random loss, BBR does not";
        else if (e.settings.streams > 0 && e.settings.streams < 4)
            v.fix = "--streams 4: each connection takes its losses on its own";
        return v;
    }
    if (lost >= kOverflowRate && queued && c.congestion == "bbr") {
        v.layer = Layer::NetworkCongestion;
        v.evidence = lossText + " with the RTT up from " + msText(c.minRttUs) + " to " + rttNow
                     + ": BBR keeps a shallow queue on the path full and overflows it";
        v.fix = "--congestion cubic: it backs off before the queue overflows";
        return v;
    }
    if (lost >= kLossRate || queued) {
        v.layer = Layer::NetworkCongestion;
        v.evidence = "the path is full at " + rateText(rate) + ": the RTT is up from " + msText(c.minRttUs) + " to "
                     + rttNow + (lost > 0 ? " and " + lossText : std::string());
        v.fix = "nothing to tune on either end: this is what the path carries now; if other traffic shares it, "
                "--bwlimit leaves it room";
        return v;
    }
    if (c.rttUs >= kLongRttUs && e.jobElapsedSec * 1e6 < kSlowStartRtts * c.rttUs) {
        v.layer = Layer::RoundTrips;
        v.evidence = format("%.1f s", e.jobElapsedSec) + " into the job, " + format("%.0f round trips", e.jobElapsedSec * 1e6 / c.rttUs)
                     + " of " + rttNow + ": the connections are still opening their windows (slow start)";
        v.fix = "bigger jobs, or several syncs in one: a job this short on a link this long is round trips, not bandwidth";
        return v;
    }
    v.layer = Layer::NetworkCongestion;
    v.evidence = "the connections send as fast as their congestion windows let them, " + rateText(rate) + " at "
                 + rttNow + " RTT with no queue and no loss: the link's capacity";
    if (e.linkRate && rate < 0.7 * double(e.linkRate) && e.settings.streams > 0 && e.settings.streams < 4)
        v.fix = "--streams 4: the link carries " + rateText(double(e.linkRate)) + " and one connection does not fill it";
    return v;
}

} // namespace

const char* layerName(Layer layer)
{
    switch (layer) {
    case Layer::Unknown: return "unknown";
    case Layer::SourceRead: return "source-read";
    case Layer::Hashing: return "hashing";
    case Layer::DeltaMatch: return "delta-match";
    case Layer::Compression: return "compression";
    case Layer::Encryption: return "encryption";
    case Layer::NetworkStack: return "network-stack";
    case Layer::NetworkCongestion: return "network-congestion";
    case Layer::NetworkLoss: return "network-loss";
    case Layer::ReceiveWindow: return "receive-window";
    case Layer::SendBuffer: return "send-buffer";
    case Layer::Decryption: return "decryption";
    case Layer::Decompression: return "decompression";
    case Layer::DestinationWrite: return "destination-write";
    case Layer::PerFileOverhead: return "per-file-overhead";
    case Layer::BandwidthLimit: return "bandwidth-limit";
    case Layer::RoundTrips: return "round-trips";
    case Layer::RemoteCpu: return "remote-cpu";
    }
    return "unknown";
}

namespace {

Verdict judge(const Evidence& e)
{
    if (e.windowSec <= 0) return unknown("no time measured yet");
    if (e.bytes == 0 && e.files == 0) return unknown(format("nothing moved in the last %.1f s", e.windowSec));
    const double rate = e.bytes / e.windowSec;

    // 1. The user's own limit.
    if (e.settings.bwlimit && rate >= kAtBwlimit * double(e.settings.bwlimit)) {
        Verdict v;
        v.layer = Layer::BandwidthLimit;
        v.share = std::min(1.0, rate / double(e.settings.bwlimit));
        v.evidence = "moving " + rateText(rate) + " against the --bwlimit of " + rateText(double(e.settings.bwlimit));
        v.fix = "raise or drop --bwlimit if the link may carry more";
        return v;
    }

    // 2. The network: the sender has data the socket does not take.
    const Load send = loadOf(e.sender, StageId::Send, e.windowSec);
    if (e.sender.present && send.present && send.waitOutput >= kNetworkBound) return networkVerdict(e, send.waitOutput);

    // 3. A stage of either end that keeps its threads busy.
    const Hot hot = busiest(e, true, true);
    const EndEvidence* farEnd = e.sender.present && !e.sender.local     ? &e.sender
                                : e.receiver.present && !e.receiver.local ? &e.receiver
                                                                          : nullptr;
    if (hot.found && hot.saturation >= kSaturated) {
        // A far end whose whole CPU is taken, no one stage dominating.
        const EndEvidence& end = hot.senderEnd ? e.sender : e.receiver;
        const auto cpu = cpuShare(end, e.windowSec);
        if (!end.local && cpu && *cpu >= kCpuSaturated && hot.busy < kSaturated) {
            Verdict v;
            v.layer = Layer::RemoteCpu;
            v.end = endName(hot.senderEnd);
            v.stage = stageName(hot.stage); // where most of that CPU goes
            v.share = *cpu;
            v.evidence = "the " + v.end + "'s CPU is busy " + percent(*cpu) + " of its " + std::to_string(end.cores)
                         + " cores, most in " + stageName(hot.stage) + " (" + percent(hot.busy) + ")";
            v.fix = "a cheaper cipher or compression for that end, or a faster machine there";
            return v;
        }
        return stageVerdict(e, hot);
    }
    if (farEnd) {
        const auto cpu = cpuShare(*farEnd, e.windowSec);
        if (cpu && *cpu >= kCpuSaturated) {
            Verdict v;
            v.layer = Layer::RemoteCpu;
            v.end = endName(farEnd == &e.sender);
            v.share = *cpu;
            v.evidence = "the " + v.end + "'s CPU is busy " + percent(*cpu) + " of its " + std::to_string(farEnd->cores)
                         + " cores while no stage of the job keeps its threads busy: something else runs there";
            v.fix = "find what else uses the " + v.end + "'s CPU";
            return v;
        }
    }

    // 4. Both ends wait on their input on a long link: round trips.
    const Connections c = sumOf(e.connections);
    const Load receive = loadOf(e.receiver, StageId::Receive, e.windowSec);
    if (c.rttUs >= kLongRttUs && send.present && send.waitInput >= kIdle && (!receive.present || receive.waitInput >= kIdle)) {
        Verdict v;
        v.layer = Layer::RoundTrips;
        v.share = send.waitInput;
        v.evidence = "both ends wait on each other (the sender's network stage idle " + percent(send.waitInput)
                     + " of the time) across a round trip of " + msText(c.rttUs)
                     + ": answers, not bandwidth, pace the job";
        v.fix = "bigger jobs, or several syncs in one: each exchange costs a round trip of " + msText(c.rttUs);
        return v;
    }
    if (!hot.found) return unknown("no stage figures in the last " + format("%.1f s", e.windowSec));
    return unknown("no layer stands out: the busiest, the " + std::string(endName(hot.senderEnd)) + "'s "
                   + stageName(hot.stage) + " stage, is busy " + percent(hot.busy) + " of the time");
}

// Settings a fix may name that are the job's own: a front end applies them.
constexpr const char* kJobSettings[] = {"--streams", "--cipher", "--compress", "--congestion", "--checksum-choice", "--fsync"};

} // namespace

std::string settingIn(const std::string& fix)
{
    if (fix == "--whole-file" || fix.rfind("--whole-file:", 0) == 0 || fix.rfind("--whole-file ", 0) == 0)
        return "--whole-file";
    for (const char* name : kJobSettings) {
        const std::string prefix = std::string(name) + " ";
        if (fix.rfind(prefix, 0) != 0) continue;
        std::string value = fix.substr(prefix.size(), fix.find(' ', prefix.size()) - prefix.size());
        // The sentence goes on after the value: "--streams 4: ...", "--compress lz4 (or none): ...".
        while (!value.empty() && (value.back() == ':' || value.back() == ';' || value.back() == ',')) value.pop_back();
        return value.empty() ? std::string() : prefix + value;
    }
    return {};
}

Verdict classify(const Evidence& e)
{
    Verdict v = judge(e);
    v.setting = settingIn(v.fix);
    return v;
}

} // namespace fg::diagnosis
