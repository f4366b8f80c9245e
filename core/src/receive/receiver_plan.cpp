// The receiver's planning: each listed entry against the target, as the list
// streams in; directories finished and extraneous entries deleted at the end.

#include "receive/receiver.h"

#include "common/path.h"
#include "filter/filter.h"
#include "names/name_fold.h"
#include "receive/tree_ops.h"
#include "role/plan_item_sides.h"
#include "role/transfer_method.h"
#include "role/wire_entry.h"
#include "scan/scanner.h"

#include <floodgate/units.h>

#include <algorithm>
#include <cerrno>
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
    return std::nullopt; // nothing the sender acts on
}

} // namespace

// ---- planning --------------------------------------------------------------

Status Receiver::planBatch(proto::FileListBatchMsg&& batch, DirCache* dirs)
{
    StageScope busy(StageId::Plan, StageState::Busy);
    proto::PlanBatchMsg out;
    std::vector<PlanItem> items;
    // On a first push every entry is planned: grown as they came, the items
    // (168 bytes, three strings) were moved again at every doubling.
    items.reserve(batch.entries.size());
    // Signed only once the sender has the plan that says they come as deltas.
    std::vector<uint32_t> toSign;
    m_owners.learn(batch.userNames, batch.groupNames);
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
    for (uint32_t index : toSign) m_signer.enqueue(index);
    // A re-sync plans few of a batch: the rest of the room does not travel
    // with them (a client queues them as events).
    if (items.size() < items.capacity() / 2) items.shrink_to_fit();
    if (!items.empty()) m_observer.onPlanned(std::move(items));
    return {};
}

