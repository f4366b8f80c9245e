#include "send/sender.h"

#include "common/path.h"
#include "diagnosis/readings.h"
#include "filter/files_from.h"
#include "filter/filter.h"
#include "platform/process.h"
#include "proto/compressed_frames.h"
#include "role/plan_item_sides.h"
#include "role/tree_summaries.h"
#include "role/transfer_method.h"
#include "role/wire_entry.h"
#include "scan/dir_cache.h"
#include "scan/scanner.h"
#include "send/summarised_list.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace fg {

namespace {
// Without data links (ssh, in-process) this many workers share the one link:
// while one waits on the disk (opening and reading small files is mostly
// waiting), another sends.
constexpr size_t kSharedLinkWorkers = 3;
} // namespace

Sender::Sender(RootSpec root, TransferParams params, proto::FrameLink& control, std::vector<proto::FrameLink*> dataLinks,
               RoleObserver& observer, StageSet& stages, RateLimiter* limiter)
    : RoleBase(control, observer, stages), m_root(std::move(root)), m_params(std::move(params)), m_limiter(limiter),
      m_scanStage(stages[StageId::Scan]), m_readStage(stages[StageId::Read]), m_hashStage(stages[StageId::Hash]),
      m_sendStage(stages[StageId::Send]), m_matchStage(stages[StageId::Match]),
      m_compression(m_params.compress, stages),
      m_scheduler(m_params.chunkSize, unsigned(std::max<size_t>(1, dataLinks.size())))
{
    if (dataLinks.empty()) {
        shareControlLinkLocked(); // no other thread yet: no lock needed
    } else {
        m_streams.resize(dataLinks.size());
        for (size_t i = 0; i < dataLinks.size(); ++i) {
            m_streams[i].link = dataLinks[i];
            m_streams[i].compression = std::make_shared<LinkCompression>();
        }
        m_hasDataLinks = true;
    }
    // Only where the user did not name one: a named congestion control stays.
    m_watch.allowCongestionFallback(m_params.congestion.empty());
}

Sender::~Sender() { cancel(); }

void Sender::addDataLink(proto::FrameLink* link)
{
    {
        std::lock_guard lock(m_streamMutex);
        if (!m_acceptLinks || !m_hasDataLinks) {
            link->close();
            return;
        }
        m_streams.push_back(Stream{link, std::make_shared<LinkCompression>(), {}, false});
        const size_t stream = m_streams.size() - 1;
        if (m_started) m_workers.emplace_back([this, stream] { workerLoop(stream); });
        m_linksPending = false;
    }
    m_streamsCv.notify_all();
}

void Sender::awaitGreeting(std::function<Status()> greeting) { m_greeting = std::move(greeting); }

void Sender::expectDataLinks()
{
    std::lock_guard lock(m_streamMutex);
    m_streams.clear();
    m_hasDataLinks = true;
    m_linksPending = true;
}

void Sender::noDataLinks()
{
    {
        std::lock_guard lock(m_streamMutex);
        if (!m_linksPending) return;
        m_linksPending = false;
        m_hasDataLinks = false;
        shareControlLinkLocked();
        if (m_started)
            for (size_t i = 0; i < m_streams.size(); ++i) m_workers.emplace_back([this, i] { workerLoop(i); });
    }
    m_streamsCv.notify_all();
}

void Sender::shareControlLinkLocked()
{
    auto shared = std::make_shared<LinkCompression>();
    for (size_t i = 0; i < kSharedLinkWorkers; ++i) m_streams.push_back(Stream{&m_link, shared, {}, false});
}

void Sender::abortQueues()
{
    m_scheduler.abort();
    m_summaries.abort();
    {
        std::lock_guard lock(m_streamMutex);
        m_linksPending = false;
        // Data links carry nothing the receiver must still read: close them
        // now so workers blocked in a send wake up.
        if (m_hasDataLinks)
            for (auto& s : m_streams) s.link->close();
    }
    m_streamsCv.notify_all();
}

