#pragma once
#include "internal.h"
// The decision for one source entry against what the target has there. Pure:
// no I/O, so every rule is tested directly.

#include "platform/fs.h"
#include "scan/file_entry.h"

#include <floodgate/job.h>
#include <floodgate/options.h>

#include <optional>
#include <string>

namespace fg {

struct PlanRules {
    bool checksum = false;
    bool deleteExtraneous = false;
    int64_t modifyWindowNs = 0;
    CompareRules compare;
    // False where the destination keeps no modes (exFAT, FAT), or with
    // --no-perms: a mode that differs is then not a change.
    bool compareModes = true;
    // The mode bits the destination keeps: all, or only the owner's write
    // bit where a mode is a read-only attribute (Windows, FAT).
    uint32_t modeBits = 07777;
    bool modesDiffer(uint32_t target, uint32_t source) const
    {
        return compareModes && (target & modeBits) != (source & modeBits);
    }
    // --no-times: a time that differs alone is no change to make (a file of
    // other content is still sent).
    bool setTimes = true;
    // -o/-g where they are kept: the owner and group the entry should have
    // here (nullopt: not compared).
    std::optional<uint32_t> wantUid;
    std::optional<uint32_t> wantGid;
};

// What the target has at the entry's path (nullopt: nothing).
struct TargetState {
    platform::FileType type = platform::FileType::Regular;
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    uint32_t mode = 0;
    uint32_t uid = 0;
    uint32_t gid = 0;
    std::string linkTarget;       // read by the caller for symlinks
    std::optional<Digest> hash;  // filled by the caller when needsTargetHash()
};

struct Decision {
    FileAction action = FileAction::Copy;
    // The target entry is of another type and must go before the new one can
    // be put there (a directory only with --delete: it may hold other files).
    bool replaceTarget = false;
    // Set when the entry cannot be synced as asked; action is then Unchanged.
    std::string refusal;
    // What differs from the target (ItemChange bits), for -i.
    uint8_t changes = 0;
    // Unchanged because a rule said to skip it (-u, --existing, --max-size,
    // ...), not because the target is the same.
    bool skipped = false;
};

// Whether decide() needs the target's content hash (--checksum, both regular
// files of the same size).
bool needsTargetHash(const FileEntry& source, const TargetState& target, const PlanRules& rules);

Decision decide(const FileEntry& source, const std::optional<TargetState>& target, const PlanRules& rules);

// Whether two mtimes count as equal for the quick check.
bool sameTime(int64_t a, int64_t b, int64_t windowNs);

} // namespace fg
