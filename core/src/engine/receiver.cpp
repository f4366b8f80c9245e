#include "engine/receiver.h"

#include "common/path.h"
#include "engine/linger.h"
#include "engine/tree_ops.h"
#include "filter/filter.h"
#include "scan/scanner.h"

#include <algorithm>
#include <limits>

namespace fg {
namespace {

// Frames waiting for the writer. When the disk is slower than the network
// this fills and the network thread stops reading, so TCP flow control slows
// the sender: memory stays bounded.
constexpr size_t kWriteQueueBytes = 16u << 20;
// After JobDone the receiver waits this long for the sender to close first;
// closing a socket with unread data would reset it and could lose JobDone.
constexpr auto kCloseGrace = std::chrono::seconds(10);

std::optional<proto::WireAction> wireActionOf(FileAction a)
{
    switch (a) {
    case FileAction::Copy: return proto::WireAction::Copy;
    case FileAction::Update: return proto::WireAction::Update;
    case FileAction::Attrs: return proto::WireAction::Attrs;
    case FileAction::MkDir: return proto::WireAction::MkDir;
    case FileAction::Symlink: return proto::WireAction::Symlink;
    case FileAction::Unchanged:
    case FileAction::Delete: break;
    }
    return std::nullopt;
}

} // namespace

Receiver::Receiver(RootSpec root, TransferParams params, proto::FrameLink& link, RoleObserver& observer,
                   StageSet& stages)
    : RoleBase(link, observer, stages), m_root(std::move(root)), m_params(std::move(params)),
      m_receiveStage(stages.add("receive")), m_planStage(stages.add("plan")), m_writeStage(stages.add("write")),
      m_verifyStage(stages.add("verify")),
      m_listQueue(std::numeric_limits<size_t>::max()), m_writeQueue(kWriteQueueBytes)
{
    m_rules.checksum = m_params.checksum;
    m_rules.deleteExtraneous = m_params.deleteExtraneous;
    m_rules.modifyWindowNs = m_params.modifyWindowNs;
}

Receiver::~Receiver() { cancel(); }

void Receiver::abortQueues()
{
    m_listQueue.abort();
    m_writeQueue.abort();
}

uint32_t Receiver::mask(uint32_t mode) const
{
    return m_root.stripSpecialModeBits ? (mode & 01777) : (mode & 07777);
}

void Receiver::notice(bool isError, const std::string& path, const Error& error)
{
    m_observer.onNotice(isError, path, error);
    proto::NoticeMsg msg;
    msg.level = isError ? proto::NoticeMsg::Level::Error : proto::NoticeMsg::Level::Warning;
    msg.code = error.code;
    msg.path = path;
    msg.message = error.message;
    (void)m_link.send(proto::toFrame(msg));
}

// ---- the target root ---------------------------------------------------------

Status Receiver::resolveRoot(const proto::FileListBeginMsg& begin)
{
    m_rootKind = begin.rootKind;
    m_rootName = begin.rootName;
    const std::string full = m_root.display();
    const bool dry = m_params.dryRun;

    // The directory that holds the destination, and the destination's name in it.
    std::optional<platform::DirHandle> parent;
    std::string name;
    if (m_root.relative.empty()) {
        auto info = platform::statPath(m_root.base, true);
        if (info.ok() && info->type == platform::FileType::Directory) {
            FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(m_root.base, m_root.displayBase));
            if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
            m_rootDir = std::move(dir);
            return {};
        }
        if (info.ok() && m_rootKind != proto::RootKind::File)
            return Error(Errc::InvalidArgument, "destination " + full + " exists and is not a directory");
        if (!info.ok() && info.error().code != Errc::NotFound) return Error(info.error().code, "destination " + full + ": " + info.error().message);
        auto p = platform::DirHandle::open(localDirName(m_root.base), m_root.displayBase.empty() ? std::string() : ".");
        if (!p.ok()) {
            if (p.error().code == Errc::NotFound)
                return Error(Errc::NotFound, "the destination's parent directory " + localDirName(m_root.base)
                                                 + " does not exist; create it first");
            return p.error();
        }
        parent = std::move(p).value();
        name = localBaseName(m_root.base);
    } else {
        auto p = openBelow(m_root.base, parentOf(m_root.relative), m_root.displayBase);
        if (!p.ok()) {
            if (p.error().code == Errc::NotFound)
                return Error(Errc::NotFound, "the destination's parent directory does not exist: "
                                                 + std::string(parentOf(m_root.relative)));
            return p.error();
        }
        parent = std::move(p).value();
        name = std::string(baseName(m_root.relative));
        auto info = parent->statAt(name);
        if (info.ok() && info->type == platform::FileType::Symlink)
            return Error(Errc::UnsafePath, "destination " + full
                                               + " is a symbolic link; floodgate does not follow links inside a module");
        if (info.ok() && info->type == platform::FileType::Directory) {
            FG_TRY_ASSIGN(platform::DirHandle dir, parent->openDir(name));
            if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
            m_rootDir = std::move(dir);
            return {};
        }
        if (info.ok() && m_rootKind != proto::RootKind::File)
            return Error(Errc::InvalidArgument, "destination " + full + " exists and is not a directory");
        if (!info.ok() && info.error().code != Errc::NotFound) return info.error();
    }

