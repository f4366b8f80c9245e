// The receiver's writers: file data into temporary files beside their targets,
// each chunk checked against the sender's hash, the whole file against the
// hash of its chunks, then renamed into place. The frames that come on one
// link for one file go to one writer: chunks on other links are written by
// other writers at the same time (OpenFile says how they share the file).

#include "receive/receiver.h"

#include "common/path.h"
#include "platform/windows_names.h"
#include "receive/tree_ops.h"

#include <algorithm>
#include <cerrno>
#include <vector>

namespace fg {

void Receiver::writeLoop(Writer& writer)
{
    std::optional<DirCache> dirs;
    if (m_rootDir) {
        auto dup = m_rootDir->duplicate();
        if (!dup.ok()) return fail(dup.error());
        dirs.emplace(std::move(dup).value());
        dirs->setOnDiskName([this](std::string_view path) { return m_staged.onDiskName(path); });
    }
    StageTrack track(m_stages, kWriterStages, StageId::Write, StageState::Busy);
    // The frame written last, handed back to the network threads with the
    // next take (kSpareFrameBytes).
    std::optional<Inbound> spent;
    size_t spentCost = 0;
    for (;;) {
        std::optional<Inbound> in = writer.queue.tryPop(spent, spentCost);
        if (!in) {
            // Idle: acknowledgements held back for batching go now.
            (void)m_link.flush();
            // Nothing to do for any of this thread's stages.
            StageScope wait(StageId::Apply, StageState::WaitInput);
            in = writer.queue.pop();
        }
        if (!in) return;
        if (cancelled()) return;
        if (!dirs) return fail(Error(Errc::Protocol, "file data arrived in a dry run"));
        using proto::MsgType;
        switch (MsgType(in->frame.type)) {
        case MsgType::Data:
            handleData(*in, *dirs);
            break;
        case MsgType::SmallFile:
            handleSmallFile(in->frame, *dirs);
            break;
        case MsgType::Delta:
            handleDelta(*in, *dirs);
            break;
        case MsgType::ChunkEnd: {
            auto msg = proto::fromFrame<proto::ChunkEndMsg>(in->frame);
            if (!msg.ok()) return fail(msg.error());
            handleChunkEnd(*msg, in->link, *dirs);
            break;
        }
        case MsgType::FileEnd: {
            auto msg = proto::fromFrame<proto::FileEndMsg>(in->frame);
            if (!msg.ok()) return fail(msg.error());
            handleFileEnd(*msg, in->link, *dirs);
            break;
        }
        case MsgType::FileFailed: {
            auto msg = proto::fromFrame<proto::FileFailedMsg>(in->frame);
            if (!msg.ok()) return fail(msg.error());
            // Settled first, so no writer starts the file anew.
            failFile(msg->index, Error(msg->code, msg->message), false);
            dropOpenFile(msg->index, *dirs);
            break;
        }
        default:
            return fail(Error(Errc::Internal, "unexpected frame in a write queue"));
        }
        if (in->frame.payload.capacity() <= kSpareFrameBytes) {
            spentCost = queuedFrameCost(in->frame);
            spent = std::move(in);
        }
    }
}

Result<Receiver::Want> Receiver::wantOf(uint32_t index, FileEntry* entry)
{
    std::lock_guard lock(m_listMutex);
    if (index >= m_wants.size())
        return Error(Errc::Protocol, "the sender sent file #" + std::to_string(index) + ", which it never listed");
    Want want = m_wants[index];
    if (want == Want::None)
        return Error(Errc::Protocol, "the sender sent " + targetPath(m_list.view(index).path) + ", which was not asked for");
    if (want == Want::MakingDirect) return Want::Finished;
    if (want != Want::Finished && entry) *entry = m_list.view(index).entry();
    return want;
}

namespace {
// A file too big for what is left fails alone and the rest go on; this many
// in a row, none placed between them, and the destination is full: trying
// each of the rest would only report each (758,000 errors when a disk ran
// out of inodes in a million-file job).
constexpr uint32_t kNoSpaceInARowEnds = 16;
} // namespace

void Receiver::failFile(uint32_t index, const Error& error, bool tellSender)
{
    std::string path;
    bool last = false;
    bool destinationFull = false;
    bool direct = false;
    {
        std::lock_guard lock(m_listMutex);
        if (index >= m_list.size()) return fail(Error(Errc::Protocol, "a failure was reported for an unknown file"));
        if (m_wants[index] == Want::Finished) return; // settled already
        m_failedFiles.insert(index);
        if (error.code != Errc::Vanished) ++m_filesLost;
        if (error.code == Errc::NoSpace) destinationFull = ++m_noSpaceInARow == kNoSpaceInARowEnds;
        last = settleLocked(index, &direct);
        path = targetPath(m_list.view(index).path);
    }
    // (Its folder is placed by whoever comes next, or at the job's end.)
    if (direct) m_staged.fileSettled(parentOf(path));
    m_signer.forget(index);
    m_observer.onFileFailed(index, path, error);
    if (tellSender) {
        proto::FileFailedMsg msg;
        msg.index = index;
        msg.code = error.code;
        msg.message = error.message;
        (void)m_link.send(proto::toFrame(msg));
    }
    if (destinationFull)
        return fail(Error(Errc::NoSpace, "the destination is full: " + std::to_string(kNoSpaceInARowEnds)
                                             + " files in a row found no room (the last: "
                                             + error.message + "). The files already in place are kept and the "
                                             + "next run sends only what is missing",
                          error.sysErrno));
    // After the failure is on its way: JobDone must not overtake it.
    if (last) allSettled();
}

void Receiver::discard(OpenFile& file, uint32_t index, DirCache& dirs, bool keepPartial)
{
    if (file.closed) return;
    file.closed = true;
    if (file.direct) {
        // Under its own name in a folder out of sight, maybe torn: it goes
        // before its folder may be placed.
        (void)file.handle.close();
        std::string target;
        {
            std::lock_guard lock(m_listMutex);
            target = targetPath(m_list.view(index).path);
        }
        forgetOpenFile(index, file);
        return unlinkUnfinishedDirect(dirs.get(parentOf(target)), file.tempName, target, dirs);
    }
    if (file.unnamed) {
        // Nothing names it (and it is under a partial file's size): closed,
        // it is gone.
        (void)file.handle.close();
        forgetOpenFile(index, file);
        return;
    }
    std::string target;
    {
        std::lock_guard lock(m_listMutex);
        target = targetPath(m_list.view(index).path);
    }
    const auto partial = m_partialLayout.pathFor(baseName(target));
    // What arrived is worth keeping whether or not a chunk of it was checked
    // yet: the next run signs the partial file as it is and takes from it
    // only blocks that match, and checks the file whole at its end. (A big
    // file sent whole, one chunk, has nothing verified until it is done.)
    uint64_t arrived = 0;
    if (keepPartial) {
        std::lock_guard lock(file.state);
        arrived = file.chunks.bytesArrived();
    }
    const bool keep = keepPartial && partial && arrived >= kMinPartialBytes;
    if (!file.lockOnHandle) (void)file.handle.close();
    // Unlocked only once it is renamed or gone: until then it is live.
    struct Unlock {
        OpenFile& f;
        ~Unlock()
        {
            if (f.lockOnHandle) (void)f.handle.close();
            (void)f.lockHolder.close();
        }
    } unlock{file};
    if (file.inPlace) {
        // Its own name, half overwritten: never unlinked (that would lose
        // the file), said instead; the next run's quick check sends it again.
        notice(false, target, Error(Errc::Ok, "written in place (--inplace) and left incomplete: it is neither its "
                                              "old nor its new version until a re-run completes it"));
        forgetOpenFile(index, file);
        return;
    }
    // Kept where the next run looks: it resumes from there. The folder
    // first: getting it may evict an entry of the cache, never the parent
    // it just passed through.
    const platform::DirHandle* folder = nullptr;
    if (keep) {
        auto made = dirs.get(joinPath(parentOf(target), parentOf(*partial)), true);
        if (made.ok()) folder = *made;
    }
    if (auto parent = dirs.get(parentOf(target)); parent.ok()) {
        if (!folder || !(*parent)->renameInto(file.tempName, *folder, baseName(*partial)).ok())
            (void)(*parent)->unlinkAt(file.tempName);
    }
    forgetOpenFile(index, file);
}

void Receiver::unlinkUnfinishedDirect(const Result<const platform::DirHandle*>& parent, std::string_view name,
                                      const std::string& target, DirCache& dirs)
{
    Status gone = parent.ok() ? (*parent)->unlinkAt(name) : Status(parent.error());
    if (!gone && gone.error().code == Errc::NotFound) gone = Status();
    m_staged.fileDone(parentOf(target), gone.ok());
    if (!gone)
        return fail(Error(gone.error().code, "removing the unfinished " + target + " (" + gone.error().message
                                                 + "): its folder stays out of sight, with what else it holds, "
                                                   "until a later run salvages it",
                          gone.error().sysErrno));
    placeStaged(dirs);
}

std::string Receiver::whatWasKept(const OpenFile& file)
{
    return file.inPlace ? "it was being written in place (--inplace), so it is incomplete until a re-run"
                        : "the old version was kept";
}

void Receiver::forgetOpenFile(uint32_t index, const OpenFile& file)
{
    std::lock_guard lock(m_openMutex);
    if (auto it = m_openFiles.find(index); it != m_openFiles.end() && it->second.get() == &file) m_openFiles.erase(it);
}

void Receiver::giveUp(OpenFile& file, uint32_t index, const Error& error, DirCache& dirs)
{
    failFile(index, error, true);
    std::unique_lock gate(file.gate);
    discard(file, index, dirs);
}

void Receiver::dropOpenFile(uint32_t index, DirCache& dirs, bool keepPartial)
{
    std::shared_ptr<OpenFile> file;
    {
        std::lock_guard lock(m_openMutex);
        auto it = m_openFiles.find(index);
        if (it == m_openFiles.end()) return;
        file = it->second;
    }
    // After its making, if another writer is at it: what was made goes.
    { std::lock_guard made(file->state); }
    std::unique_lock gate(file->gate);
    discard(*file, index, dirs, keepPartial);
}

namespace {

// Whether a lock just taken is on a temporary that still has its name.
// Another job's clean-up may have locked it first, unlinked it and let go
// of the lock, all between our create and our lock: the lock then succeeds
// on a file no name leads to, and its rename would fail. Such a temporary
// is still empty (nothing is written before the lock), so the clean-up
// unlinks it rather than keeping it as a partial file, and a link count of
// zero says so. (A file system that reports no links says 1: as before.)
bool stillNamed(platform::FileHandle& locked)
{
    auto info = locked.stat();
    return !info.ok() || info->links > 0;
}

} // namespace

Status Receiver::createLockedTemp(const platform::DirHandle& dir, std::string_view name, OpenFile& file, bool localDisk,
                                  uint32_t createMode)
{
    // Another job's clean-up of stale temporaries may open a new one between
    // its creation and its lock: whoever locks first wins. Losing, we leave
    // it to that clean-up and start over under another name.
    constexpr int kTries = 8;
    for (int attempt = 0;; ++attempt) {
        file.tempName = tempNameFor(name);
        FG_TRY_ASSIGN(file.handle, dir.createExclusive(file.tempName, localDisk ? createMode : 0600));
        if (localDisk) {
            // The data's handle holds the lock and stays open until the file
            // has its name (a local disk's close reports nothing of its own):
            // two system calls fewer a file than a second handle.
            auto locked = file.handle.tryLockExclusive();
            if (!locked.ok() || (*locked && stillNamed(file.handle))) {
                file.lockOnHandle = true;
                file.createdMode = createMode & 0777 & ~m_umask;
                return {};
            }
            (void)file.handle.close();
            if (attempt + 1 == kTries)
                return Error(Errc::Io, "creating a temporary file for " + std::string(name) + " in " + dir.path()
                                           + ": another job's clean-up took each of " + std::to_string(kTries) + " tries");
            continue;
        }
        // The lock lives on a handle of its own: the data's handle is closed
        // before the rename (its errors count), and the temporary must still
        // look live to other jobs until it has its name.
        auto holder = dir.openRead(file.tempName);
        if (!holder.ok() && holder.error().code != Errc::NotFound) {
            (void)file.handle.close();
            (void)dir.unlinkAt(file.tempName);
            return std::move(holder).error();
        }
        // Not found: a clean-up has removed it already.
        auto locked = holder.ok() ? holder->tryLockExclusive() : Result<bool>(false);
        // No locks on this file system: nothing to race with but ourselves.
        if (!locked.ok() || (*locked && stillNamed(*holder))) {
            file.lockHolder = std::move(holder).value();
            return {};
        }
        (void)file.handle.close();
        if (attempt + 1 == kTries)
            return Error(Errc::Io, "creating a temporary file for " + std::string(name) + " in " + dir.path()
                                       + ": another job's clean-up took each of " + std::to_string(kTries) + " tries");
    }
}

std::shared_ptr<Receiver::OpenFile> Receiver::openFor(uint32_t index, DirCache& dirs, FileEntry* entry, bool entryKnown)
{
    std::shared_ptr<OpenFile> file;
    std::unique_lock<std::mutex> creating;
    bool direct = false;
    {
        // Whether the file is wanted and whether it has an entry are looked
        // at together: a file settles before its entry goes, so a frame that
        // comes late cannot start it again.
        std::lock_guard lock(m_openMutex);
        auto want = wantOf(index, entryKnown ? nullptr : entry);
        if (!want.ok()) {
            fail(want.error());
            return nullptr;
        }
        if (*want == Want::Finished) return nullptr;
        direct = *want == Want::WriteDirect;
        std::shared_ptr<OpenFile>& slot = m_openFiles[index];
        if (!slot) {
            slot = std::make_shared<OpenFile>(m_params.checksumChoice);
            creating = std::unique_lock(slot->state); // (uncontended: nobody else has it yet)
        }
        file = slot;
    }
    if (!creating) {
        // Another writer may still be creating it.
        std::lock_guard lock(file->state);
        return file->created ? file : nullptr;
    }

    StageScope busy(StageId::Write, StageState::Busy);
    file->target = targetPath(entry->path);
    const std::string& target = file->target;
    if (m_params.inPlace) {
        std::lock_guard lock(m_listMutex);
        file->inPlace = m_inPlace.count(index) > 0;
    }
    auto created = [&]() -> Status {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentOf(target)));
        if (file->inPlace) {
            // --inplace: the target itself; a new one under its own name.
            file->tempName = std::string(baseName(target));
            auto opened = parent->openForUpdate(file->tempName);
            if (!opened.ok() && opened.error().code == Errc::NotFound)
                opened = parent->createExclusive(file->tempName, 0600);
            FG_TRY_ASSIGN(file->handle, std::move(opened));
            return {};
        }
        // Made with the mode it keeps where that holds (no special bits:
        // those are set last, after any chown).
        const FsTraits* fs = plannedTraitsOf(std::string(parentOf(target)));
        const uint32_t keeps = modeToSet(index, entry->mode);
        const bool localDisk = fs && fs->localDisk && (keeps & 07000) == 0 && !m_owners.active();
        // A small file without a name until it is complete: no temporary
        // name to make, lock against other jobs' clean-up and rename away
        // (three system calls fewer, and a killed run leaves nothing). A big
        // one keeps a name: what arrived of it must outlive a killed run as
        // the partial file the next one resumes from.
        // New in a folder built out of sight: made under its own name, which
        // nobody sees until the folder has its own (StagedFolders).
        if (localDisk && direct && entry->size < kMinPartialBytes) {
            {
                // Counted as open before it exists, and only while it is
                // still wanted: a failure said meanwhile (settled, so the
                // folder may be placed) never sees it made after.
                std::lock_guard lock(m_listMutex);
                if (m_wants[index] != Want::WriteDirect)
                    return Error(Errc::Cancelled, "settled while it was being opened");
                m_staged.fileMade(parentOf(target));
            }
            file->tempName = std::string(baseName(target));
            file->direct = true;
            auto made = parent->createExclusive(file->tempName, keeps);
            if (!made.ok()) {
                file->direct = false;
                m_staged.fileDone(parentOf(target), true);
                return std::move(made).error();
            }
            file->handle = std::move(made).value();
            file->createdMode = keeps & 0777 & ~m_umask;
            return {};
        }
        if (localDisk && fs->anonymousTemps && entry->size < kMinPartialBytes) {
            auto made = parent->createAnonymous(keeps);
            if (made.ok()) {
                file->handle = std::move(made).value();
                file->unnamed = true;
                file->createdMode = keeps & 0777 & ~m_umask;
                return {};
            }
        }
        FG_TRY(createLockedTemp(*parent, baseName(target), *file, localDisk, keeps));
        // Reserving the space up front finds a full disk before the data is
        // sent and keeps big files in few extents; for small files it only costs.
        if (entry->size >= (1u << 20)) {
            if (Status st = file->handle.preallocate(entry->size); !st) {
                (void)file->handle.close();
                (void)parent->unlinkAt(file->tempName);
                return st;
            }
        }
        return {};
    }();
    if (!created) {
        file->closed = true;
        creating.unlock();
        failFile(index, explainRefusedName(created.error(), target), true);
        forgetOpenFile(index, *file);
        return nullptr;
    }
    file->created = true;
    creating.unlock();
    m_observer.onFileStarted(index, target, entry->size);
    return file;
}

