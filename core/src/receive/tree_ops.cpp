#include "receive/tree_ops.h"

#include "common/path.h"
#include "scan/dir_cache.h"

#include <algorithm>
#include <cerrno>
#include <random>

namespace fg {

Status removeRecursive(const platform::DirHandle& parent, std::string_view name)
{
    FG_TRY_ASSIGN(platform::FileInfo info, parent.statAt(name));
    if (info.type != platform::FileType::Directory) return parent.unlinkAt(name);
    FG_TRY_ASSIGN(platform::DirHandle dir, parent.openDir(name));
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> children, dir.list());
    for (const auto& child : children) FG_TRY(removeRecursive(dir, child.name));
    return parent.rmdirAt(name);
}

namespace {
constexpr std::string_view kTempMarker = ".fg-";
constexpr size_t kRandomChars = 6;
// 255 (NAME_MAX) minus the dot, the marker and the random part.
constexpr size_t kMaxStem = 255 - 1 - 4 - kRandomChars;
} // namespace

std::string tempNameFor(std::string_view name)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 rng{std::random_device{}()};
    std::string out = ".";
    out.append(name.substr(0, kMaxStem));
    out.append(kTempMarker);
    for (size_t i = 0; i < kRandomChars; ++i) out.push_back(alphabet[rng() % (sizeof alphabet - 1)]);
    return out;
}

bool isTempName(std::string_view name)
{
    if (name.size() < 1 + kTempMarker.size() + kRandomChars || name.front() != '.') return false;
    return name.substr(name.size() - kRandomChars - kTempMarker.size(), kTempMarker.size()) == kTempMarker;
}

std::optional<std::string> targetOfTemp(std::string_view tempName)
{
    if (!isTempName(tempName)) return std::nullopt;
    std::string_view stem = tempName.substr(1, tempName.size() - 1 - kTempMarker.size() - kRandomChars);
    // A stem of the longest length may have been cut short.
    if (stem.empty() || stem.size() >= kMaxStem) return std::nullopt;
    return std::string(stem);
}

Status linkIntoPlace(const platform::DirHandle& fromDir, std::string_view fromName, const platform::DirHandle& toDir,
                     std::string_view name, bool* linkFailed)
{
    constexpr int kTries = 8;
    if (linkFailed) *linkFailed = false;
    for (int attempt = 1;; ++attempt) {
        const std::string temp = tempNameFor(name);
        if (Status linked = fromDir.linkInto(fromName, toDir, temp); !linked) {
            // Replaced by another job's rename while it was being linked (the
            // old file had just lost its last name): the new one is linked.
            const bool replaced = linked.error().code == Errc::NotFound && fromDir.statAt(fromName).ok();
            if (replaced && attempt < kTries) continue;
            if (linkFailed) *linkFailed = true;
            return linked;
        }
        Status placed = toDir.renameAt(temp, name);
        if (placed) {
            // Where `name` was already a link to the same file (another job
            // placed the same link first) the rename does nothing and
            // succeeds, leaving the temporary: it goes now.
            (void)toDir.unlinkAt(temp);
            return placed;
        }
        // Gone before its rename: another job's clean-up took it.
        const bool taken = placed.error().code == Errc::NotFound && !toDir.statAt(temp).ok();
        if (!taken) (void)toDir.unlinkAt(temp);
        if (!taken || attempt == kTries) return placed;
    }
}

Status moveContents(const platform::DirHandle& from, const platform::DirHandle& to, bool all, std::string_view skip)
{
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> names, from.list());
    for (const auto& entry : names) {
        if ((!all && isTempName(entry.name)) || entry.name == skip) continue;
        auto ours = from.statAt(entry.name);
        auto theirs = to.statAt(entry.name);
        if (ours.ok() && theirs.ok() && ours->type == platform::FileType::Directory
            && theirs->type == platform::FileType::Directory) {
            FG_TRY_ASSIGN(platform::DirHandle inner, from.openDir(entry.name));
            FG_TRY_ASSIGN(platform::DirHandle into, to.openDir(entry.name));
            FG_TRY(moveContents(inner, into, all));
            if (all) (void)from.rmdirAt(entry.name);
            continue;
        }
        FG_TRY(from.renameInto(entry.name, to, entry.name));
    }
    return {};
}

Status renameIfFree(const platform::DirHandle& dir, std::string_view from, std::string_view to)
{
    Status renamed = dir.renameAtNoReplace(from, to);
    if (renamed || renamed.error().sysErrno != ENOSYS) return renamed;
    if (dir.statAt(to).ok())
        return Error(Errc::Io, "rename " + dir.childPath(from) + " to " + dir.childPath(to) + ": the name is taken",
                     EEXIST);
    return dir.renameAt(from, to);
}