    // The destination is not a directory (or does not exist).
    if (m_rootKind == proto::RootKind::File && !m_root.trailingSlash) {
        // A single file is written under the destination's own name.
        m_fileName = name;
        m_rootDir = std::move(parent);
        return {};
    }
    if (dry) {
        m_rootMissing = true;
        if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
        return {};
    }
    Status made = parent->mkdirAt(name, 0777);
    if (!made.ok() && made.error().sysErrno != EEXIST) return made;
    FG_TRY_ASSIGN(platform::DirHandle dir, parent->openDir(name));
    if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
    m_rootDir = std::move(dir);
    return {};
}

std::string Receiver::targetPath(const std::string& listPath) const
{
    if (m_rootKind == proto::RootKind::File) return m_fileName;
    return listPath;
}

// ---- run -------------------------------------------------------------------

Status Receiver::run()
{
    m_observer.onState(JobState::Scanning);
    auto first = m_link.receive();
    if (!first.ok()) return first.error();
    if (first->type == uint16_t(proto::MsgType::Error)) {
        auto msg = proto::fromFrame<proto::ErrorMsg>(*first);
        if (!msg.ok()) return msg.error();
        return Error(msg->code, "the sender stopped: " + msg->message);
    }
    auto begin = proto::fromFrame<proto::FileListBeginMsg>(*first);
    if (!begin.ok()) return failEarly(begin.error());
    if (Status st = resolveRoot(*begin); !st) return failEarly(st.error());

    std::thread net([this] { netLoop(); });
    std::thread writer([this] { writeLoop(); });
    startStatsReports();

    std::optional<DirCache> dirs;
    if (m_rootDir) {
        auto dup = m_rootDir->duplicate();
        if (!dup.ok()) fail(dup.error());
        else dirs.emplace(std::move(dup).value());
    }

    m_observer.onState(JobState::Planning);
    bool listDone = false;
    while (!listDone && !cancelled()) {
        std::optional<proto::Frame> frame = m_listQueue.pop();
        if (!frame) break;
        if (frame->type == uint16_t(proto::MsgType::FileListBatch)) {
            auto batch = proto::fromFrame<proto::FileListBatchMsg>(*frame);
            // Without a target directory (a dry run into a destination that
            // does not exist yet) everything plans as new.
            Status st = batch.ok() ? planBatch(std::move(batch).value(), dirs ? &*dirs : nullptr)
                                   : Status(batch.error());
            if (!st) sendFailed(st.error());
        } else {
            auto end = proto::fromFrame<proto::FileListEndMsg>(*frame);
            Status st = end.ok() ? finishList(*end) : Status(end.error());
            if (!st) sendFailed(st.error());
            listDone = true;
        }
    }

    writer.join();
    if (!cancelled()) {
        m_observer.onState(JobState::Finishing);
        if (!m_params.dryRun && dirs) finishDirectories(*dirs);
        if (dirs) deleteExtraneous(*dirs);
    }
    stopStatsReports();

    if (!cancelled()) {
        proto::StatsMsg st;
        st.stages = m_stages.snapshot(false);
        (void)m_link.send(proto::toFrame(st));
        m_jobDoneSent.store(true);
        proto::JobDoneMsg jobDone;
        jobDone.filesDeleted = uint32_t(std::min<uint64_t>(m_deletedCount, std::numeric_limits<uint32_t>::max()));
        if (Status sent = m_link.send(proto::toFrame(jobDone)); !sent) sendFailed(sent.error());
    }
    // Let the sender close first (see kCloseGrace), then make sure we are closed.
    {
        std::unique_lock lock(m_netMutex);
        m_netCv.wait_for(lock, kCloseGrace, [&] { return m_netDone; });
    }
    m_link.close();
    net.join();
    m_linger.finish();

    // Temp files of files that never finished must not stay behind.
    if (dirs) {
        std::vector<uint32_t> unfinished;
        for (const auto& [index, open] : m_open) unfinished.push_back(index);
        for (uint32_t index : unfinished) dropOpenFile(index, *dirs);
    }

    if (auto error = firstError()) return *error;
    return {};
}

