#include "scan/scanner.h"

#include "common/path.h"
#include "filter/files_from.h"
#include "filter/filter.h"
#include "names/name_fold.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace fg {
namespace {

class Walker {
public:
    Walker(const ScanOptions& options, const ScanCallbacks& callbacks, const platform::DirHandle& root)
        : m_options(options), m_cb(callbacks), m_root(root)
    {
        if (m_options.filters) m_dirMerges = m_options.filters->dirMerges();
    }

    // Returns false when the walk must stop.
    bool walk(const platform::DirHandle& dir, const std::string& rel)
    {
        // -L: the directories being walked, to know a link back into one.
        if (m_options.copyLinks.enabled && rel.empty()) {
            if (auto st = dir.stat(); st.ok()) m_walking.push_back({st->device, st->inode});
        }
        // What this directory's merge files add holds for it and below.
        const size_t mergedBefore = m_merged.size();
        loadMergeFiles(dir, rel);
        const bool keepGoing = walkEntries(dir, rel);
        m_merged.resize(mergedBefore);
        return keepGoing;
    }

private:
    bool walkEntries(const platform::DirHandle& dir, const std::string& rel)
    {
        auto listed = dir.list();
        if (!listed.ok()) {
            m_cb.error(displayName(rel), listed.error());
            return true;
        }
        std::vector<platform::DirEntryName> names = std::move(listed).value();
        std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
        // The type from readdir saves a stat for entries the filters drop.
        std::vector<bool> excluded(names.size(), false);
        const bool filtered = m_options.filters || m_options.filesFrom;
        // -L decides a link's type by what it points to: its filters wait for that.
        const bool following = m_options.copyLinks.enabled;
        for (size_t i = 0; filtered && i < names.size(); ++i) {
            const auto& child = names[i];
            if (!child.typeKnown || (following && child.type == platform::FileType::Symlink)) continue;
            const std::string childRel = rel.empty() ? child.name : rel + "/" + child.name;
            excluded[i] = excludedByRules(displayName(childRel), childRel, child.type == platform::FileType::Directory);
        }
        const std::vector<uint8_t> collisions = collisionsAmong(names, excluded);
        for (size_t i = 0; i < names.size(); ++i) {
            if (excluded[i]) continue;
            const auto& child = names[i];
            std::string childRel = rel.empty() ? child.name : rel + "/" + child.name;
            std::string name = m_options.prefix.empty() ? childRel : m_options.prefix + "/" + childRel;
            auto info = dir.statAt(child.name);
            if (!info.ok()) {
                // Gone since readdir: not an error worth reporting, like rsync.
                if (info.error().code != Errc::NotFound) m_cb.error(name, info.error());
                continue;
            }
            bool followed = false;
            if (following && info->type == platform::FileType::Symlink) {
                auto target = followLink(dir, child.name, name);
                if (!target) continue;
                info = *target;
                followed = true;
            }
            const bool isDir = info->type == platform::FileType::Directory;
            if ((!child.typeKnown || followed) && excludedByRules(name, childRel, isDir)) continue;

            FileEntry entry;
            entry.path = name;
            entry.type = info->type;
            entry.mode = info->mode;
            entry.size = info->type == platform::FileType::Regular ? info->size : 0;
            entry.mtimeNs = info->mtimeNs;
            entry.nameCollisions = collisions[i];
            entry.device = info->device;
            entry.inode = info->inode;
            entry.links = info->links;
            entry.uid = info->uid;
            entry.gid = info->gid;
            if (info->type == platform::FileType::Other) {
                if (m_cb.skipped) m_cb.skipped(name, "skipping non-regular file (socket, FIFO or device)");
                continue;
            }
            if (info->type == platform::FileType::Symlink) {
                auto target = dir.readlinkAt(child.name);
                if (!target.ok()) {
                    m_cb.error(name, target.error());
                    continue;
                }
                entry.linkTarget = std::move(target).value();
                if (m_options.safeLinks && pointsOutside(childRel, entry.linkTarget)) {
                    if (m_cb.skipped)
                        m_cb.skipped(name, "skipping symlink to '" + entry.linkTarget
                                               + "': it points out of the tree (--safe-links)");
                    continue;
                }
            }
            if (m_options.withHashes && info->type == platform::FileType::Regular) {
                auto file = dir.openRead(child.name, followed ? platform::Follow::Yes : platform::Follow::No);
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
            if (!isDir) {
                if (!m_cb.entry(std::move(entry))) return false;
                continue;
            }
            // A directory: opened before it is emitted, since -x and
            // --exclude-if-present decide whether its contents come.
            auto sub = dir.openDir(child.name, followed ? platform::Follow::Yes : platform::Follow::No);
            if (sub.ok() && followed) {
                // What was checked is what was opened: a link swapped since
                // the stat must still stay in.
                if (Status inside = m_options.copyLinks.checkInside(*sub, name); !inside) {
                    m_cb.error(name, inside.error());
                    continue;
                }
            }
            if (sub.ok()) entry.contentsOmitted = contentsOmitted(*sub, info->device);
            const bool descend = sub.ok() && !entry.contentsOmitted;
            if (!m_cb.entry(std::move(entry))) return false;
            if (!sub.ok()) {
                m_cb.error(name, sub.error());
                continue;
            }
            if (!descend) continue;
            if (following) m_walking.push_back({info->device, info->inode});
            const bool keepGoing = walk(*sub, childRel);
            if (following) m_walking.pop_back();
            if (!keepGoing) return false;
        }
        return true;
    }

    // -L: what the symlink `linkName` in `dir` points to, or nothing (said
    // why) when it points nowhere, out of a daemon's module, or back into a
    // directory being walked (which would never end).
    std::optional<platform::FileInfo> followLink(const platform::DirHandle& dir, const std::string& linkName,
                                                 const std::string& name)
    {
        auto target = dir.statAt(linkName, platform::Follow::Yes);
        if (!target.ok()) {
            std::string to;
            if (auto link = dir.readlinkAt(linkName); link.ok()) to = " '" + *link + "'";
            if (target.error().code == Errc::NotFound) {
                m_cb.error(name, Error(Errc::NotFound, "symlink has no referent: " + name + " points to" + to
                                                           + ", which does not exist (-L copies what links point to)"));
            } else {
                m_cb.error(name, Error(target.error().code, "cannot follow symlink " + name + " to" + to + ": "
                                                                + target.error().message,
                                       target.error().sysErrno));
            }
            return std::nullopt;
        }
        if (target->type == platform::FileType::Directory) {
            for (const auto& [device, inode] : m_walking) {
                if (device == target->device && inode == target->inode) {
                    if (m_cb.skipped)
                        m_cb.skipped(name, "skipping symlink: it leads back into a folder being copied, "
                                           "which -L would copy for ever");
                    return std::nullopt;
                }
            }
        } else if (target->type == platform::FileType::Regular && m_options.copyLinks.confined()) {
            auto file = dir.openRead(linkName, platform::Follow::Yes);
            if (!file.ok()) {
                m_cb.error(name, file.error());
                return std::nullopt;
            }
            if (Status inside = m_options.copyLinks.checkInside(*file, name); !inside) {
                m_cb.error(name, inside.error());
                return std::nullopt;
            }
        }
        return *target;
    }

    // -F's .rsync-filter, -C's .cvsignore: the files the set's dir-merge
    // rules name, read where they are in this directory.
    void loadMergeFiles(const platform::DirHandle& dir, const std::string& rel)
    {
        for (const auto& dm : m_dirMerges) {
            auto file = dir.openRead(dm.fileName);
            if (!file.ok()) {
                if (file.error().code != Errc::NotFound) m_cb.error(joinPath(dirKey(rel), dm.fileName), file.error());
                continue;
            }
            std::string text;
            char buf[65536];
            for (;;) {
                auto n = file->read(buf, sizeof buf);
                if (!n.ok() || *n == 0) break;
                text.append(buf, *n);
                if (text.size() > kMaxMergeFileBytes) break;
            }
            const std::string where = joinPath(dirKey(rel), dm.fileName);
            auto specs = filter::parseMergeFile(text, dm.flags, where);
            auto set = specs.ok() ? filter::FilterSet::compile(*specs) : Result<filter::FilterSet>(specs.error());
            if (!set.ok()) {
                m_cb.error(where, set.error());
                continue;
            }
            m_merged.push_back({dm.position, dirKey(rel), std::move(set).value(),
                                !(dm.flags & FilterSpec::kNoInherit)});
        }
    }

    // A directory as the filters name it: "" for a contents root.
    std::string dirKey(const std::string& rel) const
    {
        if (m_options.prefix.empty()) return rel;
        return rel.empty() ? m_options.prefix : m_options.prefix + "/" + rel;
    }

    bool contentsOmitted(const platform::DirHandle& sub, uint64_t device)
    {
        if (m_options.oneFileSystem) {
            if (!m_rootDevice) {
                if (auto root = m_root.stat(); root.ok()) m_rootDevice = root->device;
            }
            if (m_rootDevice && device != *m_rootDevice) return true;
        }
        for (const auto& marker : m_options.excludeIfPresent)
            if (sub.statAt(marker).ok()) return true;
        return false;
    }

    // A symlink at `rel` (below the root) to `target` leaves the tree: its
    // target is absolute, or climbs above the root.
    static bool pointsOutside(const std::string& rel, const std::string& target)
    {
        if (target.empty() || target.front() == '/') return true;
        long depth = long(splitPath(rel).size()) - 1; // the link's directory
        for (std::string_view part : splitPath(target)) {
            if (part == "..") {
                if (--depth < 0) return true;
            } else if (part != ".") {
                ++depth;
            }
        }
        return false;
    }

    // Which of a directory's names would be one name with another on a
    // destination that folds case or normalisation (names the filters drop
    // take no part; an entry whose type readdir did not give is counted in:
    // at worst it vanishes or is filtered, and its partner is refused on
    // such a destination for nothing).
    static std::vector<uint8_t> collisionsAmong(const std::vector<platform::DirEntryName>& names,
                                                const std::vector<bool>& excluded)
    {
        std::vector<uint8_t> out(names.size(), 0);
        if (std::none_of(names.begin(), names.end(), [](const auto& n) { return names::mayFold(n.name); }))
            return out;
        std::vector<std::string_view> kept;
        std::vector<size_t> where;
        for (size_t i = 0; i < names.size(); ++i) {
            if (excluded[i]) continue;
            kept.push_back(names[i].name);
            where.push_back(i);
        }
        const std::vector<uint8_t> bits = names::collisionBits(kept);
        for (size_t k = 0; k < kept.size(); ++k) out[where[k]] = bits[k];
        return out;
    }

    bool excludedByRules(const std::string& name, const std::string& rel, bool isDir) const
    {
        if (m_options.filesFrom
            && m_options.filesFrom->select(rel, isDir) == filter::FilesFromSet::Selection::NotSelected)
            return true;
        if (!m_options.filters) return false;
        // e: a dir-merge file itself is left out.
        for (const auto& dm : m_dirMerges)
            if ((dm.flags & FilterSpec::kExcludeSelf) && !isDir && baseName(name) == dm.fileName) return true;
        const auto side = m_options.side == ScanSide::Send     ? filter::Side::Send
                        : m_options.side == ScanSide::Delete ? filter::Side::Delete
                                                             : filter::Side::DeleteExcluded;
        return m_options.filters->match(name, isDir, side, m_merged.empty() ? nullptr : &m_merged)
            == filter::Verdict::Exclude;
    }

    std::string displayName(const std::string& rel) const
    {
        if (rel.empty()) return m_options.prefix.empty() ? std::string(".") : m_options.prefix;
        return m_options.prefix.empty() ? rel : m_options.prefix + "/" + rel;
    }

    const ScanOptions& m_options;
    const ScanCallbacks& m_cb;
    const platform::DirHandle& m_root;
    std::optional<uint64_t> m_rootDevice; // -x: found at the first directory
    std::vector<std::pair<uint64_t, uint64_t>> m_walking; // -L: device and inode of each directory being walked
    std::vector<filter::FilterSet::DirMerge> m_dirMerges;
    std::vector<filter::MergedRules> m_merged; // along the path being walked
    // A merge file is a few rules; a bigger one is a wrong name (a log file).
    static constexpr size_t kMaxMergeFileBytes = size_t(1) << 20;
};

} // namespace

Status scanTree(const platform::DirHandle& root, const ScanOptions& options, const ScanCallbacks& callbacks)
{
    Walker walker(options, callbacks, root);
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