Status Receiver::planEntry(uint32_t index, DirCache* dirs, proto::PlanBatchMsg& out, std::vector<PlanItem>& items)
{
    FileEntry entry = m_list.view(index).entry();
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
        if (auto folder = parent.empty() ? std::optional<uint32_t>() : m_list.directoryIndex(parent);
            !parent.empty() && (!folder || *folder >= index))
            return Error(Errc::Protocol, "entry '" + p + "' comes before its directory was listed");
        if (parent.empty() && m_rootKind == proto::RootKind::Contents && index == 0)
            return Error(Errc::Protocol, "the list of a directory's contents must start with '.'");
    }
    if (index == 0) chooseNameWay(dirs);
    if (entry.isDir() && entry.contentsOmitted) m_omittedDirs.insert(targetPath(p));
    if (entry.isRegular()) m_observer.onListed(true, entry.size);
    entry.mode = finalMode(entry.mode, entry.isDir());
    std::string target = targetPath(p);
    if (m_staging.load(std::memory_order_relaxed)) {
        // The folders built out of sight that the list has left are complete
        // in it: those whose files are in place get their names.
        m_staged.listReached(target);
        if (dirs) placeStaged(*dirs);
    }

    // The file system the entry's name lives on decides whether it is one
    // name with another of its directory, whether it can hold the name at
    // all, and how its times and modes compare.
    const FsTraits& fs = traitsOf(target == "." ? std::string_view() : parentOf(target), dirs);
    if (target != "." && !placeName(index, p, entry.isDir(), entry.nameCollisions, fs, target)) return {};
    // -H: a later name of a file the list had already; linked to the first
    // once that one is in place.
    if (entry.hardLinkTo) {
        const uint32_t leader = *entry.hardLinkTo;
        if (leader >= index || !m_list.view(leader).isRegular() || m_list.view(leader).hardLinkTo)
            return Error(Errc::Protocol, "entry '" + p + "' is a hard link of entry #" + std::to_string(leader)
                                             + ", which is not an earlier file");
        m_hardLinks.emplace_back(index, leader);
        return {};
    }
    PlanRules rules = m_rules;
    if (fs.timeGranularityNs > 1) rules.modifyWindowNs = std::max(rules.modifyWindowNs, fs.timeGranularityNs);
    rules.compareModes = fs.keepsModes && m_params.metadata.perms;
    rules.modeBits = fs.keptModeBits;
    if (entry.hasOwner || !m_params.ownership.chownUser.empty() || !m_params.ownership.chownGroup.empty()) {
        const Owners::Wanted wanted = m_owners.wanted(entry.uid, entry.gid);
        rules.wantUid = wanted.uid;
        rules.wantGid = wanted.gid;
    }

    // A subtree the sender said is the same was stat'ed a moment ago, when it
    // was summarised: planned from what was seen then.
    auto state = index - m_same.listBase < m_same.count ? Result<std::optional<TargetState>>(mirrorState(index))
                                                        : targetState(entry, dirs);
    if (!state.ok()) {
        notice(true, target, state.error());
        return {};
    }
    if (fs.names.any() && state->has_value() && dirs && target != ".")
        matchSpelling(target, (*state)->mtimeNs, fs, *dirs);
    Decision decision = decide(entry, *state, rules);
    if (!decision.refusal.empty()) {
        notice(true, target, Error(Errc::InvalidArgument, decision.refusal));
        return {};
    }
    if (m_rootUnwritable && decision.action != FileAction::Unchanged) return *m_rootUnwritable;
    // An existing directory may hold what an interrupted run left behind.
    if (entry.isDir() && state->has_value() && (*state)->type == platform::FileType::Directory && dirs)
        lookForLeftovers(target, *dirs);
    else if (m_rootKind == proto::RootKind::File && dirs)
        lookForLeftovers(".", *dirs);
    std::optional<std::string> partial;
    if (entry.isRegular() && dirs && !m_rootMissing) partial = partialFor(target, *dirs);
    if ((decision.action == FileAction::Copy || decision.action == FileAction::Update) && !decision.replaceTarget
        && m_linkDest && linkFromSnapshot(entry, target, rules, dirs)) {
        ++m_linked;
        decision.action = FileAction::Unchanged;
    }
    // (After linking: a file linked from a snapshot takes no room.)
    if (m_roomAboveFloor && entry.isRegular()
        && (decision.action == FileAction::Copy || decision.action == FileAction::Update)) {
        if (entry.size > *m_roomAboveFloor) {
            notice(true, target,
                   Error(Errc::NoSpace, "not written: module '" + m_params.keepFreeModule + "' keeps "
                                            + formatBytes(m_freeFloor) + " free (floodgate.conf min-free), and this file ("
                                            + formatBytes(entry.size) + ") would leave less; make room on the server, "
                                              "or ask its admin to lower min-free"));
            return {};
        }
        *m_roomAboveFloor -= entry.size;
    }
    if (decision.action == FileAction::Unchanged) {
        ++m_unchanged;
        // --remove-source-files: the sender may remove what is here as it is.
        if (m_params.removeSourceFiles && entry.isRegular() && !decision.skipped && decision.refusal.empty())
            out.items.push_back({index, proto::WireAction::Same, proto::WireMethod::Whole, 0});
        // Nothing left to resume: the file is complete.
        if (partial && !m_params.dryRun) removePartial(target, *partial, *dirs);
        return {};
    }
    if (!m_params.dryRun && dirs) {
        Status applied = applyDecision(entry, decision, fs, *dirs);
        if (!applied) {
            notice(true, target, applied.error());
            return {};
        }
    }
    if ((decision.action == FileAction::Copy || decision.action == FileAction::Update) && !m_params.dryRun) {
        // New in a folder built out of sight: a small file is made there
        // under its own name; a big one closes the folder to more.
        const bool direct = !state->has_value() && !decision.replaceTarget && entry.isRegular()
                            && m_staging.load(std::memory_order_relaxed)
                            && m_staged.addFile(parentOf(target), entry.size < kMinPartialBytes);
        std::lock_guard lock(m_listMutex);
        m_wants[index] = decision.replaceTarget ? Want::ReplaceDirAndWrite
                         : state->has_value()   ? Want::Write
                         : direct               ? Want::WriteDirect
                                                : Want::WriteNew;
        ++m_wantedCount;
        // --no-perms: a file that is there keeps its mode through the update.
        if (!m_params.metadata.perms && state->has_value() && (*state)->type == platform::FileType::Regular)
            m_keptModes[index] = (*state)->mode;
        // --inplace: over a regular file, or new under its own name; anything
        // else in the way (a directory, a link) is replaced as usual.
        if (m_params.inPlace && !decision.replaceTarget
            && (!state->has_value() || (*state)->type == platform::FileType::Regular))
            m_inPlace.insert(index);
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
        in.partial = partial.has_value() && !m_params.inPlace;
        in.append = m_params.compare.appendVerify;
        in.inPlace = m_params.inPlace && oldCopy;
        // Asked only where a delta is possible (a clock read a file otherwise).
        if (oldCopy) in.linkBytesPerSec = receiveRate();
        in.basisReadBytesPerSec = m_signer.readRate();
        method = chooseMethod(in);
        if (partial && !m_params.dryRun) m_signer.notePartial(index, *partial);
    }
    proto::PlanItemWire wire{index, *wireActionOf(decision.action), method, decision.changes};
    if (state->has_value()) {
        wire.destinationExists = true;
        wire.destinationSize = (*state)->size;
        wire.destinationMtimeNs = (*state)->mtimeNs;
    }
    out.items.push_back(wire);
    PlanItem item;
    item.path = target;
    item.action = decision.action;
    item.size = entry.size;
    item.mtimeNs = entry.mtimeNs;
    if (target != p) item.sourcePath = p;
    item.isTransferRoot = index == 0;
    setDestinationSide(wire, item);
    item.isDir = entry.isDir();
    item.isSymlink = entry.isSymlink();
    if (item.isSymlink) item.linkTarget = entry.linkTarget;
    item.changes = decision.changes;
    describeMethod(method, item);
    items.push_back(std::move(item));
    return {};
}

