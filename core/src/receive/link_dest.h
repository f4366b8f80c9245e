#pragma once
#include "internal.h"
// rsync's --link-dest DIR: a file that an earlier snapshot in DIR has just
// as the source has it (size, time, mode) is hard-linked from there instead
// of sent, the way dated NAS backups are made (each day a full tree, sharing
// every unchanged file with the day before). Several DIRs are tried in order.
// A relative DIR is relative to the destination; a daemon's receiver takes
// only ones that stay inside its module. Planning thread only.

#include "options/transfer_params.h"
#include "plan/planner.h"
#include "scan/dir_cache.h"
#include "scan/file_entry.h"

#include <floodgate/error.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fg {

class LinkDest {
public:
    // The directories that exist are used; one that does not is skipped
    // (as in rsync: the first snapshot has no earlier one), one that would
    // leave a daemon's module is an error.
    static Result<std::unique_ptr<LinkDest>> open(const RootSpec& root, const std::vector<std::string>& dirs,
                                                  std::vector<std::string>* skipped);

    // Directories already open (--snapshot's previous snapshots), in order.
    static std::unique_ptr<LinkDest> fromDirs(std::vector<platform::DirHandle> dirs);

    struct Match {
        const platform::DirHandle* dir; // valid until the next call
        std::string name;
    };
    // Where an earlier snapshot has `target` as `source` is (a regular file).
    std::optional<Match> find(const FileEntry& source, const std::string& target, const PlanRules& rules);
    // Where an earlier snapshot has `target` as a regular file, whatever its
    // size and time: --snapshot's stand-in for a file that failed.
    std::optional<Match> findAny(const std::string& target);

private:
    LinkDest() = default;
    std::vector<std::unique_ptr<DirCache>> m_dirs;
};

} // namespace fg
