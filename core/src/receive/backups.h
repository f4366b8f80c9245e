#pragma once
#include "internal.h"
// rsync's -b / --backup-dir / --suffix: what a job replaces or deletes on the
// destination is kept, not destroyed. Without a backup directory the old
// version stays beside the new one as NAME~ (the suffix); with one, it moves
// there under its own path (suffix empty unless given). A replaced file is
// hard-linked to its backup before the new version is renamed over it, so
// the target never goes missing; where the file system has no hard links
// (FAT) it is renamed away first. Backups are never taken for extras by
// --delete. Safe to use from several writer threads.

#include "platform/fs.h"

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace fg {

class Backups {
public:
    // `destination` is the directory the tree lands in; a relative backup
    // directory is below it (made if missing, never through a symlink). A
    // confined receiver (a daemon's module) takes relative ones only. The
    // backup directory must be on the destination's file system.
    static Result<std::unique_ptr<Backups>> open(const platform::DirHandle& destination, const BackupRules& rules,
                                                 bool confined, const std::string& destinationDisplay);

    // Keeps the current `target` (a path below the destination; its parent
    // is `parent`) as its backup, before something replaces it.
    Status keepBeforeReplace(const platform::DirHandle& parent, const std::string& target);
    // Moves `target` to the backups instead of deleting it (a directory
    // goes whole, with everything in it).
    Status moveAway(const platform::DirHandle& parent, const std::string& target);

private:
    Backups() = default;
    // The directory a target's backup goes into (made if missing).
    Result<const platform::DirHandle*> dirFor(const platform::DirHandle& parent, std::string_view target);
    std::string backupName(std::string_view target) const;
    // Clears what an older backup left under that name.
    void clearOld(const platform::DirHandle& dir, const std::string& name) const;

    std::string m_suffix;
    std::optional<platform::DirHandle> m_root; // the backup directory, if any
    std::mutex m_mutex;
    std::unordered_map<std::string, platform::DirHandle> m_dirs; // below m_root, by relative path
};

// Whether a destination path is a backup these rules made, which --delete
// leaves alone (rsync protects "*~" the same way): a name with the suffix
// when backups go beside their files, anything in a backup directory that
// is inside the destination.
bool isBackupPath(const BackupRules& rules, std::string_view target);

} // namespace fg
