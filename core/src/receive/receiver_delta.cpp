// The receiver's half of a delta once its instructions come: the new version
// is rebuilt into the temporary file from the sender's instructions, reading
// the old copy (signed before by the BasisSigner) where they say.

#include "receive/receiver.h"

#include "common/path.h"
#include "delta/signature.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace fg {

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
    std::shared_ptr<ChunkProgress> chunk;
    Status basisOpened;
    {
        std::lock_guard lock(file->state);
        if (file->closed) return;
        // The first segment to come opens the old copy for all of them.
        if (!file->basis) {
            auto basis = m_signer.openBasis(header->index, target, dirs);
            if (basis.ok()) {
                file->basis = std::move(basis->file);
                file->geometry = basis->geometry;
            } else {
                basisOpened = basis.error();
            }
        }
        if (basisOpened) chunk = file->chunks.chunkFor(header->offset, in.link, starts, fill);
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