void Receiver::handleData(const Inbound& in, DirCache& dirs)
{
    const uint8_t* data = nullptr;
    size_t n = 0;
    auto header = proto::decodeDataHeader(in.frame, &data, &n);
    if (!header.ok()) return fail(header.error());
    FileEntry entry;
    std::shared_ptr<OpenFile> file = openFor(header->index, dirs, &entry);
    if (!file) return;
    const uint64_t offset = header->offset;
    std::shared_lock gate(file->gate);
    std::shared_ptr<ChunkProgress> chunk;
    {
        std::lock_guard lock(file->state);
        if (file->closed) return;
        chunk = file->chunks.chunkFor(offset, in.link, in.frame.flags & proto::kDataStart);
    }
    if (!chunk) return;
    Status st;
    {
        StageScope busy(StageId::Write, StageState::Busy);
        std::lock_guard one(file->writing);
        st = file->handle.pwriteAll(data, n, offset);
    }
    if (!st) {
        gate.unlock();
        return giveUp(*file, header->index, st.error(), dirs);
    }
    m_writeStage.addBytes(n);
    {
        StageScope busy(StageId::Verify, StageState::Busy);
        chunk->hasher.update(data, n);
    }
    m_verifyStage.addBytes(n);
    chunk->next += n;
    chunk->hashed = chunk->next.load();
    reportProgress(header->index, *file);
}

