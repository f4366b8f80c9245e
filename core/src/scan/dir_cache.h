#pragma once
#include "internal.h"
// Directory handles below a transfer root, opened one component at a time
// without following symlinks (unless -L asks to) and kept open (LRU) because
// files arrive grouped by directory. One cache per thread: handles are not
// shared.

#include "platform/fs.h"
#include "scan/follow_links.h"

#include <floodgate/error.h>

#include <functional>
#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace fg {

class DirCache {
public:
    explicit DirCache(platform::DirHandle root, size_t capacity = 64);
    // The sender's under -L: directory symlinks on the way are followed.
    DirCache(platform::DirHandle root, FollowLinks links);

    // Where a directory of the tree has another name on disk for now (a
    // folder built out of sight, receive/staged_folders.h): the name its last
    // component has, or nothing. Asked only when a directory is opened.
    using OnDiskName = std::function<std::optional<std::string>(std::string_view relDir)>;
    void setOnDiskName(OnDiskName onDiskName) { m_onDiskName = std::move(onDiskName); }

    const platform::DirHandle& root() const { return m_root; }
    // The directory at a relative path ("" is the root). With create, missing
    // directories are made (mode 0700 until the job sets their real mode).
    // The pointer stays valid until the next call to get() or invalidate().
    Result<const platform::DirHandle*> get(std::string_view relDir, bool create = false);
    // Forget a directory and everything below it (after it was removed or replaced).
    void invalidate(std::string_view relDir);

private:
    struct Slot {
        platform::DirHandle handle;
        std::list<std::string>::iterator lru;
    };
    const platform::DirHandle* remember(const std::string& key, platform::DirHandle handle);

    platform::DirHandle m_root;
    size_t m_capacity;
    FollowLinks m_links;
    OnDiskName m_onDiskName;
    std::unordered_map<std::string, Slot> m_open;
    std::list<std::string> m_lru; // most recent first
};

// Opens the directory at `relative` below a trusted base path, refusing any
// symlink on the way (a module root may itself be a link; nothing inside may).
// Messages show the base as displayBase when given. With create, missing
// directories on the way are made (--mkpath).
Result<platform::DirHandle> openBelow(const std::string& base, std::string_view relative,
                                      const std::string& displayBase = {}, bool create = false);

// Opens the directory at `rel` below `base` one name at a time, never through
// a symlink; with `make`, what is missing is made with `mode` (before the
// umask).
Result<platform::DirHandle> openSubdir(const platform::DirHandle& base, std::string_view rel, bool make,
                                       uint32_t mode = 0700);

} // namespace fg
