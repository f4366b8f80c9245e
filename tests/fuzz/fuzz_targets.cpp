#include "fuzz_targets.h"

#include <floodgate/serve_config.h>

#include <set>
#include <string_view>

#include "codec/compress.h"
#include "codec/compress_stream.h"
#include "delta/ops.h"
#include "delta/signature.h"
#include "exec/task_thread.h"
#include "platform/fs.h"
#include "proto/compressed_frames.h"
#include "proto/frame.h"
#include "proto/messages.h"
#include "probe/probe_messages.h"
#include "receive/payload_expander.h"
#include "receive/receiver.h"
#include "role/observer.h"

#include <algorithm>
#include <map>
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
thread_local PayloadExpander* t_expander = nullptr;

bool expand(const Frame& f, const uint8_t** p, size_t* n)
{
    // One of its own only when no input set one: made per call, its stream
    // cost most of the wire target's time (each payload is tried as every
    // message type).
    std::optional<PayloadExpander> fallback;
    if (!t_expander) fallback.emplace();
    // (A SmallFile's as-listed flag says what its header holds, not how its
    // payload is encoded: the receiver's expander takes it out first.)
    const uint16_t flags = f.type == uint16_t(MsgType::SmallFile) ? uint16_t(f.flags & ~kSmallFileAsListed) : f.flags;
    auto algo = (t_expander ? *t_expander : *fallback).expandBytes(flags, p, n);
    if (algo.ok() && *n > kMaxDataPayload && *algo != codec::Algo::None) {
        std::fprintf(stderr, "decodeAny: a payload expanded to %zu bytes\n", *n);
        std::abort();
    }
    return algo.ok();
}

// Decodes a frame as its type says; true when the decoder took it.
bool decodeAny(const Frame& f)
{
    switch (MsgType(f.type)) {
    case MsgType::Hello: return fromFrame<HelloMsg>(f).ok();
    case MsgType::Error: return fromFrame<ErrorMsg>(f).ok();
    case MsgType::PairRequest: return fromFrame<PairRequestMsg>(f).ok();
    case MsgType::PairResult: return fromFrame<PairResultMsg>(f).ok();
    case MsgType::JobRequest: return fromFrame<JobRequestMsg>(f).ok();
    case MsgType::JobAccept: return fromFrame<JobAcceptMsg>(f).ok();
    case MsgType::JoinStream: return fromFrame<JoinStreamMsg>(f).ok();
    case MsgType::StreamAccepted: return fromFrame<StreamAcceptedMsg>(f).ok();
    case MsgType::StreamsReady: return fromFrame<StreamsReadyMsg>(f).ok();
    case MsgType::FileListBegin: return fromFrame<FileListBeginMsg>(f).ok();
    case MsgType::FileListBatch: {
        static thread_local codec::FrameDecompressor lists;
        return fromCompressedFrame<FileListBatchMsg>(f, lists).ok();
    }
    case MsgType::FileListEnd: return fromFrame<FileListEndMsg>(f).ok();
    case MsgType::TreeSummary: return fromFrame<TreeSummaryMsg>(f).ok();
    case MsgType::FileListSame: return fromFrame<FileListSameMsg>(f).ok();
    case MsgType::TreeRoot: return fromFrame<TreeRootMsg>(f).ok();
    case MsgType::PlanBatch: return fromFrame<PlanBatchMsg>(f).ok();
    case MsgType::DeleteBatch: return fromFrame<DeleteBatchMsg>(f).ok();
    case MsgType::PlanEnd: return fromFrame<PlanEndMsg>(f).ok();
    case MsgType::Data: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        return decodeDataHeader(f, &p, &n).ok() && expand(f, &p, &n);
    }
    case MsgType::Delta: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        if (!decodeDataHeader(f, &p, &n).ok() || !expand(f, &p, &n)) return false;
        // The instructions against an old copy of 1 MiB in 4 KiB blocks.
        delta::OpReader reader(p, n, delta::BasisGeometry{1u << 20, 4096});
        delta::Op op;
        for (;;) {
            auto more = reader.next(op);
            if (!more.ok()) return false;
            if (!*more) return true;
        }
    }
    case MsgType::Signature: return fromFrame<SignatureMsg>(f).ok();
    case MsgType::FileEnd: return fromFrame<FileEndMsg>(f).ok();
    case MsgType::ChunkEnd: return fromFrame<ChunkEndMsg>(f).ok();
    case MsgType::SmallFile: {
        const uint8_t* p = nullptr;
        size_t n = 0;
        return decodeSmallFile(f, &p, &n).ok() && expand(f, &p, &n);
    }
    case MsgType::FileFailed: return fromFrame<FileFailedMsg>(f).ok();
    case MsgType::FileDone: return fromFrame<FileDoneMsg>(f).ok();
    case MsgType::SenderDone: return fromFrame<SenderDoneMsg>(f).ok();
    case MsgType::Notice: return fromFrame<NoticeMsg>(f).ok();
    case MsgType::Stats: return fromFrame<StatsMsg>(f).ok();
    case MsgType::JobDone: return fromFrame<JobDoneMsg>(f).ok();
    case MsgType::Cancel: return fromFrame<CancelMsg>(f).ok();
    case MsgType::RateChange: return fromFrame<RateChangeMsg>(f).ok();
    case MsgType::ProbeRequest: return fromFrame<ProbeRequestMsg>(f).ok();
    case MsgType::ProbePhase: return fromFrame<ProbePhaseMsg>(f).ok();
    case MsgType::ProbeFill: return (f.flags & ~probe::kLastFill) == 0; // its payload is filler, never read
    case MsgType::ProbePhaseResult: return fromFrame<ProbePhaseResultMsg>(f).ok();
    case MsgType::ProbeMachine: return fromFrame<ProbeMachineMsg>(f).ok();
    }
    return false; // no such type
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