std::optional<std::string> Receiver::partialFor(const std::string& target, DirCache& dirs)
{
    if (target == ".") return std::nullopt;
    // Known from its directory's listing: no look per file (a stat each is
    // what planning a big unchanged tree would otherwise spend most on), and
    // no partial's name made for it.
    if (m_leftoversLooked.count(std::string(parentOf(target)))) {
        if (!m_withPartials.count(target)) return std::nullopt;
    }
    const auto path = m_partialLayout.pathFor(baseName(target));
    if (!path) return std::nullopt;
    const std::string folder = joinPath(parentOf(target), parentOf(*path));
    auto dir = dirs.get(folder);
    if (!dir.ok()) return std::nullopt;
    auto info = (*dir)->statAt(baseName(*path));
    if (!info.ok() || info->type != platform::FileType::Regular) return std::nullopt;
    if (!m_partialLayout.folder().empty()) m_signer.notePartialFolder(folder);
    return path;
}

void Receiver::removePartial(const std::string& target, const std::string& partial, DirCache& dirs)
{
    auto dir = dirs.get(joinPath(parentOf(target), parentOf(partial)));
    if (dir.ok()) (void)(*dir)->unlinkAt(baseName(partial));
}

void Receiver::removeEmptyPartialFolders(DirCache& dirs)
{
    const std::set<std::string> folders = m_signer.takePartialFolders();
    // Only the folder itself, as rsync: what holds it is the user's. One
    // still holding partial files (of files that failed again) stays.
    for (const auto& folder : folders) {
        dirs.invalidate(folder);
        if (auto parent = dirs.get(parentOf(folder)); parent.ok()) (void)(*parent)->rmdirAt(baseName(folder));
    }
}

