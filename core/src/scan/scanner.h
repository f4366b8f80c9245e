#pragma once
#include "internal.h"
// Walks a tree depth-first, parents before children, names sorted bytewise in
// each directory (a stable order both ends agree on). Follows symlinks only
// under -L. Unreadable entries are reported and skipped; the walk goes on.

#include "platform/fs.h"
#include "scan/file_entry.h"
#include "scan/follow_links.h"

#include <floodgate/error.h>

#include <functional>
#include <string>
#include <vector>

namespace fg::filter {
class FilterSet;
class FilesFromSet;
} // namespace fg::filter

namespace fg {

enum class ScanSide : uint8_t { Send, Delete, DeleteExcluded }; // filter::Side, for the rules that count

struct ScanOptions {
    const filter::FilterSet* filters = nullptr;     // matched against the emitted names
    // Which rules count: the sender's, or those that keep files from
    // --delete (its dir-merge files are read from the tree being scanned).
    ScanSide side = ScanSide::Send;
    const filter::FilesFromSet* filesFrom = nullptr; // matched against paths below the root
    // Names are emitted as prefix + "/" + relative path ("src/a/b"); with an
    // empty prefix, as the relative path ("a/b").
    std::string prefix;
    bool withHashes = false; // --checksum: hash every regular file while scanning
    ChecksumChoice hashWith = ChecksumChoice::Xxh128;
    // -x: a directory on another file system than the root's is emitted
    // without its contents (contentsOmitted).
    bool oneFileSystem = false;
    // --exclude-if-present: a directory holding one of these names is
    // emitted without its contents.
    std::vector<std::string> excludeIfPresent;
    // --safe-links: a symlink whose target is absolute or climbs out of the
    // tree is skipped (through `skipped`).
    bool safeLinks = false;
    // -L: a symlink is listed as what it points to (a file, or a directory
    // walked into); one with nothing there, or a loop back to a directory
    // being walked, is an error.
    FollowLinks copyLinks;
};

struct ScanCallbacks {
    // Return false to stop the walk (cancellation).
    std::function<bool(FileEntry&&)> entry;
    std::function<void(const std::string& path, const Error& error)> error;
    // Entries left out, with why: non-regular files (sockets, FIFOs,
    // devices), unsafe symlinks under --safe-links, links -L would follow
    // back into a directory being walked.
    std::function<void(const std::string& path, const std::string& why)> skipped;
};

// Scans below `root` (the root directory itself is not emitted). Returns an
// error only when the walk could not run at all or was stopped.
Status scanTree(const platform::DirHandle& root, const ScanOptions& options, const ScanCallbacks& callbacks);

// The digest of a file's whole content.
Result<Digest> hashFile(platform::FileHandle& file, ChecksumChoice choice);

} // namespace fg