void Receiver::reportProgress(uint32_t index, OpenFile& file)
{
    // Reported under the file's lock, so writers of its chunks on other links
    // never make it go backwards.
    std::lock_guard lock(file.state);
    m_observer.onFileProgress(index, file.chunks.bytesArrived());
}

void Receiver::handleChunkEnd(const proto::ChunkEndMsg& end, uint16_t link, DirCache& dirs)
{
    FileEntry entry;
    std::shared_ptr<OpenFile> file = openFor(end.index, dirs, &entry);
    if (!file) return;
    // Exclusively: writers of other chunks finish their frames first, and
    // the chunk is checked with nothing writing into the file.
    std::unique_lock gate(file->gate);
    if (file->closed) return;
    const auto onDisk = [&](uint64_t offset, uint64_t length, const Digest& hash) {
        return matchesOnDisk(*file, offset, length, hash);
    };
    settle(*file, end.index, entry, file->chunks.endChunk(end, link, targetPath(entry.path), onDisk), dirs);
}

void Receiver::handleFileEnd(const proto::FileEndMsg& end, uint16_t link, DirCache& dirs)
{
    FileEntry entry;
    std::shared_ptr<OpenFile> file = openFor(end.index, dirs, &entry);
    if (!file) return;
    std::unique_lock gate(file->gate);
    if (file->closed) return;
    if (end.chunks > 0) return settle(*file, end.index, entry, file->chunks.endChunked(end), dirs);
    // Sent whole: its frames came in order just before this on the same
    // link, so to this writer. Another link that carried it too (a resend)
    // may have written past its end.
    const auto onDisk = [&](uint64_t offset, uint64_t length, const Digest& hash) {
        return file->handle.truncate(end.size).ok() && matchesOnDisk(*file, offset, length, hash);
    };
    settle(*file, end.index, entry, file->chunks.endWhole(end, link, onDisk), dirs);
}

