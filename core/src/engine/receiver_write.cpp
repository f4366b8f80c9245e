// The receiver's writer: file data into temporary files beside their targets,
// verified against the sender's hash, then renamed into place.

#include "engine/receiver.h"

#include "common/path.h"
#include "engine/tree_ops.h"

namespace fg {

// ---- writing ---------------------------------------------------------------

void Receiver::writeLoop()
{
    std::optional<DirCache> dirs;
    if (m_rootDir) {
        auto dup = m_rootDir->duplicate();
        if (!dup.ok()) return fail(dup.error());
        dirs.emplace(std::move(dup).value());
    }
    for (;;) {
        std::optional<proto::Frame> frame;
        {
            StageTimer wait(m_writeStage, StageTimer::Bucket::WaitInput);
            frame = m_writeQueue.pop();
        }
        if (!frame) return;
        using proto::MsgType;
        switch (MsgType(frame->type)) {
        case MsgType::Data:
            if (!dirs) return fail(Error(Errc::Protocol, "file data arrived in a dry run"));
            handleData(*frame, *dirs);
            break;
        case MsgType::FileEnd: {
            auto msg = proto::fromFrame<proto::FileEndMsg>(*frame);
            if (!msg.ok()) return fail(msg.error());
            if (!dirs) return fail(Error(Errc::Protocol, "file data arrived in a dry run"));
            handleFileEnd(*msg, *dirs);
            break;
        }
        case MsgType::FileFailed: {
            auto msg = proto::fromFrame<proto::FileFailedMsg>(*frame);
            if (!msg.ok()) return fail(msg.error());
            if (dirs) dropOpenFile(msg->index, *dirs);
            failFile(msg->index, Error(msg->code, msg->message), false);
            break;
        }
        case MsgType::SenderDone: {
            // Every wanted file must have been answered, one way or the other.
            std::vector<uint32_t> missing;
            {
                std::lock_guard lock(m_listMutex);
                for (uint32_t i = 0; i < m_wants.size(); ++i)
                    if (m_wants[i] == Want::Write || m_wants[i] == Want::ReplaceDirAndWrite) missing.push_back(i);
            }
            for (uint32_t i : missing) failFile(i, Error(Errc::Protocol, "the sender finished without sending it"), false);
            return;
        }
        default:
            return fail(Error(Errc::Internal, "unexpected frame in the write queue"));
        }
        if (cancelled()) return;
    }
}

void Receiver::failFile(uint32_t index, const Error& error, bool tellSender)
{
    std::string path;
    {
        std::lock_guard lock(m_listMutex);
        if (index >= m_list.size()) return fail(Error(Errc::Protocol, "a failure was reported for an unknown file"));
        m_wants[index] = Want::Finished;
        path = targetPath(m_list[index].path);
    }
    m_observer.onFileFailed(index, path, error);
    if (tellSender) {
        proto::FileFailedMsg msg;
        msg.index = index;
        msg.code = error.code;
        msg.message = error.message;
        (void)m_link.send(proto::toFrame(msg));
    }
}

void Receiver::dropOpenFile(uint32_t index, DirCache& dirs)
{
    auto it = m_open.find(index);
    if (it == m_open.end()) return;
    std::string target;
    {
        std::lock_guard lock(m_listMutex);
        target = targetPath(m_list[index].path);
    }
    (void)it->second.handle.close();
    if (auto parent = dirs.get(parentOf(target)); parent.ok()) (void)(*parent)->unlinkAt(it->second.tempName);
    m_open.erase(it);
}

void Receiver::handleData(const proto::Frame& frame, DirCache& dirs)
{
    const uint8_t* data = nullptr;
    size_t n = 0;
    auto header = proto::decodeDataHeader(frame, &data, &n);
    if (!header.ok()) return fail(header.error());
    const uint32_t index = header->index;
    Want want;
    FileEntry entry;
    {
        std::lock_guard lock(m_listMutex);
        if (index >= m_wants.size()) return fail(Error(Errc::Protocol, "data for a file that was never listed"));
        want = m_wants[index];
        if (want != Want::Finished) entry = m_list[index];
    }
    if (want == Want::Finished) return; // failed already; drop the rest of it
    if (want == Want::None) return fail(Error(Errc::Protocol, "data for a file that was not asked for: " + entry.path));
    const std::string target = targetPath(entry.path);

    auto it = m_open.find(index);
    if (it == m_open.end()) {
        StageTimer busy(m_writeStage, StageTimer::Bucket::Busy);
        auto parent = dirs.get(parentOf(target));
        if (!parent.ok()) return failFile(index, parent.error(), true);
        OpenFile open;
        open.tempName = tempNameFor(baseName(target));
        auto created = (*parent)->createExclusive(open.tempName, 0600);
        if (!created.ok()) return failFile(index, created.error(), true);
        open.handle = std::move(created).value();
        (void)open.handle.tryLockExclusive(); // marks it live for removeStaleTemps
        if (Status st = open.handle.preallocate(entry.size); !st) {
            (void)open.handle.close();
            (void)(*parent)->unlinkAt(open.tempName);
            return failFile(index, st.error(), true);
        }
        it = m_open.emplace(index, std::move(open)).first;
        m_observer.onFileStarted(index, target, entry.size);
    }
    OpenFile& open = it->second;
    if (header->offset != open.written) {
        return fail(Error(Errc::Protocol, "data for " + target + " arrived out of order (offset "
                                              + std::to_string(header->offset) + ", expected "
                                              + std::to_string(open.written) + ")"));
    }
    Status st;
    {
        StageTimer busy(m_writeStage, StageTimer::Bucket::Busy);
        st = open.handle.pwriteAll(data, n, header->offset);
    }
    if (!st) {
        dropOpenFile(index, dirs);
        return failFile(index, st.error(), true);
    }
    {
        StageTimer busy(m_verifyStage, StageTimer::Bucket::Busy);
        open.hasher.update(data, n);
    }
    m_verifyStage.addBytes(n);
    open.written += n;
    m_writeStage.addBytes(n);
    m_observer.onFileProgress(index, open.written);
}

void Receiver::handleFileEnd(const proto::FileEndMsg& end, DirCache& dirs)
{
    const uint32_t index = end.index;
    Want want;
    FileEntry entry;
    {
        std::lock_guard lock(m_listMutex);
        if (index >= m_wants.size()) return fail(Error(Errc::Protocol, "the end of a file that was never listed"));
        want = m_wants[index];
        if (want != Want::Finished) entry = m_list[index];
    }
    if (want == Want::Finished) return;
    if (want == Want::None) return fail(Error(Errc::Protocol, "a file that was not asked for: " + entry.path));
    const std::string target = targetPath(entry.path);
    StageTimer busy(m_writeStage, StageTimer::Bucket::Busy);

    auto parent = dirs.get(parentOf(target));
    if (!parent.ok()) return failFile(index, parent.error(), true);
    const platform::DirHandle* dir = *parent;
    if (m_open.find(index) == m_open.end()) {
        // An empty file: no data frame opened it.
        OpenFile open;
        open.tempName = tempNameFor(baseName(target));
        auto created = dir->createExclusive(open.tempName, 0600);
        if (!created.ok()) return failFile(index, created.error(), true);
        open.handle = std::move(created).value();
        (void)open.handle.tryLockExclusive();
        m_open.emplace(index, std::move(open));
        m_observer.onFileStarted(index, target, 0);
    }
    OpenFile& open = m_open.at(index);
    if (open.written != end.size || open.hasher.digest() != end.hash) {
        Error e(Errc::VerifyFailed, "verification failed for " + target + ": received " + std::to_string(open.written)
                                        + " bytes that do not match what the sender read; the old version was kept");
        dropOpenFile(index, dirs);
        return failFile(index, e, true);
    }
    if (open.written < entry.size) (void)open.handle.truncate(open.written);
    Status st = open.handle.setMode(mask(end.mode));
    if (st) st = open.handle.setModifyTime(end.mtimeNs);
    if (st) st = open.handle.close();
    if (st && want == Want::ReplaceDirAndWrite) {
        auto info = dir->statAt(baseName(target));
        if (info.ok() && info->type == platform::FileType::Directory) {
            st = removeRecursive(*dir, baseName(target));
            dirs.invalidate(target);
            auto again = dirs.get(parentOf(target));
            if (!again.ok()) st = again.error();
            else dir = *again;
        }
    }
    if (st) st = dir->renameAt(open.tempName, baseName(target));
    if (!st) {
        dropOpenFile(index, dirs);
        return failFile(index, st.error(), true);
    }
    m_open.erase(index);
    {
        std::lock_guard lock(m_listMutex);
        m_wants[index] = Want::Finished;
    }
    m_writeStage.addItems(1);
    m_observer.onFileDone(index, target, end.size);
    proto::FileDoneMsg done;
    done.index = index;
    (void)m_link.send(proto::toFrame(done), true);
}

} // namespace fg
