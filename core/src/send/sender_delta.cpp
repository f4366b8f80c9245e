// The sender's half of a delta: collect the receiver's signature of its old
// copy, then match each segment of the new version against it on whichever
// worker takes the segment, sending copy instructions at once and literal
// bytes behind them (delta/two_pass.h says why).

#include "send/sender.h"

#include "delta/matcher.h"
#include "delta/ops.h"
#include "platform/socket.h"

#include <cstring>

namespace fg {
namespace {
// Input is read this much at a time, and the buffer holds at least a few
// blocks besides, so a window never has to wait for a read to cross it.
constexpr size_t kDeltaReadBytes = 1u << 20;
constexpr size_t kDeltaBufferBlocks = 4;
// Instructions per frame, leaving room for the Delta header.
constexpr size_t kOpsPerFrame = proto::kMaxDataPayload - proto::kDataHeaderSize;

thread_local std::vector<uint8_t> t_deltaBuffer;
// The first pass goes at least every this much output, so the receiver can
// rebuild from the old copy while later blocks are still being matched.
constexpr uint64_t kFirstPassAhead = 4u << 20;
// A worker holds at most this much of its segments' literals back behind
// their first passes before it waits for the link (1 % of 3 GiB of changed
// file, all of a 32 MiB segment that is all new).
constexpr uint64_t kMaxTailBytes = 32u << 20;

// True when the link would take another frame now without waiting: its
// socket's unsent bytes are under the mark (see boundUnsentBacklog). Links
// without a socket of their own (ssh, in-process) always say yes.
bool linkTakesMore(proto::FrameLink& link)
{
    const int fd = link.socketFd();
    if (fd < 0) return true;
    auto ready = platform::waitReady(fd, platform::Readiness::Writable, 0);
    return !ready.ok() || *ready;
}
} // namespace

Status Sender::onSignature(proto::SignatureMsg&& msg)
{
    const uint32_t index = msg.index;
    auto file = listed(index);
    FG_TRY_ASSIGN(SignatureInbox::Taken taken,
                  m_signatures.take(std::move(msg), file ? file->size : 0, file ? file->path : std::string()));
    if (taken == SignatureInbox::Taken::More || taken == SignatureInbox::Taken::Dropped) return {};
    if (!file) return Error(Errc::Internal, "a signature for a file that was never listed");
    if (taken == SignatureInbox::Taken::Whole) m_scheduler.add(index, file->size);
    else m_scheduler.addDelta(index, file->size);
    return {};
}

Status Sender::sendDelta(const WorkItem& item, Outlet& to, DirCache& dirs)
{
    auto file = listed(item.index);
    if (!file) return Error(Errc::Internal, "work for a file that was never listed");
    const std::shared_ptr<const delta::SignatureIndex> index = m_signatures.indexOf(item.index);
    if (!index) return {}; // settled meanwhile
    auto opened = beginChunk(item, *file, dirs);
    if (!opened.ok()) return fileFailed(item.index, file->path, opened.error());
    platform::FileHandle handle = std::move(opened).value();

    const size_t capacity = kDeltaReadBytes + kDeltaBufferBlocks * size_t(index->blockLength());
    if (t_deltaBuffer.size() < capacity) t_deltaBuffer.resize(capacity);
    uint8_t* buffer = t_deltaBuffer.data();

    // The instructions are compressed, literals and all: a literal run is
    // file data that the old copy did not have.
    to.tails.push_back(DeltaTail{item, *file, m_compression.startFile(file->path), {}, std::nullopt, item.offset});
    // (a deque keeps references to its elements while it grows at the back,
    // and sendTails takes only finished tails off the front)
    DeltaTail& tail = to.tails.back();
    bool finished = false;
    struct DropUnfinished {
        Outlet& to;
        const bool& finished;
        ~DropUnfinished()
        {
            if (finished || to.tails.empty()) return;
            for (const auto& f : to.tails.back().literals) to.tailBytes -= f.ops.size();
            to.tails.pop_back();
        }
    } dropUnfinished{to, finished};

    delta::Matcher matcher(*index);
    delta::TwoPassEncoder encoder(kOpsPerFrame, index->blockLength(), item.offset);
    bool first = true;
    // The first pass so far goes now (and out of the link's batch at once);
    // the literal frames it covers join the tail.
    auto sendFirstPass = [&]() -> Status {
        matcher.emitRun(encoder);
        for (auto& f : encoder.takeCopies()) {
            FG_TRY(sendPacked(to, f.ops.data(), f.ops.size(), tail.compress, [&](const PackedPayload& out) {
                return proto::makeDeltaFrame(item.index, f.offset, out.data, out.size, first, out.algo);
            }));
            first = false;
        }
        FG_TRY(to.link.flush());
        for (auto& f : encoder.takeLiterals(false)) {
            to.tailBytes += f.ops.size();
            tail.literals.push_back(std::move(f));
        }
        return {};
    };
    Hasher hasher(m_params.checksumChoice);
    size_t held = 0;    // bytes in the buffer not settled yet
    uint64_t read = 0;  // of the segment
    while (read < item.length || held > 0) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        const size_t want = size_t(std::min<uint64_t>(capacity - held, item.length - read));
        if (want > 0) {
            Result<size_t> got = Error();
            {
                StageScope busy(StageId::Read, StageState::Busy);
                got = handle.pread(buffer + held, want, item.offset + read);
            }
            if (!got.ok()) return fileFailed(item.index, file->path, got.error());
            if (*got == 0)
                return fileFailed(item.index, file->path,
                                  Error(Errc::Vanished, file->path + " shrank while it was being sent; run the sync again"));
            m_readStage.addBytes(*got);
            {
                StageScope busy(StageId::Hash, StageState::Busy);
                hasher.update(buffer + held, *got);
            }
            m_hashStage.addBytes(*got);
            held += *got;
            read += *got;
        }
        const bool final = read == item.length;
        size_t settled = 0;
        {
            StageScope busy(StageId::Match, StageState::Busy);
            settled = matcher.scan(buffer, held, final, encoder);
        }
        m_matchStage.addBytes(settled);
        std::memmove(buffer, buffer + settled, held - settled);
        held -= settled;
        if (!chunkProgress(item, *file, 0)) return {}; // settled meanwhile
        if (final && held == 0) break;
        // Literals ready, or a good stretch of copies: the first pass goes,
        // and as much of the tails as the link takes without waiting.
        if (encoder.literalFramesReady() > 0 || encoder.copiesPending() >= kFirstPassAhead) {
            FG_TRY(sendFirstPass());
            FG_TRY(sendTails(to, kMaxTailBytes));
        }
    }
    FG_TRY(sendFirstPass());
    for (auto& f : encoder.takeLiterals(true)) {
        to.tailBytes += f.ops.size();
        tail.literals.push_back(std::move(f));
    }
    tail.hash = hasher.digest();
    finished = true;
    m_matchStage.addItems(1);
    return sendTails(to, kMaxTailBytes);
}

