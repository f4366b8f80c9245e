// The receiver's half of a delta: sign the old copy of each file that comes
// as a delta (on a thread of its own, so signing one file overlaps the
// transfer of others), then rebuild the new version from the sender's
// instructions into the temporary file, reading the old copy where they say.

#include "engine/receiver.h"

#include "common/path.h"
#include "delta/signature.h"

#include <algorithm>
#include <thread>

namespace fg {
namespace {
// Signatures sent for files not settled yet: the sender holds each until its
// file is sent, so this bounds its memory (and ours) however many files
// change. 16 bytes a block in memory: 32 MiB is the signature of ~32 GiB of
// old copies in 16 KiB blocks (1 GiB files), more for bigger files.
constexpr uint64_t kMaxOutstandingSignatureBytes = 32u << 20;
// Old copies this big are signed by several threads, each over its own range.
constexpr uint64_t kParallelSignBytes = 64u << 20;
constexpr unsigned kMaxSignThreads = 4;
// Each thread reads this much at a time (rounded to whole blocks).
constexpr size_t kSignReadBytes = 1u << 20;

// Signs whole blocks [first, first + count) of `file`.
Status signRange(platform::FileHandle& file, uint32_t blockLength, uint64_t seed, uint64_t first, uint64_t count,
                 std::vector<delta::BlockSignature>& out)
{
    const size_t perRead = std::max<size_t>(1, kSignReadBytes / blockLength) * blockLength;
    std::vector<uint8_t> buffer(perRead);
    out.reserve(out.size() + count);
    const uint64_t end = (first + count) * blockLength;
    for (uint64_t at = first * blockLength; at < end;) {
        const size_t want = size_t(std::min<uint64_t>(perRead, end - at));
        // pread reads all it asks for unless the file ends first.
        FG_TRY_ASSIGN(size_t got, file.pread(buffer.data(), want, at));
        if (got != want) return Error(Errc::Vanished, "the old copy shrank while it was read");
        delta::signBlocks(buffer.data(), want, blockLength, seed, out);
        at += want;
    }
    return {};
}
} // namespace

// ---- signing -------------------------------------------------------------------

void Receiver::signLoop()
{
    if (!m_rootDir) return;
    auto dup = m_rootDir->duplicate();
    if (!dup.ok()) return fail(dup.error());
    DirCache dirs(std::move(dup).value());
    for (;;) {
        std::optional<uint32_t> index;
        {
            StageTimer wait(m_signStage, StageTimer::Bucket::WaitInput);
            index = m_signQueue.pop();
        }
        if (!index || cancelled()) return;
        {
            StageTimer wait(m_signStage, StageTimer::Bucket::WaitOutput);
            std::unique_lock lock(m_basisMutex);
            m_basisCv.wait(lock, [&] { return m_signaturesOutstanding < kMaxOutstandingSignatureBytes || cancelled(); });
        }
        if (cancelled()) return;
        signOne(*index, dirs);
    }
}

void Receiver::signOne(uint32_t index, DirCache& dirs)
{
    std::string target;
    {
        std::lock_guard lock(m_listMutex);
        if (m_wants[index] == Want::Finished) return;
        target = targetPath(m_list.view(index).path);
    }
    // What an interrupted run left holds more of the new version than the
    // old copy does: it is the better basis when it is there.
    std::string basisName(baseName(target));
    {
        std::lock_guard lock(m_basisMutex);
        if (auto it = m_partials.find(index); it != m_partials.end()) basisName = it->second;
    }
    Status st = [&]() -> Status {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentOf(target)));
        FG_TRY_ASSIGN(platform::FileHandle file, parent->openRead(basisName));
        FG_TRY_ASSIGN(platform::FileInfo info, file.stat());
        if (info.type != platform::FileType::Regular)
            return Error(Errc::Vanished, "the old copy is no longer a regular file");
        return sendSignature(index, basisName, file, info);
    }();
    if (st) return;
    if (cancelled() || st.error().code == Errc::Network) return;
    // Without its old copy the file still goes, whole: say so and carry on.
    notice(false, target, Error(st.error().code, "sending it whole: its old copy could not be read (" + st.error().message + ")"));
    proto::SignatureMsg none;
    none.index = index;
    if (Status sent = m_link.send(proto::toFrame(none)); !sent) fail(sent.error());
}

