#pragma once
#include "internal.h"
// A folder of dated snapshots (--snapshot): each run writes a new one as
// NAME.partial, with unchanged files hard-linked from the newest complete
// one (and from what earlier runs that did not complete left), renames it to
// NAME once the job went well, then applies the retention rule. Only names
// of the snapshot pattern are ever touched; anything else in the folder
// stays. One job at a time makes a snapshot in a folder (a lock file holds
// it for the job); another is refused, not interleaved.

#include "platform/fs.h"
#include "snapshot/retention.h"
#include "snapshot/snapshot_name.h"

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <optional>
#include <string>
#include <vector>

namespace fg::snapshot {

inline constexpr std::string_view kLockName = ".floodgate-snapshot.lock";

// What a folder holds, oldest first.
struct Listing {
    std::vector<std::string> complete;
    std::vector<std::string> partial;      // NAME.partial
    std::vector<std::string> beingRemoved; // NAME.removing, NAME.partial.removing: a removal cut short
};
Result<Listing> listFolder(const platform::DirHandle& folder);

class Folder {
public:
    // Takes `folder` for a new snapshot stamped `now` (a name already taken,
    // or older than the newest there, moves on to the next free second).
    // Busy: another job is making one there now. A dry run makes nothing.
    static Result<Folder> begin(platform::DirHandle folder, const Stamp& now, bool dryRun);

    const std::string& name() const { return m_name; }
    const platform::DirHandle& folder() const { return m_folder; }
    std::string workName() const { return m_name + std::string(kPartialSuffix); }
    // The newest complete snapshot before this one; empty when none.
    const std::string& previous() const { return m_previous; }
    // Set when the newest snapshot there is dated after `now` (a clock set
    // back, daylight saving time ending): the name says a later time. (One
    // in the same second only moves the name on by a second.)
    bool stampMoved() const { return m_stampMoved; }
    // The folder the job writes into (NAME.partial); nullopt in a dry run.
    Result<std::optional<platform::DirHandle>> openWorkDir() const;
    // What unchanged files are linked from: the newest complete snapshot,
    // then what earlier incomplete runs left (newest first).
    std::vector<platform::DirHandle> linkSources() const;
    const std::vector<std::string>& leftovers() const { return m_leftovers; }

    // NAME.partial becomes NAME. `durable`: the rename is on disk before
    // anything is removed (it is what says the snapshot is whole).
    Status complete(bool durable);
    // After complete(): what earlier incomplete runs left goes (this
    // snapshot linked what of it was current). The ones that would not go.
    std::vector<Error> removeLeftovers() const;

    struct Pruned {
        std::vector<Verdict> verdicts; // every complete snapshot, newest first
        std::vector<std::string> removed;
        std::vector<Error> errors; // snapshots that could not be removed (whole or in part)
    };
    // Removes the complete snapshots `rule` keeps for no reason (a dry run
    // only says which). Never the newest: that is this one.
    Pruned prune(const SnapshotRetention& rule, bool dryRun) const;

private:
    Folder() = default;
    platform::DirHandle m_folder;
    platform::FileHandle m_lock;
    bool m_dryRun = false;
    std::string m_name;
    std::string m_previous;
    bool m_stampMoved = false;
    std::vector<std::string> m_leftovers; // NAME.partial of earlier runs, newest first
};

} // namespace fg::snapshot
