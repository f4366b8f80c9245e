#include "receive/staged_folders.h"

#include "common/path.h"
#include "receive/tree_ops.h"
#include "scan/dir_cache.h"

#include <algorithm>
#include <cerrno>

namespace fg {
namespace {

// Whether `path` is `folder` or inside it (target paths, "" the root).
bool inside(std::string_view path, std::string_view folder)
{
    if (folder.empty()) return true;
    return path.size() >= folder.size() && path.compare(0, folder.size(), folder) == 0
           && (path.size() == folder.size() || path[folder.size()] == '/');
}

// Moves what `from` holds into `to`: files replace those of the same name,
// folders of one name are merged. Temporaries stay unless `all`: writers
// still name them.
Status moveContents(const platform::DirHandle& from, const platform::DirHandle& to, bool all)
{
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> names, from.list());
    for (const auto& entry : names) {
        if (!all && isTempName(entry.name)) continue;
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

} // namespace

Status StagedFolders::make(const platform::DirHandle& parent, const std::string& path)
{
    // As with a temporary file (createLockedTemp): another job's clean-up
    // may find it between its making and its lock, and remove it; losing
    // that race, we start over under another name.
    constexpr int kTries = 8;
    const std::string_view name = baseName(path);
    for (int attempt = 0; attempt < kTries; ++attempt) {
        std::string temp = tempNameFor(name);
        if (Status made = parent.mkdirAt(temp, 0700); !made) {
            if (made.error().sysErrno == EEXIST) continue;
            return made;
        }
        auto lock = parent.openRead(temp);
        if (!lock.ok() && lock.error().code == Errc::NotFound) continue;
        if (!lock.ok()) {
            (void)parent.rmdirAt(temp);
            return std::move(lock).error();
        }
        auto locked = lock->tryLockExclusive();
        if (!locked.ok()) {
            // A file system without locks: nobody's clean-up can tell it
            // from a stale one, so it is not built out of sight.
            (void)lock->close();
            (void)parent.rmdirAt(temp);
            return std::move(locked).error();
        }
        // Removed by a clean-up that held the lock a moment: it is empty,
        // so it was removed, not given its name.
        auto info = lock->stat();
        if (!*locked || (info.ok() && info->links == 0)) continue;
        auto dir = parent.openDir(temp);
        if (!dir.ok()) continue;
        std::lock_guard guard(m_mutex);
        Folder& folder = m_folders[path];
        folder.tempName = std::move(temp);
        folder.dir = std::move(dir).value();
        folder.lock = std::move(lock).value();
        m_open.push_back(path);
        return {};
    }
    return Error(Errc::Io, "making the folder " + parent.childPath(name) + ": another job's clean-up took each of "
                               + std::to_string(kTries) + " tries");
}

std::optional<std::string> StagedFolders::onDiskName(std::string_view path) const
{
    std::lock_guard guard(m_mutex);
    if (m_folders.empty()) return std::nullopt;
    auto it = m_folders.find(std::string(path));
    if (it == m_folders.end() || it->second.merged) return std::nullopt;
    return it->second.tempName;
}

bool StagedFolders::staged(std::string_view folder) const
{
    std::lock_guard guard(m_mutex);
    for (const auto& [path, f] : m_folders)
        if (inside(folder, path)) return true;
    return false;
}

bool StagedFolders::addFile(std::string_view folder, bool direct)
{
    std::lock_guard guard(m_mutex);
    if (m_folders.empty()) return false;
    auto it = m_folders.find(std::string(folder));
    if (it == m_folders.end() || it->second.closed) return false;
    Folder& f = it->second;
    if (!direct || f.taken == kMaxFiles) {
        f.closed = true;
        return false;
    }
    ++f.taken;
    ++f.pending;
    return true;
}

void StagedFolders::listReached(std::string_view path)
{
    std::lock_guard guard(m_mutex);
    while (!m_open.empty() && !inside(path, m_open.back())) {
        if (auto it = m_folders.find(m_open.back()); it != m_folders.end()) it->second.closed = true;
        m_open.pop_back();
    }
}

void StagedFolders::closeAll()
{
    std::lock_guard guard(m_mutex);
    for (auto& [path, f] : m_folders) f.closed = true;
    m_open.clear();
}

void StagedFolders::fileSettled(std::string_view folder)
{
    std::lock_guard guard(m_mutex);
    if (auto it = m_folders.find(std::string(folder)); it != m_folders.end() && it->second.pending > 0)
        --it->second.pending;
}

void StagedFolders::fileMade(std::string_view folder)
{
    std::lock_guard guard(m_mutex);
    if (auto it = m_folders.find(std::string(folder)); it != m_folders.end()) ++it->second.open;
}

void StagedFolders::fileDone(std::string_view folder, bool clean)
{
    std::lock_guard guard(m_mutex);
    auto it = m_folders.find(std::string(folder));
    if (it == m_folders.end()) return;
    if (it->second.open > 0) --it->second.open;
    if (!clean) it->second.torn = true;
}

std::vector<std::string> StagedFolders::takeReady()
{
    std::vector<std::string> ready;
    std::lock_guard guard(m_mutex);
    if (m_folders.empty()) return ready;
    for (auto& [path, f] : m_folders) {
        if (f.closed && f.pending == 0 && f.open == 0 && !f.torn && !f.handedOut) {
            f.handedOut = true;
            ready.push_back(path);
        }
    }
    return ready;
}

std::vector<std::string> StagedFolders::remaining() const
{
    std::vector<std::string> out;
    {
        std::lock_guard guard(m_mutex);
        for (const auto& [path, f] : m_folders)
            if (f.merged || (f.open == 0 && !f.torn)) out.push_back(path);
    }
    // Outermost first: a folder's name is given before those inside it, so
    // each rename finds its parent under the name it will keep.
    std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
        return std::count(a.begin(), a.end(), '/') < std::count(b.begin(), b.end(), '/');
    });
    return out;
}

