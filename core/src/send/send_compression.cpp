#include "send/send_compression.h"

#include "platform/cpu.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace fg {
namespace {

// One compressor (lz4, and auto's look before a try) and one memory of
// extensions per worker thread: the compressor's tables are megabytes (see
// codec::FrameCompressor), and the memory is meant to be lock-free (see
// codec::ExtensionMemory).
thread_local codec::FrameCompressor t_compressor;
thread_local codec::ExtensionMemory t_extensions;
thread_local std::vector<uint8_t> t_packed;

// A period in which the workers waited on the network this much tells what
// the network carries (as the controller's own "network limits" rule).
constexpr double kNetworkBoundWait = 0.5;

double fraction(uint64_t part, double whole) { return whole > 0 ? std::clamp(double(part) / whole, 0.0, 1.0) : 0.0; }

std::string levelText(int level, int raw) { return level == raw ? std::string("none") : std::to_string(level); }

// Binary units, as the rest of Floodgate shows them (1 MB = 1,048,576 bytes).
std::string megabytes(uint64_t n)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", double(n) / double(1 << 20));
    return text;
}

} // namespace

bool fewerBytesMayHelp(const std::string& layer)
{
    for (const char* network : {"", "unknown", "network-congestion", "network-loss", "receive-window", "send-buffer",
                                "bandwidth-limit", "round-trips", "compression"})
        if (layer == network) return true;
    return false;
}

codec::LevelObservation observationOf(const CompressLoad& load)
{
    codec::LevelObservation obs;
    const double capacity = double(load.elapsedNs) * double(load.workers);
    // The time the workers spent handing frames to the link: waiting for
    // the bandwidth limiter, for the link's lock, and in send calls that
    // block while the socket buffer is full. The cipher's share of it is
    // small wherever compression can pay (AES-GCM and ChaCha20 run at
    // 1-4 GB/s a core, links that gain from compression are 10x slower),
    // and where the cipher is what limits, the CPUs have no idle time and
    // the controller does not step up anyway.
    obs.netWait = fraction(load.sendNs, capacity);
    obs.compressBusy = fraction(load.compressNs, capacity);
    // Without the machine's figure the compress stage's own busy time is the
    // only guard, which still steps down when compressing limits.
    obs.cpuIdle = load.cpuIdle.value_or(1.0);
    obs.limitElsewhere = load.limitElsewhere;
    // What the workers would compress a second if they did nothing else,
    // against what the network took at its best.
    if (load.compressNs > 0 && load.linkBytesPerSec > 0) {
        const double compressBytesPerSec = double(load.packedBytes) * 1e9 / double(load.compressNs) * double(load.workers);
        obs.outrunsLink = compressBytesPerSec > load.linkBytesPerSec;
    }
    return obs;
}

SendCompression::SendCompression(CompressSpec spec, StageSet& stages)
    : m_spec(spec), m_stages(stages), m_stage(stages[StageId::Compress]), m_adaptive(codec::LevelRange{1, 9, spec.level})
{
    const int start = m_adaptive.level().value_or(kRaw);
    m_level.store(start);
    m_startLevel = m_lowest = m_highest = start;
}

codec::AutoCompressState SendCompression::startFile(std::string_view path) const
{
    if (m_spec.mode != CompressMode::Auto) return codec::AutoCompressState();
    return t_extensions.start(path);
}

PackedPayload SendCompression::pack(const uint8_t* in, size_t n, codec::AutoCompressState& state,
                                   LinkCompression& link, std::unique_lock<std::mutex>& order)
{
    if (!enabled() || n == 0) return {in, n, codec::Algo::None};
    m_stage.addBytes(n);
    m_frames.fetch_add(1, std::memory_order_relaxed);
    codec::Algo used = codec::Algo::None;
    {
        StageScope busy(StageId::Compress, StageState::Busy);
        switch (m_spec.mode) {
        case CompressMode::None: break;
        case CompressMode::Lz4: used = t_compressor.compress(in, n, t_packed, codec::Algo::Lz4, 0); break;
        case CompressMode::Zstd:
            // Every frame is compressed, as asked, except that a big frame
            // of a file whose last one did not save is looked at first: in
            // the stream, data that does not compress costs ~0.5 GB/s of
            // CPU and fills the window with what nothing will refer to; the
            // look turns it away at 7-10 GB/s.
            if (!state.confident() && n >= codec::kLookFirstFrom && !t_compressor.sampleCompresses(in, n)) break;
            used = packStream(in, n, m_spec.level, link, order);
            state.record(used != codec::Algo::None && t_packed.size() <= codec::largestKeptSize(n), n);
            break;
        case CompressMode::Auto: {
            // While the controller says none, the file's own state is left
            // as it is: it learns nothing from a frame it did not look at.
            const int level = m_level.load(std::memory_order_relaxed);
            if (level == kRaw || !codec::autoTries(t_compressor, state, in, n, level)) break;
            used = packStream(in, n, level, link, order);
            // A frame in the stream is sent as it came out, saving or not;
            // one that did not save enough makes auto look before the next.
            state.record(used != codec::Algo::None && t_packed.size() <= codec::largestKeptSize(n), n);
            break;
        }
        }
    }
    if (used == codec::Algo::None) return {in, n, codec::Algo::None};
    m_stage.addItems(1);
    m_packedIn.fetch_add(n, std::memory_order_relaxed);
    m_packedOut.fetch_add(t_packed.size(), std::memory_order_relaxed);
    return {t_packed.data(), t_packed.size(), used};
}

