#include "fuzz_targets.h"

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "engine/observer.h"
#include "delta/ops.h"
#include "delta/signature.h"
#include "engine/receiver.h"
#include "exec/task_thread.h"
#include "platform/fs.h"
#include "proto/frame.h"
#include "proto/messages.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <optional>
#include <vector>

namespace fgfuzz {

using namespace fg;
using namespace fg::proto;

namespace {

// A data payload as the receiver reads it: decompressed (bounded) when its
// flags say so. False when refused.
// zstd payloads continue the stream of the input's earlier ones, as they
// would on one connection.
thread_local codec::StreamDecompressor* t_stream = nullptr;

bool expand(const Frame& f, const uint8_t** p, size_t* n)
{
    thread_local codec::FrameDecompressor decompressor;
    thread_local std::vector<uint8_t> buffer;
    // A stream of its own only when no input set one: made per call, it
    // cost most of the wire target's time (each payload is tried as every
    // message type).
    std::optional<codec::StreamDecompressor> fallback;
    if (!t_stream) fallback.emplace();
    auto algo = expandPayload(f.flags, p, n, decompressor, t_stream ? *t_stream : *fallback, buffer);
    if (algo.ok() && *n > kMaxDataPayload && *algo != codec::Algo::None) {
        std::fprintf(stderr, "decodeAny: a payload expanded to %zu bytes\n", *n);
        std::abort();
    }
    return algo.ok();
}

void decodeAny(const Frame& f)
{
    switch (MsgType(f.type)) {
    case MsgType::Hello: (void)fromFrame<HelloMsg>(f); break;
    case MsgType::Error: (void)fromFrame<ErrorMsg>(f); break;
    case MsgType::PairRequest: (void)fromFrame<PairRequestMsg>(f); break;
    case MsgType::PairResult: (void)fromFrame<PairResultMsg>(f); break;
    case MsgType::JobRequest: (void)fromFrame<JobRequestMsg>(f); break;
    case MsgType::JobAccept: (void)fromFrame<JobAcceptMsg>(f); break;
    case MsgType::JoinStream: (void)fromFrame<JoinStreamMsg>(f); break;
    case MsgType::StreamAccepted: (void)fromFrame<StreamAcceptedMsg>(f); break;
    case MsgType::StreamsReady: (void)fromFrame<StreamsReadyMsg>(f); break;
    case MsgType::FileListBegin: (void)fromFrame<FileListBeginMsg>(f); break;
    case MsgType::FileListBatch: (void)fromFrame<FileListBatchMsg>(f); break;
    case MsgType::FileListEnd: (void)fromFrame<FileListEndMsg>(f); break;
    case MsgType::PlanBatch: (void)fromFrame<PlanBatchMsg>(f); break;
    case MsgType::DeleteBatch: (void)fromFrame<DeleteBatchMsg>(f); break;
    case MsgType::PlanEnd: (void)fromFrame<PlanEndMsg>(f); break;
    case MsgType::Data: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        if (decodeDataHeader(f, &p, &n).ok()) (void)expand(f, &p, &n);
        break;
    }
    case MsgType::Delta: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        if (!decodeDataHeader(f, &p, &n).ok() || !expand(f, &p, &n)) break;
        // The instructions against an old copy of 1 MiB in 4 KiB blocks.
        delta::OpReader reader(p, n, delta::BasisGeometry{1u << 20, 4096});
        delta::Op op;
        for (;;) {
            auto more = reader.next(op);
            if (!more.ok() || !*more) break;
        }
        break;
    }
    case MsgType::Signature: (void)fromFrame<SignatureMsg>(f); break;
    case MsgType::FileEnd: (void)fromFrame<FileEndMsg>(f); break;
    case MsgType::ChunkEnd: (void)fromFrame<ChunkEndMsg>(f); break;
    case MsgType::SmallFile: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        if (decodeSmallFile(f, &p, &n).ok()) (void)expand(f, &p, &n);
        break;
    }
    case MsgType::FileFailed: (void)fromFrame<FileFailedMsg>(f); break;
    case MsgType::FileDone: (void)fromFrame<FileDoneMsg>(f); break;
    case MsgType::SenderDone: (void)fromFrame<SenderDoneMsg>(f); break;
    case MsgType::Notice: (void)fromFrame<NoticeMsg>(f); break;
    case MsgType::Stats: (void)fromFrame<StatsMsg>(f); break;
    case MsgType::JobDone: (void)fromFrame<JobDoneMsg>(f); break;
    case MsgType::Cancel: (void)fromFrame<CancelMsg>(f); break;
    case MsgType::RateChange: (void)fromFrame<RateChangeMsg>(f); break;
    }
}

