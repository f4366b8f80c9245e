#include "receive/basis_signer.h"

#include "common/clock.h"
#include "common/path.h"
#include "metrics/stage_track.h"
#include "proto/messages.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <thread>

namespace fg {
namespace {
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

BasisSigner::BasisSigner(StageSet& stages, Host host, uint64_t seed, Limits limits)
    : m_stages(stages), m_signStage(stages[StageId::Sign]), m_host(std::move(host)), m_seed(seed), m_limits(limits),
      m_queue(std::numeric_limits<size_t>::max())
{
}

BasisSigner::~BasisSigner()
{
    abort();
    finish();
}

void BasisSigner::start(platform::DirHandle root)
{
    // (A task must be copyable; the handle is moved out once, on the thread.)
    auto handle = std::make_shared<platform::DirHandle>(std::move(root));
    m_thread = exec::TaskThread([this, handle] { signLoop(std::move(*handle)); });
}

void BasisSigner::enqueue(uint32_t index) { (void)m_queue.push(index); }

void BasisSigner::finish()
{
    m_queue.close();
    if (m_thread.joinable()) m_thread.join();
}

void BasisSigner::abort()
{
    m_aborted = true;
    m_queue.abort();
    std::lock_guard lock(m_mutex);
    m_roomCv.notify_all();
}

bool BasisSigner::stopping() const { return m_aborted.load() || m_host.cancelled(); }

void BasisSigner::notePartial(uint32_t index, std::string pathFromTargetDir)
{
    std::lock_guard lock(m_mutex);
    m_partials[index] = std::move(pathFromTargetDir);
}

std::optional<std::string> BasisSigner::partialOf(uint32_t index) const
{
    std::lock_guard lock(m_mutex);
    if (auto it = m_partials.find(index); it != m_partials.end()) return it->second;
    return std::nullopt;
}

void BasisSigner::notePartialFolder(std::string folder)
{
    std::lock_guard lock(m_mutex);
    m_partialFolders.insert(std::move(folder));
}

std::set<std::string> BasisSigner::takePartialFolders()
{
    std::lock_guard lock(m_mutex);
    return std::exchange(m_partialFolders, {});
}

// ---- signing -------------------------------------------------------------------

void BasisSigner::signLoop(platform::DirHandle root)
{
    DirCache dirs(std::move(root));
    StageTrack track(m_stages, {StageId::Sign});
    for (;;) {
        std::optional<uint32_t> index;
        {
            StageScope wait(StageId::Sign, StageState::WaitInput);
            index = m_queue.pop();
        }
        if (!index || stopping()) return;
        {
            StageScope wait(StageId::Sign, StageState::WaitOutput);
            std::unique_lock lock(m_mutex);
            m_roomCv.wait(lock, [&] { return m_outstanding < m_limits.outstandingSignatureBytes || stopping(); });
        }
        if (stopping()) return;
        signOne(*index, dirs);
    }
}

void BasisSigner::signOne(uint32_t index, DirCache& dirs)
{
    const std::optional<std::string> target = m_host.wantedTarget(index);
    if (!target) return;
    // What an interrupted run left holds more of the new version than the
    // old copy does: it is the better basis when it is there.
    const std::string basisName = partialOf(index).value_or(std::string(baseName(*target)));
    Status st = [&]() -> Status {
        FG_TRY_ASSIGN(platform::FileHandle opened, openBeside(*target, basisName, dirs));
        auto file = std::make_shared<platform::FileHandle>(std::move(opened));
        FG_TRY_ASSIGN(platform::FileInfo info, file->stat());
        if (info.type != platform::FileType::Regular)
            return Error(Errc::Vanished, "the old copy is no longer a regular file");
        return sendSignature(index, basisName, file, info);
    }();
    if (st) return;
    if (stopping() || st.error().code == Errc::Network) return;
    // Pieces may have gone already: the sender drops them on the empty
    // signature below, and so do we.
    dropSignature(index);
    // Without its old copy the file still goes, whole: say so and carry on.
    m_host.notice(*target, Error(st.error().code, "sending it whole: its old copy could not be read ("
                                                      + st.error().message + ")"));
    proto::SignatureMsg none;
    none.index = index;
    if (Status sent = m_host.send(proto::toFrame(none)); !sent) m_host.fail(sent.error());
}

Status BasisSigner::sendSignature(uint32_t index, const std::string& basisName,
                                  const std::shared_ptr<platform::FileHandle>& basis, const platform::FileInfo& info)
{
    platform::FileHandle& file = *basis;
    const uint32_t blockLength = delta::blockLengthFor(info.size);
    const uint64_t blocks = delta::wholeBlocks(info.size, blockLength);
    if (blocks > std::numeric_limits<uint32_t>::max())
        return Error(Errc::InvalidArgument, "the old copy has too many blocks for a delta");

    // Recorded before the first piece goes: the sender may answer at once.
    {
        std::lock_guard lock(m_mutex);
        const uint64_t bytes = blocks * sizeof(delta::BlockSignature);
        // Kept open, the copy signed is the copy rebuilt from, whatever
        // takes its name meanwhile: another job's new version, or its
        // partial file used up by another job.
        const bool hold = m_held < m_limits.heldBases;
        m_signed[index] = Signed{basisName, info.size, info.mtimeNs, blockLength, bytes, hold ? basis : nullptr};
        m_held += hold ? 1 : 0;
        m_outstanding += bytes;
    }
    proto::SignatureMsg msg;
    msg.index = index;
    msg.basisSize = info.size;
    msg.blockLength = blockLength;
    msg.seed = m_seed;
    msg.total = uint32_t(blocks);
    auto sendPiece = [&](uint64_t first, const std::vector<delta::BlockSignature>& piece) -> Status {
        msg.first = uint32_t(first);
        msg.blocks.clear();
        for (const auto& b : piece) msg.blocks.emplace_back(b.weak, b.strong);
        StageScope out(StageId::Sign, StageState::WaitOutput);
        return m_host.send(proto::toFrame(msg));
    };
    // Big old copies are read by several threads at once: hashing keeps up
    // with a fast disk only that way, and a cold disk likes the depth.
    const unsigned threads = info.size >= kParallelSignBytes
                                 ? std::min(kMaxSignThreads, std::max(2u, std::thread::hardware_concurrency()))
                                 : 1;
    FG_TRY_ASSIGN(uint64_t signNs, signInPieces(file, blockLength, blocks, threads, sendPiece));
    m_wallNs.fetch_add(signNs, std::memory_order_relaxed);
    m_signStage.addBytes(blocks * blockLength);
    m_signStage.addItems(1);
    return {};
}

Result<uint64_t> BasisSigner::signInPieces(platform::FileHandle& file, uint32_t blockLength, uint64_t blocks,
                                           unsigned threads, const PieceSink& send)
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
            FG_TRY(signRange(file, blockLength, m_seed, first, std::min(kSignaturePieceBlocks, blocks - first), piece));
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
            Status st = signRange(file, blockLength, m_seed, first, std::min(kSignaturePieceBlocks, blocks - first), out);
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

void BasisSigner::forget(uint32_t index)
{
    {
        std::lock_guard lock(m_mutex);
        m_partials.erase(index);
    }
    dropSignature(index);
}

void BasisSigner::dropSignature(uint32_t index)
{
    std::lock_guard lock(m_mutex);
    auto it = m_signed.find(index);
    if (it == m_signed.end()) return;
    m_outstanding -= it->second.signatureBytes;
    if (it->second.held) --m_held;
    m_signed.erase(it);
    m_roomCv.notify_all();
}

double BasisSigner::readRate() const
{
    // Against the signing's wall time: several threads read one copy at once.
    const uint64_t bytes = m_signStage.bytes();
    const uint64_t ns = m_wallNs.load(std::memory_order_relaxed);
    // Too little read yet says nothing about the disk.
    if (bytes < (64u << 20) || ns == 0) return 0;
    return double(bytes) * 1e9 / double(ns);
}

uint64_t BasisSigner::outstandingBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_outstanding;
}

// ---- rebuilding ------------------------------------------------------------------

Result<BasisSigner::Basis> BasisSigner::openBasis(uint32_t index, const std::string& target, DirCache& dirs)
{
    Signed signedAs;
    {
        std::lock_guard lock(m_mutex);
        auto it = m_signed.find(index);
        if (it == m_signed.end())
            return Error(Errc::Protocol, "the sender sent a delta for " + target + " before its signature");
        signedAs = it->second;
    }
    Basis basis;
    basis.geometry = delta::BasisGeometry{signedAs.size, signedAs.blockLength};
    if (signedAs.held) {
        basis.file = std::move(signedAs.held);
        return basis;
    }
    FG_TRY_ASSIGN(platform::FileHandle opened, openBeside(target, signedAs.name, dirs));
    FG_TRY_ASSIGN(platform::FileInfo info, opened.stat());
    if (info.type != platform::FileType::Regular || info.size != signedAs.size || info.mtimeNs != signedAs.mtimeNs)
        return Error(Errc::Vanished, "the old copy of " + target
                                         + " changed while it was being updated; it was kept as it is now; run the "
                                           "sync again");
    basis.file = std::make_shared<platform::FileHandle>(std::move(opened));
    return basis;
}

Result<platform::FileHandle> BasisSigner::openBeside(const std::string& target, const std::string& path, DirCache& dirs)
{
    FG_TRY_ASSIGN(const platform::DirHandle* dir, dirs.get(joinPath(parentOf(target), parentOf(path))));
    return dir->openRead(baseName(path));
}

} // namespace fg
