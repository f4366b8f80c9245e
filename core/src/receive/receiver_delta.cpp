// The receiver's half of a delta: sign the old copy of each file that comes
// as a delta (on a thread of its own, so signing one file overlaps the
// transfer of others), then rebuild the new version from the sender's
// instructions into the temporary file, reading the old copy where they say.

#include "receive/receiver.h"

#include "common/path.h"
#include "delta/signature.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace fg {
namespace {
// Signatures sent for files not settled yet: the sender holds each until its
// file is sent, so this bounds its memory (and ours) however many files
// change. 16 bytes a block in memory: 32 MiB is the signature of ~32 GiB of
// old copies in 16 KiB blocks (1 GiB files), more for bigger files.
constexpr uint64_t kMaxOutstandingSignatureBytes = 32u << 20;
// Old copies kept open from their signing to their rebuilding, at most: a
// job that changed a million files does not hold a million descriptors.
// Past it, the rebuilding opens the old copy again by name.
constexpr size_t kMaxHeldBases = 256;
// Old copies this big are signed by several threads, each over its own range.
constexpr uint64_t kParallelSignBytes = 64u << 20;
constexpr unsigned kMaxSignThreads = 4;
// Each thread reads this much at a time (rounded to whole blocks).
constexpr size_t kSignReadBytes = 1u << 20;
// Blocks a signature piece (one Signature frame) covers: 16 MiB of a 1 GiB
// old copy, 12 KB of signature, about what a new connection may send in its
// first round trip. The first piece leaves after 1/64 of the signing (~15 ms
// here, against ~60 ms with 4096 blocks): the signature's slow start, a few
// round trips long, begins that much sooner.
constexpr uint64_t kSignaturePieceBlocks = 1024;
static_assert(kSignaturePieceBlocks <= proto::kSignatureBlocksPerFrame);

// Signs whole blocks [first, first + count) of `file`.
Status signRange(platform::FileHandle& file, uint32_t blockLength, uint64_t seed, uint64_t first, uint64_t count,
                 std::vector<delta::BlockSignature>& out)
{
    // No bigger than the range: a small old copy is not worth a megabyte.
    const uint64_t blocksPerRead = std::min<uint64_t>(count, std::max<size_t>(1, kSignReadBytes / blockLength));
    const size_t perRead = size_t(blocksPerRead) * blockLength;
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
    StageTrack track(m_stages, {StageId::Sign});
    for (;;) {
        std::optional<uint32_t> index;
        {
            StageScope wait(StageId::Sign, StageState::WaitInput);
            index = m_signQueue.pop();
        }
        if (!index || cancelled()) return;
        {
            StageScope wait(StageId::Sign, StageState::WaitOutput);
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
        FG_TRY_ASSIGN(platform::FileHandle opened, openBeside(target, basisName, dirs));
        auto file = std::make_shared<platform::FileHandle>(std::move(opened));
        FG_TRY_ASSIGN(platform::FileInfo info, file->stat());
        if (info.type != platform::FileType::Regular)
            return Error(Errc::Vanished, "the old copy is no longer a regular file");
        return sendSignature(index, basisName, file, info);
    }();
    if (st) return;
    if (cancelled() || st.error().code == Errc::Network) return;
    // Pieces may have gone already: the sender drops them on the empty
    // signature below, and so do we.
    dropSignature(index);
    // Without its old copy the file still goes, whole: say so and carry on.
    notice(false, target, Error(st.error().code, "sending it whole: its old copy could not be read (" + st.error().message + ")"));
    proto::SignatureMsg none;
    none.index = index;
    if (Status sent = m_link.send(proto::toFrame(none)); !sent) fail(sent.error());
}

Status Receiver::sendSignature(uint32_t index, const std::string& basisName,
                               const std::shared_ptr<platform::FileHandle>& basis, const platform::FileInfo& info)
{
    platform::FileHandle& file = *basis;
    const uint32_t blockLength = delta::blockLengthFor(info.size);
    const uint64_t blocks = delta::wholeBlocks(info.size, blockLength);
    if (blocks > std::numeric_limits<uint32_t>::max())
        return Error(Errc::InvalidArgument, "the old copy has too many blocks for a delta");

    // Recorded before the first piece goes: the sender may answer at once.
    {
        std::lock_guard lock(m_basisMutex);
        const uint64_t bytes = blocks * sizeof(delta::BlockSignature);
        // Kept open, the copy signed is the copy rebuilt from, whatever
        // takes its name meanwhile: another job's new version, or its
        // partial file used up by another job.
        const bool hold = m_heldBases < kMaxHeldBases;
        m_bases[index] = SignedBasis{basisName, info.size, info.mtimeNs, blockLength, bytes, hold ? basis : nullptr};
        m_heldBases += hold ? 1 : 0;
        m_signaturesOutstanding += bytes;
    }
    proto::SignatureMsg msg;
    msg.index = index;
    msg.basisSize = info.size;
    msg.blockLength = blockLength;
    msg.seed = m_deltaSeed;
    msg.total = uint32_t(blocks);
    auto sendPiece = [&](uint64_t first, const std::vector<delta::BlockSignature>& piece) -> Status {
        msg.first = uint32_t(first);
        msg.blocks.clear();
        for (const auto& b : piece) msg.blocks.emplace_back(b.weak, b.strong);
        StageScope out(StageId::Sign, StageState::WaitOutput);
        return m_link.send(proto::toFrame(msg));
    };
    // Big old copies are read by several threads at once: hashing keeps up
    // with a fast disk only that way, and a cold disk likes the depth.
    const unsigned threads = info.size >= kParallelSignBytes
                                 ? std::min(kMaxSignThreads, std::max(2u, std::thread::hardware_concurrency()))
                                 : 1;
    FG_TRY_ASSIGN(uint64_t signNs, signInPieces(file, blockLength, blocks, threads, sendPiece));
    m_signWallNs.fetch_add(signNs, std::memory_order_relaxed);
    m_signStage.addBytes(blocks * blockLength);
    m_signStage.addItems(1);
    return {};
}

Result<uint64_t> Receiver::signInPieces(platform::FileHandle& file, uint32_t blockLength, uint64_t blocks,
                                        unsigned threads, const SignaturePieceSink& send)
{
    // The pieces go out in file order as soon as each (and every one before
    // it) is signed: the first travel while the rest are still being read,
    // so a slow link and a slow disk overlap instead of adding up.
    const uint64_t pieceCount = std::max<uint64_t>(1, (blocks + kSignaturePieceBlocks - 1) / kSignaturePieceBlocks);
    const uint64_t started = monotonicNs();
    if (threads <= 1) {
        std::vector<delta::BlockSignature> piece;
        uint64_t signNs = 0;
        for (uint64_t p = 0; p < pieceCount; ++p) {
            const uint64_t first = p * kSignaturePieceBlocks;
            const uint64_t before = monotonicNs();
            piece.clear();
            FG_TRY(signRange(file, blockLength, m_deltaSeed, first, std::min(kSignaturePieceBlocks, blocks - first), piece));
            signNs += monotonicNs() - before;
            FG_TRY(send(first, piece));
        }
        return signNs;
    }

    struct Piece {
        std::vector<delta::BlockSignature> blocks;
        Status status;
        bool done = false;
    };
    std::vector<Piece> pieces(pieceCount);
    std::mutex mutex;
    std::condition_variable doneCv;
    std::atomic<uint64_t> next{0};
    std::atomic<bool> stop{false};
    uint64_t lastDoneNs = started; // guarded by mutex
    auto work = [&] {
        StageTrack track(m_stages, {StageId::Sign});
        for (uint64_t p; !stop && (p = next++) < pieceCount;) {
            const uint64_t first = p * kSignaturePieceBlocks;
            std::vector<delta::BlockSignature> out;
            Status st = signRange(file, blockLength, m_deltaSeed, first, std::min(kSignaturePieceBlocks, blocks - first), out);
            {
                std::lock_guard lock(mutex);
                pieces[p] = Piece{std::move(out), std::move(st), true};
                lastDoneNs = monotonicNs();
            }
            doneCv.notify_all();
        }
    };
    std::vector<exec::TaskThread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
    Status result;
    for (uint64_t p = 0; p < pieceCount && result; ++p) {
        std::vector<delta::BlockSignature> ready;
        {
            StageScope wait(StageId::Sign, StageState::WaitInput);
            std::unique_lock lock(mutex);
            doneCv.wait(lock, [&] { return pieces[p].done; });
            if (!pieces[p].status) {
                result = pieces[p].status;
                break;
            }
            ready = std::move(pieces[p].blocks);
        }
        result = send(p * kSignaturePieceBlocks, ready);
    }
    stop = true;
    for (auto& th : pool) th.join();
    FG_TRY(result);
    return lastDoneNs - started;
}

void Receiver::forgetBasis(uint32_t index)
{
    {
        std::lock_guard lock(m_basisMutex);
        m_partials.erase(index);
    }
    dropSignature(index);
}

void Receiver::dropSignature(uint32_t index)
{
    std::lock_guard lock(m_basisMutex);
    auto it = m_bases.find(index);
    if (it == m_bases.end()) return;
    m_signaturesOutstanding -= it->second.signatureBytes;
    if (it->second.held) --m_heldBases;
    m_bases.erase(it);
    m_basisCv.notify_all();
}

double Receiver::basisReadRate() const
{
    // Against the signing's wall time: several threads read one copy at once.
    const uint64_t bytes = m_signStage.bytes();
    const uint64_t ns = m_signWallNs.load(std::memory_order_relaxed);
    // Too little read yet says nothing about the disk.
    if (bytes < (64u << 20) || ns == 0) return 0;
    return double(bytes) * 1e9 / double(ns);
}

double Receiver::receiveRate() const
{
    const uint64_t bytes = m_receiveStage.bytes();
    const uint64_t elapsed = monotonicNs() - m_startNs;
    if (bytes < (64u << 20) || elapsed == 0) return 0;
    return double(bytes) * 1e9 / double(elapsed);
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
    if (signedAs.held) {
        file.basis = std::move(signedAs.held);
    } else {
        FG_TRY_ASSIGN(platform::FileHandle basis, openBeside(target, signedAs.name, dirs));
        FG_TRY_ASSIGN(platform::FileInfo info, basis.stat());
        if (info.type != platform::FileType::Regular || info.size != signedAs.size || info.mtimeNs != signedAs.mtimeNs)
            return Error(Errc::Vanished, "the old copy of " + target
                                             + " changed while it was being updated; it was kept as it is now; run the "
                                               "sync again");
        file.basis = std::make_shared<platform::FileHandle>(std::move(basis));
    }
    file.geometry = delta::BasisGeometry{signedAs.size, signedAs.blockLength};
    return {};
}

void Receiver::handleDelta(const Inbound& in, DirCache& dirs)
{
    const uint8_t* ops = nullptr;
    size_t n = 0;
    auto header = proto::decodeDataHeader(in.frame, &ops, &n);
    if (!header.ok()) return fail(header.error());
    const bool starts = in.frame.flags & proto::kDataStart;
    const bool fill = in.frame.flags & proto::kDeltaFill;
    if (starts && fill) return fail(Error(Errc::Protocol, "a delta frame both starts a segment and fills one in"));
    FileEntry entry;
    std::shared_ptr<OpenFile> file = openFor(header->index, dirs, &entry);
    if (!file) return;
    const std::string target = targetPath(entry.path);
    // Shared: segments of a big delta on other links rebuild at the same time.
    std::shared_lock gate(file->gate);
    std::shared_ptr<ChunkState> chunk;
    Status basisOpened;
    {
        std::lock_guard lock(file->state);
        if (file->closed) return;
        // The first segment to come opens the old copy for all of them.
        if (!file->basis) basisOpened = openBasis(*file, header->index, target, dirs);
        if (basisOpened) chunk = chunkFor(*file, header->offset, in.link, starts, fill);
    }
    if (!basisOpened) {
        if (basisOpened.error().code == Errc::Protocol) return fail(basisOpened.error());
        gate.unlock();
        return giveUp(*file, header->index, basisOpened.error(), dirs);
    }
    if (!chunk) return;

    // The first pass writes what it rebuilds wherever it goes, and hashes it
    // while nothing before it is missing; the second fills in what the first
    // left out, from where the hashing stopped, and hashes everything on its
    // way, reading back from the temporary file what the first pass wrote.
    // Neither writes outside the segment: the first stays within the file,
    // the second behind the first.
    const uint64_t limit = fill ? chunk->next.load() : entry.size;
    uint64_t at = header->offset;
    // A write error is the file's; anything else wrong is the sender's.
    std::optional<Error> fileError;
    uint64_t written = 0;
    uint64_t readBack = 0;
    auto within = [&](uint64_t length) -> Status {
        if (length > limit - at)
            return Error(Errc::Protocol, fill ? "a delta for " + target + " fills in past what its first pass covered"
                                              : "a delta for " + target + " rebuilds more than the file's listed size");
        return {};
    };
    auto hashInOrder = [&](const uint8_t* data, size_t length) {
        if (chunk->hashed != at) return;
        StageScope busy(StageId::Verify, StageState::Busy);
        chunk->hasher.update(data, length);
        chunk->hashed += length;
    };
    // Rebuilding is the apply stage's (reading the old copy included); the
    // writes, and the hashing of what they wrote, count as write and verify.
    const delta::ReadBasis readBasis = [&](uint64_t offset, uint8_t* into, size_t length) -> Status {
        FG_TRY_ASSIGN(size_t got, file->basis->pread(into, length, offset));
        if (got != length) return Error(Errc::Vanished, "the old copy of " + target + " shrank while it was being updated");
        file->fromBasis.fetch_add(length, std::memory_order_relaxed);
        m_stages[StageId::Apply].addBytes(length);
        return {};
    };
    const delta::WriteOutput write = [&](const uint8_t* data, size_t length) -> Status {
        FG_TRY(within(length));
        {
            StageScope busy(StageId::Write, StageState::Busy);
            std::lock_guard one(file->writing);
            if (Status st = file->handle.pwriteAll(data, length, at); !st) {
                fileError = st.error();
                return st;
            }
        }
        hashInOrder(data, length);
        at += length;
        written += length;
        return {};
    };
    thread_local std::vector<uint8_t> readBuffer;
    const delta::SkipOutput skip = [&](uint64_t length) -> Status {
        FG_TRY(within(length));
        if (!fill) {
            at += length; // the second pass brings it
            return {};
        }
        // The first pass wrote it: hashed as it is in the file now.
        for (uint64_t done = 0; done < length;) {
            const size_t piece = size_t(std::min<uint64_t>(length - done, 1u << 20));
            if (readBuffer.size() < piece) readBuffer.resize(piece);
            Result<size_t> got = Error();
            {
                StageScope busy(StageId::Verify, StageState::Busy);
                got = file->handle.pread(readBuffer.data(), piece, at);
            }
            if (!got.ok()) {
                fileError = got.error();
                return got.error();
            }
            if (*got != piece) {
                fileError = Error(Errc::Io, "the temporary file of " + target + " is shorter than what was written to it");
                return *fileError;
            }
            hashInOrder(readBuffer.data(), piece);
            at += piece;
            done += piece;
            readBack += piece;
        }
        return {};
    };
    thread_local std::vector<uint8_t> scratch;
    Status st;
    {
        StageScope busy(StageId::Apply, StageState::Busy);
        st = delta::applyOps(ops, n, file->geometry, readBasis, write, skip, scratch);
    }
    if (!fill && st) chunk->next = at;
    m_writeStage.addBytes(written);
    m_verifyStage.addBytes(written + readBack);
    if (!st) {
        if (st.error().code == Errc::Protocol) return fail(st.error());
        gate.unlock();
        return giveUp(*file, header->index, fileError ? *fileError : st.error(), dirs);
    }
    reportProgress(header->index, *file);
}

} // namespace fg
