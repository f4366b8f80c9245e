// Tree summaries, the receiver's half (role/tree_summaries.h): the
// destination digested as the sender would list it, sent breadth first, and
// the subtrees the sender then says are the same planned from the
// destination's own entries, exactly as if they had been listed.

#include "receive/receiver.h"

#include "common/path.h"
#include "filter/filter.h"
#include "role/tree_summaries.h"
#include "role/wire_entry.h"
#include "scan/scanner.h"
#include "scan/tree_digest.h"

#include <algorithm>

namespace fg {

Status Receiver::sendTreeSummaries()
{
    proto::TreeSummaryMsg batch;
    auto sendLast = [&] {
        batch.last = true;
        return m_link.send(proto::toFrame(batch));
    };
    // Nothing here to compare with (a new destination, a dry run into one,
    // a snapshot's new folder): the sender lists everything, at once.
    const bool fits = treeSummariesFit(m_params, m_rootKind) && !m_snapshot && !m_linkDest && m_rootDir
                      && !m_rootMissing && !m_madeDirs.count(std::string());
    if (!fits) return sendLast();
    std::optional<platform::DirHandle> top;
    if (m_rootKind == proto::RootKind::NamedDir) {
        auto info = m_rootDir->statAt(m_rootName);
        if (!info.ok() || info->type != platform::FileType::Directory) return sendLast();
        auto dir = m_rootDir->openDir(m_rootName);
        if (!dir.ok()) return sendLast();
        top = std::move(dir).value();
    } else {
        auto dup = m_rootDir->duplicate();
        if (!dup.ok()) return sendLast();
        top = std::move(dup).value();
    }
    auto filters = filter::FilterSet::compile(m_params.filters);
    if (!filters.ok()) return sendLast(); // the sender's scan says why

    StageScope busy(StageId::Plan, StageState::Busy);
    struct Dir {
        std::string path;
        uint16_t depth;
        SubtreeDigest digest;
    };
    std::vector<Dir> digested;
    TreeDigester digester([&](std::string_view path, uint16_t depth, const SubtreeDigest& d) {
        if (!d.spoiled) digested.push_back({std::string(path), depth, d});
    });
    // The root as the sender lists it: "." for a folder's contents, its
    // name for the folder itself.
    auto rootInfo = top->stat();
    if (!rootInfo.ok()) return sendLast();
    // What the whole-tree path (takeMirror) may skip depends on these.
    m_mirrorPlainNames = !top->fileSystem().windowsNames;
    m_mirrorOneDevice = true;
    FileEntry root;
    root.path = m_rootKind == proto::RootKind::Contents ? std::string(".") : m_rootName;
    root.type = platform::FileType::Directory;
    root.mode = rootInfo->mode;
    root.mtimeNs = rootInfo->mtimeNs;
    digester.add(m_mirror.append(root), root);

    // The sender's scan, run here: its filters on its side, its options.
    ScanOptions options;
    options.filters = filters->empty() ? nullptr : &*filters;
    options.side = ScanSide::Send;
    options.prefix = m_rootKind == proto::RootKind::NamedDir ? m_rootName : std::string();
    options.oneFileSystem = m_params.scan.oneFileSystem;
    options.excludeIfPresent = m_params.scan.excludeIfPresent;
    options.safeLinks = m_params.scan.safeLinks;
    ScanCallbacks callbacks;
    callbacks.entry = [&](FileEntry&& e) {
        // The sender listed everything without waiting (a small list): no
        // summary is wanted any more, and the scan stops.
        if (cancelled() || m_summariesMoot.load(std::memory_order_relaxed)) return false;
        if (e.isDir() && e.device != rootInfo->device) m_mirrorOneDevice = false;
        digester.add(m_mirror.append(e), e);
        return true;
    };
    callbacks.error = [&](const std::string& path, const Error&) { digester.spoil(path); };
    callbacks.skipped = [](const std::string&, const std::string&) {};
    if (Status st = scanTree(*top, options, callbacks); !st) {
        releaseMirror();
        return cancelled() ? st : sendLast();
    }
    digester.finish(uint32_t(m_mirror.size()));

    for (const Dir& d : digested)
        if (d.digest.index == 0 && d.digest.count == m_mirror.size()) m_mirrorRoot.emplace(d.digest.count, d.digest.digest);
    // Breadth first, so the sender can tell what will not come.
    std::stable_sort(digested.begin(), digested.end(), [](const Dir& a, const Dir& b) { return a.depth < b.depth; });
    size_t bytes = 0;
    size_t batchBytes = 0;
    for (Dir& d : digested) {
        const size_t cost = d.path.size() + 4 + 4 + 17;
        if (bytes + cost > kTreeSummaryBytes) break;
        bytes += cost;
        batchBytes += cost;
        m_mirrorDirs.emplace(d.path, std::make_pair(d.digest.index, d.digest.count));
        batch.items.push_back({std::move(d.path), d.digest.count, d.digest.digest});
        // Small batches first: the top of the tree is what is decided first.
        if (batchBytes >= (batch.items.size() < 256 ? 8 * 1024 : proto::kBatchBytes)) {
            FG_TRY(m_link.send(proto::toFrame(batch)));
            batch.items.clear();
            batchBytes = 0;
        }
    }
    return sendLast();
}

Status Receiver::planSame(const proto::FileListSameMsg& same, DirCache* dirs)
{
    auto it = m_mirrorDirs.find(same.path);
    if (it == m_mirrorDirs.end() || it->second.second != same.count || m_list.directoryIndex(same.path))
        return Error(Errc::Protocol, "the sender said '" + same.path + "' is as the destination has it, which the "
                                         "receiver did not summarise so, or it was listed already");
    const auto [first, count] = it->second;
    // Each subtree once; and nothing inside it may be said the same again
    // (its entries would come twice, and every index after them drift).
    for (uint32_t i = first; i < first + count; ++i) {
        const FileList::View e = m_mirror.view(i);
        if (e.isDir()) m_mirrorDirs.erase(std::string(e.path));
    }
    // What the summary's scan saw stands for a stat of each entry, unless
    // owners count (the mirror keeps none).
    if (!m_params.ownership.any()) m_same = {uint32_t(m_list.size()), first, count};
    proto::FileListBatchMsg batch;
    Status planned;
    for (uint32_t i = 0; i < count && planned; ++i) {
        batch.entries.push_back(toWire(m_mirror.view(first + i).entry()));
        if (batch.entries.size() == 4096 || i + 1 == count) {
            planned = planBatch(std::move(batch), dirs);
            batch = {};
        }
    }
    m_same = {};
    FG_TRY(planned);
    m_sameEntries += count;
    return {};
}

} // namespace fg