Status StagedFolders::place(const std::string& path, DirCache& dirs, bool last)
{
    const std::string parentPath(parentOf(path));
    const std::string_view name = baseName(path);
    // A parent out of sight is reached through its own handle (where its
    // name was taken, what is placed in it now moves on at the end);
    // otherwise afresh by its name: this thread's handle may lead to a
    // folder emptied into another of its name.
    const platform::DirHandle* parent = nullptr;
    std::unique_lock guard(m_mutex, std::defer_lock);
    for (;;) {
        bool parentStaged = false;
        {
            std::lock_guard look(m_mutex);
            parentStaged = m_folders.count(parentPath) > 0;
        }
        if (!parentStaged) {
            dirs.invalidate(parentPath);
            FG_TRY_ASSIGN(parent, dirs.get(parentPath));
        }
        guard.lock();
        auto p = m_folders.find(parentPath);
        if (!parentStaged && p == m_folders.end()) break;
        if (parentStaged && p != m_folders.end()) {
            parent = &p->second.dir;
            break;
        }
        // The parent was placed between the two looks: again.
        guard.unlock();
    }
    auto it = m_folders.find(path);
    if (it == m_folders.end()) return {};
    Folder& f = it->second;
    if (f.merged) {
        // The end: what came after the merge moves too, and the emptied folder goes.
        if (!last) return {};
        auto into = parent->openDir(name);
        if (!into.ok()) return into.error();
        FG_TRY(moveContents(f.dir, *into, true));
        (void)parent->rmdirAt(f.tempName);
        m_folders.erase(it);
        return {};
    }
    Status renamed = parent->renameAtNoReplace(f.tempName, name);
    if (!renamed && renamed.error().sysErrno == ENOSYS) {
        // No such rename here: a name that is free now is taken by a plain one.
        if (parent->statAt(name).ok()) renamed = Error(Errc::Io, "", EEXIST);
        else renamed = parent->renameAt(f.tempName, name);
    }
    if (renamed) {
        m_folders.erase(it);
        return {};
    }
    const int e = renamed.error().sysErrno;
    auto there = parent->statAt(name);
    if ((e != EEXIST && e != ENOTEMPTY) || !there.ok() || there->type != platform::FileType::Directory) {
        return Error(renamed.error().code, "giving " + parent->childPath(name) + " its name (it was built out of sight as "
                                               + parent->childPath(f.tempName) + "): " + renamed.error().message,
                     e);
    }
    // Another job made it meanwhile (the same sync from two clients, say):
    // what this one holds goes into theirs.
    auto into = parent->openDir(name);
    if (!into.ok()) return into.error();
    f.merged = true;
    FG_TRY(moveContents(f.dir, *into, last));
    if (last) {
        (void)parent->rmdirAt(f.tempName);
        m_folders.erase(it);
    }
    return {};
}

} // namespace fg