Status Sender::openRoot()
{
    const std::string full = m_root.display();
    m_links.enabled = m_params.scan.copyLinks;
    if (m_links.enabled && m_root.confineFollowedLinks) {
        FG_TRY_ASSIGN(m_links.confineTo, platform::canonicalPath(m_root.base));
    }
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
    // Only --name-mapping map reads it: look-alikes on such a file system
    // stand for what a mapping replaced.
    if (m_params.nameMapping == NameMapping::Map && m_rootDir) begin.windowsNames = m_rootDir->fileSystem().windowsNames;
    m_treeSummaries = treeSummariesFit(m_params, m_rootKind);
    begin.treeSummaries = m_treeSummaries;
    if (Status st = m_link.send(proto::toFrame(begin)); !st) return failEarly(st.error());

    std::thread control([this] { controlLoop(); });
    {
        std::lock_guard lock(m_streamMutex);
        m_started = true;
        for (size_t i = 0; i < m_streams.size(); ++i) m_workers.emplace_back([this, i] { workerLoop(i); });
    }
    startStatsReports();

    Status scanned = scanAndList();
    if (!scanned) {
        if (scanned.error().code == Errc::Network) sendFailed(scanned.error());
        else fail(scanned.error());
    }

    // Workers return once every wanted file is settled (or on failure);
    // streams that join meanwhile add workers, joined here too.
    for (size_t next = 0;;) {
        std::thread worker;
        {
            std::unique_lock lock(m_streamMutex);
            // Data connections still joining: their workers are yet to come.
            m_streamsCv.wait(lock, [&] { return !m_linksPending || next < m_workers.size(); });
            if (next == m_workers.size()) {
                m_acceptLinks = false;
                break;
            }
            worker = std::move(m_workers[next++]);
        }
        worker.join();
    }
    // Workers also stop when their streams broke: only a finished schedule
    // (every wanted file settled) is the end of the job.
    if (!cancelled() && m_scheduler.finished()) {
        // The last report is this one: a periodic one taken a moment ago
        // must not arrive after it with older counts.
        stopStatsReports();
        // What compression did, once per job, before the end so that the
        // receiver (maybe the user's end) still reads it.
        if (std::string line = m_compression.summary(); !line.empty()) inform(line);
        (void)m_link.send(proto::toFrame(statsReport()));
        if (Status sent = m_link.send(proto::toFrame(proto::SenderDoneMsg{})); !sent) sendFailed(sent.error());
    }
    control.join();
    stopStatsReports();
    // The receiver waits for us to close first (it must not reset a
    // connection that still carries its JobDone).
    {
        std::lock_guard lock(m_streamMutex);
        for (auto& s : m_streams) s.link->close();
    }
    m_link.close();
    m_linger.finish();
    // Only once the receiver said the job is done: by then every file it has
    // is in place (and flushed, with --fsync end).
    if (m_params.removeSourceFiles && m_jobDone.load() && !m_params.dryRun) removeSentFiles();

    auto error = firstError();
    if (error && !m_jobDone.load()) return *error;
    return {};
}