namespace fg {

Result<bool> Receiver::takeWholeTree(const proto::TreeRootMsg& root, DirCache* dirs)
{
    // Whatever the sender lists before the root is decided comes after this.
    if (!m_mirrorRoot || m_list.size() != 0 || root.count != m_mirrorRoot->first || !(root.digest == m_mirrorRoot->second))
        return false;
    if (!mirrorNeedsNoPlan()) {
        // What the plan would find beyond the entries themselves: planned
        // entry by entry, as if the sender had listed them.
        proto::FileListSameMsg whole;
        whole.path = m_rootKind == proto::RootKind::Contents ? std::string(".") : m_rootName;
        whole.count = root.count;
        FG_TRY(planSame(whole, dirs));
    } else {
        takeMirror(dirs);
    }
    // The sender's FileListSame of the root and its FileListEnd follow; the
    // list is complete already (a tree read whole has no scan errors).
    proto::FileListEndMsg end;
    end.count = root.count;
    FG_TRY(finishList(end));
    return true;
}

bool Receiver::mirrorNeedsNoPlan() const
{
    // Owners are not in the mirror; partial files in a --partial-dir folder
    // are left out of the scan; a name a Windows-names file system is said
    // not to hold (ntfs-3g lets some through) is refused by planning, on any
    // file system the tree reaches.
    if (m_params.ownership.any() || !m_partialLayout.folder().empty() || !m_mirrorPlainNames || !m_mirrorOneDevice)
        return false;
    // --chmod, and a daemon's dropping of setuid and setgid bits: a mode
    // that is as the source's but not as it is to be here.
    return m_mirror.everyTypeAndMode([this](platform::FileType type, uint32_t mode) {
        return finalMode(mode, type == platform::FileType::Directory) == (mode & 07777);
    });
}

void Receiver::takeMirror(DirCache* dirs)
{
    // Every entry is the destination's own, as it is: unchanged, each (the
    // modes as they are to be: mirrorNeedsNoPlan).
    StageScope busy(StageId::Plan, StageState::Busy);
    const size_t count = m_mirror.size();
    {
        std::lock_guard lock(m_listMutex);
        m_list.swap(m_mirror); // the list was empty: the mirror is the list now
        m_wants.assign(count, Want::None);
    }
    if (count > 0) chooseNameWay(dirs);
    // Temporary and partial files of an interrupted run would have been in
    // the scan, and so in the digest the sender matched, unless the filters
    // leave such names out: then they are looked for as planning would.
    const bool filtered = !m_params.filters.empty() && dirs && !m_params.dryRun;
    for (uint32_t i = 0; i < count; ++i) {
        const FileList::View e = m_list.view(i);
        if (e.isRegular()) m_observer.onListed(true, e.size);
        // (No file system is probed: nothing is to be written, and a probe's
        // scratch file would change a folder's time.)
        if (e.isDir() && e.contentsOmitted) m_omittedDirs.insert(targetPath(e.path));
        if (!filtered) continue;
        const std::string target = targetPath(e.path);
        if (e.isDir()) {
            lookForLeftovers(target, *dirs);
        } else if (e.isRegular() && m_withPartials.count(target)) {
            if (auto partial = partialFor(target, *dirs)) removePartial(target, *partial, *dirs);
        }
    }
    m_unchanged += count;
    m_sameEntries += count;
    m_planStage.addItems(count);
}

void Receiver::releaseMirror()
{
    FileList none;
    m_mirror.swap(none);
    m_mirrorDirs.clear();
    m_mirrorRoot.reset();
}

std::optional<TargetState> Receiver::mirrorState(uint32_t index) const
{
    const FileList::View seen = m_mirror.view(m_same.mirrorBase + (index - m_same.listBase));
    TargetState t;
    t.type = seen.type;
    t.size = seen.size;
    t.mtimeNs = seen.mtimeNs;
    t.mode = seen.mode;
    t.linkTarget = std::string(seen.linkTarget);
    return t;
}

} // namespace fg
