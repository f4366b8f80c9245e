#include "scan/dir_cache.h"

#include "common/path.h"

#include <cerrno>

namespace fg {

DirCache::DirCache(platform::DirHandle root, size_t capacity) : m_root(std::move(root)), m_capacity(capacity) {}

DirCache::DirCache(platform::DirHandle root, FollowLinks links)
    : m_root(std::move(root)), m_capacity(64), m_links(std::move(links))
{
}

Result<const platform::DirHandle*> DirCache::get(std::string_view relDir, bool create)
{
    if (relDir.empty() || relDir == ".") return &m_root;
    std::string key(relDir);
    auto it = m_open.find(key);
    if (it != m_open.end()) {
        m_lru.splice(m_lru.begin(), m_lru, it->second.lru);
        return &it->second.handle;
    }
    FG_TRY_ASSIGN(const platform::DirHandle* parent, get(parentOf(relDir), create));
    std::string_view name = baseName(relDir);
    std::optional<std::string> onDisk = m_onDiskName ? m_onDiskName(relDir) : std::nullopt;
    auto opened = parent->openDir(onDisk ? std::string_view(*onDisk) : name, m_links.follow());
    if (!opened.ok() && opened.error().code == Errc::NotFound && onDisk) {
        // Given its own name between the asking and the opening.
        if (auto now = m_onDiskName(relDir); now != onDisk) opened = parent->openDir(now ? std::string_view(*now) : name);
    }
    // Out of sight under another name: messages still name its own path.
    if (opened.ok() && onDisk) opened->showAs(parent->childPath(name));
    if (opened.ok()) FG_TRY(m_links.checkInside(*opened, opened->path()));
    if (!opened.ok() && create && opened.error().code == Errc::NotFound) {
        Status made = parent->mkdirAt(name, 0700);
        if (!made.ok() && made.error().sysErrno != EEXIST) return std::move(made).error();
        opened = parent->openDir(name);
    }
    if (!opened.ok()) return std::move(opened).error();
    return remember(key, std::move(opened).value());
}

const platform::DirHandle* DirCache::remember(const std::string& key, platform::DirHandle handle)
{
    while (m_open.size() >= m_capacity && !m_lru.empty()) {
        m_open.erase(m_lru.back());
        m_lru.pop_back();
    }
    m_lru.push_front(key);
    auto [it, inserted] = m_open.emplace(key, Slot{std::move(handle), m_lru.begin()});
    (void)inserted;
    return &it->second.handle;
}

void DirCache::invalidate(std::string_view relDir)
{
    std::string prefix = std::string(relDir) + "/";
    for (auto it = m_open.begin(); it != m_open.end();) {
        if (it->first == relDir || it->first.compare(0, prefix.size(), prefix) == 0) {
            m_lru.erase(it->second.lru);
            it = m_open.erase(it);
        } else {
            ++it;
        }
    }
}

Result<platform::DirHandle> openBelow(const std::string& base, std::string_view relative,
                                      const std::string& displayBase, bool create)
{
    FG_TRY_ASSIGN(platform::DirHandle root, platform::DirHandle::open(base, displayBase));
    // --mkpath's parents get the umask's mode, as mkdir -p gives them.
    return openSubdir(root, relative, create, 0777);
}

Result<platform::DirHandle> openSubdir(const platform::DirHandle& base, std::string_view rel, bool make, uint32_t mode)
{
    FG_TRY_ASSIGN(platform::DirHandle dir, base.duplicate());
    for (std::string_view part : splitPath(rel)) {
        auto next = dir.openDir(part);
        if (!next.ok() && make && next.error().code == Errc::NotFound) {
            Status made = dir.mkdirAt(part, mode);
            if (!made && made.error().sysErrno != EEXIST) return made.error();
            next = dir.openDir(part);
        }
        if (!next.ok()) return std::move(next).error();
        dir = std::move(next).value();
    }
    return dir;
}

} // namespace fg