void Receiver::netLoop()
{
    auto done = [this] {
        std::lock_guard lock(m_netMutex);
        m_netDone = true;
        m_netCv.notify_all();
    };
    for (;;) {
        proto::Frame frame;
        {
            StageTimer wait(m_receiveStage, StageTimer::Bucket::WaitInput);
            auto got = m_link.receive();
            if (!got.ok()) {
                if (!m_jobDoneSent.load() && !cancelled())
                    fail(Error(got.error().code == Errc::Protocol ? Errc::Protocol : Errc::Network,
                               "the connection to the sender was lost before the job finished: " + got.error().message));
                m_linger.peerClosed();
                return done();
            }
            frame = std::move(got).value();
        }
        // After a failure: read on, and drop everything, until the peer hangs up.
        if (cancelled()) continue;
        m_receiveStage.addItems(1);
        using proto::MsgType;
        // A push refused by an aborted queue means a failure: the loop drains on.
        switch (MsgType(frame.type)) {
        case MsgType::FileListBatch:
        case MsgType::FileListEnd: {
            size_t cost = frame.payload.size();
            (void)m_listQueue.push(std::move(frame), cost);
            break;
        }
        case MsgType::Data:
            m_receiveStage.addBytes(frame.payload.size() - std::min(frame.payload.size(), proto::kDataHeaderSize));
            [[fallthrough]];
        case MsgType::FileEnd:
        case MsgType::FileFailed:
        case MsgType::SenderDone: {
            size_t cost = frame.payload.size() + proto::kFrameHeaderSize;
            StageTimer wait(m_receiveStage, StageTimer::Bucket::WaitOutput);
            (void)m_writeQueue.push(std::move(frame), cost);
            break;
        }
        case MsgType::Notice: {
            auto msg = proto::fromFrame<proto::NoticeMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onNotice(msg->level == proto::NoticeMsg::Level::Error, msg->path, Error(msg->code, msg->message));
            break;
        }
        case MsgType::Stats: {
            auto msg = proto::fromFrame<proto::StatsMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onRemoteStats(std::move(msg->stages));
            break;
        }
        case MsgType::Error: {
            auto msg = proto::fromFrame<proto::ErrorMsg>(frame);
            fail(msg.ok() ? Error(msg->code, "the sender stopped: " + msg->message) : msg.error(), !msg.ok());
            continue;
        }
        case MsgType::Cancel:
            fail(Error(Errc::Cancelled, "the sender cancelled the job"), false);
            continue;
        default:
            fail(Error(Errc::Protocol, std::string("unexpected ") + proto::msgTypeName(frame.type)
                                           + " frame from the sender"));
            continue;
        }
    }
}


// ---- planning --------------------------------------------------------------

Status Receiver::planBatch(proto::FileListBatchMsg&& batch, DirCache* dirs)
{
    StageTimer busy(m_planStage, StageTimer::Bucket::Busy);
    proto::PlanBatchMsg out;
    std::vector<PlanItem> items;
    for (auto& wire : batch.entries) {
        uint32_t index = 0;
        {
            std::lock_guard lock(m_listMutex);
            if (m_list.size() >= std::numeric_limits<uint32_t>::max())
                return Error(Errc::Protocol, "the file list is longer than the protocol allows");
            index = uint32_t(m_list.size());
            m_list.push_back(fromWire(std::move(wire)));
            m_wants.push_back(Want::None);
        }
        FG_TRY(planEntry(index, dirs, out, items));
    }
    m_planStage.addItems(batch.entries.size());
    if (!out.items.empty()) FG_TRY(m_link.send(proto::toFrame(out)));
    if (!items.empty()) m_observer.onPlanned(std::move(items));
    return {};
}