void Receiver::lookForLeftovers(const std::string& dirPath, DirCache& dirs)
{
    auto dir = dirs.get(dirPath == "." ? std::string() : dirPath);
    if (!dir.ok()) return;
    const std::string prefix = dirPath == "." ? std::string() : dirPath + "/";
    // A dry run changes nothing: it only learns which files could resume.
    const StaleTemps stale = m_params.dryRun ? StaleTemps{0, 0, namesWithPartials(**dir, m_partialLayout)}
                                             : salvageStaleTemps(**dir, m_partialLayout);
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
    t.uid = info.uid;
    t.gid = info.gid;
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

const FsTraits& Receiver::traitsOf(std::string_view dirPath, DirCache* dirs)
{
    // Entries come directory by directory: the last one's answer first.
    if (m_lastTraits && dirPath == m_lastTraitsDir) return *m_lastTraits;
    const std::string targetDir(dirPath);
    if (auto it = m_dirTraits.find(targetDir); it != m_dirTraits.end()) {
        m_lastTraitsDir = targetDir;
        m_lastTraits = it->second;
        return *it->second;
    }
    const FsTraits* traits = nullptr;
    if (targetDir.empty()) {
        if (dirs) traits = &m_fileSystems.of(dirs->root());
        else if (m_rootParent) traits = &m_fileSystems.of(*m_rootParent);
    } else if (!m_madeDirs.count(targetDir) && dirs) {
        // An existing directory may be a mount point; one this job made (or
        // a dry run's, not made) is on its parent's file system.
        if (auto dir = dirs->get(targetDir); dir.ok()) traits = &m_fileSystems.of(**dir);
    }
    if (!traits && !targetDir.empty()) traits = &traitsOf(std::string(parentOf(targetDir)), dirs);
    if (!traits) {
        static const FsTraits unprobed;
        traits = &unprobed;
    }
    {
        std::unique_lock lock(m_dirTraitsMutex);
        m_dirTraits.emplace(targetDir, traits);
    }
    if (traits->stampAfterRename) m_anyStampAfterRename = true;
    m_lastTraitsDir = targetDir;
    m_lastTraits = traits;
    if (!traits->keepsModes && !traits->modeError.empty())
        modesNotKept(Error(Errc::Io, traits->modeError), traits->describe());
    return *traits;
}

bool Receiver::linkFromSnapshot(const FileEntry& entry, const std::string& target, const PlanRules& rules,
                                DirCache* dirs)
{
    auto match = m_linkDest->find(entry, target, rules);
    if (!match) return false;
    if (m_params.dryRun) return true;
    if (!dirs) return false;
    auto parent = dirs->get(parentOf(target));
    if (!parent.ok()) return false;
    const std::string name(baseName(target));
    // -b: the old version is kept first (kept again, the same, if the file
    // is sent after all). Then linked in under a temporary name and renamed
    // over what is there: the name always holds a whole file.
    Status st = m_backups ? m_backups->keepBeforeReplace(**parent, target) : Status();
    if (!st) {
        notice(true, target, st.error());
        return true; // reported; not sent either
    }
    bool linkFailed = false;
    st = linkIntoPlace(*match->dir, match->name, **parent, name, &linkFailed);
    if (linkFailed) {
        // Another file system, or none with hard links: the file is sent.
        if (!m_linkWarned) {
            m_linkWarned = true;
            notice(false, target, Error(Errc::Ok, std::string(m_snapshot ? "--snapshot" : "--link-dest")
                                                      + ": cannot hard-link from there (" + st.error().message
                                                      + "); files are sent instead"));
        }
        return false;
    }
    if (!st) {
        notice(true, target, st.error());
        return true; // reported; not sent either
    }
    return true;
}

const FsTraits* Receiver::plannedTraitsOf(const std::string& targetDir) const
{
    std::shared_lock lock(m_dirTraitsMutex);
    auto it = m_dirTraits.find(targetDir);
    return it == m_dirTraits.end() ? nullptr : it->second;
}

void Receiver::matchSpelling(const std::string& target, int64_t mtimeNs, const FsTraits& fs, DirCache& dirs)
{
    const std::string parentPath(parentOf(target));
    auto parent = dirs.get(parentPath);
    if (!parent.ok()) return;
    const std::string name(baseName(target));
    const auto stored = m_storedNames.otherSpelling(**parent, parentPath, name, fs.names);
    if (!stored) return;
    const std::string from = joinPath(parentPath, *stored);
    if (m_params.dryRun) {
        inform("would rename '" + from + "' to '" + name + "': its name changed case in the source");
        return;
    }
    // One rename between two spellings of one name: FAT, exFAT, NTFS and
    // macOS take it as a change of the stored spelling. Never by way of a
    // third name where that fails: fusefat, which refuses a directory's, loses
    // a directory's contents when it is renamed to another name.
    if (Status st = (*parent)->renameAt(*stored, name); !st) {
        // The content is synced all the same, into the old spelling.
        notice(false, target, Error(st.error().code, "could not rename '" + from + "' to '" + name
                                                         + "' (its case changed in the source), so it keeps its old "
                                                           "name here: " + st.error().message,
                                    st.error().sysErrno));
        return;
    }
    // The rename may have stamped it (fusefat): it keeps the time it had.
    if (fs.stampAfterRename) (void)(*parent)->setModifyTimeAt(name, mtimeNs);
    dirs.invalidate(from);
    m_storedNames.renamed(parentPath, *stored, name);
    inform("renamed '" + from + "' to '" + name + "': its name changed case in the source");
}

Status Receiver::setOwners(const FileEntry& entry, const std::function<Status(uint32_t uid, uint32_t gid)>& chown)
{
    if (!m_owners.active()) return {};
    const Owners::Wanted w = m_owners.wanted(entry.uid, entry.gid);
    if (!w.uid && !w.gid) return {};
    // -1: that one stays as it is.
    Status st = chown(w.uid.value_or(uint32_t(-1)), w.gid.value_or(uint32_t(-1)));
    if (st || !chmodUnsupported(st.error())) return st;
    if (!m_ownersWarned.exchange(true))
        notice(false, "", Error(Errc::Ok, "the destination cannot set owners (" + st.error().message
                                              + "): files keep the owner it gives them; said once for the job"));
    return {};
}

void Receiver::modesNotKept(const Error& error, const std::string& where)
{
    if (m_modesWarned.exchange(true)) return;
    notice(false, "", Error(Errc::Ok, "the destination" + (where.empty() ? std::string() : " (" + where + ")")
                                          + " cannot set permissions (" + error.message
                                          + "): files keep the permissions it gives them; said once for the job"));
}

Status Receiver::applyDecision(const FileEntry& entry, const Decision& decision, const FsTraits& fs, DirCache& dirs)
{
    const std::string target = targetPath(entry.path);
    if (target == ".") return {}; // the root exists; its attributes are set at the end
    std::string parentRel(parentOf(target));
    std::string name(baseName(target));
    switch (decision.action) {
    case FileAction::MkDir: {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        if (decision.replaceTarget) {
            FG_TRY(m_backups ? m_backups->moveAway(*parent, target) : removeRecursive(*parent, name));
            dirs.invalidate(target);
        }
        // Out of sight until its small files are in place, where that can be
        // (else in plain sight, as below).
        if (!decision.replaceTarget && stagesFolder(fs) && m_staged.make(*parent, target).ok()) {
            m_staging.store(true);
            m_madeDirs.insert(target);
            m_leftoversLooked.insert(target);
            return {};
        }
        // Owner-writable until the end, so files can be written into a
        // directory whose final mode is read-only.
        if (Status made = parent->mkdirAt(name, 0700); !made) {
            // Another job into the same place made it since we looked: a
            // directory is what was wanted. Not ours, so it may hold files.
            if (made.error().sysErrno != EEXIST) return explainRefusedName(made.error(), target);
            auto now = parent->statAt(name);
            if (!now.ok() || now->type != platform::FileType::Directory) return made;
            return {};
        }
        m_madeDirs.insert(target);
        // Nothing an interrupted run left can be in it.
        m_leftoversLooked.insert(target);
        return {};
    }
    case FileAction::Symlink: {
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        if (decision.replaceTarget) {
            FG_TRY(m_backups ? m_backups->moveAway(*parent, target) : removeRecursive(*parent, name));
            dirs.invalidate(target);
        }
        // Made under a temporary name and renamed over the old entry, so the
        // path always names either the old or the new thing.
        std::string temp = tempNameFor(name);
        FG_TRY(parent->symlinkAt(entry.linkTarget, temp));
        Status st = m_backups ? m_backups->keepBeforeReplace(*parent, target) : Status();
        if (st) st = parent->renameAt(temp, name);
        if (!st) {
            (void)parent->unlinkAt(temp);
            return st;
        }
        FG_TRY(setOwners(entry, [&](uint32_t uid, uint32_t gid) { return parent->setOwnerAt(name, uid, gid); }));
        if (m_params.metadata.times) (void)parent->setModifyTimeAt(name, entry.mtimeNs);
        return {};
    }
    case FileAction::Attrs: {
        if (entry.isDir()) return {}; // directories are finished at the end
        FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentRel));
        FG_TRY(setOwners(entry, [&](uint32_t uid, uint32_t gid) { return parent->setOwnerAt(name, uid, gid); }));
        if (entry.isSymlink()) return {}; // a link has no mode, and its time was set when it was made
        if (fs.keepsModes && m_params.metadata.perms) FG_TRY(parent->setModeAt(name, entry.mode));
        if (m_params.metadata.times) FG_TRY(parent->setModifyTimeAt(name, entry.mtimeNs));
        return {};
    }
    case FileAction::Copy:
    case FileAction::Update:
    case FileAction::Unchanged:
    case FileAction::Delete:
        return {};
    }
    return {};
}