namespace {
thread_local WireStats t_wireStats;
} // namespace

WireStats lastWireStats() { return t_wireStats; }

int fuzzWire(const uint8_t* data, size_t size)
{
    t_wireStats = {};
    // Each input is a connection of its own; the stream's memory is kept
    // (8 MiB of window, allocated again per input, was most of its time).
    thread_local PayloadExpander expander;
    expander.restart();
    t_expander = &expander;
    const std::vector<Frame> whole = framesOf(data, size);
    const std::vector<Frame> inPlace = framesReadInPlace(data, size);
    if (inPlace.size() != whole.size()) std::abort();
    for (size_t i = 0; i < whole.size(); ++i)
        if (inPlace[i].type != whole[i].type || inPlace[i].flags != whole[i].flags
            || inPlace[i].payload != whole[i].payload)
            std::abort();
    t_wireStats.frames = whole.size();
    for (const Frame& f : whole) {
        ++(decodeAny(f) ? t_wireStats.decoded : t_wireStats.refused);
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
// nine tenths of its time under ASan (see exec::TaskThread). Kept for the
// whole run, not a few seconds: a pooled thread that ended on its idle
// timeout while libFuzzer's leak check ran had its thread_local buffers
// reported as leaked (LeakSanitizer no longer saw the thread, its TLS
// destructors had not run yet; 745,285 inputs into a delta campaign, and the
// input alone did not reproduce it). The pool never holds more threads than
// one input used at once.
void reuseThreads()
{
    static const bool once = (exec::keepIdleThreads(std::chrono::hours(24)), true);
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

namespace {
const ScratchRoot& receiverScratch()
{
    static const ScratchRoot scratch("fgfuzz");
    return scratch;
}

void describeInto(const platform::DirHandle& dir, const std::string& prefix, std::map<std::string, std::string>& out)
{
    auto names = dir.list();
    if (!names.ok()) return;
    for (const auto& entry : *names) {
        const std::string path = prefix + entry.name;
        auto info = dir.statAt(entry.name);
        if (!info.ok()) continue;
        if (info->type == platform::FileType::Directory) {
            out[path] = "/";
            if (auto sub = dir.openDir(entry.name); sub.ok()) describeInto(*sub, path + "/", out);
        } else if (info->type == platform::FileType::Symlink) {
            auto target = dir.readlinkAt(entry.name);
            out[path] = "-> " + (target.ok() ? *target : std::string("?"));
        } else if (auto file = dir.openRead(entry.name); file.ok()) {
            std::string content(size_t(info->size), '\0');
            auto got = file->pread(reinterpret_cast<uint8_t*>(content.data()), content.size(), 0);
            content.resize(got.ok() ? *got : 0);
            out[path] = std::move(content);
        }
    }
}
} // namespace

std::map<std::string, std::string> receiverTreeAfterLastRun()
{
    std::map<std::string, std::string> out;
    if (auto root = platform::DirHandle::open(receiverScratch().destination()); root.ok()) describeInto(*root, "", out);
    return out;
}

namespace {
// When the body of a session may follow its list: a sender sends file data
// only once the receiver has planned (PlanEnd), and a delta's instructions
// only once it has the old copy's signature.
enum class ReadyWhen { Planned, Signed };

// Plays a session into a fresh receiver writing into `dst`, as a sender would:
// the list, then, once the receiver is ready (or has ended), the rest and
// SenderDone; it hangs up once the receiver has ended the job or said why
// not. A list with no end is all a receiver gets before the hang-up (it
// would wait for more of it). Each wait is bounded (10 s), for inputs that
// leave a receiver waiting for something else.
void playSession(const std::string& dst, TransferParams params, std::vector<Frame> list, std::vector<Frame> rest,
                 ReadyWhen when)
{
    const bool listEnds = std::any_of(list.begin(), list.end(),
                                      [](const Frame& f) { return f.type == uint16_t(MsgType::FileListEnd); });
    // Not a structured binding: clang 14 cannot capture those in lambdas.
    auto links = makeMemoryLinkPair(64 << 20);
    FrameLinkPtr& ours = links.first;
    FrameLinkPtr& theirs = links.second;
    NullObserver observer;
    StageSet stages;
    RootSpec spec;
    spec.base = dst;
    // What a frame does to the receiver is the point, not the durability of
    // a scratch file: a syncfs per input cost most of the target's time.
    params.fsync = FsyncMode::None;
    Receiver receiver(spec, params, *theirs, {}, observer, stages);
    std::mutex mutex;
    std::condition_variable cv;
    bool ready = false;
    bool ended = false;
    auto set = [&](bool& flag) {
        std::lock_guard lock(mutex);
        flag = true;
        cv.notify_all();
    };
    // Until the flag is up or the receiver has ended.
    auto waitFor = [&](const bool& flag) {
        std::unique_lock lock(mutex);
        cv.wait_for(lock, std::chrono::seconds(10), [&] { return flag || ended; });
    };
    exec::TaskThread reader([&] {
        uint64_t signed_ = 0;
        for (;;) {
            auto f = ours->receive();
            if (!f.ok()) break;
            const auto type = MsgType(f->type);
            if (type == MsgType::JobDone || type == MsgType::Error || type == MsgType::Cancel) set(ended);
            if (when == ReadyWhen::Planned && type == MsgType::PlanEnd) set(ready);
            if (when != ReadyWhen::Signed || type != MsgType::Signature) continue;
            auto sig = fromFrame<SignatureMsg>(*f);
            if (!sig.ok() || sig->total == 0 || (signed_ += sig->blocks.size()) >= sig->total) set(ready);
        }
        set(ready);
        set(ended);
    });
    exec::TaskThread feeder([&, list = std::move(list), rest = std::move(rest)]() mutable {
        for (auto& f : list)
            if (!ours->send(std::move(f)).ok()) break;
        if (listEnds) waitFor(ready);
        for (auto& f : rest)
            if (!ours->send(std::move(f)).ok()) break;
        (void)ours->send(toFrame(SenderDoneMsg{}));
        if (listEnds) waitFor(ended);
        ours->close();
    });
    (void)receiver.run();
    // A receiver that ended without a word (it stops at a malformed frame
    // before its list is in) leaves nothing to wait for.
    set(ready);
    set(ended);
    feeder.join();
    theirs->close();
    reader.join();
}

bool isListFrame(const Frame& f)
{
    const auto type = MsgType(f.type);
    return type == MsgType::FileListBegin || type == MsgType::FileListBatch || type == MsgType::FileListSame
           || type == MsgType::TreeRoot || type == MsgType::FileListEnd;
}
} // namespace

int fuzzReceiver(const uint8_t* data, size_t size)
{
    const ScratchRoot& scratch = receiverScratch();
    reuseThreads();
    scratch.freshDestination();
    // The list is what leads the input; everything from the first other
    // frame on is the session's body.
    std::vector<Frame> list = framesOf(data, size);
    const auto body = std::find_if_not(list.begin(), list.end(), isListFrame);
    std::vector<Frame> rest(std::make_move_iterator(body), std::make_move_iterator(list.end()));
    list.erase(body, list.end());
    playSession(scratch.destination(), TransferParams{}, std::move(list), std::move(rest), ReadyWhen::Planned);
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

    // The list names the one file, changed since the old copy, so the
    // receiver signs that copy; the input is played once it has.
    std::vector<Frame> list;
    list.push_back(toFrame(FileListBeginMsg{}));
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
    list.push_back(toFrame(batch));
    FileListEndMsg end;
    end.count = 2;
    list.push_back(toFrame(end));
    TransferParams params;
    params.wholeFile = WholeFileMode::Never;
    playSession(dst, params, std::move(list), framesOf(data, size), ReadyWhen::Signed);
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

std::vector<uint8_t> probeSeedSession()
{
    // What the two ends of a probe say, in the order they say it: the request,
    // a network phase with its filler and result, the machine phase with both
    // ends' speeds, the end. Every optional field is set, so mutations start
    // inside each decoder's deepest branch.
    std::vector<Frame> frames;
    ProbeRequestMsg request;
    request.direction = Direction::Push;
    request.path = "m/sub";
    request.streams = 4;
    request.token[0] = 1;
    request.ioTimeoutSec = 30;
    request.congestion = "bbr";
    frames.push_back(toFrame(request));
    ProbePhaseMsg phase;
    phase.kind = ProbePhaseMsg::Kind::Network;
    phase.streams = 4;
    phase.milliseconds = 3000;
    frames.push_back(toFrame(phase));
    Frame fill;
    fill.type = uint16_t(MsgType::ProbeFill);
    fill.payload.assign(64, 0xA5);
    frames.push_back(fill);
    fill.flags = probe::kLastFill;
    frames.push_back(fill);
    ProbePhaseResultMsg result;
    result.drained = probe::DrainFigures{1 << 20, 3.0};
    probe::PumpFigures pumped;
    pumped.bytes = 1 << 20;
    pumped.seconds = 3.0;
    pumped.steadyBytesPerSec = 4e8;
    pumped.cpuSeconds = 0.5;
    pumped.threadSeconds = 3.0;
    pumped.windowBytes = 1 << 19;
    pumped.windowSeconds = 1.5;
    diagnosis::ConnectionEvidence connection;
    connection.busyUs = 1'500'000;
    connection.rwndLimitedUs = 900'000;
    connection.bytesSent = 1 << 19;
    connection.rttUs = 1200;
    connection.minRttUs = 80;
    connection.cwndSegments = 40;
    connection.deliveryRate = 400'000'000;
    connection.congestion = "bbr";
    pumped.connections = {connection, connection};
    result.pumped = pumped;
    frames.push_back(toFrame(result));
    phase.kind = ProbePhaseMsg::Kind::Machine;
    phase.diskBytes = 1 << 20;
    phase.diskMilliseconds = 2000;
    frames.push_back(toFrame(phase));
    ProbeMachineMsg machine;
    machine.machine.cores = 2;
    machine.machine.aesAcceleration = true;
    machine.machine.netLimits = {4 << 20, 4 << 20, 4 << 20, 6 << 20, "bbr", "reno cubic bbr"};
    machine.machine.ciphers = {{"aes128-gcm", 3.5e9, 0}, {"chacha20-poly1305", 1.2e9, 0}};
    machine.machine.compressors = {{"lz4", 2e9, 2.1}, {"zstd:1", 3.1e8, 4.0}};
    machine.machine.hashes = {{"xxh128", 1.6e10, 0}};
    machine.machine.disk.writeBytesPerSec = 4.2e8;
    machine.machine.disk.readBytesPerSec = 9e8;
    machine.machine.disk.bytes = 1 << 20;
    machine.machine.disk.where = "m/sub";
    machine.machine.disk.note = "flushed";
    frames.push_back(toFrame(machine));
    phase = ProbePhaseMsg{};
    frames.push_back(toFrame(phase));
    return encodeFrames(frames);
}

std::vector<uint8_t> summarySeedSession()
{
    // Tree summaries (protocol 17) both ways, in the order they come: the
    // sender asks, the receiver summarises breadth first, the sender gives
    // its whole tree's digest and lists one subtree as the same.
    std::vector<Frame> frames;
    FileListBeginMsg begin;
    begin.rootKind = RootKind::NamedDir;
    begin.rootName = "photos";
    begin.treeSummaries = true;
    frames.push_back(toFrame(begin));
    const Digest digest = fg::digestOf(fg::ChecksumChoice::Xxh128, "tree", 4);
    TreeSummaryMsg top;
    top.items = {{"photos", 40, digest}, {"photos/2024", 20, digest}, {"photos/2025", 19, digest}};
    frames.push_back(toFrame(top));
    TreeSummaryMsg rest;
    rest.items = {{"photos/2024/raw", 10, digest}};
    rest.last = true;
    frames.push_back(toFrame(rest));
    TreeRootMsg root;
    root.count = 40;
    root.digest = digest;
    frames.push_back(toFrame(root));
    FileListSameMsg same;
    same.path = "photos/2024";
    same.count = 20;
    frames.push_back(toFrame(same));
    FileListEndMsg end;
    end.count = 40;
    frames.push_back(toFrame(end));
    return encodeFrames(frames);
}

void writeSeedForCampaign(const std::string& name, const std::vector<uint8_t>& seed)
{
    const char* dir = std::getenv("FG_FUZZ_SEED_DIR");
    if (!dir || !*dir) return;
    const std::string path = std::string(dir) + "/" + name;
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(seed.data(), 1, seed.size(), f);
        std::fclose(f);
    }
}

std::string configSeed()
{
    return "# the NAS\n[daemon]\nlisten = [::]:7878\nstate-dir = /var/lib/floodgate\nmax-sessions = 8\n"
           "auth-timeout = 5\nmax-pending = 64\nmax-pending-per-host = 16\npair-code = ABCDE-FGHJK\n\n"
           "[module photos]\npath = /volume1/photos\nread-only = no\nwrite = laptop, SHA256:abcdefgh12\n"
           "read = *\ncomment = photos\nallow-plaintext = off\nkeep-owners = yes\n";
}

int fuzzConfig(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    fg::ServerConfig config;
    fg::Status st = fg::applyServeConfig(text, "fuzz.conf", config);
    auto fail = [](const char* what) {
        std::fprintf(stderr, "fuzzConfig: %s\n", what);
        std::abort();
    };
    if (!st) {
        if (st.error().message.find("fuzz.conf, line ") != 0) fail("an error that names no line");
        return 0;
    }
    std::set<std::string> names;
    for (const auto& m : config.modules) {
        if (m.name.empty() || m.path.empty() || m.path.front() != '/') fail("a module without a name or an absolute path");
        if (!names.insert(m.name).second) fail("a module taken twice");
        for (const auto* list : {&m.readers, &m.writers})
            for (const auto& entry : *list)
                if (entry.empty()) fail("an empty client in an access list");
    }
    return 0;
}

} // namespace fgfuzz