std::vector<Frame> framesOf(const uint8_t* data, size_t size)
{
    FrameDecoder decoder;
    decoder.feed(data, size);
    std::vector<Frame> frames;
    Frame f;
    for (;;) {
        auto r = decoder.next(&f);
        if (!r.ok() || !*r) break;
        frames.push_back(f);
    }
    return frames;
}

// The same bytes as a link reads them: in pieces into the decoder's own room
// (prepare/commit), and big frames taken early (takePartial) with the rest
// copied straight into their payload. Piece sizes come from the input, so
// every split is tried. Must give exactly what framesOf gives.
std::vector<Frame> framesReadInPlace(const uint8_t* data, size_t size)
{
    FrameDecoder decoder;
    std::vector<Frame> frames;
    size_t pos = 0;
    size_t step = 0;
    for (;;) {
        Frame f;
        auto r = decoder.next(&f);
        if (!r.ok()) return frames;
        if (*r) {
            frames.push_back(std::move(f));
            continue;
        }
        size_t total = 0;
        auto partial = decoder.takePartial(&f, 64, &total);
        if (!partial.ok()) return frames;
        if (*partial) {
            if (f.payload.size() > total || f.payload.capacity() < total) std::abort();
            const size_t rest = total - f.payload.size();
            if (size - pos < rest) return frames; // ends inside the frame, as framesOf stops too
            f.payload.insert(f.payload.end(), data + pos, data + pos + rest);
            pos += rest;
            frames.push_back(std::move(f));
            continue;
        }
        if (pos == size) return frames;
        const size_t room = size_t(data[step++ % size]) * 37 + 1;
        const size_t n = std::min(room, size - pos);
        std::copy(data + pos, data + pos + n, decoder.prepare(room));
        decoder.commit(n);
        pos += n;
    }
}

} // namespace

int fuzzWire(const uint8_t* data, size_t size)
{
    // Each input is a connection of its own; the stream's memory is kept
    // (8 MiB of window, allocated again per input, was most of its time).
    thread_local codec::StreamDecompressor stream;
    stream.restart();
    t_stream = &stream;
    const std::vector<Frame> whole = framesOf(data, size);
    const std::vector<Frame> inPlace = framesReadInPlace(data, size);
    if (inPlace.size() != whole.size()) std::abort();
    for (size_t i = 0; i < whole.size(); ++i)
        if (inPlace[i].type != whole[i].type || inPlace[i].flags != whole[i].flags
            || inPlace[i].payload != whole[i].payload)
            std::abort();
    for (const Frame& f : whole) {
        decodeAny(f);
        // Every message type against every payload: a decoder must refuse, not crash.
        Frame g = f;
        for (uint16_t t = 1; t <= uint16_t(MsgType::Cancel); ++t) {
            g.type = t;
            decodeAny(g);
        }
    }
    return 0;
}

namespace {
// A receiver starts some ten threads; created anew for each input they were
// nine tenths of its time under ASan (see exec::TaskThread).
void reuseThreads()
{
    static const bool once = (exec::keepIdleThreads(std::chrono::seconds(5)), true);
    (void)once;
}

// A scratch directory for one target, made on first use and removed when
// the process ends (a replay or fuzzing run makes one, not one per input).
class ScratchRoot {
public:
    explicit ScratchRoot(const char* prefix)
    {
        auto dir = platform::makeTempDirectory(prefix);
        if (!dir.ok()) std::abort();
        m_path = *dir;
    }
    ~ScratchRoot() { (void)platform::removeTree(m_path); }
    ScratchRoot(const ScratchRoot&) = delete;
    ScratchRoot& operator=(const ScratchRoot&) = delete;
    const std::string& path() const { return m_path; }
    std::string destination() const { return m_path + "/dst"; }

