#pragma once
#include "internal.h"
// One entry of a file list: what the sender saw when it scanned. (How it
// travels: role/wire_entry.h.)

#include "codec/hash.h"
#include "platform/fs.h"

#include <optional>
#include <string>

namespace fg {

struct FileEntry {
    std::string path; // relative, '/'-separated; "." for the root directory itself
    platform::FileType type = platform::FileType::Regular;
    uint32_t mode = 0;
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    std::string linkTarget;
    std::optional<Digest> hash;
    // names::CollisionBits: under which name rules this entry and another of
    // its directory would be one name (set by the sender's scan).
    uint8_t nameCollisions = 0;
    // -H: the earlier entry (by list index) this file is a hard link of.
    std::optional<uint32_t> hardLinkTo;
    // A directory listed without its contents (-x, --exclude-if-present).
    bool contentsOmitted = false;
    // -o/-g: the owner and group (by the sender's numbers; the receiver maps
    // them to its own). hasOwner: they travel.
    uint32_t uid = 0;
    uint32_t gid = 0;
    bool hasOwner = false;
    // What the scan saw, for -H (never on the wire).
    uint64_t device = 0;
    uint64_t inode = 0;
    uint32_t links = 1;

    bool isDir() const { return type == platform::FileType::Directory; }
    bool isRegular() const { return type == platform::FileType::Regular; }
    bool isSymlink() const { return type == platform::FileType::Symlink; }
};

} // namespace fg