namespace {

// The folder of one directory's partial files, opened (or made) when the
// first needs it; the directory itself when they sit beside their targets.
class PartialFolder {
public:
    PartialFolder(const platform::DirHandle& dir, const PartialLayout& layout) : m_dir(dir), m_layout(layout) {}

    const platform::DirHandle* get(bool make)
    {
        if (m_layout.folder().empty()) return &m_dir;
        if (m_handle) return &*m_handle;
        if (m_triedMaking || (m_triedOpening && !make)) return nullptr;
        m_triedOpening = true;
        m_triedMaking = make;
        auto opened = openSubdir(m_dir, m_layout.folder(), make);
        if (opened.ok()) m_handle = std::move(opened).value();
        return m_handle ? &*m_handle : nullptr;
    }

private:
    const platform::DirHandle& m_dir;
    const PartialLayout& m_layout;
    std::optional<platform::DirHandle> m_handle;
    bool m_triedOpening = false;
    bool m_triedMaking = false;
};

// Partial files already in the folder, as the names of their targets.
std::vector<std::string> listPartials(PartialFolder& folder, const PartialLayout& layout)
{
    std::vector<std::string> out;
    const platform::DirHandle* dir = folder.get(false);
    if (!dir) return out;
    auto names = dir->list();
    if (!names.ok()) return out;
    for (const auto& entry : *names)
        if (auto target = layout.targetOf(entry.name)) out.push_back(std::move(*target));
    return out;
}

// A folder built out of sight (StagedFolders) whose job is gone: its links
// to the job's lock were found and none is held. Any doubt leaves it alone:
// no link (a user's folder of such a name, or one its job has just named and
// unlocked), a link that cannot be opened or locked, a folder no longer
// under this name. The regular files in it go: those made under their own
// names may be torn, and nothing tells them from others. What else it holds
// (folders that got their names inside it, links, temporaries and partial
// files, handled as anywhere) stays, and it gets its name, or goes into the
// folder that took the name meanwhile.
// The lock files whose locks this clean-up holds, by (device, inode): a dead
// job's folders, nested or side by side, link to its one lock. Held until the
// whole clean-up is done, so that no other clean-up takes a folder of that
// job meanwhile.
struct HeldLocks {
    std::vector<std::pair<uint64_t, uint64_t>> ids;
    std::vector<platform::FileHandle> locks;
    bool holds(const std::pair<uint64_t, uint64_t>& id) const
    {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    }
};
// `ours`: names in `dir` the caller is handling (a staged folder's links to
// its lock), left alone; opened and closed again, a lock that is a POSIX
// lock underneath (flock on NFS) would be let go.
StaleTemps salvageHolding(const platform::DirHandle& dir, const PartialLayout& layout, HeldLocks& held,
                          const std::vector<std::string>& ours = {});

void salvageStagedFolder(const platform::DirHandle& dir, const std::string& name, const PartialLayout& layout,
                         StaleTemps& out, HeldLocks& held)
{
    const auto target = targetOfTemp(name);
    if (!target) return;
    auto staged = dir.openDir(name);
    if (!staged.ok()) return;
    auto names = staged->list();
    if (!names.ok()) return;
    if (names->empty()) {
        // Empty: left by a kill before its link came, or just made by a job
        // about to link its lock (whose link then fails, and it starts over).
        (void)dir.rmdirAt(name);
        return;
    }
    // The locks are held until the clean-up is done: another clean-up at it
    // meanwhile finds them held and leaves it alone.
    std::vector<std::string> links;
    for (const auto& entry : *names) {
        if (targetOfTemp(entry.name) != kStagedLiveStem) continue;
        auto link = staged->openRead(entry.name);
        if (!link.ok()) return;
        auto id = link->stat();
        if (!id.ok()) return;
        const std::pair<uint64_t, uint64_t> key{id->device, id->inode};
        links.push_back(entry.name);
        if (held.holds(key)) continue; // this clean-up's already
        auto locked = link->tryLockExclusive();
        if (!locked.ok() || !*locked) return;
        held.ids.push_back(key);
        held.locks.push_back(std::move(link).value());
    }
    if (links.empty()) return;
    auto now = dir.statAt(name);
    auto self = staged->stat();
    if (!now.ok() || !self.ok() || now->device != self->device || now->inode != self->inode) return;
    // Its links stay, locked, until it has its name: another clean-up finds
    // them held and leaves it alone, and one after a merge that failed finds
    // it again (it is still out of sight: nothing else would).
    const StaleTemps inner = salvageHolding(*staged, layout, held, links);
    out.removed += inner.removed;
    out.kept += inner.kept;
    auto left = staged->list();
    if (!left.ok()) return;
    const auto isLink = [&](const std::string& entry) {
        return std::find(links.begin(), links.end(), entry) != links.end();
    };
    const auto dropLinks = [&](size_t from) {
        for (size_t i = from; i < links.size(); ++i) (void)staged->unlinkAt(links[i]);
    };
    const PartialLayout beside;
    bool keeps = false;
    for (const auto& entry : *left) {
        if (isLink(entry.name)) continue;
        auto info = staged->statAt(entry.name);
        const bool regular = info.ok() && info->type == platform::FileType::Regular && !isTempName(entry.name)
                             && !beside.targetOf(entry.name);
        if (regular && staged->unlinkAt(entry.name).ok()) ++out.removed;
        else keeps = true;
    }
    if (!keeps) {
        dropLinks(0);
        (void)dir.rmdirAt(name);
        return;
    }
    if (renameIfFree(dir, name, *target)) {
        // Named first, then unlinked, as a live job does (StagedFolders::place).
        dropLinks(0);
        return;
    }
    auto there = dir.statAt(*target);
    if (!there.ok() || there->type != platform::FileType::Directory) return;
    auto into = dir.openDir(*target);
    if (!into.ok()) return;
    // One link stays behind until all else has moved.
    dropLinks(1);
    if (!moveContents(*staged, *into, true, links.front())) return;
    (void)staged->unlinkAt(links.front());
    (void)dir.rmdirAt(name);
}

} // namespace