Status Sender::sendTails(Outlet& to, uint64_t keep)
{
    while (!to.tails.empty()) {
        DeltaTail& tail = to.tails.front();
        if (tail.literals.empty()) {
            if (!tail.hash) return {}; // still being matched: its next frames are not made yet
            FG_TRY(finishChunk(tail.item, tail.item.length, tail.file, *tail.hash, to.link));
            (void)chunkProgress(tail.item, tail.file, tail.item.offset + tail.item.length - tail.progressAt);
            to.tails.pop_front();
            continue;
        }
        if (to.tailBytes <= keep && !linkTakesMore(to.link)) return {};
        delta::PassFrame& f = tail.literals.front();
        if (!chunkProgress(tail.item, tail.file, f.offset + f.length - tail.progressAt)) {
            // Settled meanwhile (failed elsewhere): the rest of it is not
            // wanted. One still being matched is dropped by sendDelta, which
            // finds the file settled too.
            for (const auto& pending : tail.literals) to.tailBytes -= pending.ops.size();
            tail.literals.clear();
            if (!tail.hash) return {};
            to.tails.pop_front();
            continue;
        }
        tail.progressAt = f.offset + f.length;
        FG_TRY(sendPacked(to, f.ops.data(), f.ops.size(), tail.compress, [&](const PackedPayload& out) {
            return proto::makeDeltaFrame(tail.item.index, f.offset, out.data, out.size, false, out.algo, true);
        }));
        to.tailBytes -= f.ops.size();
        tail.literals.pop_front();
    }
    return {};
}

} // namespace fg