codec::Algo SendCompression::packStream(const uint8_t* in, size_t n, int level, LinkCompression& link,
                                        std::unique_lock<std::mutex>& order)
{
    order = std::unique_lock(link.order);
    if (link.zstd.compress(in, n, t_packed, level)) return codec::Algo::Zstd;
    order.unlock();
    return codec::Algo::None;
}

void SendCompression::observe(const StageSnapshot& send, size_t workers, uint64_t nowNs)
{
    if (m_spec.mode != CompressMode::Auto) return;
    Sample now;
    now.ns = nowNs;
    // The send stage's system calls and its waits for the network, the
    // bandwidth limit and the link (encryption is a stage of its own).
    now.sendNs = send.busyNs + send.waitOutputNs;
    now.compressNs = m_stages.snapshotOf(StageId::Compress).busyNs;
    now.sentBytes = send.bytes;
    now.packedBytes = m_packedIn.load(std::memory_order_relaxed);
    if (auto cpu = platform::cpuTimes(); cpu.ok()) now.cpu = std::make_pair(cpu->idle, cpu->total);

    std::lock_guard lock(m_controlMutex);
    const std::optional<Sample> last = std::exchange(m_last, now);
    if (!last || now.ns <= last->ns || workers == 0) return;
    CompressLoad load;
    load.elapsedNs = now.ns - last->ns;
    load.workers = workers;
    load.sendNs = now.sendNs - std::min(now.sendNs, last->sendNs);
    load.compressNs = now.compressNs - std::min(now.compressNs, last->compressNs);
    if (now.cpu && last->cpu && now.cpu->second > last->cpu->second) {
        const uint64_t idle = now.cpu->first - std::min(now.cpu->first, last->cpu->first);
        load.cpuIdle = std::clamp(double(idle) / double(now.cpu->second - last->cpu->second), 0.0, 1.0);
    }
    load.packedBytes = now.packedBytes - std::min(now.packedBytes, last->packedBytes);
    load.limitElsewhere = m_limitElsewhere.load();
    const codec::LevelObservation period = observationOf(load);
    // Over all the periods the network limited, not the best one: a period
    // can fill empty socket buffers at memory speed.
    if (period.netWait >= kNetworkBoundWait) {
        m_netBoundBytes += now.sentBytes - std::min(now.sentBytes, last->sentBytes);
        m_netBoundNs += load.elapsedNs;
    }
    if (m_netBoundNs > 0) load.linkBytesPerSec = double(m_netBoundBytes) * 1e9 / double(m_netBoundNs);
    const int level = m_adaptive.observe(observationOf(load)).value_or(kRaw);
    m_level.store(level, std::memory_order_relaxed);
    m_lowest = std::min(m_lowest, level);
    m_highest = std::max(m_highest, level);
}

std::string SendCompression::summary() const
{
    std::string how;
    switch (m_spec.mode) {
    case CompressMode::None: return {};
    case CompressMode::Lz4: how = "lz4"; break;
    case CompressMode::Zstd: how = "zstd level " + std::to_string(m_spec.level); break;
    case CompressMode::Auto: {
        std::lock_guard lock(m_controlMutex);
        const int end = m_level.load(std::memory_order_relaxed);
        how = "auto (zstd level " + levelText(m_startLevel, kRaw);
        if (end != m_startLevel) how += " \u2192 " + levelText(end, kRaw);
        if (m_lowest != std::min(m_startLevel, end) || m_highest != std::max(m_startLevel, end))
            how += ", " + levelText(m_lowest, kRaw) + " to " + levelText(m_highest, kRaw) + " on the way";
        how += ")";
        break;
    }
    }
    const uint64_t frames = m_frames.load(std::memory_order_relaxed);
    const uint64_t packed = m_stage.items();
    return "compression: " + how + ": " + std::to_string(packed) + " of " + std::to_string(frames)
           + " frames compressed, " + megabytes(m_packedIn.load(std::memory_order_relaxed)) + " in "
           + megabytes(m_packedOut.load(std::memory_order_relaxed));
}

} // namespace fg