bool Receiver::stagesFolder(const FsTraits& fs) const
{
    // Where small files are made unnamed (a local Linux file system) and
    // nothing needs a file seen under its name the moment it is acknowledged:
    // --remove-source-files removes the source then, and a killed run's
    // clean-up removes the small files of a folder still out of sight.
    // (-b: a folder another job made meanwhile takes this one's files without
    // backups of theirs.)
    return fs.localDisk && fs.anonymousTemps && !m_params.dryRun && !m_params.inPlace && !m_params.removeSourceFiles
           && !m_owners.active() && !m_backups;
}

void Receiver::placeStaged(DirCache& dirs)
{
    for (const std::string& folder : m_staged.takeReady())
        if (Status placed = m_staged.place(folder, dirs); !placed) fail(placed.error());
}

void Receiver::placeAllStaged(DirCache& dirs, bool jobOk)
{
    for (const std::string& folder : m_staged.remaining()) {
        Status placed = m_staged.place(folder, dirs, true);
        if (!placed && jobOk) fail(placed.error());
        else if (!placed) notice(false, folder, placed.error());
    }
    m_staged.finish();
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
    // Every name of every directory has been seen: the refused ones are
    // reported in their groups, before the plan ends (so a dry run lists them).
    m_names.report([this](const std::string& target, const Error& error) { notice(true, target, error); });
    bool settled = false;
    {
        std::lock_guard lock(m_listMutex);
        m_listComplete = true;
        settled = m_settledCount == m_wantedCount;
    }
    if (settled) allSettled();
    if (m_linked > 0)
        inform(std::to_string(m_linked) + " file(s) " + (m_params.dryRun ? "would be" : "were")
               + " hard-linked from " + (m_snapshot ? "earlier snapshots" : "--link-dest") + " instead of sent");
    m_observer.onUnchanged(m_unchanged);
    proto::PlanEndMsg planEnd;
    planEnd.unchanged = uint32_t(std::min<uint64_t>(m_unchanged, std::numeric_limits<uint32_t>::max()));
    FG_TRY(m_link.send(proto::toFrame(planEnd)));
    m_observer.onState(JobState::Transferring);
    return {};
}