bool Receiver::matchesOnDisk(OpenFile& file, uint64_t offset, uint64_t length, const Digest& hash)
{
    StageScope busy(StageId::Verify, StageState::Busy);
    Hasher hasher(m_params.checksumChoice);
    std::vector<uint8_t> buffer(std::min<uint64_t>(length, 1 << 20));
    for (uint64_t done = 0; done < length;) {
        auto got = file.handle.pread(buffer.data(), size_t(std::min<uint64_t>(buffer.size(), length - done)), offset + done);
        if (!got.ok() || *got == 0) return false;
        hasher.update(buffer.data(), *got);
        done += *got;
    }
    return hasher.digest() == hash;
}

void Receiver::settle(OpenFile& file, uint32_t index, const FileEntry& entry, const ChunkVerdict& verdict,
                      DirCache& dirs)
{
    using Kind = ChunkVerdict::Kind;
    switch (verdict.kind) {
    case Kind::Ignored:
    case Kind::Incomplete:
        return;
    case Kind::Protocol:
        return fail(Error(Errc::Protocol, verdict.what));
    case Kind::Mismatch:
        return verifyFailed(&file, index, targetPath(entry.path), verdict.what, dirs);
    case Kind::Verified: {
        const proto::FileEndMsg end = *file.chunks.end();
        return commit(file, index, entry, end.size, end.mtimeNs, end.mode, dirs);
    }
    }
}