Status Receiver::planEntry(uint32_t index, DirCache* dirs, proto::PlanBatchMsg& out, std::vector<PlanItem>& items)
{
    FileEntry entry;
    {
        std::lock_guard lock(m_listMutex);
        entry = m_list[index];
    }
    // Every name is checked before it touches the disk: nothing the sender
    // says may reach outside the destination.
    const std::string& p = entry.path;
    if (m_rootKind == proto::RootKind::File) {
        if (index != 0 || !entry.isRegular() || p != m_rootName)
            return Error(Errc::Protocol, "a single-file transfer listed more than the file");
    } else if (p == ".") {
        if (index != 0 || m_rootKind != proto::RootKind::Contents || !entry.isDir())
            return Error(Errc::Protocol, "'.' may only be the first entry, a directory");
    } else {
        FG_TRY(validateRelativePath(p));
        std::string_view parent = parentOf(p);
        if (m_rootKind == proto::RootKind::NamedDir) {
            if (index == 0 ? p != m_rootName || !entry.isDir() : parent.empty())
                return Error(Errc::Protocol, "entry '" + p + "' is outside the named root '" + m_rootName + "'");
        }
        if (!parent.empty() && !m_listedDirs.count(std::string(parent)))
            return Error(Errc::Protocol, "entry '" + p + "' comes before its directory was listed");
        if (parent.empty() && m_rootKind == proto::RootKind::Contents && index == 0)
            return Error(Errc::Protocol, "the list of a directory's contents must start with '.'");
    }
    if (entry.isDir()) m_listedDirs.insert(p);
    if (entry.isRegular()) m_observer.onListed(true, entry.size);
    entry.mode = mask(entry.mode);
    const std::string target = targetPath(p);

    auto state = targetState(entry, dirs);
    if (!state.ok()) {
        notice(true, target, state.error());
        return {};
    }
    Decision decision = decide(entry, *state, m_rules);
    if (!decision.refusal.empty()) {
        notice(true, target, Error(Errc::InvalidArgument, decision.refusal));
        return {};
    }
    // An existing directory may hold what an interrupted run left behind.
    if (entry.isDir() && state->has_value() && (*state)->type == platform::FileType::Directory
        && !m_params.dryRun && dirs)
        cleanStaleTemps(target, *dirs);
    else if (m_rootKind == proto::RootKind::File && !m_params.dryRun && dirs)
        cleanStaleTemps(".", *dirs);
    if (decision.action == FileAction::Unchanged) {
        ++m_unchanged;
        return {};
    }
    if (!m_params.dryRun && dirs) {
        Status applied = applyDecision(entry, decision, *dirs);
        if (!applied) {
            notice(true, target, applied.error());
            return {};
        }
    }
    if ((decision.action == FileAction::Copy || decision.action == FileAction::Update) && !m_params.dryRun) {
        std::lock_guard lock(m_listMutex);
        m_wants[index] = decision.replaceTarget ? Want::ReplaceDirAndWrite : Want::Write;
        ++m_wantedCount;
    }
    out.items.push_back({index, *wireActionOf(decision.action)});
    PlanItem item;
    item.path = target;
    item.action = decision.action;
    item.size = entry.size;
    item.isDir = entry.isDir();
    items.push_back(std::move(item));
    return {};
}

void Receiver::cleanStaleTemps(const std::string& dirPath, DirCache& dirs)
{
    auto dir = dirs.get(dirPath == "." ? std::string() : dirPath);
    if (!dir.ok()) return;
    size_t removed = removeStaleTemps(**dir);
    if (removed > 0)
        m_observer.onNotice(false, dirPath, Error(Errc::Ok, "removed " + std::to_string(removed)
                                                                + " temporary file(s) left by an interrupted run"));
}