    // An empty destination for the next input, and beside it a directory
    // nothing may ever be written into.
    void freshDestination() const
    {
        (void)platform::removeTree(destination());
        (void)platform::makeDirectory(destination(), 0755);
        (void)platform::makeDirectories(outside(), 0755);
    }
    // Aborts (a finding) if anything appeared outside the destination.
    void checkNothingOutside(const char* target) const
    {
        auto listed = platform::DirHandle::open(outside());
        if (!listed.ok()) std::abort();
        auto names = listed->list();
        if (!names.ok() || !names->empty()) {
            std::fprintf(stderr, "%s: something was written outside the destination\n", target);
            std::abort();
        }
    }

private:
    std::string outside() const { return m_path + "/outside"; }

    std::string m_path;
};
} // namespace

int fuzzReceiver(const uint8_t* data, size_t size)
{
    static const ScratchRoot scratch("fgfuzz");
    reuseThreads();
    scratch.freshDestination();
    const std::string dst = scratch.destination();

    // Not a structured binding: clang 14 cannot capture those in lambdas.
    auto links = makeMemoryLinkPair(64 << 20);
    FrameLinkPtr& ours = links.first;
    FrameLinkPtr& theirs = links.second;
    NullObserver observer;
    StageSet stages;
    RootSpec spec;
    spec.base = dst;
    TransferParams params;
    // What a frame does to the receiver is the point, not the durability of
    // a scratch file: a syncfs per input cost most of the target's time.
    params.fsync = FsyncMode::None;
    Receiver receiver(spec, params, *theirs, {}, observer, stages);
    exec::TaskThread reader([&] {
        // Drain what the receiver says so it never blocks on a full link.
        while (ours->receive().ok()) {
        }
    });
    exec::TaskThread feeder([&, frames = framesOf(data, size)]() mutable {
        for (auto& f : frames)
            if (!ours->send(std::move(f)).ok()) break;
        // The sender "hangs up": the receiver ends either way.
        ours->close();
    });
    (void)receiver.run();
    feeder.join();
    theirs->close();
    reader.join();
    scratch.checkNothingOutside("fuzzReceiver");
    return 0;
}

namespace {
// The old copy a delta is made against: 16 KiB of fixed bytes, 16 blocks of
// the smallest length. Enough for instructions to copy, skip and run past
// it; four times that made signing it a fifth of each input's time.
constexpr size_t kDeltaBasisSize = 16 * 1024;
constexpr int64_t kDeltaMtimeNs = 1'600'000'000'000'000'000;

std::string deltaBasis()
{
    std::string b(kDeltaBasisSize, '\0');
    for (size_t i = 0; i < b.size(); ++i) b[i] = char(uint32_t(i * 2654435761u) >> 13);
    return b;
}

} // namespace

std::vector<uint8_t> deltaSeedSession()
{
    // The new version: block 3 is new, the rest as it was. Two passes, as a
    // sender sends them: copies with a skip, then the literal with a skip.
    const std::string basis = deltaBasis();
    const uint32_t block = delta::blockLengthFor(kDeltaBasisSize);
    const uint32_t blocks = uint32_t(kDeltaBasisSize / block);
    std::string fresh = basis;
    for (size_t i = 3 * size_t(block); i < 4 * size_t(block); ++i) fresh[i] = char(i * 7);
    std::vector<uint8_t> first;
    delta::appendCopy(first, 0, 3);
    delta::appendSkip(first, block);
    delta::appendCopy(first, 4, blocks - 4);
    std::vector<uint8_t> second;
    delta::appendLiteral(second, reinterpret_cast<const uint8_t*>(fresh.data()) + 3 * size_t(block), block);
    delta::appendSkip(second, uint64_t(blocks - 4) * block);
    std::vector<Frame> frames;
    frames.push_back(makeDeltaFrame(1, 0, first.data(), first.size(), true));
    frames.push_back(makeDeltaFrame(1, 3 * uint64_t(block), second.data(), second.size(), false, codec::Algo::None, true));
    const Digest hash = digestOf(ChecksumChoice::Xxh128, fresh.data(), fresh.size());
    ChunkEndMsg ce;
    ce.index = 1;
    ce.length = fresh.size();
    ce.hash = hash;
    frames.push_back(toFrame(ce));
    FileEndMsg fe;
    fe.index = 1;
    fe.size = fresh.size();
    fe.mode = 0644;
    fe.mtimeNs = kDeltaMtimeNs + 1;
    fe.chunks = 1;
    fe.hash = chunkTreeHash(ChecksumChoice::Xxh128, {hash});
    frames.push_back(toFrame(fe));
    return encodeFrames(frames);
}

