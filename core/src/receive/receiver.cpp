// The receiver's frame: where the target root is, the network thread, and
// the order of the role's phases. Planning and writing have files of their own.

#include "receive/receiver.h"

#include "common/path.h"
#include "platform/process.h"
#include "proto/compressed_frames.h"
#include "proto/plain_data.h"
#include "proto/wire.h"

#include <algorithm>
#include <random>
#include <limits>

namespace fg {
namespace {

// Frames waiting for the writers. When the disk is slower than the network
// this fills and the network threads stop reading, so TCP flow control slows
// the sender: memory stays bounded.
constexpr size_t kWriteQueueBytes = 32u << 20;
// Writers: creating, writing, stamping and renaming a small file is mostly
// time in the kernel, so several run at once even on two cores.
constexpr size_t kWriters = 4;
// Small files with neighbouring indices that go to one writer (Receiver::route).
constexpr uint32_t kSmallFilesARun = 16;
static_assert(kWriters <= 64, "a writer is a bit of Receiver::QuietWriters::mask");
// The link number of frames that came on the control link.
constexpr uint16_t kControlLink = 0xFFFF;
// After JobDone the receiver waits this long for the sender to close first;
// closing a socket with unread data would reset it and could lose JobDone.
constexpr auto kCloseGrace = std::chrono::seconds(10);

} // namespace

Receiver::Receiver(RootSpec root, TransferParams params, proto::FrameLink& control,
                   std::vector<proto::FrameLink*> dataLinks, RoleObserver& observer, StageSet& stages,
                   RateLimiter* readLimiter)
    : RoleBase(control, observer, stages), m_root(std::move(root)), m_params(std::move(params)),
      m_umask(platform::processUmask()), m_owners(m_params.ownership, platform::mayChangeOwners()),
      m_receiveStage(stages[StageId::Receive]), m_planStage(stages[StageId::Plan]),
      m_writeStage(stages[StageId::Write]), m_verifyStage(stages[StageId::Verify]),
      m_decompressStage(stages[StageId::Decompress]), m_readLimiter(readLimiter),
      m_fileSystems([this](bool warning, const std::string& message) {
          if (warning) notice(false, "", Error(Errc::Ok, message));
          else inform(message);
      }),
      m_dataLinks(std::move(dataLinks)),
      m_listQueue(std::numeric_limits<size_t>::max()),
      m_startNs(monotonicNs()),
      m_signer(stages, signerHost(), uint64_t(std::random_device()()) << 32 | std::random_device()())
{
    m_rules.checksum = m_params.checksum;
    m_rules.deleteExtraneous = m_params.deleteExtraneous;
    m_rules.modifyWindowNs = m_params.modifyWindowNs;
    m_rules.compare = m_params.compare;
    m_rules.setTimes = m_params.metadata.times;
    if (!m_params.metadata.chmod.empty()) {
        auto chmod = ChmodRules::parse(m_params.metadata.chmod);
        if (chmod.ok()) m_chmod = std::move(chmod).value();
        else m_badChmod = chmod.error();
    }
    if (auto layout = PartialLayout::forPartialDir(m_params.partialDir); layout.ok()) m_partialLayout = std::move(layout).value();
    else m_badPartialDir = layout.error();
    for (size_t i = 0; i < kWriters; ++i) m_writers.push_back(std::make_unique<Writer>(kWriteQueueBytes / kWriters));
}

Receiver::~Receiver() { cancel(); }

BasisSigner::Host Receiver::signerHost()
{
    BasisSigner::Host host;
    host.wantedTarget = [this](uint32_t index) -> std::optional<std::string> {
        std::lock_guard lock(m_listMutex);
        if (index >= m_wants.size() || m_wants[index] == Want::Finished) return std::nullopt;
        return targetPath(m_list.view(index).path);
    };
    host.send = [this](proto::Frame frame) { return m_link.send(std::move(frame)); };
    host.notice = [this](const std::string& target, const Error& why) { notice(false, target, why); };
    host.fail = [this](const Error& error) { fail(error); };
    host.cancelled = [this] { return cancelled(); };
    return host;
}

double Receiver::receiveRate() const
{
    const uint64_t bytes = m_receiveStage.bytes();
    const uint64_t elapsed = monotonicNs() - m_startNs;
    if (bytes < (64u << 20) || elapsed == 0) return 0;
    return double(bytes) * 1e9 / double(elapsed);
}

void Receiver::abortQueues()
{
    m_listQueue.abort();
    m_signer.abort();
    for (auto& w : m_writers) w->queue.abort();
    // Nothing more is read from data links: close them so their threads end.
    std::lock_guard lock(m_dataMutex);
    for (auto* link : m_dataLinks) link->close();
}

void Receiver::addDataLink(proto::FrameLink* link)
{
    std::lock_guard lock(m_dataMutex);
    if (!m_acceptLinks || cancelled()) {
        link->close();
        return;
    }
    m_dataLinks.push_back(link);
    // Before run() has its threads going, a link only queues up (a server
    // starts the role while data connections still join).
    if (!m_started) return;
    ++m_dataLinksAlive;
    const auto number = uint16_t(m_dataLinks.size() - 1);
    m_dataThreads.emplace_back([this, link, number] { dataLoop(link, number); });
}

uint32_t Receiver::finalMode(uint32_t mode, bool isDir) const
{
    if (!m_chmod.empty()) mode = m_chmod.apply(mode, isDir);
    return m_root.stripSpecialModeBits ? (mode & 01777) : (mode & 07777);
}

// ---- the target root ---------------------------------------------------------

// A dry run into a destination that does not exist yet (nor, with
// --mkpath, its parents): everything is new. `above` is the nearest folder
// that exists, for what its file system can hold.
Status Receiver::dryRunIntoMissingRoot(std::optional<platform::DirHandle> above)
{
    m_rootMissing = true;
    m_rootParent = std::move(above);
    if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
    return {};
}

Status Receiver::resolveRoot(const proto::FileListBeginMsg& begin)
{
    m_rootKind = begin.rootKind;
    m_rootName = begin.rootName;
    m_sourceWindowsNames = begin.windowsNames;
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
        if (!p.ok() && p.error().code == Errc::NotFound && m_params.mkpath && !dry) {
            FG_TRY(platform::makeDirectories(localDirName(m_root.base), 0777));
            p = platform::DirHandle::open(localDirName(m_root.base), m_root.displayBase.empty() ? std::string() : ".");
        }
        if (!p.ok() && p.error().code == Errc::NotFound && m_params.mkpath && dry) {
            // A dry run makes nothing: the destination is new, on the file
            // system of the nearest folder above it that exists.
            std::string above = localDirName(m_root.base);
            for (int depth = 0; depth < 256 && !p.ok() && p.error().code == Errc::NotFound; ++depth) {
                const std::string up = localDirName(above);
                if (up == above) break;
                above = up;
                p = platform::DirHandle::open(above);
            }
            return dryRunIntoMissingRoot(p.ok() ? std::optional<platform::DirHandle>(std::move(p).value()) : std::nullopt);
        }
        if (!p.ok()) {
            if (p.error().code == Errc::NotFound)
                return Error(Errc::NotFound, "the destination's parent directory " + localDirName(m_root.base)
                                                 + " does not exist; create it first, or give --mkpath");
            return p.error();
        }
        parent = std::move(p).value();
        name = localBaseName(m_root.base);
    } else {
        auto p = openBelow(m_root.base, parentOf(m_root.relative), m_root.displayBase, m_params.mkpath && !dry);
        if (!p.ok() && p.error().code == Errc::NotFound && m_params.mkpath && dry) {
            auto base = platform::DirHandle::open(m_root.base, m_root.displayBase);
            return dryRunIntoMissingRoot(base.ok() ? std::optional<platform::DirHandle>(std::move(base).value())
                                                   : std::nullopt);
        }
        if (!p.ok()) {
            if (p.error().code == Errc::NotFound)
                return Error(Errc::NotFound, "the destination's parent directory does not exist: "
                                                 + std::string(parentOf(m_root.relative))
                                                 + "; create it first, or give --mkpath");
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
    if (dry) return dryRunIntoMissingRoot(std::move(parent));
    Status made = parent->mkdirAt(name, 0777);
    if (!made.ok() && made.error().sysErrno != EEXIST) return made;
    if (made.ok()) {
        m_madeDirs.insert(std::string()); // (the root, as the planner names it)
        m_leftoversLooked.insert(std::string());
    }
    FG_TRY_ASSIGN(platform::DirHandle dir, parent->openDir(name));
    if (m_rootKind == proto::RootKind::File) m_fileName = m_rootName;
    m_rootDir = std::move(dir);
    return {};
}

std::string Receiver::targetPath(std::string_view listPath) const
{
    // A single file keeps the name the user gave its destination; under its
    // own name it is mapped like any other.
    if (m_rootKind == proto::RootKind::File)
        return m_fileName == m_rootName ? m_mapper.target(m_fileName) : m_fileName;
    return m_mapper.target(listPath);
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
    if (m_badChmod) return failEarly(*m_badChmod);
    if (m_badPartialDir) return failEarly(*m_badPartialDir);
    if (auto why = m_owners.notKeptReason()) notice(false, "", Error(Errc::Ok, *why));
    if (!m_params.ownershipRefused.empty()) notice(false, "", Error(Errc::Ok, m_params.ownershipRefused));
    // A snapshot folder holds the tree in a folder of its own, even a single file.
    if (m_params.snapshot) m_root.trailingSlash = true;
    if (Status st = resolveRoot(*begin); !st) return failEarly(st.error());
    if (m_params.snapshot)
        if (Status st = beginSnapshot(); !st) return failEarly(st.error());
    if (!m_params.dryRun && m_rootDir) {
        // Said at the first change planned, before any data is sent for it;
        // a re-sync with nothing to change into a read-only copy still works.
        if (Status writable = m_rootDir->checkWritable(); !writable) {
            const bool daemon = !m_root.displayBase.empty();
            m_rootUnwritable = Error(
                Errc::PermissionDenied,
                "the destination " + m_root.display() + " cannot be written (" + writable.error().message + "); "
                    + (daemon ? "on the server, give the user the daemon runs as (" + platform::currentUserName()
                                    + ") write access to it, or serve the module --read-only"
                              : "give " + platform::currentUserName() + " write access to it, or choose another destination"),
                writable.error().sysErrno);
        }
    }
    if (!m_params.dryRun && m_rootDir && (m_params.keepFreeBytes || m_params.keepFreeShare > 0)) {
        // Counted from the free space now, less each file planned: a job
        // never plans past the floor (other jobs' files are theirs to count).
        auto free = m_rootDir->freeBytes();
        auto total = m_rootDir->totalBytes();
        if (free.ok() && total.ok()) {
            m_freeFloor = std::max(m_params.keepFreeBytes, uint64_t(m_params.keepFreeShare * double(*total)));
            m_roomAboveFloor = *free > m_freeFloor ? *free - m_freeFloor : 0;
        }
    }
    if (m_params.backup.enabled && !m_params.dryRun && m_rootDir) {
        // A daemon's receiver keeps them inside its module.
        auto backups = Backups::open(*m_rootDir, m_params.backup, !m_root.displayBase.empty(), m_root.display());
        if (!backups.ok()) return failEarly(backups.error());
        m_backups = std::move(backups).value();
    }
    if (!m_params.linkDest.empty()) {
        std::vector<std::string> skipped;
        auto links = LinkDest::open(m_root, m_params.linkDest, &skipped);
        if (!links.ok()) return failEarly(links.error());
        m_linkDest = std::move(links).value();
        for (const auto& d : skipped) inform("--link-dest " + d + " does not exist: skipped");
    }

    exec::TaskThread control([this] { controlLoop(); });
    {
        std::lock_guard lock(m_dataMutex);
        m_started = true;
        m_dataLinksAlive.store(m_dataLinks.size());
        for (size_t i = 0; i < m_dataLinks.size(); ++i)
            m_dataThreads.emplace_back([this, link = m_dataLinks[i], i] { dataLoop(link, uint16_t(i)); });
    }
    // Before the writers: they ask it to flush when the last file is in place.
    if (m_rootDir && !m_params.dryRun && m_params.fsync == FsyncMode::End) {
        if (auto dup = m_rootDir->duplicate(); dup.ok())
            m_flusher = std::make_unique<BackgroundFlush>(std::move(dup).value(), m_stages);
    }
    for (auto& w : m_writers) w->thread = exec::TaskThread([this, writer = w.get()] { writeLoop(*writer); });
    if (m_rootDir) {
        if (auto dup = m_rootDir->duplicate(); dup.ok()) m_signer.start(std::move(dup).value());
        else fail(dup.error());
    }
    startStatsReports();

    std::optional<DirCache> dirs;
    if (m_rootDir) {
        auto dup = m_rootDir->duplicate();
        if (!dup.ok()) fail(dup.error());
        else dirs.emplace(std::move(dup).value());
        if (dirs) dirs->setOnDiskName([this](std::string_view path) { return m_staged.onDiskName(path); });
    }

    m_observer.onState(JobState::Planning);
    std::optional<StageTrack> planning(std::in_place, m_stages, std::initializer_list<StageId>{StageId::Plan});
    // The sender holds its list until it has them.
    if (begin->treeSummaries)
        if (Status st = sendTreeSummaries(); !st) sendFailed(st.error());
    bool listDone = false;
    codec::FrameDecompressor listExpander;
    while (!listDone && !cancelled()) {
        std::optional<proto::Frame> frame;
        {
            StageScope wait(StageId::Plan, StageState::WaitInput);
            frame = m_listQueue.pop();
        }
        if (!frame) break;
        if (frame->type == uint16_t(proto::MsgType::FileListBatch)) {
            auto batch = proto::fromCompressedFrame<proto::FileListBatchMsg>(*frame, listExpander);
            // Without a target directory (a dry run into a destination that
            // does not exist yet) everything plans as new.
            Status st = batch.ok() ? planBatch(std::move(batch).value(), dirs ? &*dirs : nullptr)
                                   : Status(batch.error());
            if (!st) sendFailed(st.error());
        } else if (frame->type == uint16_t(proto::MsgType::TreeRoot)) {
            auto root = proto::fromFrame<proto::TreeRootMsg>(*frame);
            Result<bool> took = !begin->treeSummaries
                                    ? Result<bool>(Error(Errc::Protocol, "the sender sent its tree's digest unasked"))
                                : root.ok() ? takeWholeTree(*root, dirs ? &*dirs : nullptr)
                                            : Result<bool>(root.error());
            if (!took.ok()) sendFailed(took.error());
            else if (*took) listDone = true;
        } else if (frame->type == uint16_t(proto::MsgType::FileListSame)) {
            auto same = proto::fromFrame<proto::FileListSameMsg>(*frame);
            Status st = !begin->treeSummaries
                            ? Status(Error(Errc::Protocol, "the sender said a subtree is the same without summaries"))
                        : same.ok() ? planSame(*same, dirs ? &*dirs : nullptr)
                                    : Status(same.error());
            if (!st) sendFailed(st.error());
        } else {
            auto end = proto::fromFrame<proto::FileListEndMsg>(*frame);
            Status st = end.ok() ? finishList(*end) : Status(end.error());
            if (!st) sendFailed(st.error());
            listDone = true;
        }
    }
    planning.reset();
    releaseMirror();
    // No folder built out of sight takes more files: those complete get
    // their names now, the rest as their last files settle.
    m_staged.closeAll();
    if (dirs) placeStaged(*dirs);

    // The writers end once every wanted file is settled (allSettled), or on
    // failure.
    for (auto& w : m_writers) w->thread.join();
    m_signer.finish();
    if (!cancelled()) {
        // Every wanted file must have been settled, one way or the other.
        std::lock_guard lock(m_listMutex);
        for (uint32_t i = 0; i < m_wants.size(); ++i)
            if (writes(m_wants[i]))
                fail(Error(Errc::Protocol, "the sender finished without sending " + targetPath(m_list.view(i).path)));
    }
    if (!cancelled()) {
        m_observer.onState(JobState::Finishing);
        StageTrack finishing(m_stages, {StageId::Commit});
        if (dirs) placeAllStaged(*dirs, true);
        if (dirs) linkHardLinks(*dirs);
        if (!m_params.dryRun && dirs) removeEmptyPartialFolders(*dirs);
        // Deletions first: they change their folders' times, which the
        // finish then sets (a folder closed read-only also keeps its
        // extraneous entries from being deleted).
        if (dirs) deleteExtraneous(*dirs);
        if (!m_params.dryRun && dirs) finishDirectories(*dirs);
        // Done means on disk: one flush for the whole job (renames and
        // directory entries included) instead of one per file.
        m_flusher.reset();
        if (!m_params.dryRun && dirs && m_params.fsync != FsyncMode::None && m_rootDir) {
            if (Status st = m_rootDir->syncFileSystem(); !st) fail(st.error());
        }
        if (m_snapshot) finishSnapshot(dirs ? &*dirs : nullptr);
    }
    stopStatsReports();

    if (!cancelled()) {
        (void)m_link.send(proto::toFrame(statsReport()));
        m_jobDoneSent.store(true);
        proto::JobDoneMsg jobDone;
        jobDone.filesDeleted = uint32_t(std::min<uint64_t>(m_deletedCount, std::numeric_limits<uint32_t>::max()));
        jobDone.snapshot = m_snapshotOutcome;
        if (m_snapshotOutcome) m_observer.onSnapshot(*m_snapshotOutcome);
        if (Status sent = m_link.send(proto::toFrame(jobDone)); !sent) sendFailed(sent.error());
    }
    // Let the sender close first (see kCloseGrace), then make sure we are closed.
    {
        std::unique_lock lock(m_netMutex);
        m_netCv.wait_for(lock, kCloseGrace, [&] { return m_netDone; });
    }
    m_link.close();
    std::vector<exec::TaskThread> dataThreads;
    {
        std::lock_guard lock(m_dataMutex);
        m_acceptLinks = false;
        for (auto* link : m_dataLinks) link->close();
        dataThreads.swap(m_dataThreads);
    }
    control.join();
    for (auto& t : dataThreads) t.join();
    m_linger.finish();

    // Temp files of files that never finished do not stay behind as such: big
    // ones with verified data become the partial files the next run resumes from.
    if (dirs) {
        std::vector<uint32_t> unfinished;
        {
            std::lock_guard lock(m_openMutex);
            for (const auto& [index, open] : m_openFiles) unfinished.push_back(index);
        }
        for (uint32_t index : unfinished) dropOpenFile(index, *dirs, true);
        // After a failure, folders built out of sight keep what is in them:
        // every file made there under its name is complete or gone now.
        placeAllStaged(*dirs, false);
    }

    if (auto error = firstError()) return *error;
    return {};
}

bool Receiver::route(Inbound item, QuietWriters* quiet)
{
    // The file's index and the link pick the writer: the frames of a chunk
    // (and all of a file sent whole) come on one link and stay in order,
    // while chunks of a big file on other links are written alongside. A
    // small file is one frame: a run of them (neighbours in one folder, most
    // often) goes to one writer, so that what one read brought wakes one.
    // (The index leads every such frame; a shorter one reads as 0 and is
    // refused by the writer that decodes it.)
    const uint32_t index = proto::WireReader(item.frame.payload).u32();
    const bool small = proto::MsgType(item.frame.type) == proto::MsgType::SmallFile;
    const size_t writer = (uint64_t(small ? index / kSmallFilesARun : index) + item.link) % m_writers.size();
    Writer& w = *m_writers[writer];
    const size_t cost = queuedFrameCost(item.frame);
    // A full queue: the writers hold up what came off the network (and TCP
    // then holds up the sender).
    StageScope wait(StageId::Decompress, StageState::WaitOutput);
    if (!quiet) return w.queue.push(std::move(item), cost);
    quiet->mask |= uint64_t(1) << writer;
    const bool pushed = w.queue.pushQuietly(std::move(item), cost, quiet->spare);
    if (++quiet->frames >= kQuietFrames) wakeWriters(*quiet);
    return pushed;
}

size_t Receiver::queuedFrameCost(const proto::Frame& frame)
{
    constexpr size_t kQueuedFrameBytes = 128;
    return std::max(frame.payload.size(), frame.payload.capacity()) + kQueuedFrameBytes;
}

void Receiver::wakeWriters(QuietWriters& quiet)
{
    for (size_t i = 0; quiet.mask != 0; ++i, quiet.mask >>= 1)
        if (quiet.mask & 1) m_writers[i]->queue.wake();
    quiet.frames = 0;
}

bool Receiver::routeData(proto::Frame& frame, uint16_t link, PayloadExpander& expander, QuietWriters* quiet)
{
    using proto::MsgType;
    switch (MsgType(frame.type)) {
    case MsgType::Data:
    case MsgType::Delta:
        m_receiveStage.addBytes(frame.payload.size() - std::min(frame.payload.size(), proto::kDataHeaderSize));
        if (!expandOnArrival(frame, expander)) return true;
        break;
    case MsgType::SmallFile:
        m_receiveStage.addBytes(frame.payload.size()
                                - std::min(frame.payload.size(),
                                           proto::smallFileHeaderSize(digestSize(m_params.checksumChoice),
                                                                      (frame.flags & proto::kSmallFileAsListed) != 0)));
        if (!expandOnArrival(frame, expander)) return true;
        break;
    case MsgType::ChunkEnd:
    case MsgType::FileEnd:
        break;
    default:
        return false;
    }
    // Every one of these frames starts with the file's index (u32).
    if (frame.payload.size() < 4) {
        fail(Error(Errc::Protocol, std::string("malformed ") + proto::msgTypeName(frame.type) + " frame"));
        return true;
    }
    (void)route(Inbound{std::move(frame), link}, quiet);
    return true;
}

bool Receiver::expandOnArrival(proto::Frame& frame, PayloadExpander& expander)
{
    // Raw, the common case: no time to charge to decompressing.
    if (PayloadExpander::arrivesRaw(frame)) return true;
    Result<size_t> raw = size_t(0);
    {
        StageScope busy(StageId::Decompress, StageState::Busy);
        raw = expander.expand(frame);
    }
    if (!raw.ok()) {
        fail(Error(Errc::Protocol, describeDataFrame(frame) + " " + raw.error().message));
        return false;
    }
    if (*raw == 0) return true;
    m_decompressStage.addBytes(*raw);
    m_decompressStage.addItems(1);
    return true;
}

std::string Receiver::describeDataFrame(const proto::Frame& frame)
{
    // Said of a frame that failed, which may be too short for its header
    // (found by fuzz_receiver: an empty Data frame read a null pointer).
    const std::string type = frame.type == uint16_t(proto::MsgType::SmallFile) ? std::string("SmallFile")
                                                                               : proto::msgTypeName(frame.type);
    const size_t headerBytes = frame.type == uint16_t(proto::MsgType::SmallFile) ? 4 : proto::kDataHeaderSize;
    if (frame.payload.size() < headerBytes)
        return "a " + type + " frame of " + std::to_string(frame.payload.size()) + " bytes, too short for its header";
    const uint8_t* p = frame.payload.data();
    uint32_t index = 0;
    for (int i = 0; i < 4; ++i) index |= uint32_t(p[i]) << (8 * i);
    std::string path = "file #" + std::to_string(index);
    {
        std::lock_guard lock(m_listMutex);
        if (index < m_list.size()) path = targetPath(m_list.view(index).path);
    }
    if (frame.type == uint16_t(proto::MsgType::SmallFile)) return "the SmallFile frame of " + path;
    uint64_t offset = 0;
    for (int i = 0; i < 8; ++i) offset |= uint64_t(p[4 + i]) << (8 * i);
    return std::string("the ") + proto::msgTypeName(frame.type) + " frame at offset " + std::to_string(offset)
           + " of " + path;
}

namespace {
bool carriesFileData(const proto::Frame& frame)
{
    using proto::MsgType;
    const auto type = MsgType(frame.type);
    return type == MsgType::Data || type == MsgType::SmallFile || type == MsgType::Delta;
}
} // namespace

std::span<const StageId> Receiver::receiveStagesFor(const proto::FrameLink& link)
{
    if (linkEncrypts(link)) return kReceiveStages;
    return kPlainReceiveStages;
}

void Receiver::controlLoop()
{
    // File data shares this link in ssh and in-process sessions: this
    // thread's time counts as the network stages' from the first file data
    // it carries (with data links it only waits for the sender's few words).
    std::optional<StageTrack> track;
    PayloadExpander expander;
    auto done = [this] {
        std::lock_guard lock(m_netMutex);
        m_netDone = true;
        m_netCv.notify_all();
    };
    QuietWriters quiet;
    for (;;) {
        proto::Frame frame;
        // The writers given frames wake before this thread may wait.
        if (quiet.mask && !m_link.frameWaiting()) wakeWriters(quiet);
        {
            auto got = receiveReusing(m_link, quiet);
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
        if (m_readLimiter && carriesFileData(frame)) {
            wakeWriters(quiet);
            (void)m_readLimiter->acquire(frame.payload.size(), &cancelFlag());
        }
        m_receiveStage.addItems(1);
        using proto::MsgType;
        // A push refused by an aborted queue means a failure: the loop drains on.
        switch (MsgType(frame.type)) {
        case MsgType::FileListBatch:
        case MsgType::FileListEnd:
            // The sender does not hold its list for us (a small one).
            m_summariesMoot.store(true, std::memory_order_relaxed);
            [[fallthrough]];
        case MsgType::FileListSame:
        case MsgType::TreeRoot: {
            size_t cost = frame.payload.size();
            (void)m_listQueue.push(std::move(frame), cost);
            break;
        }
        case MsgType::FileFailed:
            (void)route(Inbound{std::move(frame), kControlLink}, &quiet);
            break;
        case MsgType::SenderDone:
            // Its last word, most often after our JobDone. Before it, the
            // sender claims to be done: the writers stop, and a file still
            // missing is a protocol error (run() checks).
            for (auto& w : m_writers) w->queue.close();
            break;
        case MsgType::Notice:
            relayPeerNotice(frame);
            break;
        case MsgType::Stats: {
            auto msg = proto::fromFrame<proto::StatsMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onRemoteStats(std::move(msg->end), std::move(msg->connections));
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
            // File data may share the control link (ssh, in-process), or
            // end a chunked file there.
            if (!track && carriesFileData(frame))
                track.emplace(m_stages, receiveStagesFor(m_link), StageId::Receive, StageState::Busy);
            if (!routeData(frame, kControlLink, expander, &quiet))
                fail(Error(Errc::Protocol, std::string("unexpected ") + proto::msgTypeName(frame.type)
                                               + " frame from the sender"));
            continue;
        }
    }
}

Result<proto::Frame> Receiver::receiveReusing(proto::FrameLink& link, QuietWriters& quiet)
{
    proto::Frame frame;
    if (quiet.spare) {
        frame.payload = std::move(quiet.spare->frame.payload);
        quiet.spare.reset();
    }
    FG_TRY(link.receiveInto(frame));
    return frame;
}

void Receiver::dataLoop(proto::FrameLink* dataLink, uint16_t link)
{
    proto::FrameLink& l = *dataLink;
    StageTrack track(m_stages, receiveStagesFor(l), StageId::Receive, StageState::Busy);
    PayloadExpander expander;
    QuietWriters quiet;
    for (;;) {
        proto::Frame frame;
        if (quiet.mask && !l.frameWaiting()) wakeWriters(quiet);
        {
            auto got = receiveReusing(l, quiet);
            if (!got.ok()) {
                // The sender resends what was lost with a stream on the others
                // (and tells the user); only the loss of the control link, or of
                // every stream, which the sender reports there, ends the job.
                // Closed, so that a sender with nothing more to send on it
                // sees the end (a read that failed on a bad frame leaves the
                // connection open otherwise) and resends what it owes.
                l.close();
                --m_dataLinksAlive;
                wakeWriters(quiet);
                return;
            }
            frame = std::move(got).value();
        }
        if (cancelled()) continue;
        if (m_readLimiter && carriesFileData(frame)) {
            wakeWriters(quiet); // not left waiting while the cap holds this thread
            (void)m_readLimiter->acquire(frame.payload.size(), &cancelFlag());
        }
        m_receiveStage.addItems(1);
        if (!routeData(frame, link, expander, &quiet))
            fail(Error(Errc::Protocol, std::string("unexpected ") + proto::msgTypeName(frame.type)
                                           + " frame on a data connection"));
    }
}

} // namespace fg