Status Sender::scanAndList()
{
    auto filters = filter::FilterSet::compile(m_params.filters);
    if (!filters.ok()) return filters.error();
    std::optional<filter::FilesFromSet> filesFrom;
    if (m_params.filesFrom) {
        auto ff = filter::FilesFromSet::compile(*m_params.filesFrom);
        if (!ff.ok()) return ff.error();
        filesFrom = std::move(ff).value();
    }

    proto::FileListBatchMsg batch;
    size_t batchBytes = 0;
    uint32_t count = 0;
    uint32_t sentEntries = 0; // in batches
    uint32_t scanErrors = 0;
    // This thread is the scan stage while it lists.
    StageTrack track(m_stages, {StageId::Scan});

    const bool owners = m_params.ownership.owner || m_params.ownership.group;
    std::set<uint32_t> usersSent;
    std::set<uint32_t> groupsSent;
    codec::FrameCompressor listCompressor;
    // A local job's list moves by pointer: compressing it would cost both
    // ends CPU for no byte saved.
    const bool compressList = !m_link.inProcess();
    auto flushBatch = [&]() {
        if (batch.entries.empty()) return true;
        sentEntries += uint32_t(batch.entries.size());
        proto::Frame frame = compressList ? proto::toCompressedFrame(batch, listCompressor) : proto::toFrame(batch);
        StageScope out(StageId::Scan, StageState::WaitOutput);
        Status sent = m_link.send(std::move(frame));
        batch.entries.clear();
        batch.userNames.clear();
        batch.groupNames.clear();
        batchBytes = 0;
        return sent.ok();
    };
    // Small batches first, so the receiver starts planning (and asking for
    // files) at once: a first batch of 256 KiB takes four round trips of a
    // fresh connection to arrive. Full-size batches after that.
    auto batchFull = [&] { return batchBytes >= (sentEntries < 1024 ? 16 * 1024 : proto::kBatchBytes); };
    // With tree summaries the list is held until each part is decided.
    std::optional<SummarisedList> held;
    if (m_treeSummaries) held.emplace(m_list, m_summaries);
    SummarisedList::Sink sink;
    sink.entry = [&](const FileList::View& view) {
        const FileEntry entry = view.entry();
        batchBytes += entry.path.size() + entry.linkTarget.size() + 48;
        batch.entries.push_back(toWire(entry));
        return batchFull() ? flushBatch() : true;
    };
    sink.same = [&](std::string_view path, uint32_t entries) {
        if (!flushBatch()) return false;
        proto::FileListSameMsg same;
        same.path = std::string(path);
        same.count = entries;
        StageScope out(StageId::Scan, StageState::WaitOutput);
        return m_link.send(proto::toFrame(same)).ok();
    };
    // -H: the first listed name of each file with several, by (device,
    // inode); without -H, how many files arrive as copies of one another.
    std::map<std::pair<uint64_t, uint64_t>, uint32_t> linkLeaders;
    uint64_t linkedCopies = 0;
    auto add = [&](FileEntry&& entry) {
        if (cancelled()) return false;
        if (entry.isRegular() && entry.links > 1) {
            const auto key = std::make_pair(entry.device, entry.inode);
            auto [it, first] = linkLeaders.try_emplace(key, count);
            if (!first) {
                if (m_params.scan.hardLinks) entry.hardLinkTo = it->second;
                else ++linkedCopies;
            }
        }
        // -o/-g: owners travel by number, with each name the first time.
        if (owners) {
            entry.hasOwner = true;
            if (!m_params.ownership.numericIds) {
                if (usersSent.insert(entry.uid).second)
                    if (auto n = platform::userNameOf(entry.uid)) batch.userNames.emplace_back(entry.uid, *n);
                if (groupsSent.insert(entry.gid).second)
                    if (auto n = platform::groupNameOf(entry.gid)) batch.groupNames.emplace_back(entry.gid, *n);
            }
        }
        m_observer.onListed(entry.isRegular(), entry.size);
        m_scanStage.addItems(1);
        if (held) {
            // Sent once decided, against the receiver's summaries.
            held->listed(m_list.append(entry), entry);
            ++count;
            return held->advance(sink);
        }
        batchBytes += entry.path.size() + entry.linkTarget.size() + 48;
        batch.entries.push_back(toWire(entry));
        m_list.append(entry);
        ++count;
        return batchFull() ? flushBatch() : true;
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
        e.uid = info->uid;
        e.gid = info->gid;
        if (m_params.checksum) {
            FG_TRY_ASSIGN(platform::FileHandle file, m_rootDir->openRead(m_fileName));
            FG_TRY_ASSIGN(Digest h, hashFile(file, m_params.checksumChoice));
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
        root.uid = rootInfo.uid;
        root.gid = rootInfo.gid;
        add(std::move(root));

        filter::FilterSet noFilters;
        ScanOptions options;
        options.filters = filters->empty() ? nullptr : &*filters;
        options.filesFrom = filesFrom ? &*filesFrom : nullptr;
        options.prefix = m_rootKind == proto::RootKind::NamedDir ? m_rootName : std::string();
        options.withHashes = m_params.checksum;
        options.hashWith = m_params.checksumChoice;
        ScanCallbacks callbacks;
        callbacks.entry = add;
        callbacks.error = [&](const std::string& path, const Error& error) {
            ++scanErrors;
            if (held) held->spoil(path);
            notice(true, path, error);
        };
        // A warning on both ends: the far end's user is the one who asked.
        callbacks.skipped = [&](const std::string& path, const std::string& why) {
            notice(false, path, Error(Errc::Ok, why));
        };
        options.oneFileSystem = m_params.scan.oneFileSystem;
        options.excludeIfPresent = m_params.scan.excludeIfPresent;
        options.safeLinks = m_params.scan.safeLinks;
        options.copyLinks = m_links;
        Status st = scanTree(*m_rootDir, options, callbacks);
        if (!st) return st;
    }
    if (held) {
        held->scanEnded(count);
        if (count <= kListWithoutSummaries && held->nothingSent() && m_summaries.batches() == 0) {
            // A list this small costs less than the receiver's summaries
            // would take to come (and its scan of a destination that may be
            // far bigger): it goes now, and the receiver stops summarising.
            held->listWithoutSummaries();
        } else if (const auto root = held->root()) {
            // The receiver may take the whole tree as its own without
            // waiting for our word on its summaries.
            proto::TreeRootMsg whole;
            whole.count = root->count;
            whole.digest = root->digest;
            FG_TRY(m_link.send(proto::toFrame(whole)));
        }
        // What waits for the receiver's summaries goes as they come.
        while (!held->done()) {
            const uint64_t seen = m_summaries.batches();
            if (!held->advance(sink)) break;
            if (held->done()) break;
            StageScope wait(StageId::Scan, StageState::WaitOutput);
            if (!m_summaries.waitForMore(seen, cancelFlag(), 100)) return Error(Errc::Cancelled, "cancelled");
        }
        if (held->sameEntries() > 0)
            inform(std::to_string(held->sameEntries()) + " of " + std::to_string(count)
                   + " listed entries are at the destination as they are (" + std::to_string(held->sameSubtrees())
                   + " unchanged folder tree(s), told in a few bytes each instead of listed)");
    }
    if (!flushBatch()) return cancelled() ? Error(Errc::Cancelled, "cancelled") : Error(Errc::Network, "the connection broke while listing");

    if (linkedCopies > 0)
        notice(false, "", Error(Errc::Ok, std::to_string(linkedCopies) + " file(s) are hard links of other listed "
                                               "files; they arrive as separate copies (-H keeps them linked)"));
    proto::FileListEndMsg end;
    end.count = count;
    end.scanErrors = scanErrors;
    FG_TRY(m_link.send(proto::toFrame(end)));
    m_observer.onState(JobState::Transferring);
    return {};
}

void Sender::removeSentFiles()
{
    std::sort(m_removable.begin(), m_removable.end());
    m_removable.erase(std::unique(m_removable.begin(), m_removable.end()), m_removable.end());
    std::optional<DirCache> dirs;
    if (auto dup = m_rootDir->duplicate(); dup.ok()) dirs.emplace(std::move(dup).value(), m_links);
    if (!dirs) return;
    uint64_t removed = 0;
    for (uint32_t index : m_removable) {
        const FileList::View e = m_list.view(index);
        if (!e.isRegular()) continue;
        const std::string rel = rootRelative(e.path);
        auto parent = dirs->get(parentOf(rel));
        if (!parent.ok()) continue;
        const std::string name(baseName(rel));
        // What was sent must still be what is here: a file written to since
        // it was read is kept, so no change can be lost.
        // -L sent what the link points to; the link is what goes (as in rsync).
        auto now = (*parent)->statAt(name, m_links.follow());
        if (!now.ok()) continue;
        if (now->type != platform::FileType::Regular || now->size != e.size || now->mtimeNs != e.mtimeNs) {
            notice(false, std::string(e.path), Error(Errc::Ok, "kept in the source: it changed after it was sent "
                                                                "(--remove-source-files)"));
            continue;
        }
        if (Status st = (*parent)->unlinkAt(name); !st) {
            notice(true, std::string(e.path), st.error());
            continue;
        }
        ++removed;
    }
    if (removed > 0) inform("removed " + std::to_string(removed) + " source file(s) the destination has (--remove-source-files)");
}

std::string Sender::rootRelative(std::string_view listPath) const
{
    // A file root's list has the one file, by its name in m_rootDir.
    if (m_rootKind == proto::RootKind::NamedDir)
        return listPath.size() > m_rootName.size() ? std::string(listPath.substr(m_rootName.size() + 1)) : std::string();
    return std::string(listPath);
}

std::optional<Sender::ListedFile> Sender::listed(uint32_t index)
{
    if (index >= m_list.size()) return std::nullopt;
    const FileList::View e = m_list.view(index);
    return ListedFile{std::string(e.path), e.size, e.mtimeNs, e.mode};
}

void Sender::controlLoop()
{
    if (m_greeting) {
        if (Status st = m_greeting(); !st) {
            fail(st.error(), false);
            m_linger.peerClosed();
            return;
        }
    }
    // One frame's buffer for all of them: a push of small files brings one
    // FileDone a file, each a buffer allocated and freed otherwise.
    proto::Frame frame;
    for (;;) {
        if (Status got = m_link.receiveInto(frame); !got) {
            if (!m_jobDone.load()) {
                Error e = got.error();
                std::optional<Error> streamsLost;
                {
                    std::lock_guard lock(m_streamMutex);
                    streamsLost = m_allStreamsLost;
                }
                if (streamsLost) e = *streamsLost;
                else if (!cancelled())
                    e.message = "the connection to the receiver was lost before the job finished: " + e.message;
                fail(std::move(e));
            }
            m_linger.peerClosed();
            return;
        }
        m_lastHeardNs.store(monotonicNs());
        // After a failure: read on, and drop everything, until the peer hangs up.
        if (cancelled()) continue;
        auto badIndex = [&](uint32_t index) {
            fail(Error(Errc::Protocol, "the receiver named file #" + std::to_string(index) + ", which was never listed"));
        };
        using proto::MsgType;
        switch (MsgType(frame.type)) {
        case MsgType::PlanBatch: {
            auto msg = proto::fromFrame<proto::PlanBatchMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            std::vector<PlanItem> items;
            items.reserve(msg->items.size());
            bool bad = false;
            for (const auto& it : msg->items) {
                if (it.index >= m_list.size()) {
                    badIndex(it.index);
                    bad = true;
                    break;
                }
                if (it.action == proto::WireAction::Same) {
                    // Already there as it is: removable with --remove-source-files.
                    if (m_params.removeSourceFiles) m_removable.push_back(it.index);
                    continue;
                }
                const FileList::View file = m_list.view(it.index);
                PlanItem item;
                item.path = std::string(file.path);
                item.size = file.size;
                item.isDir = file.isDir();
                item.isSymlink = file.type == platform::FileType::Symlink;
                if (item.isSymlink) item.linkTarget = std::string(file.linkTarget);
                item.changes = it.changes;
                item.mtimeNs = file.mtimeNs;
                item.isTransferRoot = it.index == 0;
                setDestinationSide(it, item);
                describeMethod(it.method, item);
                switch (it.action) {
                case proto::WireAction::Copy: item.action = FileAction::Copy; break;
                case proto::WireAction::Update: item.action = FileAction::Update; break;
                case proto::WireAction::Attrs: item.action = FileAction::Attrs; break;
                case proto::WireAction::MkDir: item.action = FileAction::MkDir; item.isDir = true; break;
                case proto::WireAction::Symlink: item.action = FileAction::Symlink; break;
                case proto::WireAction::Same: break;
                }
                const bool wanted = it.action == proto::WireAction::Copy || it.action == proto::WireAction::Update;
                if (wanted && !m_params.dryRun) {
                    // A delta waits for the receiver's signature.
                    if (isDelta(it.method)) {
                        m_scheduler.expect(it.index);
                        m_signatures.expect(it.index);
                    } else {
                        m_scheduler.add(it.index, file.size);
                    }
                }
                items.push_back(std::move(item));
            }
            if (!bad) m_observer.onPlanned(std::move(items));
            break;
        }
        case MsgType::DeleteBatch: {
            auto msg = proto::fromFrame<proto::DeleteBatchMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            std::vector<PlanItem> items;
            for (const auto& it : msg->items) items.push_back(deletionItem(it));
            m_observer.onPlanned(std::move(items));
            break;
        }
        case MsgType::PlanEnd: {
            auto msg = proto::fromFrame<proto::PlanEndMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            m_observer.onUnchanged(msg->unchanged);
            m_scheduler.closeInput();
            break;
        }
        case MsgType::Signature: {
            auto msg = proto::fromFrame<proto::SignatureMsg>(frame);
            Status st = msg.ok() ? onSignature(std::move(msg).value()) : Status(msg.error());
            if (!st) fail(st.error());
            break;
        }
        case MsgType::FileDone: {
            auto msg = proto::fromFrame<proto::FileDoneMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            auto file = listed(msg->index);
            if (!file) {
                badIndex(msg->index);
                continue;
            }
            if (m_scheduler.resolved(msg->index)) m_observer.onFileDone(msg->index, file->path, file->size, std::min(msg->moved, file->size));
            if (m_params.removeSourceFiles) m_removable.push_back(msg->index);
            settled(msg->index);
            break;
        }
        case MsgType::FileFailed: {
            auto msg = proto::fromFrame<proto::FileFailedMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            auto file = listed(msg->index);
            if (!file) {
                badIndex(msg->index);
                continue;
            }
            if (m_scheduler.resolved(msg->index))
                m_observer.onFileFailed(msg->index, file->path, Error(msg->code, msg->message));
            settled(msg->index);
            break;
        }
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
        case MsgType::JobDone: {
            auto msg = proto::fromFrame<proto::JobDoneMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            // The receiver ends the job once every file is settled, and says
            // so for each before JobDone: one left open is a broken receiver.
            if (!m_scheduler.finished()) {
                fail(Error(Errc::Protocol, "the receiver ended the job before every file was settled"));
                continue;
            }
            m_observer.onDeleted(msg->filesDeleted);
            if (msg->snapshot) m_observer.onSnapshot(*msg->snapshot);
            m_jobDone.store(true);
            return;
        }
        case MsgType::Error: {
            auto msg = proto::fromFrame<proto::ErrorMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            fail(Error(msg->code, "the receiver stopped: " + msg->message), false);
            continue;
        }
        case MsgType::RateChange: {
            auto msg = proto::fromFrame<proto::RateChangeMsg>(frame);
            if (!msg.ok()) {
                fail(msg.error());
                continue;
            }
            if (m_limiter) {
                m_limiter->setRate(msg->bytesPerSec);
                m_limiter->setPaused(msg->paused);
            }
            break;
        }
        case MsgType::TreeSummary: {
            if (!m_treeSummaries) {
                fail(Error(Errc::Protocol, "the receiver sent tree summaries this job did not ask for"));
                continue;
            }
            auto msg = proto::fromFrame<proto::TreeSummaryMsg>(frame);
            Status taken = msg.ok() ? m_summaries.take(std::move(msg).value()) : Status(msg.error());
            if (!taken) {
                fail(taken.error());
                continue;
            }
            break;
        }
        case MsgType::Cancel:
            fail(Error(Errc::Cancelled, "the receiver cancelled the job"), false);
            continue;
        default:
            fail(Error(Errc::Protocol, std::string("unexpected ") + proto::msgTypeName(frame.type)
                                           + " frame from the receiver"));
            continue;
        }
    }
}

std::vector<diagnosis::ConnectionReading> Sender::sendingConnections() const
{
    std::vector<std::pair<uint32_t, int>> sockets; // stream, socket
    {
        std::lock_guard lock(m_streamMutex);
        for (size_t i = 0; i < m_streams.size(); ++i) {
            const int fd = m_streams[i].broken ? -1 : m_streams[i].link->socketFd();
            // Workers sharing the control link share its one connection.
            const bool seen = std::any_of(sockets.begin(), sockets.end(), [&](const auto& s) { return s.second == fd; });
            if (fd >= 0 && !seen) sockets.emplace_back(uint32_t(i), fd);
        }
    }
    std::vector<diagnosis::ConnectionReading> out;
    for (const auto& [stream, fd] : sockets)
        if (auto reading = diagnosis::readConnection(stream, fd)) out.push_back(std::move(*reading));
    return out;
}

void Sender::onTick()
{
    // TCP_INFO over two seconds says more than over a quarter of one.
    constexpr unsigned kTicksPerCheck = 8;
    std::vector<int> links; // their sockets (-1 without one)
    bool dataLinks = false;
    {
        std::lock_guard lock(m_streamMutex);
        dataLinks = m_hasDataLinks;
        for (const auto& s : m_streams)
            if (!s.broken) links.push_back(s.link->socketFd());
    }
    // One worker a stream that is not broken (they share a link without data
    // connections): the send and compress times are over all of them.
    m_compression.observe(m_stages.snapshotOf(StageId::Send), links.size(), monotonicNs());
    // The control link keeps its own small mark (tuneControlConnection).
    if (dataLinks) boundUnsentBacklog(links);
    if (++m_ticks % kTicksPerCheck != 0) return;
    // A receiver that has said nothing for a while (its stats come four
    // times a second) is stopped or cut off: its window stood still because
    // of that, not for want of buffers. Those seconds are not judged.
    constexpr uint64_t kSilentNs = 1'000'000'000;
    const uint64_t heard = m_lastHeardNs.load();
    if (heard != 0 && monotonicNs() - heard > kSilentNs) return m_watch.forget();
    for (const std::string& message : m_watch.check(links)) notice(false, "", Error(Errc::Network, message));
}

void Sender::settled(uint32_t index)
{
    std::lock_guard lock(m_streamMutex);
    for (auto& s : m_streams) s.inFlight.erase(index);
    m_chunked.erase(index);
    m_signatures.settle(index);
}

} // namespace fg