Status Receiver::sendSignature(uint32_t index, const std::string& basisName, platform::FileHandle& file,
                               const platform::FileInfo& info)
{
    const uint32_t blockLength = delta::blockLengthFor(info.size);
    const uint64_t blocks = delta::wholeBlocks(info.size, blockLength);
    if (blocks > std::numeric_limits<uint32_t>::max())
        return Error(Errc::InvalidArgument, "the old copy has too many blocks for a delta");
    std::vector<delta::BlockSignature> signature;
    {
        StageTimer busy(m_signStage, StageTimer::Bucket::Busy);
        // Big old copies are read by several threads at once: hashing keeps
        // up with a fast disk only that way, and a cold disk likes the depth.
        const unsigned threads = info.size >= kParallelSignBytes
                                     ? std::min(kMaxSignThreads, std::max(2u, std::thread::hardware_concurrency()))
                                     : 1;
        std::vector<std::vector<delta::BlockSignature>> parts(threads);
        std::vector<Status> results(threads);
        std::vector<std::thread> pool;
        const uint64_t per = (blocks + threads - 1) / threads;
        for (unsigned t = 0; t < threads; ++t) {
            const uint64_t first = std::min(blocks, t * per);
            const uint64_t count = std::min(blocks, first + per) - first;
            auto work = [&, t, first, count] {
                results[t] = signRange(file, blockLength, m_deltaSeed, first, count, parts[t]);
            };
            if (t + 1 == threads) work();
            else pool.emplace_back(work);
        }
        for (auto& th : pool) th.join();
        for (auto& r : results) FG_TRY(r);
        signature.reserve(blocks);
        for (auto& part : parts) signature.insert(signature.end(), part.begin(), part.end());
    }
    m_signStage.addBytes(blocks * blockLength);
    m_signStage.addItems(1);

    // Recorded before the first piece goes: the sender may answer at once.
    {
        std::lock_guard lock(m_basisMutex);
        const uint64_t bytes = blocks * sizeof(delta::BlockSignature);
        m_bases[index] = SignedBasis{basisName, info.size, info.mtimeNs, blockLength, bytes};
        m_signaturesOutstanding += bytes;
    }
    proto::SignatureMsg msg;
    msg.index = index;
    msg.basisSize = info.size;
    msg.blockLength = blockLength;
    msg.seed = m_deltaSeed;
    msg.total = uint32_t(blocks);
    uint64_t first = 0;
    do {
        const uint64_t n = std::min<uint64_t>(proto::kSignatureBlocksPerFrame, blocks - first);
        msg.first = uint32_t(first);
        msg.blocks.clear();
        for (uint64_t i = first; i < first + n; ++i) msg.blocks.emplace_back(signature[i].weak, signature[i].strong);
        FG_TRY(m_link.send(proto::toFrame(msg)));
        first += n;
    } while (first < blocks);
    return {};
}

void Receiver::forgetBasis(uint32_t index)
{
    std::lock_guard lock(m_basisMutex);
    m_partials.erase(index);
    auto it = m_bases.find(index);
    if (it == m_bases.end()) return;
    m_signaturesOutstanding -= it->second.signatureBytes;
    m_bases.erase(it);
    m_basisCv.notify_all();
}

double Receiver::basisReadRate() const
{
    const StageSnapshot s = m_signStage.snapshot();
    // Too little read yet says nothing about the disk.
    if (s.bytes < (64u << 20) || s.busyNs == 0) return 0;
    return double(s.bytes) * 1e9 / double(s.busyNs);
}

