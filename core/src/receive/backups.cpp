#include "receive/backups.h"

#include "common/path.h"
#include "receive/tree_ops.h"
#include "scan/dir_cache.h"

namespace fg {

Result<std::unique_ptr<Backups>> Backups::open(const platform::DirHandle& destination, const BackupRules& rules,
                                               bool confined, const std::string& destinationDisplay)
{
    std::unique_ptr<Backups> b(new Backups());
    b->m_suffix = rules.suffix;
    if (rules.dir.empty()) return b;
    const bool absolute = rules.dir.front() == '/';
    if (absolute && confined)
        return Error(Errc::InvalidArgument, "--backup-dir " + rules.dir + ": a daemon keeps backups inside the "
                                                "module; give a path relative to the destination");
    std::string rel = stripTrailingSlashes(rules.dir);
    if (!absolute) {
        if (Status safe = validateRelativePath(rel); !safe)
            return Error(Errc::UnsafePath, "--backup-dir " + rules.dir + ": " + safe.error().message
                                               + " (relative to the destination, it must stay below it)");
        FG_TRY_ASSIGN(platform::DirHandle dir, openSubdir(destination, rel, true));
        b->m_root = std::move(dir);
    } else {
        FG_TRY(platform::makeDirectories(rel, 0700));
        FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(rel));
        b->m_root = std::move(dir);
    }
    auto here = destination.stat();
    auto there = b->m_root->stat();
    if (here.ok() && there.ok() && here->device != there->device)
        return Error(Errc::InvalidArgument, "--backup-dir " + rules.dir + " is on another file system than the "
                                                "destination " + destinationDisplay
                                                + ": backups are moved and hard-linked there, which cannot cross "
                                                  "file systems; put it on the same one");
    return b;
}

std::string Backups::backupName(std::string_view target) const
{
    return std::string(baseName(target)) + m_suffix;
}

bool isBackupPath(const BackupRules& rules, std::string_view target)
{
    if (!rules.enabled) return false;
    if (rules.dir.empty()) return !rules.suffix.empty() && baseName(target).ends_with(rules.suffix);
    if (rules.dir.front() == '/') return false;
    const std::string inside = stripTrailingSlashes(rules.dir);
    return target == inside || (target.size() > inside.size() && target.starts_with(inside) && target[inside.size()] == '/');
}

Result<const platform::DirHandle*> Backups::dirFor(const platform::DirHandle& parent, std::string_view target)
{
    if (!m_root) return &parent;
    const std::string rel(parentOf(target));
    std::lock_guard lock(m_mutex);
    if (auto it = m_dirs.find(rel); it != m_dirs.end()) return &it->second;
    FG_TRY_ASSIGN(platform::DirHandle dir, openSubdir(*m_root, rel, true));
    auto [it, inserted] = m_dirs.emplace(rel, std::move(dir));
    return &it->second;
}

void Backups::clearOld(const platform::DirHandle& dir, const std::string& name) const
{
    auto info = dir.statAt(name);
    if (info.ok() && info->type == platform::FileType::Directory) (void)removeRecursive(dir, name);
}

Status Backups::keepBeforeReplace(const platform::DirHandle& parent, const std::string& target)
{
    FG_TRY_ASSIGN(const platform::DirHandle* dir, dirFor(parent, target));
    const std::string name(baseName(target));
    const std::string backup = backupName(target);
    auto info = parent.statAt(name);
    if (!info.ok()) return info.error().code == Errc::NotFound ? Status() : Status(info.error());
    clearOld(*dir, backup);
    // A directory cannot be hard-linked: it moves (only --delete replaces one).
    if (info->type != platform::FileType::Directory) {
        // Linked under a temporary name, then renamed over an older backup:
        // the target stays in place until the new version replaces it.
        bool linkFailed = false;
        Status linked = linkIntoPlace(parent, name, *dir, backup, &linkFailed);
        if (linked || !linkFailed) return linked;
        const int e = linked.error().sysErrno;
        if (e != EPERM && e != EOPNOTSUPP && e != ENOSYS && e != EMLINK) return linked;
    }
    // No hard links here (FAT): renamed away; the new version follows at once.
    return parent.renameInto(name, *dir, backup);
}

Status Backups::moveAway(const platform::DirHandle& parent, const std::string& target)
{
    FG_TRY_ASSIGN(const platform::DirHandle* dir, dirFor(parent, target));
    const std::string backup = backupName(target);
    clearOld(*dir, backup);
    return parent.renameInto(baseName(target), *dir, backup);
}

} // namespace fg