Result<std::optional<TargetState>> Receiver::targetState(const FileEntry& entry, DirCache* cache)
{
    if (m_rootMissing || !cache) return std::optional<TargetState>();
    DirCache& dirs = *cache;
    const std::string target = targetPath(entry.path);
    platform::FileInfo info;
    const platform::DirHandle* parent = nullptr;
    if (target == ".") {
        FG_TRY_ASSIGN(info, dirs.root().stat());
    } else {
        auto dir = dirs.get(parentOf(target));
        if (!dir.ok()) {
            // In a dry run the parent was never made; anywhere else a missing
            // parent means it could not be made, which was reported then.
            if (dir.error().code == Errc::NotFound || (m_params.dryRun && dir.error().code == Errc::UnsafePath))
                return std::optional<TargetState>();
            return dir.error();
        }
        parent = *dir;
        auto st = parent->statAt(baseName(target));
        if (!st.ok()) {
            if (st.error().code == Errc::NotFound) return std::optional<TargetState>();
            return st.error();
        }
        info = *st;
    }
    TargetState t;
    t.type = info.type;
    t.size = info.size;
    t.mtimeNs = info.mtimeNs;
    t.mode = info.mode;
    if (info.type == platform::FileType::Symlink && parent) {
        FG_TRY_ASSIGN(t.linkTarget, parent->readlinkAt(baseName(target)));
    }
    if (needsTargetHash(entry, t, m_rules) && parent) {
        FG_TRY_ASSIGN(platform::FileHandle file, parent->openRead(baseName(target)));
        FG_TRY_ASSIGN(Hash128 h, hashFile(file));
        t.hash = h;
    }
    return std::optional<TargetState>(std::move(t));
}

Status Receiver::applyDecision(const FileEntry& entry, const Decision& decision, DirCache& dirs)
{
    const std::string target = targetPath(entry.path);
    if (target == ".") return {}; // the root exists; its attributes are set at the end
    std::string parentRel(parentOf(target));
    std::string name(baseName(target));
    switch (decision.action) {
    case FileAction::MkDir: {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        if (decision.replaceTarget) {
            FG_TRY(removeRecursive(*parent, name));
            dirs.invalidate(target);
        }
        // Owner-writable until the end, so files can be written into a
        // directory whose final mode is read-only.
        return parent->mkdirAt(name, 0700);
    }
    case FileAction::Symlink: {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        if (decision.replaceTarget) {
            FG_TRY(removeRecursive(*parent, name));
            dirs.invalidate(target);
        }
        // Made under a temporary name and renamed over the old entry, so the
        // path always names either the old or the new thing.
        std::string temp = tempNameFor(name);
        FG_TRY(parent->symlinkAt(entry.linkTarget, temp));
        Status st = parent->renameAt(temp, name);
        if (!st) {
            (void)parent->unlinkAt(temp);
            return st;
        }
        (void)parent->setModifyTimeAt(name, entry.mtimeNs);
        return {};
    }
    case FileAction::Attrs: {
        if (entry.isDir()) return {}; // directories are finished at the end
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        FG_TRY(parent->setModeAt(name, entry.mode));
        return parent->setModifyTimeAt(name, entry.mtimeNs);
    }
    case FileAction::Copy:
    case FileAction::Update:
    case FileAction::Unchanged:
    case FileAction::Delete:
        return {};
    }
    return {};
}

Status Receiver::finishList(const proto::FileListEndMsg& end)
{
    size_t listed = 0;
    {
        std::lock_guard lock(m_listMutex);
        listed = m_list.size();
    }
    if (end.count != listed)
        return Error(Errc::Protocol, "the sender announced " + std::to_string(end.count) + " entries but sent "
                                         + std::to_string(listed));
    if (m_rootKind == proto::RootKind::File && listed != 1)
        return Error(Errc::Protocol, "a single-file transfer must list exactly one entry");
    m_scanErrors = end.scanErrors;
    m_observer.onUnchanged(m_unchanged);
    proto::PlanEndMsg planEnd;
    planEnd.unchanged = uint32_t(std::min<uint64_t>(m_unchanged, std::numeric_limits<uint32_t>::max()));
    FG_TRY(m_link.send(proto::toFrame(planEnd)));
    m_observer.onState(JobState::Transferring);
    return {};
}

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

// ---- finishing -------------------------------------------------------------

