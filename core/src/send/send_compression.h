#pragma once
#include "internal.h"
// The sender's compress stage (--compress): what each Data, SmallFile and
// Delta payload goes out as, and, under auto, the zstd level, which the stats
// thread moves with the bottleneck (codec::AdaptiveLevel) while the workers
// read it. zstd payloads are pieces of their connection's stream
// (codec::StreamCompressor); lz4 ones are compressed each on its own.

#include "codec/adaptive_level.h"
#include "codec/compress.h"
#include "codec/compress_policy.h"
#include "codec/compress_stream.h"
#include "metrics/stage_track.h"

#include <floodgate/options.h>

#include <atomic>
#include <climits>
#include <mutex>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fg {

// A payload as it goes on the wire: the raw bytes, or the compressed ones in
// the calling thread's buffer (valid until its next pack()).
struct PackedPayload {
    const uint8_t* data = nullptr;
    size_t size = 0;
    codec::Algo algo = codec::Algo::None;
};

// One connection's zstd stream, shared by whoever sends data frames on it:
// one worker per data connection, or the few that share the one link of an
// ssh or in-process session. A frame packed from the stream must go on the
// wire before the next one is packed, so `order` is held from the one to the
// other (SendCompression::pack takes it).
struct LinkCompression {
    std::mutex order;
    codec::StreamCompressor zstd;
};

// Fractions of one stats period for the auto level, from the stages' counters.
struct CompressLoad {
    uint64_t elapsedNs = 0;
    size_t workers = 0;
    uint64_t sendNs = 0;     // the send stage's time over the period, all workers
    uint64_t compressNs = 0; // the compress stage's busy time over the period, all workers
    std::optional<double> cpuIdle; // the machine's, when the OS says
    uint64_t packedBytes = 0;      // raw bytes that went compressed over the period
    // Wire bytes a second the send stage moved in the periods the network
    // limited, so far this job; 0 while no such period was seen.
    double linkBytesPerSec = 0;
    bool limitElsewhere = false; // see codec::LevelObservation
};
codec::LevelObservation observationOf(const CompressLoad& load);

// Whether fewer bytes on the wire can relieve the limit the bottleneck
// diagnosis names (diagnosis::layerName; empty or "unknown": it may).
bool fewerBytesMayHelp(const std::string& layer);

class SendCompression {
public:
    // Counts into the compress stage of `stages` the bytes into it (every
    // frame it sees) and, as items, the frames that went compressed; its
    // busy time is the workers' (a StageScope around each frame).
    SendCompression(CompressSpec spec, StageSet& stages);

    bool enabled() const { return m_spec.mode != CompressMode::None; }

    // Per file, or per chunk or delta segment (they go on several streams at
    // once): what auto (or zstd, whether to look first) has learned about
    // this file so far. Call on the worker thread that sends it: extensions
    // are remembered per thread.
    codec::AutoCompressState startFile(std::string_view path) const;

    // One payload of raw bytes in[0, n), to go on the connection whose
    // stream is `link`. When the payload is a piece of that stream, `order`
    // holds link.order on return: send the frame, then let it go.
    PackedPayload pack(const uint8_t* in, size_t n, codec::AutoCompressState& state, LinkCompression& link,
                       std::unique_lock<std::mutex>& order);

    // The stats thread, every period: the send stage's counters now and the
    // number of workers sending. Moves the auto level; nothing otherwise.
    void observe(const StageSnapshot& send, size_t workers, uint64_t nowNs);
    // The job's bottleneck diagnosis changed its verdict (from any thread):
    // auto raises its level only while fewer bytes may help.
    void bottleneckIs(const std::string& layer) { m_limitElsewhere.store(!fewerBytesMayHelp(layer)); }

    // One line for the log, e.g. "compression: auto (zstd level 3 → 5): 120
    // of 400 frames compressed, 30.0 MB in 9.1 MB"; empty when off.
    std::string summary() const;

private:
    // A piece of the link's stream: Zstd, or None when the stream failed
    // (then the frame goes raw).
    codec::Algo packStream(const uint8_t* in, size_t n, int level, LinkCompression& link,
                           std::unique_lock<std::mutex>& order);

    // The level under auto while the controller says "send raw".
    static constexpr int kRaw = INT_MIN;

    CompressSpec m_spec;
    StageSet& m_stages;
    StageCounters& m_stage; // the compress stage's
    std::atomic<int> m_level;
    std::atomic<bool> m_limitElsewhere{false};
    std::atomic<uint64_t> m_frames{0};
    std::atomic<uint64_t> m_packedIn{0};  // raw bytes of the frames that went compressed
    std::atomic<uint64_t> m_packedOut{0}; // what they took on the wire

    // The stats thread's; summary() reads them from another thread.
    mutable std::mutex m_controlMutex;
    codec::AdaptiveLevel m_adaptive;
    int m_startLevel;
    int m_lowest;
    int m_highest;
    struct Sample {
        uint64_t ns = 0;
        uint64_t sendNs = 0;
        uint64_t compressNs = 0;
        uint64_t sentBytes = 0;
        uint64_t packedBytes = 0;
        std::optional<std::pair<uint64_t, uint64_t>> cpu; // idle, total
    };
    std::optional<Sample> m_last;
    // The send stage's bytes and time in the periods the network limited.
    uint64_t m_netBoundBytes = 0;
    uint64_t m_netBoundNs = 0;
};

} // namespace fg
