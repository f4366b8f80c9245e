// The sender's half of a delta: collect the receiver's signature of its old
// copy, then match each segment of the new version against it on whichever
// worker takes the segment, sending copy instructions and literal bytes.

#include "engine/sender.h"

#include "delta/matcher.h"
#include "delta/ops.h"

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
// A receiver keeps its outstanding signatures under 32 MiB (2M blocks), plus
// the one file it was signing when it got there (at most 16M blocks).
constexpr uint64_t kMaxSignatureBlocksHeld = uint64_t(24) << 20;
} // namespace

Status Sender::onSignature(proto::SignatureMsg&& msg)
{
    auto it = m_incomingSignatures.find(msg.index);
    // Pieces still on their way for a file that failed meanwhile are dropped.
    if (it == m_incomingSignatures.end() && m_settledWhileSigning.erase(msg.index)) {
        if (msg.total > 0 && msg.first + msg.blocks.size() < msg.total) m_settledWhileSigning.insert(msg.index);
        return {};
    }
    if (it == m_incomingSignatures.end())
        return Error(Errc::Protocol, "the receiver sent a signature for file #" + std::to_string(msg.index)
                                         + ", which it did not ask to get as a delta");
    auto file = listed(msg.index);
    if (!file) return Error(Errc::Internal, "a signature for a file that was never listed");
    delta::Signature& sig = it->second;
    if (msg.total == 0) {
        // No old copy after all (or it could not be read to the end, after
        // some pieces came): the file goes whole.
        m_signatureBlocksHeld -= sig.blocks.size();
        m_incomingSignatures.erase(it);
        m_scheduler.add(msg.index, file->size);
        return {};
    }
    if (sig.blocks.empty()) {
        sig.basisSize = msg.basisSize;
        sig.blockLength = msg.blockLength;
        sig.seed = msg.seed;
    }
    // Signatures are held until their files are sent: what a receiver may
    // make us hold at once is bounded, whatever it claims.
    m_signatureBlocksHeld += msg.blocks.size();
    if (m_signatureBlocksHeld > kMaxSignatureBlocksHeld)
        return Error(Errc::Protocol, "the receiver sent signatures of more than "
                                         + std::to_string(kMaxSignatureBlocksHeld) + " blocks at once");
    // Pieces come in order, each continuing the last, all of one signature.
    if (msg.basisSize != sig.basisSize || msg.blockLength != sig.blockLength || msg.seed != sig.seed
        || msg.first != sig.blocks.size() || msg.blocks.empty())
        return Error(Errc::Protocol, "the receiver's signature of " + file->path + " came out of order");
    for (const auto& [weak, strong] : msg.blocks) sig.blocks.push_back({weak, strong});
    if (sig.blocks.size() < msg.total) return {};

    if (file->size == 0) {
        // Nothing to rebuild: an empty file is sent as what it is.
        m_signatureBlocksHeld -= sig.blocks.size();
        m_incomingSignatures.erase(it);
        m_scheduler.add(msg.index, 0);
        return {};
    }
    auto index = std::make_shared<const delta::SignatureIndex>(std::move(sig));
    m_incomingSignatures.erase(it);
    {
        std::lock_guard lock(m_streamMutex);
        m_deltaIndexes[msg.index] = std::move(index);
    }
    m_scheduler.addDelta(msg.index, file->size);
    return {};
}

Status Sender::sendDelta(const WorkItem& item, Outlet& to, DirCache& dirs)
{
    auto file = listed(item.index);
    if (!file) return Error(Errc::Internal, "work for a file that was never listed");
    std::shared_ptr<const delta::SignatureIndex> index;
    {
        std::lock_guard lock(m_streamMutex);
        auto it = m_deltaIndexes.find(item.index);
        if (it == m_deltaIndexes.end()) return {}; // settled meanwhile
        index = it->second;
    }
    auto opened = beginChunk(item, *file, dirs);
    if (!opened.ok()) return fileFailed(item.index, file->path, opened.error());
    platform::FileHandle handle = std::move(opened).value();

    const size_t capacity = kDeltaReadBytes + kDeltaBufferBlocks * size_t(index->blockLength());
    if (t_deltaBuffer.size() < capacity) t_deltaBuffer.resize(capacity);
    uint8_t* buffer = t_deltaBuffer.data();

    // Each buffer of instructions goes as one Delta frame, labelled with the
    // offset its output starts at.
    uint64_t outputAt = item.offset;
    bool first = true;
    // The instructions are compressed, literals and all: a literal run is
    // file data that the old copy did not have.
    codec::AutoCompressState compressState = m_compression.startFile(file->path);
    delta::OpEncoder encoder(kOpsPerFrame, index->blockLength(), [&](std::vector<uint8_t>& ops, uint64_t output) -> Status {
        FG_TRY(sendPacked(to, ops.data(), ops.size(), compressState, [&](const PackedPayload& out) {
            return proto::makeDeltaFrame(item.index, outputAt, out.data, out.size, first, out.algo);
        }));
        first = false;
        outputAt += output;
        return Status();
    });
    delta::Matcher matcher(*index);
    Hasher hasher(m_params.checksumChoice);
    size_t held = 0;    // bytes in the buffer not settled yet
    uint64_t read = 0;  // of the segment
    while (read < item.length || held > 0) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        const size_t want = size_t(std::min<uint64_t>(capacity - held, item.length - read));
        if (want > 0) {
            Result<size_t> got = Error();
            {
                StageTimer busy(m_readStage, StageTimer::Bucket::Busy);
                got = handle.pread(buffer + held, want, item.offset + read);
            }
            if (!got.ok()) return fileFailed(item.index, file->path, got.error());
            if (*got == 0)
                return fileFailed(item.index, file->path,
                                  Error(Errc::Vanished, file->path + " shrank while it was being sent; run the sync again"));
            m_readStage.addBytes(*got);
            {
                StageTimer busy(m_hashStage, StageTimer::Bucket::Busy);
                hasher.update(buffer + held, *got);
            }
            m_hashStage.addBytes(*got);
            held += *got;
            read += *got;
        }
        const bool final = read == item.length;
        size_t settled = 0;
        {
            StageTimer busy(m_matchStage, StageTimer::Bucket::Busy);
            settled = matcher.scan(buffer, held, final, encoder);
        }
        m_matchStage.addBytes(settled);
        if (!encoder.status()) return encoder.status();
        std::memmove(buffer, buffer + settled, held - settled);
        held -= settled;
        if (!chunkProgress(item, *file, settled)) return {};
        if (final && held == 0) break;
    }
    FG_TRY(encoder.finish());
    m_matchStage.addItems(1);
    return finishChunk(item, *file, hasher.digest(), to.link);
}

} // namespace fg
