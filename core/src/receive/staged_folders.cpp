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

} // namespace

Status StagedFolders::make(const platform::DirHandle& parent, const std::string& path)
{
    const std::string_view name = baseName(path);
    // A name too long to be read back from its temporary one: a killed
    // run's clean-up could not give it its name.
    if (targetOfTemp(tempNameFor(name)) != name)
        return Error(Errc::InvalidArgument, "the name " + std::string(name) + " is too long to build out of sight");
    {
        std::lock_guard guard(m_mutex);
        if (!m_live) {
            // Made once, beside the first folder: unnamed and locked first, so
            // that no clean-up ever finds it unlocked, then named (an unnamed
            // file could not be linked again once its links were gone); kept
            // until the job ends.
            FG_TRY_ASSIGN(platform::DirHandle home, parent.duplicate());
            FG_TRY_ASSIGN(platform::FileHandle live, home.createAnonymous(0600));
            FG_TRY_ASSIGN(bool locked, live.tryLockExclusive());
            if (!locked) return Error(Errc::Io, "the lock of folders built out of sight was taken");
            std::string liveName = tempNameFor(kStagedLiveStem);
            FG_TRY(live.linkAs(home, liveName));
            m_live = std::move(live);
            m_liveHome = std::move(home);
            m_liveName = std::move(liveName);
        }
    }
    // As with a temporary file (createLockedTemp): another job's clean-up
    // may find it empty, before its link to the lock, and remove it; losing
    // that race, we start over under another name.
    constexpr int kTries = 8;
    for (int attempt = 0; attempt < kTries; ++attempt) {
        std::string temp = tempNameFor(name);
        if (Status made = parent.mkdirAt(temp, 0700); !made) {
            if (made.error().sysErrno == EEXIST) continue;
            return made;
        }
        auto folder = parent.openDir(temp);
        if (!folder.ok() && folder.error().code == Errc::NotFound) continue;
        if (!folder.ok()) {
            (void)parent.rmdirAt(temp);
            return std::move(folder).error();
        }
        std::string live = tempNameFor(kStagedLiveStem);
        Status linked = m_liveHome->linkInto(m_liveName, *folder, live);
        if (!linked) {
            // (Gone already where a clean-up took it: then again.)
            (void)parent.rmdirAt(temp);
            if (linked.error().code == Errc::NotFound && attempt + 1 < kTries) continue;
            return linked;
        }
        std::lock_guard guard(m_mutex);
        Folder& f = m_folders[path];
        f.tempName = std::move(temp);
        f.liveName = std::move(live);
        m_open.push_back(path);
        return {};
    }
    return Error(Errc::Io, "making the folder " + parent.childPath(name) + ": another job's clean-up took each of "
                               + std::to_string(kTries) + " tries");
}

StagedFolders::~StagedFolders() { finish(); }

void StagedFolders::finish()
{
    // Unlinked, then let go (with the object): a clean-up never finds it
    // unlocked. Folders still out of sight keep their links to it.
    std::lock_guard guard(m_mutex);
    if (m_liveHome && !m_liveName.empty()) (void)m_liveHome->unlinkAt(m_liveName);
    m_liveName.clear();
}

std::optional<std::string> StagedFolders::onDiskName(std::string_view path) const
{
    std::lock_guard guard(m_mutex);
    if (m_folders.empty()) return std::nullopt;
    auto it = m_folders.find(std::string(path));
    if (it == m_folders.end()) return std::nullopt;
    return it->second.tempName;
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
        noteIfReady(it->first, f);
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
        if (auto it = m_folders.find(m_open.back()); it != m_folders.end()) {
            it->second.closed = true;
            noteIfReady(it->first, it->second);
        }
        m_open.pop_back();
    }
}

void StagedFolders::closeAll()
{
    std::lock_guard guard(m_mutex);
    for (auto& [path, f] : m_folders) {
        f.closed = true;
        noteIfReady(path, f);
    }
    m_open.clear();
}

void StagedFolders::fileSettled(std::string_view folder)
{
    release(folder, true, false, false);
}

void StagedFolders::fileMade(std::string_view folder)
{
    std::lock_guard guard(m_mutex);
    if (auto it = m_folders.find(std::string(folder)); it != m_folders.end()) ++it->second.open;
}

void StagedFolders::fileDone(std::string_view folder, bool clean)
{
    release(folder, false, true, !clean);
}

void StagedFolders::filePlaced(std::string_view folder, bool counted, bool made)
{
    if (counted || made) release(folder, counted, made, false);
}

void StagedFolders::release(std::string_view folder, bool settled, bool closed, bool torn)
{
    std::lock_guard guard(m_mutex);
    auto it = m_folders.find(std::string(folder));
    if (it == m_folders.end()) return;
    Folder& f = it->second;
    if (settled && f.pending > 0) --f.pending;
    if (closed && f.open > 0) --f.open;
    if (torn) f.torn = true;
    noteIfReady(it->first, f);
}

void StagedFolders::noteIfReady(const std::string& path, Folder& f)
{
    if (!f.closed || f.pending > 0 || f.open > 0 || f.torn || f.handedOut) return;
    f.handedOut = true;
    m_ready.push_back(path);
    m_anyReady.store(true, std::memory_order_relaxed);
}

std::vector<std::string> StagedFolders::takeReady()
{
    std::vector<std::string> ready;
    // One missed now is taken by the next caller, or at the job's end.
    if (!m_anyReady.load(std::memory_order_relaxed)) return ready;
    std::lock_guard guard(m_mutex);
    ready.swap(m_ready);
    m_anyReady.store(false, std::memory_order_relaxed);
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
    // The parent afresh, through the cache, which finds it under its
    // temporary name while it is out of sight (this thread's handle may lead
    // to a folder since emptied into another of its name).
    const std::string parentPath(parentOf(path));
    const std::string_view name = baseName(path);
    dirs.invalidate(parentPath);
    FG_TRY_ASSIGN(const platform::DirHandle* parent, dirs.get(parentPath));
    std::lock_guard guard(m_mutex);
    auto it = m_folders.find(path);
    if (it == m_folders.end()) return {};
    Folder& f = it->second;
    if (!f.merged) {
        Status renamed = renameIfFree(*parent, f.tempName, name);
        if (renamed) {
            // Named first, then unlocked: a clean-up never finds it unlocked
            // under its temporary name. (Killed in between, the link stays,
            // unlocked: the next clean-up removes it.)
            if (auto placed = parent->openDir(name); placed.ok()) (void)placed->unlinkAt(f.liveName);
            m_folders.erase(it);
            return {};
        }
        const int e = renamed.error().sysErrno;
        auto there = parent->statAt(name);
        if ((e != EEXIST && e != ENOTEMPTY) || !there.ok() || there->type != platform::FileType::Directory)
            return Error(renamed.error().code, "giving " + parent->childPath(name)
                                                   + " its name (it was built out of sight beside it, as "
                                                   + f.tempName + "): " + renamed.error().message,
                         e);
        // Another job made it meanwhile (the same sync from two clients, or
        // a job and its own reconnected successor): what this one holds goes
        // into theirs once this job's writers are done with it, at the end.
        f.merged = true;
    }
    if (!last) return {};
    auto into = parent->openDir(name);
    if (!into.ok()) return into.error();
    auto self = parent->openDir(f.tempName);
    if (!self.ok()) return self.error();
    // Its link to the lock last: until everything is out, it is live.
    FG_TRY(moveContents(*self, *into, true, f.liveName));
    (void)self->unlinkAt(f.liveName);
    (void)parent->rmdirAt(f.tempName);
    m_folders.erase(it);
    return {};
}

} // namespace fg