// ---- finishing -------------------------------------------------------------

void Receiver::linkHardLinks(DirCache& dirs)
{
    uint64_t made = 0;
    for (const auto& [follower, leader] : m_hardLinks) {
        if (cancelled()) return;
        const std::string target = targetPath(m_list.view(follower).path);
        const std::string first = targetPath(m_list.view(leader).path);
        bool leaderFailed = false;
        {
            std::lock_guard lock(m_listMutex);
            leaderFailed = m_failedFiles.count(leader) > 0;
        }
        if (leaderFailed || m_names.refused(first)) {
            notice(true, target, Error(Errc::Io, "not linked (-H): the file it is a hard link of, '" + first
                                                     + "', was not written"));
            continue;
        }
        if (m_params.dryRun) {
            ++made;
            continue;
        }
        auto from = dirs.get(parentOf(first));
        if (!from.ok()) {
            notice(true, target, from.error());
            continue;
        }
        const platform::DirHandle* fromDir = *from;
        auto leaderInfo = fromDir->statAt(baseName(first));
        auto to = dirs.get(parentOf(target));
        if (!leaderInfo.ok() || !to.ok()) {
            notice(true, target, !leaderInfo.ok() ? leaderInfo.error() : to.error());
            continue;
        }
        const platform::DirHandle* toDir = *to;
        const std::string name(baseName(target));
        // Already one file with its first name (an earlier -H run): nothing to do.
        if (auto there = toDir->statAt(name);
            there.ok() && there->inode == leaderInfo->inode && there->device == leaderInfo->device)
            continue;
        // -b: the old version is kept first, then the link goes in under a
        // temporary name and is renamed over it.
        Status st = m_backups ? m_backups->keepBeforeReplace(*toDir, target) : Status();
        if (st) st = linkIntoPlace(*fromDir, baseName(first), *toDir, name);
        if (!st) {
            notice(true, target, Error(st.error().code, "not linked to '" + first + "' (-H): " + st.error().message,
                                       st.error().sysErrno));
            continue;
        }
        ++made;
    }
    if (made > 0)
        inform(std::to_string(made) + " hard link(s) " + (m_params.dryRun ? "would be" : "were") + " made (-H)");
}