void Receiver::finishDirectories(DirCache& dirs)
{
    // Deepest first is not needed for times (setting a child's time does not
    // touch its parent), but modes are set last-to-first so a read-only parent
    // is closed only after its children are done.
    std::vector<FileEntry> directories;
    {
        std::lock_guard lock(m_listMutex);
        for (const auto& e : m_list)
            if (e.isDir()) directories.push_back(e);
    }
    for (auto it = directories.rbegin(); it != directories.rend(); ++it) {
        const std::string target = targetPath(it->path);
        Status st;
        if (target == ".") {
            st = dirs.root().setMode(mask(it->mode));
            if (st) st = dirs.root().setModifyTime(it->mtimeNs);
        } else {
            auto parent = dirs.get(parentOf(target));
            if (!parent.ok()) {
                if (parent.error().code != Errc::NotFound) notice(true, target, parent.error());
                continue;
            }
            auto info = (*parent)->statAt(baseName(target));
            if (!info.ok() || info->type != platform::FileType::Directory) continue;
            st = (*parent)->setModeAt(baseName(target), mask(it->mode));
            if (st) st = (*parent)->setModifyTimeAt(baseName(target), it->mtimeNs);
        }
        if (!st) notice(true, target, st.error());
    }
}

void Receiver::deleteExtraneous(DirCache& dirs)
{
    if (!m_params.deleteExtraneous || m_rootKind == proto::RootKind::File || m_rootMissing) return;
    if (m_scanErrors > 0) {
        notice(true, ".", Error(Errc::Io, "deletions skipped: the sender could not read " + std::to_string(m_scanErrors)
                                              + " path(s), and deleting their counterparts here would lose data"));
        return;
    }
    auto filters = filter::FilterSet::compile(m_params.filters);
    if (!filters.ok()) return notice(true, ".", filters.error());

    std::unordered_set<std::string> sourceNames;
    {
        std::lock_guard lock(m_listMutex);
        sourceNames.reserve(m_list.size());
        for (const auto& e : m_list) sourceNames.insert(targetPath(e.path));
    }

    // The tree to compare: the destination itself for "src/", DEST/src for "src".
    std::optional<platform::DirHandle> scanRoot;
    ScanOptions options;
    options.filters = filters->empty() ? nullptr : &*filters;
    if (m_rootKind == proto::RootKind::NamedDir) {
        auto sub = dirs.get(m_rootName);
        if (!sub.ok()) return;
        auto dup = (*sub)->duplicate();
        if (!dup.ok()) return notice(true, m_rootName, dup.error());
        scanRoot = std::move(dup).value();
        options.prefix = m_rootName;
    } else {
        auto dup = dirs.root().duplicate();
        if (!dup.ok()) return notice(true, ".", dup.error());
        scanRoot = std::move(dup).value();
    }

    std::vector<std::pair<std::string, bool>> extraneous;
    ScanCallbacks callbacks;
    callbacks.entry = [&](FileEntry&& e) {
        if (!sourceNames.count(e.path)) extraneous.emplace_back(e.path, e.isDir());
        return !cancelled();
    };
    callbacks.error = [&](const std::string& path, const Error& error) { notice(true, path, error); };
    if (Status st = scanTree(*scanRoot, options, callbacks); !st) return;

    // Report the plan in batches; then, unless this is a dry run, delete
    // children before their directories (the reverse of the scan's order).
    proto::DeleteBatchMsg batch;
    std::vector<PlanItem> items;
    size_t bytes = 0;
    auto flush = [&] {
        if (batch.items.empty()) return;
        (void)m_link.send(proto::toFrame(batch));
        m_observer.onPlanned(std::move(items));
        batch.items.clear();
        items.clear();
        bytes = 0;
    };
    for (const auto& [path, isDir] : extraneous) {
        batch.items.push_back({path, isDir});
        PlanItem item;
        item.path = path;
        item.action = FileAction::Delete;
        item.isDir = isDir;
        items.push_back(std::move(item));
        bytes += path.size() + 8;
        if (bytes >= proto::kBatchBytes) flush();
    }
    flush();
    if (m_params.dryRun) return;

    uint64_t deleted = 0;
    for (auto it = extraneous.rbegin(); it != extraneous.rend(); ++it) {
        const auto& [path, isDir] = *it;
        auto parent = dirs.get(parentOf(path));
        if (!parent.ok()) {
            notice(true, path, parent.error());
            continue;
        }
        Status st = isDir ? (*parent)->rmdirAt(baseName(path)) : (*parent)->unlinkAt(baseName(path));
        if (!st) {
            if (st.error().code == Errc::NotFound) continue;
            notice(true, path, st.error());
            continue;
        }
        if (isDir) dirs.invalidate(path);
        ++deleted;
    }
    m_observer.onDeleted(deleted);
    m_deletedCount = deleted; // JobDone carries it to the sender

}

} // namespace fg
