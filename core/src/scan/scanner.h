#pragma once
#include "internal.h"
// Walks a tree depth-first, parents before children, names sorted bytewise in
// each directory (a stable order both ends agree on). Never follows symlinks.
// Unreadable entries are reported and skipped; the walk goes on.

#include "engine/entry.h"
#include "platform/fs.h"

#include <floodgate/error.h>

#include <functional>
#include <string>

namespace fg::filter {
class FilterSet;
class FilesFromSet;
} // namespace fg::filter

namespace fg {

struct ScanOptions {
    const filter::FilterSet* filters = nullptr;     // matched against the emitted names
    const filter::FilesFromSet* filesFrom = nullptr; // matched against paths below the root
    // Names are emitted as prefix + "/" + relative path ("src/a/b"); with an
    // empty prefix, as the relative path ("a/b").
    std::string prefix;
    bool withHashes = false; // --checksum: hash every regular file while scanning
    ChecksumChoice hashWith = ChecksumChoice::Xxh128;
};

struct ScanCallbacks {
    // Return false to stop the walk (cancellation).
    std::function<bool(FileEntry&&)> entry;
    std::function<void(const std::string& path, const Error& error)> error;
    // Non-regular files (sockets, FIFOs, devices) are skipped with a notice.
    std::function<void(const std::string& path)> skipped;
};

// Scans below `root` (the root directory itself is not emitted). Returns an
// error only when the walk could not run at all or was stopped.
Status scanTree(const platform::DirHandle& root, const ScanOptions& options, const ScanCallbacks& callbacks);

// The digest of a file's whole content.
Result<Digest> hashFile(platform::FileHandle& file, ChecksumChoice choice);

} // namespace fg