double Receiver::receiveRate() const
{
    const StageSnapshot s = m_receiveStage.snapshot();
    const uint64_t elapsed = monotonicNs() - m_startNs;
    if (s.bytes < (64u << 20) || elapsed == 0) return 0;
    return double(s.bytes) * 1e9 / double(elapsed);
}

// ---- rebuilding ------------------------------------------------------------------

Status Receiver::openBasis(OpenFile& file, uint32_t index, const std::string& target, DirCache& dirs)
{
    SignedBasis signedAs;
    {
        std::lock_guard lock(m_basisMutex);
        auto it = m_bases.find(index);
        if (it == m_bases.end())
            return Error(Errc::Protocol, "the sender sent a delta for " + target + " before its signature");
        signedAs = it->second;
    }
    FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentOf(target)));
    FG_TRY_ASSIGN(platform::FileHandle basis, parent->openRead(signedAs.name));
    FG_TRY_ASSIGN(platform::FileInfo info, basis.stat());
    if (info.type != platform::FileType::Regular || info.size != signedAs.size || info.mtimeNs != signedAs.mtimeNs)
        return Error(Errc::Vanished, "the old copy of " + target
                                         + " changed while it was being updated; it was kept as it is now; run the sync again");
    file.basis = std::move(basis);
    file.geometry = delta::BasisGeometry{signedAs.size, signedAs.blockLength};
    return {};
}

void Receiver::handleDelta(Writer& w, const Inbound& in, DirCache& dirs)
{
    const uint8_t* ops = nullptr;
    size_t n = 0;
    auto header = proto::decodeDataHeader(in.frame, &ops, &n);
    if (!header.ok()) return fail(header.error());
    FileEntry entry;
    OpenFile* file = openFor(w, header->index, dirs, &entry);
    if (!file) return;
    const std::string target = targetPath(entry.path);
    if (!file->basis) {
        Status st = openBasis(*file, header->index, target, dirs);
        if (!st) {
            if (st.error().code == Errc::Protocol) return fail(st.error());
            dropOpenFile(w, header->index, dirs);
            return failFile(header->index, st.error(), true);
        }
    }
    ChunkState* chunk = chunkFor(*file, header->offset, in.link, in.frame.flags & proto::kDataStart);
    if (!chunk) return;

    // A write error is the file's; anything else wrong is the sender's.
    std::optional<Error> writeError;
    uint64_t written = 0;
    const delta::ReadBasis readBasis = [&](uint64_t offset, uint8_t* into, size_t length) -> Status {
        StageTimer busy(m_writeStage, StageTimer::Bucket::Busy);
        FG_TRY_ASSIGN(size_t got, file->basis->pread(into, length, offset));
        if (got != length) return Error(Errc::Vanished, "the old copy of " + target + " shrank while it was being updated");
        return {};
    };
    const delta::WriteOutput write = [&](const uint8_t* data, size_t length) -> Status {
        if (chunk->next + length > entry.size)
            return Error(Errc::Protocol, "a delta for " + target + " rebuilds more than the file's listed size");
        {
            StageTimer busy(m_writeStage, StageTimer::Bucket::Busy);
            if (Status st = file->handle.pwriteAll(data, length, chunk->next); !st) {
                writeError = st.error();
                return st;
            }
        }
        {
            StageTimer busy(m_verifyStage, StageTimer::Bucket::Busy);
            chunk->hasher.update(data, length);
        }
        chunk->next += length;
        written += length;
        return {};
    };
    thread_local std::vector<uint8_t> scratch;
    Status st = delta::applyOps(ops, n, file->geometry, readBasis, write, scratch);
    m_writeStage.addBytes(written);
    m_verifyStage.addBytes(written);
    if (!st) {
        if (st.error().code == Errc::Protocol) return fail(st.error());
        dropOpenFile(w, header->index, dirs);
        return failFile(header->index, writeError ? *writeError : st.error(), true);
    }
    reportProgress(header->index, *file);
}

} // namespace fg