namespace {
const ScratchRoot& deltaScratch()
{
    static const ScratchRoot scratch("fgfuzzdelta");
    return scratch;
}
} // namespace

std::string deltaTargetAfterLastRun()
{
    auto file = platform::DirHandle::open(deltaScratch().destination());
    if (!file.ok()) return {};
    auto f = file->openRead("f");
    if (!f.ok()) return {};
    std::string out(2 * kDeltaBasisSize, '\0');
    auto got = f->pread(reinterpret_cast<uint8_t*>(out.data()), out.size(), 0);
    if (!got.ok()) return {};
    out.resize(*got);
    return out;
}

int fuzzDeltaReceiver(const uint8_t* data, size_t size)
{
    const ScratchRoot& scratch = deltaScratch();
    static const std::string basis = deltaBasis();
    reuseThreads();
    scratch.freshDestination();
    const std::string dst = scratch.destination();
    // Written plainly: writeFileAtomic's fsync cost a tenth of a second an input.
    {
        auto dir = platform::DirHandle::open(dst);
        if (!dir.ok()) std::abort();
        auto file = dir->createExclusive("f", 0644);
        if (!file.ok() || !file->writeAll(basis.data(), basis.size())) std::abort();
    }

    auto links = makeMemoryLinkPair(64 << 20);
    FrameLinkPtr& ours = links.first;
    FrameLinkPtr& theirs = links.second;
    NullObserver observer;
    StageSet stages;
    RootSpec spec;
    spec.base = dst;
    TransferParams params;
    // What a frame does to the receiver is the point, not the durability of
    // a scratch file: a syncfs per input cost most of the target's time.
    params.fsync = FsyncMode::None;
    params.wholeFile = WholeFileMode::Never;
    Receiver receiver(spec, params, *theirs, {}, observer, stages);
    // The input is played once the receiver has signed its old copy, so its
    // Delta frames meet a receiver ready to rebuild.
    std::mutex mutex;
    std::condition_variable cv;
    bool ready = false;
    bool ended = false;
    auto setReady = [&] {
        std::lock_guard lock(mutex);
        ready = true;
        cv.notify_all();
    };
    auto setEnded = [&] {
        std::lock_guard lock(mutex);
        ended = true;
        cv.notify_all();
    };
    exec::TaskThread reader([&] {
        uint64_t have = 0;
        for (;;) {
            auto f = ours->receive();
            if (!f.ok()) break;
            if (f->type == uint16_t(MsgType::JobDone) || f->type == uint16_t(MsgType::Error)) setEnded();
            if (f->type != uint16_t(MsgType::Signature)) continue;
            auto sig = fromFrame<SignatureMsg>(*f);
            if (!sig.ok() || sig->total == 0) {
                setReady();
                continue;
            }
            have += sig->blocks.size();
            if (have >= sig->total) setReady();
        }
        setReady();
    });
    exec::TaskThread feeder([&, frames = framesOf(data, size)]() mutable {
        (void)ours->send(toFrame(FileListBeginMsg{}));
        FileListBatchMsg batch;
        WireEntry dir;
        dir.path = ".";
        dir.type = WireFileType::Directory;
        dir.mode = 0755;
        WireEntry file;
        file.path = "f";
        file.size = kDeltaBasisSize;
        file.mode = 0644;
        file.mtimeNs = kDeltaMtimeNs + 1;
        batch.entries = {dir, file};
        (void)ours->send(toFrame(batch));
        FileListEndMsg end;
        end.count = 2;
        (void)ours->send(toFrame(end));
        {
            std::unique_lock lock(mutex);
            cv.wait_for(lock, std::chrono::seconds(10), [&] { return ready; });
        }
        for (auto& f : frames)
            if (!ours->send(std::move(f)).ok()) break;
        // Then it says it is done, and hangs up once the receiver has ended
        // the job (or said why not).
        (void)ours->send(toFrame(SenderDoneMsg{}));
        {
            std::unique_lock lock(mutex);
            cv.wait_for(lock, std::chrono::seconds(10), [&] { return ended; });
        }
        ours->close();
    });
    (void)receiver.run();
    // A receiver that ended without a word (it stops at a malformed frame
    // before its list is in) leaves nothing for the feeder to wait for.
    setEnded();
    feeder.join();
    theirs->close();
    reader.join();
    scratch.checkNothingOutside("fuzzDeltaReceiver");
    return 0;
}

