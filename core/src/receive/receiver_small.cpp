// The receiver's small files: a file that comes whole in one frame. The
// common one, new in a folder built out of sight (StagedFolders), is made
// under its own name in one go by the writer that took its frame: no entry
// in the open-file table, no shared state with other writers but the list's
// state of the file, taken once before and once after. Any other goes the
// way of bigger files (openFor, commit), in one go too.

#include "receive/receiver.h"

#include "common/path.h"
#include "receive/destination_fs.h"
#include "receive/tree_ops.h"

namespace fg {

void Receiver::handleSmallFile(const proto::Frame& frame, DirCache& dirs)
{
    const uint8_t* data = nullptr;
    size_t n = 0;
    auto header = proto::decodeSmallFile(frame, &data, &n);
    if (!header.ok()) return fail(header.error());
    bool intact = false;
    {
        StageScope busy(StageId::Verify, StageState::Busy);
        intact = digestOf(m_params.checksumChoice, data, n) == header->hash;
    }
    if (intact) {
        if (std::optional<DirectFile> direct = claimDirect(*header)) {
            m_verifyStage.addBytes(n);
            return makeDirect(*direct, data, n, dirs);
        }
    }
    FileEntry entry;
    auto want = wantOf(header->index, &entry);
    if (!want.ok()) return fail(want.error());
    if (*want == Want::Finished) return;
    if (!intact)
        return verifyFailed(nullptr, header->index, targetPath(entry.path),
                            "the data does not match what the sender read", dirs);
    m_verifyStage.addBytes(n);
    // The open-write-commit path of bigger files, in one go: exclusively, as
    // a resend of the file on another link may come to another writer.
    std::shared_ptr<OpenFile> file = openFor(header->index, dirs, &entry, true);
    if (!file) return;
    std::unique_lock gate(file->gate);
    if (file->closed) return;
    Status st;
    {
        StageScope busy(StageId::Write, StageState::Busy);
        st = n ? file->handle.writeAll(data, n) : Status();
    }
    if (!st) {
        failFile(header->index, st.error(), true);
        return discard(*file, header->index, dirs);
    }
    m_writeStage.addBytes(n);
    // The list keeps the mode as the sender listed it (planEntry applies
    // finalMode to its own copy): commit applies it once, as to a mode the
    // frame carried.
    const int64_t mtimeNs = header->asListed ? entry.mtimeNs : header->mtimeNs;
    const uint32_t mode = header->asListed ? entry.mode : header->mode;
    commit(*file, header->index, entry, n, mtimeNs, mode, dirs);
}

std::optional<Receiver::DirectFile> Receiver::claimDirect(const proto::SmallFileHeader& header)
{
    // The open-file table's lock first, as openFor takes them: a writer that
    // opened the file already (its data came in Data frames on another link,
    // before this resend as one frame) keeps it, and this frame joins it
    // there; one that comes after the claim finds the file as good as
    // finished.
    std::lock_guard open(m_openMutex);
    std::lock_guard lock(m_listMutex);
    // Anything else (not wanted, not listed: a protocol error) is said by the
    // open-file path.
    if (header.index >= m_wants.size() || m_wants[header.index] != Want::WriteDirect) return std::nullopt;
    if (m_openFiles.count(header.index) > 0) return std::nullopt;
    FileList::View view = m_list.view(header.index);
    // The planner made it WriteDirect only where the folder is staged, so on
    // a local disk, with no owners, backups or --inplace to honour.
    // Special bits are set after a chown, never at creation: such a file
    // takes the open-file path (a temporary, its mode set last).
    const uint32_t mode = modeToSetLocked(header.index, header.asListed ? view.mode : header.mode);
    if ((mode & 07000) != 0 || view.size >= kMinPartialBytes) return std::nullopt;
    DirectFile file;
    file.index = header.index;
    file.target = targetPath(view.path);
    file.mode = mode;
    file.mtimeNs = header.asListed ? view.mtimeNs : header.mtimeNs;
    file.listedSize = view.size;
    m_wants[header.index] = Want::MakingDirect;
    // Open in its folder from now until it is whole or gone: a failure said
    // meanwhile settles it, and must not let the folder be placed with a
    // file still being written in it.
    m_staged.fileMade(parentOf(file.target));
    return file;
}

void Receiver::makeDirect(const DirectFile& file, const uint8_t* data, size_t n, DirCache& dirs)
{
    const std::string_view folder = parentOf(file.target);
    const std::string_view name = baseName(file.target);
    auto parent = dirs.get(folder);
    if (!parent.ok()) {
        failFile(file.index, parent.error(), true);
        m_staged.fileDone(folder, true);
        return placeStaged(dirs);
    }
    const platform::DirHandle& dir = **parent;
    platform::FileHandle handle;
    Status st;
    {
        StageScope busy(StageId::Write, StageState::Busy);
        auto made = dir.createExclusive(name, file.mode);
        if (!made.ok()) {
            failFile(file.index, explainRefusedName(made.error(), file.target), true);
            m_staged.fileDone(folder, true);
            return placeStaged(dirs);
        }
        handle = std::move(made).value();
        // Told once it exists, as openFor tells it (a failure the sender
        // reports is told after that, unless it came before the make).
        m_observer.onFileStarted(file.index, file.target, file.listedSize);
        st = n ? handle.writeAll(data, n) : Status();
    }
    if (st) m_writeStage.addBytes(n);
    StageScope busy(StageId::Commit, StageState::Busy);
    // Made with its mode less the umask's bits: set only when it keeps one
    // of those. A file system without modes keeps the file anyway.
    if (st && file.mode != (file.mode & 0777 & ~m_umask)) {
        if (Status chmod = handle.setMode(file.mode); !chmod) {
            if (chmodUnsupported(chmod.error())) modesNotKept(chmod.error());
            else st = chmod;
        }
    }
    if (st && m_params.fsync == FsyncMode::File) st = handle.sync();
    if (st && m_params.metadata.times) st = handle.setModifyTime(file.mtimeNs);
    if (st) st = handle.close();
    if (!st) {
        failFile(file.index, st.error(), true);
        return unmakeDirect(file, dir, handle, dirs);
    }
    bool ours = false;
    bool last = false;
    {
        std::lock_guard lock(m_listMutex);
        // Settled meanwhile when the sender said it failed (a resend that
        // could not be read): then what was made here goes.
        ours = m_wants[file.index] == Want::MakingDirect;
        if (ours) {
            last = settleLocked(file.index);
            m_noSpaceInARow = 0;
        }
    }
    if (!ours) return unmakeDirect(file, dir, handle, dirs);
    m_staged.filePlaced(folder, true, true);
    placeStaged(dirs);
    acknowledgePlaced(file.index, file.target, n, n, last, dirs);
}

void Receiver::unmakeDirect(const DirectFile& file, const platform::DirHandle& dir, platform::FileHandle& handle,
                            DirCache& dirs)
{
    (void)handle.close();
    unlinkUnfinishedDirect(&dir, baseName(file.target), file.target, dirs);
}

} // namespace fg
