#pragma once
#include "internal.h"
// Which dated snapshots a retention rule keeps (see SnapshotRetention).
// Pure: the folder's names in, the verdict out, so that a rule can be tried
// on a made-up history and shown before anything is removed.

#include "snapshot/snapshot_name.h"

#include <floodgate/options.h>

#include <string>
#include <vector>

namespace fg::snapshot {

struct Verdict {
    std::string name;
    bool keep = false;
    // Why it stays: "newest", "last", "daily", "weekly", "monthly" (each that applies).
    std::vector<std::string> reasons;
};

// `names` are complete snapshots' names (others are ignored), in any
// order; the verdicts come newest first. A rule that keeps nothing by any
// count (all zero) keeps every snapshot.
std::vector<Verdict> applyRetention(const std::vector<std::string>& names, const SnapshotRetention& rule);

// "last 3, daily 7, weekly 4" (the counts that are set).
std::string describe(const SnapshotRetention& rule);

} // namespace fg::snapshot
