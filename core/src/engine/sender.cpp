#include "engine/sender.h"

#include "common/path.h"
#include "engine/linger.h"
#include "filter/files_from.h"
#include "filter/filter.h"
#include "scan/scanner.h"

#include <limits>

namespace fg {
namespace {

// File data goes out in pieces of this size: large enough that per-frame costs
// (a header, a lock, a hash call) vanish next to the bytes, small enough that
// the queues hold many and a slow file does not stall the stream.
constexpr size_t kChunkBytes = 256 * 1024;
// Frames waiting to be written: a few MB keep the network busy while the disk
// hiccups, without holding much memory.
constexpr size_t kSendQueueBytes = 8u << 20;

} // namespace

Sender::Sender(RootSpec root, TransferParams params, proto::FrameLink& link, RoleObserver& observer,
               StageSet& stages, RateLimiter* limiter)
    : RoleBase(link, observer, stages), m_root(std::move(root)), m_params(std::move(params)), m_limiter(limiter),
      m_scanStage(stages.add("scan")), m_readStage(stages.add("read")), m_hashStage(stages.add("hash")),
      m_sendStage(stages.add("send")),
      m_wants(std::numeric_limits<size_t>::max()), m_sendQueue(kSendQueueBytes)
{
}

Sender::~Sender() { cancel(); }

void Sender::abortQueues()
{
    m_wants.abort();
    m_sendQueue.abort();
}

Status Sender::openRoot()
{
    const std::string full = m_root.display();
    // The user's own path may go through links; below a module root nothing may.
    std::optional<platform::DirHandle> parent;
    platform::FileInfo info;
    std::string base;
    if (m_root.relative.empty()) {
        auto st = platform::statPath(m_root.base, true);
        if (!st.ok()) {
            if (st.error().code == Errc::NotFound) return Error(Errc::NotFound, "source " + full + " does not exist");
            return Error(st.error().code, "source " + full + ": " + st.error().message);
        }
        info = *st;
        base = localBaseName(m_root.base);
    } else {
        auto dir = openBelow(m_root.base, parentOf(m_root.relative), m_root.displayBase);
        if (!dir.ok()) {
            if (dir.error().code == Errc::NotFound) return Error(Errc::NotFound, "source " + full + " does not exist");
            return dir.error();
        }
        base = std::string(baseName(m_root.relative));
        auto st = dir->statAt(base);
        if (!st.ok()) {
            if (st.error().code == Errc::NotFound) return Error(Errc::NotFound, "source " + full + " does not exist");
            return st.error();
        }
        if (st->type == platform::FileType::Symlink)
            return Error(Errc::UnsafePath, "source " + full + " is a symbolic link; floodgate does not follow links inside a module");
        info = *st;
        parent = std::move(dir).value();
    }
    if (info.type == platform::FileType::Directory) {
        // "src/" (and "." or "/") mean the directory's contents; "src" means
        // the directory itself, named by its base name.
        if (m_root.trailingSlash || base.empty() || base == "." || base == "..") {
            m_rootKind = proto::RootKind::Contents;
        } else {
            m_rootKind = proto::RootKind::NamedDir;
            m_rootName = base;
        }
        if (parent) {
            FG_TRY_ASSIGN(platform::DirHandle dir, parent->openDir(base));
            m_rootDir = std::move(dir);
        } else {
            FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(m_root.base, m_root.displayBase));
            m_rootDir = std::move(dir);
        }
        return {};
    }
    if (info.type != platform::FileType::Regular)
        return Error(Errc::InvalidArgument, "source " + full + " is neither a file nor a directory");
    if (m_root.trailingSlash) return Error(Errc::InvalidArgument, "source " + full + "/ is a file, not a directory");
    m_rootKind = proto::RootKind::File;
    m_rootName = base;
    m_fileName = base;
    if (!parent) {
        FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(localDirName(m_root.base)));
        parent = std::move(dir);
    }
    m_rootDir = std::move(parent);
    return {};
}