void Receiver::verifyFailed(OpenFile* file, uint32_t index, const std::string& target, const std::string& what,
                            DirCache& dirs)
{
    const std::string kept = file ? whatWasKept(*file) : "the old version was kept";
    failFile(index, Error(Errc::VerifyFailed, "verification failed for " + target + ": " + what + "; " + kept), true);
    if (file) discard(*file, index, dirs);
}

void Receiver::commit(OpenFile& file, uint32_t index, const FileEntry& entry, uint64_t size, int64_t mtimeNs, uint32_t mode,
                      DirCache& dirs)
{
    const std::string& target = file.target;
    StageScope busy(StageId::Commit, StageState::Busy);
    Want want;
    {
        std::lock_guard lock(m_listMutex);
        want = m_wants[index];
    }
    Status st;
    // A file that shrank after it was listed keeps no reserved tail; one
    // written in place loses what its old version had past the new end.
    if (size < entry.size || file.inPlace) st = file.handle.truncate(size);
    // Owner first: a chown clears setuid and setgid, which the mode then sets.
    if (st) st = setOwners(entry, [&](uint32_t uid, uint32_t gid) { return file.handle.setOwner(uid, gid); });
    const uint32_t keeps = modeToSet(index, mode);
    // A local disk's order: made with its mode, its time set on the open
    // file, closed once it has its name.
    const bool localOrder = file.lockOnHandle || file.unnamed || file.direct;
    // Made with its mode already (a local disk): not set again unless the
    // file's mode changed since it was listed.
    if (st && !(localOrder && keeps == file.createdMode)) {
        // A file system without modes (FAT through FUSE: ENOSYS) keeps the
        // file anyway: one warning for the job, not a failure per file.
        if (Status chmod = file.handle.setMode(keeps); !chmod) {
            if (chmodUnsupported(chmod.error())) modesNotKept(chmod.error());
            else st = chmod;
        }
    }
    if (st && m_params.fsync == FsyncMode::File) st = file.handle.sync();
    const bool times = m_params.metadata.times;
    // On a local disk the time goes on the open file, which closes once it
    // has its name. Elsewhere the handle closes first (NFS and SMB report
    // write failures there) and the time goes on by name after it: FUSE file
    // systems (fusefat, some SMB mounts) stamp a written file when it is
    // closed, and would undo a time set on it while open.
    if (st && localOrder && times) st = file.handle.setModifyTime(mtimeNs);
    if (st && !localOrder) st = file.handle.close();
    auto parent = dirs.get(parentOf(target));
    if (st && !parent.ok()) st = parent.error();
    const platform::DirHandle* dir = parent.ok() ? *parent : nullptr;
    // Where even the rename stamps it (fusefat), the time goes on once the
    // file is in place: killed in between, the file is complete and only its
    // time is new, so the next run checks it again.
    const FsTraits* fs = m_anyStampAfterRename ? plannedTraitsOf(std::string(parentOf(target))) : nullptr;
    const bool stampInPlace = fs && fs->stampAfterRename;
    if (st && times && !stampInPlace && !localOrder) st = dir->setModifyTimeAt(file.tempName, mtimeNs);
    if (st && want == Want::ReplaceDirAndWrite && !file.inPlace) {
        auto info = dir->statAt(baseName(target));
        if (info.ok() && info->type == platform::FileType::Directory) {
            st = m_backups ? m_backups->moveAway(*dir, target) : removeRecursive(*dir, baseName(target));
            dirs.invalidate(target);
            auto again = dirs.get(parentOf(target));
            if (!again.ok()) st = again.error();
            else dir = *again;
        }
    }
    // -b: the old version is kept before the new one takes its name; a file
    // whose old version cannot be kept is not replaced.
    if (st && m_backups && !file.inPlace) st = m_backups->keepBeforeReplace(*dir, target);
    if (st && !file.inPlace && !file.direct) {
        // A name the file system takes for a temporary but not as itself
        // (Windows: CON, a final dot) is refused here, with the rule.
        st = file.unnamed ? placeUnnamed(file, *dir, baseName(target), want == Want::WriteNew || want == Want::WriteDirect)
                          : dir->renameAt(file.tempName, baseName(target));
        if (!st) st = explainRefusedName(st.error(), target);
    }
    // In place under its name: nobody's clean-up would take it now.
    if (st && localOrder) st = file.handle.close();
    if (st) (void)file.lockHolder.close();
    if (st && times && stampInPlace) st = dir->setModifyTimeAt(baseName(target), mtimeNs);
    if (!st) {
        failFile(index, st.error(), true);
        return discard(file, index, dirs);
    }
    bool last = false;
    bool direct = false;
    {
        std::lock_guard lock(m_listMutex);
        last = settleLocked(index, &direct);
        m_noSpaceInARow = 0;
        if (file.inPlace) m_inPlace.erase(index);
    }
    // Settled, then forgotten: a frame still on its way finds it finished.
    file.closed = true;
    forgetOpenFile(index, file);
    m_staged.filePlaced(parentOf(target), direct, file.direct);
    if (direct) placeStaged(dirs);
    const uint64_t moved = size - std::min(size, file.fromBasis.load(std::memory_order_relaxed));
    acknowledgePlaced(index, target, size, moved, last, dirs);
}