void Receiver::finishDirectories(DirCache& dirs)
{
    // Deepest first is not needed for times (setting a child's time does not
    // touch its parent), but modes are set last-to-first so a read-only parent
    // is closed only after its children are done.
    // The folders alone: a path built for every file of the list here came
    // at the very end of each job, on its critical path, and grew with it.
    std::vector<FileEntry> directories;
    for (uint32_t index : m_list.directories()) directories.push_back(m_list.view(index).entry());
    for (auto it = directories.rbegin(); it != directories.rend(); ++it) {
        const std::string target = targetPath(it->path);
        Status st;
        if (m_names.refusedAt(target)) continue;
        const auto traits = m_dirTraits.find(target == "." ? std::string() : std::string(parentOf(target)));
        const bool keeps = traits == m_dirTraits.end() || traits->second->keepsModes;
        // --no-perms: a directory this job made gets the source's mode less
        // the umask (it was made owner-only to write into); one that was
        // there keeps its own.
        const bool made = m_madeDirs.count(target == "." ? std::string() : target) > 0;
        const bool modes = keeps && (m_params.metadata.perms || made);
        const uint32_t mode = m_params.metadata.perms ? finalMode(it->mode, true) : newEntryMode(finalMode(it->mode, true));
        const bool times = m_params.metadata.times;
        const FileEntry& dirEntry = *it;
        if (target == ".") {
            st = setOwners(dirEntry, [&](uint32_t uid, uint32_t gid) { return dirs.root().setOwner(uid, gid); });
            const auto root = dirs.root().stat();
            // What is as wanted is left alone: a re-sync that changed nothing
            // writes nothing (no inode dirtied for the final flush to write).
            if (st && modes && !(root.ok() && (root->mode & 07777) == (mode & 07777))) st = dirs.root().setMode(mode);
            // A FAT volume's root directory has no times (it reads as the
            // epoch): setting them fails, and kills fusefat.
            if (st && times && !(root.ok() && (root->mtimeNs == 0 || root->mtimeNs == it->mtimeNs)))
                st = dirs.root().setModifyTime(it->mtimeNs);
        } else {
            auto parent = dirs.get(parentOf(target));
            if (!parent.ok()) {
                if (parent.error().code != Errc::NotFound) notice(true, target, parent.error());
                continue;
            }
            auto info = (*parent)->statAt(baseName(target));
            if (!info.ok() || info->type != platform::FileType::Directory) continue;
            st = setOwners(dirEntry, [&](uint32_t uid, uint32_t gid) {
                return (*parent)->setOwnerAt(baseName(target), uid, gid);
            });
            if (st && modes && (info->mode & 07777) != (mode & 07777)) st = (*parent)->setModeAt(baseName(target), mode);
            if (st && times && info->mtimeNs != it->mtimeNs) st = (*parent)->setModifyTimeAt(baseName(target), it->mtimeNs);
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

    // With --name-mapping map, the destination holds the stored names: those
    // are what its entries are compared with. Otherwise the list answers
    // itself (FileList::contains: no copy of ten million paths).
    std::unordered_set<std::string> storedPaths;
    if (m_mapper.active()) {
        storedPaths.reserve(m_list.size());
        m_list.forEach([&](uint32_t, const FileList::View& e) { storedPaths.insert(targetPath(e.path)); });
    }
    auto inSource = [&](const std::string& path) {
        return m_mapper.active() ? storedPaths.count(path) > 0 : m_list.contains(path);
    };

    // The tree to compare: the destination itself for "src/", DEST/src for "src".
    std::optional<platform::DirHandle> scanRoot;
    ScanOptions options;
    // Excluded and protected paths are kept; with --delete-excluded, only
    // protected ones. Dir-merge files are read from the destination's
    // directories (they came with the tree, as in rsync).
    options.filters = filters->empty() ? nullptr : &*filters;
    options.side = m_params.deletion.excluded ? ScanSide::DeleteExcluded : ScanSide::Delete;
    if (m_rootKind == proto::RootKind::NamedDir) {
        // (Under the name it is stored as: with --name-mapping map, "a:b"
        // is "a：b" there.)
        const std::string storedRoot = targetPath(m_rootName);
        auto sub = dirs.get(storedRoot);
        if (!sub.ok()) return; // not made: refused, or a dry run's
        auto dup = (*sub)->duplicate();
        if (!dup.ok()) return notice(true, storedRoot, dup.error());
        scanRoot = std::move(dup).value();
        options.prefix = storedRoot;
    } else {
        auto dup = dirs.root().duplicate();
        if (!dup.ok()) return notice(true, ".", dup.error());
        scanRoot = std::move(dup).value();
    }

    // Where a destination folds names, a file the source lists in another
    // spelling ("A.txt" for a stored "a.txt") is that file, not an extra; and
    // nothing goes below a directory refused for a name collision: the source
    // has it, under a name this destination cannot hold apart. Folding a path
    // as a whole folds each of its names ('/' neither folds nor composes).
    const names::NameRules folding = m_fileSystems.allRules();
    std::unordered_set<std::string> sourceKeys;
    std::unordered_set<std::string> refusedKeys;
    if (folding.any()) {
        if (m_mapper.active()) {
            for (const std::string& p : storedPaths) sourceKeys.insert(names::comparisonKey(p, folding));
        } else {
            m_list.forEach([&](uint32_t, const FileList::View& e) {
                sourceKeys.insert(names::comparisonKey(e.path, folding));
            });
        }
        for (const auto& dir : m_names.refusedDirs()) refusedKeys.insert(names::comparisonKey(dir, folding));
    }
    auto extra = [&](const std::string& path) {
        if (inSource(path)) return false;
        // Floodgate's own temporaries, and what is inside a folder another
        // job builds out of sight: the clean-up's (lookForLeftovers) to judge.
        for (std::string_view at = path; !at.empty(); at = parentOf(at))
            if (isTempName(baseName(at))) return false;
        if (isBackupPath(m_params.backup, path)) return false; // -b's own backups stay
        for (std::string_view up = parentOf(path); !m_omittedDirs.empty() && !up.empty(); up = parentOf(up))
            if (m_omittedDirs.count(std::string(up))) return false;
        if (!folding.any()) return true;
        const std::string key = names::comparisonKey(path, folding);
        if (sourceKeys.count(key)) return false;
        for (std::string_view up = parentOf(key); !up.empty(); up = parentOf(up))
            if (refusedKeys.count(std::string(up))) return false;
        return true;
    };

    std::vector<proto::DeleteItemWire> extraneous;
    ScanCallbacks callbacks;
    callbacks.entry = [&](FileEntry&& e) {
        if (extra(e.path)) extraneous.push_back({e.path, e.isDir(), e.isDir() ? 0 : e.size, e.mtimeNs});
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
    for (const proto::DeleteItemWire& gone : extraneous) {
        batch.items.push_back(gone);
        items.push_back(deletionItem(gone));
        bytes += gone.path.size() + 24;
        if (bytes >= proto::kBatchBytes) flush();
    }
    flush();
    if (m_params.dryRun) return;

    uint64_t deleted = 0;
    uint64_t held = 0; // over --max-delete
    const DeleteRules& limits = m_params.deletion;
    if (m_backups) {
        // Kept, not deleted: the top of each extraneous subtree moves to the
        // backups whole (parents come first in the list).
        std::string moved;
        for (const proto::DeleteItemWire& gone : extraneous) {
            const std::string& path = gone.path;
            const bool isDir = gone.isDir;
            if (!moved.empty() && path.size() > moved.size() && path.starts_with(moved) && path[moved.size()] == '/')
                continue;
            if (limits.limited && deleted >= limits.maxDelete) {
                ++held;
                continue;
            }
            auto parent = dirs.get(parentOf(path));
            Status st = parent.ok() ? m_backups->moveAway(**parent, path) : Status(parent.error());
            if (!st) {
                if (st.error().code != Errc::NotFound) notice(true, path, st.error());
                continue;
            }
            if (isDir) {
                dirs.invalidate(path);
                moved = path;
            }
            ++deleted;
        }
        extraneous.clear();
    }
    for (auto it = extraneous.rbegin(); it != extraneous.rend(); ++it) {
        const std::string& path = it->path;
        const bool isDir = it->isDir;
        if (limits.limited && deleted >= limits.maxDelete) {
            ++held;
            continue;
        }
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
    if (held > 0)
        notice(true, ".", Error(Errc::DeleteLimit, "--max-delete " + std::to_string(limits.maxDelete) + ": "
                                                     + std::to_string(held) + " more deletion(s) were skipped; "
                                                       "the destination still has them"));
    m_observer.onDeleted(deleted);
    m_deletedCount = deleted; // JobDone carries it to the sender

}

} // namespace fg