int fuzzDecompress(const uint8_t* data, size_t size)
{
    if (size == 0) return 0;
    // One pair per thread, reused as the pipeline reuses them: state left
    // behind by a refused frame must not spoil the next one. The streams are
    // new for each input, on memory kept from the last (made anew, zstd's
    // tables and window were nine tenths of the target's time).
    thread_local codec::FrameCompressor compressor;
    thread_local codec::FrameDecompressor decompressor;
    thread_local codec::StreamDecompressor firstPiece;
    thread_local codec::StreamCompressor sender;
    thread_local codec::StreamDecompressor receiver;
    thread_local std::vector<uint8_t> packed;
    thread_local std::vector<uint8_t> out;
    constexpr size_t kLimit = kMaxDataPayload;
    const auto algo = codec::Algo(data[0] % 4); // 3: an unknown algorithm
    const int level = int(data[0] >> 2) % 12 - 2;
    ++data;
    --size;

    if (decompressor.decompress(algo, data, size, out, kLimit).ok() && out.size() > kLimit) {
        std::fprintf(stderr, "fuzzDecompress: %zu bytes out of a frame limited to %zu\n", out.size(), kLimit);
        std::abort();
    }
    // The same bytes as the first piece of a connection's zstd stream.
    if (algo == codec::Algo::Zstd) {
        codec::StreamDecompressor& stream = firstPiece;
        stream.restart();
        if (stream.decompress(data, size, out, kLimit).ok() && out.size() > kLimit) {
            std::fprintf(stderr, "fuzzDecompress: a stream piece of %zu bytes out, limit %zu\n", out.size(), kLimit);
            std::abort();
        }
    }
    if (size > kLimit || algo == codec::Algo(3)) return 0;
    if (algo == codec::Algo::Zstd) {
        // Two pieces of one stream, the second at another level (a new zstd
        // frame inside the stream), must come back as they went.
        sender.restart();
        receiver.restart();
        const size_t half = size / 2;
        const std::pair<size_t, size_t> pieces[] = {{0, half}, {half, size - half}};
        int pieceLevel = level;
        for (const auto& [at, length] : pieces) {
            if (length == 0) continue;
            if (!sender.compress(data + at, length, packed, pieceLevel)
                || !receiver.decompress(packed.data(), packed.size(), out, kLimit).ok() || out.size() != length
                || !std::equal(out.begin(), out.end(), data + at)) {
                std::fprintf(stderr, "fuzzDecompress: a %zu-byte stream piece did not come back intact\n", length);
                std::abort();
            }
            pieceLevel = pieceLevel == 3 ? 1 : 3;
        }
    }
    const codec::Algo used = compressor.compress(data, size, packed, algo, level);
    if (used == codec::Algo::None) return 0;
    if (!decompressor.decompress(used, packed.data(), packed.size(), out, kLimit).ok()
        || out.size() != size || !std::equal(out.begin(), out.end(), data)) {
        std::fprintf(stderr, "fuzzDecompress: a %zu-byte frame did not come back intact\n", size);
        std::abort();
    }
    return 0;
}

} // namespace fgfuzz