Status Sender::run()
{
    m_observer.onState(JobState::Scanning);
    if (Status opened = openRoot(); !opened) return failEarly(opened.error());
    proto::FileListBeginMsg begin;
    begin.rootKind = m_rootKind;
    begin.rootName = m_rootName;
    if (Status st = m_link.send(proto::toFrame(begin)); !st) return failEarly(st.error());

    std::thread control([this] { controlLoop(); });
    std::thread sender([this] { sendLoop(); });
    std::thread reader([this] { readLoop(); });
    startStatsReports();

    Status scanned = scanAndList();
    if (!scanned) fail(scanned.error());

    reader.join();
    if (!cancelled()) {
        proto::StatsMsg st;
        st.stages = m_stages.snapshot(false);
        enqueue(proto::toFrame(st));
        enqueue(proto::toFrame(proto::SenderDoneMsg{}));
    }
    m_sendQueue.close();
    sender.join();
    control.join();
    stopStatsReports();
    // The receiver waits for us to close first (it must not reset a
    // connection that still carries its JobDone).
    m_link.close();
    m_linger.finish();

    auto error = firstError();
    if (error && !m_jobDone.load()) return *error;
    return {};
}

Status Sender::scanAndList()
{
    auto filters = filter::FilterSet::compile(m_params.filters);
    if (!filters.ok()) return filters.error();
    std::optional<filter::FilesFromSet> filesFrom;
    if (m_params.hasFilesFrom) {
        auto ff = filter::FilesFromSet::compile(m_params.filesFrom);
        if (!ff.ok()) return ff.error();
        filesFrom = std::move(ff).value();
    }

    proto::FileListBatchMsg batch;
    size_t batchBytes = 0;
    uint32_t count = 0;
    uint32_t scanErrors = 0;
    const uint64_t started = monotonicNs();

    auto flushBatch = [&]() {
        if (batch.entries.empty()) return true;
        bool ok = enqueue(proto::toFrame(batch));
        batch.entries.clear();
        batchBytes = 0;
        return ok;
    };
    auto add = [&](FileEntry&& entry) {
        if (cancelled()) return false;
        m_observer.onListed(entry.isRegular(), entry.size);
        m_scanStage.addItems(1);
        batchBytes += entry.path.size() + entry.linkTarget.size() + 48;
        batch.entries.push_back(toWire(entry));
        {
            std::lock_guard lock(m_listMutex);
            m_list.push_back(std::move(entry));
        }
        ++count;
        // Small batches early, so the receiver starts planning (and asking for
        // files) while the scan goes on; full-size batches after that.
        size_t limit = count < 1024 ? 16 * 1024 : proto::kBatchBytes;
        if (batchBytes >= limit) return flushBatch();
        return true;
    };

    if (m_rootKind == proto::RootKind::File) {
        auto info = m_rootDir->statAt(m_fileName);
        if (!info.ok()) return info.error();
        FileEntry e;
        e.path = m_fileName;
        e.type = platform::FileType::Regular;
        e.mode = info->mode;
        e.size = info->size;
        e.mtimeNs = info->mtimeNs;
        if (m_params.checksum) {
            FG_TRY_ASSIGN(platform::FileHandle file, m_rootDir->openRead(m_fileName));
            FG_TRY_ASSIGN(Hash128 h, hashFile(file));
            e.hash = h;
        }
        add(std::move(e));
    } else {
        FG_TRY_ASSIGN(platform::FileInfo rootInfo, m_rootDir->stat());
        FileEntry root;
        root.path = m_rootKind == proto::RootKind::Contents ? std::string(".") : m_rootName;
        root.type = platform::FileType::Directory;
        root.mode = rootInfo.mode;
        root.mtimeNs = rootInfo.mtimeNs;
        add(std::move(root));

        filter::FilterSet noFilters;
        ScanOptions options;
        options.filters = filters->empty() ? nullptr : &*filters;
        options.filesFrom = filesFrom ? &*filesFrom : nullptr;
        options.prefix = m_rootKind == proto::RootKind::NamedDir ? m_rootName : std::string();
        options.withHashes = m_params.checksum;
        ScanCallbacks callbacks;
        callbacks.entry = add;
        callbacks.error = [&](const std::string& path, const Error& error) {
            ++scanErrors;
            m_observer.onNotice(true, path, error);
            proto::NoticeMsg notice;
            notice.level = proto::NoticeMsg::Level::Error;
            notice.code = error.code;
            notice.path = path;
            notice.message = error.message;
            enqueue(proto::toFrame(notice));
        };
        callbacks.skipped = [&](const std::string& path) {
            Error info(Errc::Ok, "skipping non-regular file (socket, FIFO or device)");
            m_observer.onNotice(false, path, info);
        };
        Status st = scanTree(*m_rootDir, options, callbacks);
        if (!st) return st;
    }
    if (!flushBatch()) return Error(Errc::Cancelled, "cancelled");
    m_scanStage.addBusy(monotonicNs() - started);

    proto::FileListEndMsg end;
    end.count = count;
    end.scanErrors = scanErrors;
    if (!enqueue(proto::toFrame(end))) return Error(Errc::Cancelled, "cancelled");
    m_observer.onState(JobState::Transferring);
    return {};
}