StaleTemps salvageStaleTemps(const platform::DirHandle& dir, const PartialLayout& layout)
{
    HeldLocks held;
    return salvageHolding(dir, layout, held);
}

namespace {

StaleTemps salvageHolding(const platform::DirHandle& dir, const PartialLayout& layout, HeldLocks& held,
                          const std::vector<std::string>& ours)
{
    StaleTemps out;
    auto names = dir.list();
    if (!names.ok()) return out;
    PartialFolder folder(dir, layout);
    const PartialLayout beside;
    const bool inFolder = !layout.folder().empty();
    if (inFolder) out.withPartials = listPartials(folder, layout);
    // Keeps `from` (an entry of dir) as the partial file of `target`.
    auto keep = [&](const std::string& from, const std::string& target) {
        const auto path = layout.pathFor(target);
        const platform::DirHandle* into = path ? folder.get(true) : nullptr;
        return into && dir.renameInto(from, *into, baseName(*path)).ok();
    };
    for (const auto& entry : *names) {
        if (auto target = beside.targetOf(entry.name)) {
            // A partial file beside its target: this layout's, or one a run
            // without --partial-dir left, moved into the folder to resume from.
            if (!inFolder || keep(entry.name, *target)) out.withPartials.push_back(std::move(*target));
            continue;
        }
        if (!isTempName(entry.name)) continue;
        if (std::find(ours.begin(), ours.end(), entry.name) != ours.end()) continue;
        const bool isFolder = entry.typeKnown ? entry.type == platform::FileType::Directory : [&] {
            auto info = dir.statAt(entry.name);
            return info.ok() && info->type == platform::FileType::Directory;
        }();
        if (isFolder) {
            salvageStagedFolder(dir, entry.name, layout, out, held);
            continue;
        }
        auto file = dir.openRead(entry.name);
        if (!file.ok()) continue;
        const auto target = targetOfTemp(entry.name);
        // A dead job's lock file whose lock this clean-up took at one of its
        // folders is not locked again: a name of it, which goes as any stale
        // temporary does.
        const bool heldHere = target == kStagedLiveStem && [&] {
            auto id = file->stat();
            return id.ok() && held.holds({id->device, id->inode});
        }();
        if (!heldHere) {
            auto locked = file->tryLockExclusive();
            // Renamed or unlinked while we hold the lock, so no writer can be
            // between its lock and its rename.
            if (!locked.ok() || !*locked) continue;
        }
        auto info = file->stat();
        if (info.ok() && info->size >= kMinPartialBytes && target && keep(entry.name, *target)) {
            ++out.kept;
            out.withPartials.push_back(*target);
            continue;
        }
        if (dir.unlinkAt(entry.name).ok()) ++out.removed;
    }
    return out;
}

} // namespace

std::vector<std::string> namesWithPartials(const platform::DirHandle& dir, const PartialLayout& layout)
{
    PartialFolder folder(dir, layout);
    return listPartials(folder, layout);
}

} // namespace fg