void Receiver::acknowledgePlaced(uint32_t index, const std::string& target, uint64_t size, uint64_t moved, bool last,
                                 DirCache& dirs)
{
    // What an interrupted run left of it is done with.
    if (const std::optional<std::string> partial = m_signer.partialOf(index)) removePartial(target, *partial, dirs);
    m_signer.forget(index);
    m_writeStage.addItems(1);
    m_observer.onFileDone(index, target, size, moved);
    proto::FileDoneMsg done;
    done.index = index;
    done.moved = moved;
    // Batched with the frames after it, but not for long: the sender keeps
    // a window of files out (Scheduler::kMaxFilesOut) and lets the next ones
    // out as these come, so a few hundred go together, not a 256 KiB batch
    // of 13,000 while the sender waits on them.
    const bool more = m_acksUnsent.fetch_add(1, std::memory_order_relaxed) % kAcksAtOnce != kAcksAtOnce - 1;
    (void)m_link.send(proto::toFrame(done), more);
    if (last) allSettled();
}

Status Receiver::placeUnnamed(OpenFile& file, const platform::DirHandle& dir, std::string_view name, bool isNew)
{
    if (isNew) {
        Status linked = file.handle.linkAs(dir, name);
        // Something took the name since it was planned: replaced below, as
        // a rename would.
        if (linked || linked.error().sysErrno != EEXIST) return linked;
    }
    // Unnamed, no one else can hold its lock: taken before it has a name,
    // so a clean-up that finds the temporary name leaves it alone.
    (void)file.handle.tryLockExclusive();
    constexpr int kTries = 8;
    for (int attempt = 0; attempt < kTries; ++attempt) {
        file.tempName = tempNameFor(name);
        Status linked = file.handle.linkAs(dir, file.tempName);
        if (!linked && linked.error().sysErrno == EEXIST) continue; // a name another job drew
        if (!linked) return linked;
        Status renamed = dir.renameAt(file.tempName, name);
        if (!renamed) (void)dir.unlinkAt(file.tempName);
        return renamed;
    }
    return Error(Errc::Io, "naming the new version of " + dir.childPath(name) + ": " + std::to_string(kTries)
                               + " temporary names in a row were taken");
}