bool Sender::enqueue(proto::Frame frame)
{
    size_t cost = frame.payload.size() + proto::kFrameHeaderSize;
    return m_sendQueue.push(std::move(frame), cost);
}

std::optional<Sender::ListedFile> Sender::listed(uint32_t index)
{
    std::lock_guard lock(m_listMutex);
    if (index >= m_list.size()) return std::nullopt;
    const FileEntry& e = m_list[index];
    return ListedFile{e.path, e.size};
}

void Sender::controlLoop()
{
    for (;;) {
        auto frame = m_link.receive();
        if (!frame.ok()) {
            if (!m_jobDone.load()) {
                Error e = frame.error();
                if (!cancelled())
                    e.message = "the connection to the receiver was lost before the job finished: " + e.message;
                fail(std::move(e));
            }
            m_linger.peerClosed();
            return;
        }
        // After a failure: read on, and drop everything, until the peer hangs up.
        if (cancelled()) continue;
        auto badIndex = [&](uint32_t index) {
            fail(Error(Errc::Protocol, "the receiver named file #" + std::to_string(index) + ", which was never listed"));
        };
        using proto::MsgType;
        switch (MsgType(frame->type)) {
        case MsgType::PlanBatch: {
            auto msg = proto::fromFrame<proto::PlanBatchMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            std::vector<PlanItem> items;
            items.reserve(msg->items.size());
            bool bad = false;
            for (const auto& it : msg->items) {
                auto file = listed(it.index);
                if (!file) {
                    badIndex(it.index);
                    bad = true;
                    break;
                }
                PlanItem item;
                item.path = file->path;
                item.size = file->size;
                switch (it.action) {
                case proto::WireAction::Copy: item.action = FileAction::Copy; break;
                case proto::WireAction::Update: item.action = FileAction::Update; break;
                case proto::WireAction::Attrs: item.action = FileAction::Attrs; break;
                case proto::WireAction::MkDir: item.action = FileAction::MkDir; item.isDir = true; break;
                case proto::WireAction::Symlink: item.action = FileAction::Symlink; break;
                }
                if ((it.action == proto::WireAction::Copy || it.action == proto::WireAction::Update)
                    && !m_params.dryRun)
                    m_wants.push(it.index);
                items.push_back(std::move(item));
            }
            if (!bad) m_observer.onPlanned(std::move(items));
            break;
        }
        case MsgType::DeleteBatch: {
            auto msg = proto::fromFrame<proto::DeleteBatchMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            std::vector<PlanItem> items;
            for (auto& it : msg->items) {
                PlanItem item;
                item.path = std::move(it.path);
                item.action = FileAction::Delete;
                item.isDir = it.isDir;
                items.push_back(std::move(item));
            }
            m_observer.onPlanned(std::move(items));
            break;
        }
        case MsgType::PlanEnd: {
            auto msg = proto::fromFrame<proto::PlanEndMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onUnchanged(msg->unchanged);
            m_wants.close();
            break;
        }
        case MsgType::FileDone: {
            auto msg = proto::fromFrame<proto::FileDoneMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            auto file = listed(msg->index);
            if (!file) {
                badIndex(msg->index);
                continue;
            }
            m_observer.onFileDone(msg->index, file->path, file->size);
            break;
        }
        case MsgType::FileFailed: {
            auto msg = proto::fromFrame<proto::FileFailedMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            auto file = listed(msg->index);
            if (!file) {
                badIndex(msg->index);
                continue;
            }
            m_observer.onFileFailed(msg->index, file->path, Error(msg->code, msg->message));
            break;
        }
        case MsgType::Notice: {
            auto msg = proto::fromFrame<proto::NoticeMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onNotice(msg->level == proto::NoticeMsg::Level::Error, msg->path,
                                Error(msg->code, msg->message));
            break;
        }
        case MsgType::Stats: {
            auto msg = proto::fromFrame<proto::StatsMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onRemoteStats(std::move(msg->stages));
            break;
        }
        case MsgType::JobDone: {
            auto msg = proto::fromFrame<proto::JobDoneMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onDeleted(msg->filesDeleted);
            m_jobDone.store(true);
            return;
        }
        case MsgType::Error: {
            auto msg = proto::fromFrame<proto::ErrorMsg>(*frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            fail(Error(msg->code, "the receiver stopped: " + msg->message), false);
            continue;
        }
        case MsgType::Cancel:
            fail(Error(Errc::Cancelled, "the receiver cancelled the job"), false);
            continue;
        default:
            fail(Error(Errc::Protocol, std::string("unexpected ") + proto::msgTypeName(frame->type)
                                           + " frame from the receiver"));
            continue;
        }
    }
}

void Sender::readLoop()
{
    auto root = m_rootDir->duplicate();
    if (!root.ok()) return fail(root.error());
    DirCache dirs(std::move(root).value());
    for (;;) {
        std::optional<uint32_t> index;
        {
            StageTimer wait(m_readStage, StageTimer::Bucket::WaitInput);
            index = m_wants.pop();
        }
        if (!index) return;
        // A file's own problem is reported by sendFile and the job goes on;
        // what comes back here ends the job (a lost connection, a cancel).
        Status st = sendFile(*index, dirs);
        if (!st) return fail(st.error());
    }
}

Status Sender::sendFile(uint32_t index, DirCache& dirs)
{
    auto file = listed(index);
    if (!file) return Error(Errc::Protocol, "the receiver asked for file #" + std::to_string(index) + ", which was never listed");

    auto reportFailure = [&](Error error) -> Status {
        m_observer.onFileFailed(index, file->path, error);
        proto::FileFailedMsg failed;
        failed.index = index;
        failed.code = error.code;
        failed.message = error.message;
        if (!enqueue(proto::toFrame(failed))) return Error(Errc::Cancelled, "cancelled");
        return {};
    };

    // Names in the list are relative to the root directory, except the prefix
    // of a named root and the single file of a file root.
    std::string rel = file->path;
    if (m_rootKind == proto::RootKind::NamedDir) rel = rel.size() > m_rootName.size() ? rel.substr(m_rootName.size() + 1) : "";
    auto parent = dirs.get(parentOf(rel));
    if (!parent.ok()) return reportFailure(parent.error());
    auto opened = (*parent)->openRead(baseName(rel));
    if (!opened.ok()) {
        Error e = opened.error();
        if (e.code == Errc::NotFound) e = Error(Errc::Vanished, "file vanished before it could be sent: " + file->path);
        return reportFailure(e);
    }
    platform::FileHandle handle = std::move(opened).value();
    auto info = handle.stat();
    if (!info.ok()) return reportFailure(info.error());
    if (info->type != platform::FileType::Regular)
        return reportFailure(Error(Errc::Vanished, file->path + " is no longer a regular file"));
    handle.adviseSequential();

    Hasher128 hasher;
    uint64_t offset = 0;
    std::vector<uint8_t> buffer(kChunkBytes);
    for (;;) {
        if (cancelled()) return Error(Errc::Cancelled, "cancelled");
        Result<size_t> got = Error();
        {
            StageTimer busy(m_readStage, StageTimer::Bucket::Busy);
            got = handle.read(buffer.data(), buffer.size());
        }
        if (!got.ok()) return reportFailure(got.error());
        if (*got == 0) break;
        m_readStage.addBytes(*got);
        {
            // Counted apart from the disk so the bottleneck view can tell them apart.
            StageTimer busy(m_hashStage, StageTimer::Bucket::Busy);
            hasher.update(buffer.data(), *got);
        }
        m_hashStage.addBytes(*got);
        proto::Frame frame = proto::makeDataFrame(index, offset, buffer.data(), *got);
        offset += *got;
        {
            StageTimer wait(m_readStage, StageTimer::Bucket::WaitOutput);
            if (!enqueue(std::move(frame))) return Error(Errc::Cancelled, "cancelled");
        }
    }
    m_readStage.addItems(1);
    proto::FileEndMsg end;
    end.index = index;
    end.size = offset;
    // The time of the version actually read, so a file that changed during
    // the scan is stamped like the bytes it got.
    auto after = handle.stat();
    end.mtimeNs = after.ok() ? after->mtimeNs : info->mtimeNs;
    end.mode = info->mode;
    end.hash = hasher.digest();
    if (!enqueue(proto::toFrame(end))) return Error(Errc::Cancelled, "cancelled");
    return {};
}

void Sender::sendLoop()
{
    for (;;) {
        std::optional<proto::Frame> frame = m_sendQueue.tryPop();
        if (!frame) {
            // Nothing queued: what the link holds back for batching must go
            // now, or the receiver would wait for it while we wait for input.
            if (Status st = m_link.flush(); !st) return sendFailed(st.error());
            StageTimer wait(m_sendStage, StageTimer::Bucket::WaitInput);
            frame = m_sendQueue.pop();
        }
        if (!frame) break;
        size_t bytes = frame->payload.size() + proto::kFrameHeaderSize;
        if (m_limiter && frame->type == uint16_t(proto::MsgType::Data)) {
            StageTimer wait(m_sendStage, StageTimer::Bucket::WaitOutput);
            if (!m_limiter->acquire(bytes, &cancelFlag())) break;
        }
        bool isData = frame->type == uint16_t(proto::MsgType::Data);
        size_t payload = frame->payload.size();
        // Progress is what went to the connection, not what was read ahead
        // into the queue: that is what the user's "active" and "%" mean.
        std::optional<proto::DataHeader> progress;
        if (isData) {
            const uint8_t* data = nullptr;
            size_t n = 0;
            auto header = proto::decodeDataHeader(*frame, &data, &n);
            if (header.ok()) {
                progress = *header;
                progress->offset += n;
            }
        } else if (frame->type == uint16_t(proto::MsgType::FileEnd)) {
            auto end = proto::fromFrame<proto::FileEndMsg>(*frame);
            if (end.ok()) progress = proto::DataHeader{end->index, end->size};
        }
        Status st;
        {
            StageTimer busy(m_sendStage, StageTimer::Bucket::Busy);
            st = m_link.send(std::move(*frame), !m_sendQueue.empty());
        }
        if (!st) return sendFailed(st.error());
        m_sendStage.addItems(1);
        if (isData) m_sendStage.addBytes(payload - proto::kDataHeaderSize);
        if (progress) reportProgress(progress->index, progress->offset);
    }
    if (Status flushed = m_link.flush(); !flushed) sendFailed(flushed.error());
}

void Sender::reportProgress(uint32_t index, uint64_t bytesSent)
{
    if (index != m_progressIndex || !m_progressStarted) {
        auto file = listed(index);
        if (!file) return;
        m_observer.onFileStarted(index, file->path, file->size);
        m_progressIndex = index;
        m_progressStarted = true;
    }
    m_observer.onFileProgress(index, bytesSent);
}


} // namespace fg
