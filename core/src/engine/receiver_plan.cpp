// The receiver's planning: each listed entry against the target, as the list
// streams in; directories finished and extraneous entries deleted at the end.

#include "engine/receiver.h"

#include "common/path.h"
#include "engine/transfer_method.h"
#include "engine/tree_ops.h"
#include "filter/filter.h"
#include "scan/scanner.h"

#include <algorithm>
#include <limits>

namespace fg {
namespace {

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

// ---- planning --------------------------------------------------------------

Status Receiver::planBatch(proto::FileListBatchMsg&& batch, DirCache* dirs)
{
    StageTimer busy(m_planStage, StageTimer::Bucket::Busy);
    proto::PlanBatchMsg out;
    std::vector<PlanItem> items;
    // Signed only once the sender has the plan that says they come as deltas.
    std::vector<uint32_t> toSign;
    for (auto& wire : batch.entries) {
        uint32_t index = 0;
        {
            std::lock_guard lock(m_listMutex);
            if (m_list.size() >= std::numeric_limits<uint32_t>::max())
                return Error(Errc::Protocol, "the file list is longer than the protocol allows");
            index = m_list.append(fromWire(std::move(wire)));
            m_wants.push_back(Want::None);
        }
        FG_TRY(planEntry(index, dirs, out, items));
        if (!out.items.empty() && out.items.back().index == index && isDelta(out.items.back().method)
            && !m_params.dryRun)
            toSign.push_back(index);
    }
    m_planStage.addItems(batch.entries.size());
    if (!out.items.empty()) FG_TRY(m_link.send(proto::toFrame(out)));
    for (uint32_t index : toSign) (void)m_signQueue.push(index);
    if (!items.empty()) m_observer.onPlanned(std::move(items));
    return {};
}

Status Receiver::planEntry(uint32_t index, DirCache* dirs, proto::PlanBatchMsg& out, std::vector<PlanItem>& items)
{
    const FileList::View listed = m_list.view(index);
    FileEntry entry = listed.entry();
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
        if (!parent.empty() && !m_listedDirs.count(parent))
            return Error(Errc::Protocol, "entry '" + p + "' comes before its directory was listed");
        if (parent.empty() && m_rootKind == proto::RootKind::Contents && index == 0)
            return Error(Errc::Protocol, "the list of a directory's contents must start with '.'");
    }
    if (entry.isDir()) m_listedDirs.insert(listed.path);
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
    if (entry.isDir() && state->has_value() && (*state)->type == platform::FileType::Directory && dirs)
        lookForLeftovers(target, *dirs);
    else if (m_rootKind == proto::RootKind::File && dirs)
        lookForLeftovers(".", *dirs);
    std::optional<std::string> partial;
    if (entry.isRegular() && dirs && !m_rootMissing) partial = partialFor(target, *dirs);
    if (decision.action == FileAction::Unchanged) {
        ++m_unchanged;
        // Nothing left to resume: the file is complete.
        if (partial && !m_params.dryRun) removePartial(target, *partial, *dirs);
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
    proto::WireMethod method = proto::WireMethod::Whole;
    if (decision.action == FileAction::Copy || decision.action == FileAction::Update) {
        MethodInputs in;
        in.mode = m_params.wholeFile;
        in.localCopy = m_params.localCopy;
        in.newSize = entry.size;
        const bool oldCopy = decision.action == FileAction::Update && state->has_value()
                             && (*state)->type == platform::FileType::Regular && !decision.replaceTarget;
        if (oldCopy) in.oldSize = (*state)->size;
        in.partial = partial.has_value();
        in.linkBytesPerSec = receiveRate();
        in.basisReadBytesPerSec = basisReadRate();
        method = chooseMethod(in);
        if (partial && !m_params.dryRun) {
            std::lock_guard lock(m_basisMutex);
            m_partials[index] = *partial;
        }
    }
    out.items.push_back({index, *wireActionOf(decision.action), method});
    PlanItem item;
    item.path = target;
    item.action = decision.action;
    item.size = entry.size;
    item.isDir = entry.isDir();
    describeMethod(method, item);
    items.push_back(std::move(item));
    return {};
}

std::optional<std::string> Receiver::partialFor(const std::string& target, DirCache& dirs)
{
    if (target == ".") return std::nullopt;
    const auto name = partialNameFor(baseName(target));
    if (!name) return std::nullopt;
    // Known from its directory's listing: no look per file (a stat each is
    // what planning a big unchanged tree would otherwise spend most on).
    if (m_leftoversLooked.count(std::string(parentOf(target)))) {
        if (!m_withPartials.count(target)) return std::nullopt;
    }
    auto parent = dirs.get(parentOf(target));
    if (!parent.ok()) return std::nullopt;
    auto info = (*parent)->statAt(*name);
    if (!info.ok() || info->type != platform::FileType::Regular) return std::nullopt;
    return name;
}

void Receiver::removePartial(const std::string& target, const std::string& partial, DirCache& dirs)
{
    auto parent = dirs.get(parentOf(target));
    if (parent.ok()) (void)(*parent)->unlinkAt(partial);
}

void Receiver::lookForLeftovers(const std::string& dirPath, DirCache& dirs)
{
    auto dir = dirs.get(dirPath == "." ? std::string() : dirPath);
    if (!dir.ok()) return;
    const std::string prefix = dirPath == "." ? std::string() : dirPath + "/";
    // A dry run changes nothing: it only learns which files could resume.
    const StaleTemps stale = m_params.dryRun ? StaleTemps{0, 0, namesWithPartials(**dir)} : salvageStaleTemps(**dir);
    m_leftoversLooked.insert(dirPath == "." ? std::string() : dirPath);
    for (const auto& name : stale.withPartials) m_withPartials.insert(prefix + name);
    if (stale.removed > 0)
        m_observer.onNotice(false, dirPath, Error(Errc::Ok, "removed " + std::to_string(stale.removed)
                                                                + " temporary file(s) left by an interrupted run"));
    if (stale.kept > 0)
        m_observer.onNotice(false, dirPath, Error(Errc::Ok, "kept " + std::to_string(stale.kept)
                                                                + " partial file(s) left by an interrupted run, to resume from"));
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
        if (m_madeDirs.count(std::string(parentOf(target)))) return std::optional<TargetState>();
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
        FG_TRY_ASSIGN(Digest h, hashFile(file, m_params.checksumChoice));
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
        FG_TRY(parent->mkdirAt(name, 0700));
        m_madeDirs.insert(target);
        // Nothing an interrupted run left can be in it.
        m_leftoversLooked.insert(target);
        return {};
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
    const size_t listed = m_list.size();
    if (end.count != listed)
        return Error(Errc::Protocol, "the sender announced " + std::to_string(end.count) + " entries but sent "
                                         + std::to_string(listed));
    if (m_rootKind == proto::RootKind::File && listed != 1)
        return Error(Errc::Protocol, "a single-file transfer must list exactly one entry");
    m_scanErrors = end.scanErrors;
    bool settled = false;
    {
        std::lock_guard lock(m_listMutex);
        m_listComplete = true;
        settled = m_settledCount == m_wantedCount;
    }
    if (settled) allSettled();
    m_observer.onUnchanged(m_unchanged);
    proto::PlanEndMsg planEnd;
    planEnd.unchanged = uint32_t(std::min<uint64_t>(m_unchanged, std::numeric_limits<uint32_t>::max()));
    FG_TRY(m_link.send(proto::toFrame(planEnd)));
    m_observer.onState(JobState::Transferring);
    return {};
}

// ---- finishing -------------------------------------------------------------

void Receiver::finishDirectories(DirCache& dirs)
{
    // Deepest first is not needed for times (setting a child's time does not
    // touch its parent), but modes are set last-to-first so a read-only parent
    // is closed only after its children are done.
    std::vector<FileEntry> directories;
    m_list.forEach([&](uint32_t, const FileList::View& e) {
        if (e.isDir()) directories.push_back(e.entry());
    });
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

    // Views into the list: no copy of a million paths.
    std::unordered_set<std::string_view> sourceNames;
    sourceNames.reserve(m_list.size());
    m_list.forEach([&](uint32_t, const FileList::View& e) { sourceNames.insert(e.path); });

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