uint32_t Receiver::modeToSet(uint32_t index, uint32_t sourceMode)
{
    if (m_params.metadata.perms) return finalMode(sourceMode, false);
    std::lock_guard lock(m_listMutex);
    return modeToSetLocked(index, sourceMode);
}

uint32_t Receiver::modeToSetLocked(uint32_t index, uint32_t sourceMode) const
{
    const uint32_t mode = finalMode(sourceMode, false);
    if (m_params.metadata.perms) return mode;
    if (auto it = m_keptModes.find(index); it != m_keptModes.end()) return it->second;
    return newEntryMode(mode);
}

Error Receiver::explainRefusedName(Error error, const std::string& target) const
{
    // What a file system that cannot hold a name answers: EINVAL (exFAT,
    // NTFS, SMB), EILSEQ (a name not in its character set), EPERM (fusefat),
    // ENOENT (exfat-fuse, for a name that breaks Windows' rules).
    const int e = error.sysErrno;
    const std::string_view name = baseName(target);
    std::string rule = platform::windowsNameProblem(name);
    const bool refusedName =
        e == EINVAL || e == EILSEQ || e == EPERM || e == ENAMETOOLONG || (e == ENOENT && !rule.empty());
    if (!refusedName) return error;
    if (!rule.empty()) {
        rule += platform::kWindowsNameRules;
    } else if (e == ENAMETOOLONG) {
        rule = "it is too long for it";
    } else {
        bool ascii = true;
        for (unsigned char c : name) ascii = ascii && c < 0x80;
        if (ascii) return error;
        rule = "it holds characters past ASCII, which some FAT drivers cannot store";
    }
    const FsTraits* fs = plannedTraitsOf(std::string(parentOf(target)));
    error.message += " - the destination" + (fs ? " (" + fs->describe() + ")" : std::string())
                   + " cannot hold this name: " + rule + "; rename it in the source to sync it here"
                   + (m_params.nameMapping != NameMapping::Map && rule.find("ASCII") == std::string::npos
                          ? ", or give --name-mapping map to store it as a look-alike that a sync back restores"
                          : "");
    if (e == ENOENT) error.code = Errc::UnholdableName;
    return error;
}

bool Receiver::settleLocked(uint32_t index, bool* wasDirect)
{
    const bool wanted = writes(m_wants[index]);
    if (wasDirect) *wasDirect = m_wants[index] == Want::WriteDirect || m_wants[index] == Want::MakingDirect;
    m_wants[index] = Want::Finished;
    if (wanted) ++m_settledCount;
    return wanted && m_listComplete && m_settledCount == m_wantedCount;
}

void Receiver::allSettled()
{
    // Every file asked for is in place (or failed) and the list is complete:
    // the job ends here, without waiting a round trip for the sender to say
    // so. The writers drain and stop; the final flush starts at once.
    if (m_flusher) m_flusher->flushNow();
    for (auto& w : m_writers) w->queue.close();
}

} // namespace fg
