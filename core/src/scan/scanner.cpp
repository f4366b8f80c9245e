#include "scan/scanner.h"

#include "common/path.h"
#include "filter/files_from.h"
#include "filter/filter.h"

#include <algorithm>
#include <vector>

namespace fg {
namespace {

class Walker {
public:
    Walker(const ScanOptions& options, const ScanCallbacks& callbacks) : m_options(options), m_cb(callbacks) {}

    // Returns false when the walk must stop.
    bool walk(const platform::DirHandle& dir, const std::string& rel)
    {
        auto listed = dir.list();
        if (!listed.ok()) {
            m_cb.error(displayName(rel), listed.error());
            return true;
        }
        std::vector<platform::DirEntryName> names = std::move(listed).value();
        std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
        for (const auto& child : names) {
            std::string childRel = rel.empty() ? child.name : rel + "/" + child.name;
            std::string name = m_options.prefix.empty() ? childRel : m_options.prefix + "/" + childRel;
            if (!isValidUtf8(child.name)) {
                m_cb.error(name, Error(Errc::InvalidArgument, "name is not valid UTF-8; floodgate sends UTF-8 names only"));
                continue;
            }
            // The type from readdir saves a stat for entries the filters drop.
            if (child.typeKnown && excludedByRules(name, childRel, child.type == platform::FileType::Directory))
                continue;
            auto info = dir.statAt(child.name);
            if (!info.ok()) {
                // Gone since readdir: not an error worth reporting, like rsync.
                if (info.error().code != Errc::NotFound) m_cb.error(name, info.error());
                continue;
            }
            const bool isDir = info->type == platform::FileType::Directory;
            if (!child.typeKnown && excludedByRules(name, childRel, isDir)) continue;

            FileEntry entry;
            entry.path = name;
            entry.type = info->type;
            entry.mode = info->mode;
            entry.size = info->type == platform::FileType::Regular ? info->size : 0;
            entry.mtimeNs = info->mtimeNs;
            if (info->type == platform::FileType::Other) {
                if (m_cb.skipped) m_cb.skipped(name);
                continue;
            }
            if (info->type == platform::FileType::Symlink) {
                auto target = dir.readlinkAt(child.name);
                if (!target.ok()) {
                    m_cb.error(name, target.error());
                    continue;
                }
                entry.linkTarget = std::move(target).value();
            }
            if (m_options.withHashes && info->type == platform::FileType::Regular) {
                auto file = dir.openRead(child.name);
                if (!file.ok()) {
                    if (file.error().code != Errc::NotFound) m_cb.error(name, file.error());
                    continue;
                }
                auto hash = hashFile(*file, m_options.hashWith);
                if (!hash.ok()) {
                    m_cb.error(name, hash.error());
                    continue;
                }
                entry.hash = *hash;
            }
            if (!m_cb.entry(std::move(entry))) return false;
            if (isDir) {
                auto sub = dir.openDir(child.name);
                if (!sub.ok()) {
                    m_cb.error(name, sub.error());
                    continue;
                }
                if (!walk(*sub, childRel)) return false;
            }
        }
        return true;
    }

private:
    bool excludedByRules(const std::string& name, const std::string& rel, bool isDir) const
    {
        if (m_options.filesFrom
            && m_options.filesFrom->select(rel, isDir) == filter::FilesFromSet::Selection::NotSelected)
            return true;
        return m_options.filters && m_options.filters->excluded(name, isDir);
    }

    std::string displayName(const std::string& rel) const
    {
        if (rel.empty()) return m_options.prefix.empty() ? std::string(".") : m_options.prefix;
        return m_options.prefix.empty() ? rel : m_options.prefix + "/" + rel;
    }

    const ScanOptions& m_options;
    const ScanCallbacks& m_cb;
};

} // namespace

Status scanTree(const platform::DirHandle& root, const ScanOptions& options, const ScanCallbacks& callbacks)
{
    Walker walker(options, callbacks);
    if (!walker.walk(root, "")) return Error(Errc::Cancelled, "scan stopped");
    return {};
}

Result<Digest> hashFile(platform::FileHandle& file, ChecksumChoice choice)
{
    Hasher hasher(choice);
    std::vector<uint8_t> buf(1 << 20);
    file.adviseSequential();
    for (;;) {
        FG_TRY_ASSIGN(size_t n, file.read(buf.data(), buf.size()));
        if (n == 0) break;
        hasher.update(buf.data(), n);
    }
    return hasher.digest();
}

} // namespace fg
