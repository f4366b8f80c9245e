#include "scan/file_list.h"

#include "common/path.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace fg {

namespace {
// Names go into blocks of this size: few allocations, little waste (a name
// never straddles two, and is at most kMaxPathBytes), and a list of a few
// files costs kilobytes. An offset's block is offset >> kBlockShift.
constexpr unsigned kBlockShift = 16;
constexpr size_t kBlockBytes = size_t(1) << kBlockShift;
static_assert(kBlockBytes >= kMaxPathBytes);
} // namespace

FileEntry FileList::View::entry() &&
{
    std::string taken = std::move(path);
    FileEntry e = std::as_const(*this).entry();
    e.path = std::move(taken);
    return e;
}

FileEntry FileList::View::entry() const&
{
    FileEntry e;
    e.path = path;
    e.type = type;
    e.mode = mode;
    e.size = size;
    e.mtimeNs = mtimeNs;
    e.linkTarget = std::string(linkTarget);
    e.hash = hash;
    e.nameCollisions = nameCollisions;
    e.hardLinkTo = hardLinkTo;
    e.contentsOmitted = contentsOmitted;
    e.hasOwner = hasOwner;
    e.uid = uid;
    e.gid = gid;
    return e;
}

uint64_t FileList::store(std::string_view text)
{
    if (m_blocks.empty() || m_blockUsed + text.size() > kBlockBytes) {
        // Not zeroed: every byte is written before it is read.
        m_blocks.push_back(std::make_unique_for_overwrite<char[]>(kBlockBytes));
        m_blockUsed = 0;
    }
    const uint64_t at = (uint64_t(m_blocks.size() - 1) << kBlockShift) + m_blockUsed;
    std::memcpy(m_blocks.back().get() + m_blockUsed, text.data(), text.size());
    m_blockUsed += text.size();
    return at;
}

std::string_view FileList::nameOf(const Record& r) const
{
    const uint64_t at = uint64_t(r.nameHigh) << 32 | r.nameLow;
    return {m_blocks[size_t(at >> kBlockShift)].get() + (at & (kBlockBytes - 1)), r.nameLength};
}

std::string FileList::pathOfLocked(const Record& r) const
{
    const std::string_view name = nameOf(r);
    if (r.folder == kWholePath) return std::string(name);
    const std::string_view folder = nameOf(m_records[r.folder]);
    std::string path;
    path.reserve(folder.size() + 1 + name.size());
    path.append(folder).append(1, '/').append(name);
    return path;
}

std::optional<uint32_t> FileList::directoryIndexLocked(std::string_view path) const
{
    auto it = m_folders.find(path);
    if (it == m_folders.end()) return std::nullopt;
    return it->second;
}

std::optional<uint32_t> FileList::directoryIndex(std::string_view path) const
{
    std::lock_guard lock(m_mutex);
    return directoryIndexLocked(path);
}

uint32_t FileList::append(const FileEntry& entry)
{
    return append(Parts{entry.path, entry.type, entry.mode, entry.size, entry.mtimeNs, entry.linkTarget,
                        entry.hash ? &*entry.hash : nullptr, entry.nameCollisions, entry.hardLinkTo,
                        entry.contentsOmitted, entry.hasOwner, entry.uid, entry.gid});
}

uint32_t FileList::append(const View& v)
{
    return append(Parts{v.path, v.type, v.mode, v.size, v.mtimeNs, v.linkTarget, v.hash ? &*v.hash : nullptr,
                        v.nameCollisions, v.hardLinkTo, v.contentsOmitted, v.hasOwner, v.uid, v.gid});
}

uint32_t FileList::append(const Parts& entry)
{
    std::lock_guard lock(m_mutex);
    const auto index = uint32_t(m_records.size());
    Record r{};
    r.size = entry.size;
    r.mtimeNs = entry.mtimeNs;
    r.mode = uint16_t(entry.mode & 07777);
    r.type = uint8_t(entry.type);
    r.collisions = entry.nameCollisions;
    const bool isDir = entry.type == platform::FileType::Directory;
    // A folder's path is kept whole (files name it as theirs); anything else
    // in a folder the list has is kept as that folder and its own name.
    std::string_view name = entry.path;
    r.folder = kWholePath;
    if (!isDir) {
        const std::string_view parent = parentOf(entry.path);
        if (auto folder = parent.empty() ? std::nullopt : directoryIndexLocked(parent)) {
            r.folder = *folder;
            name = baseName(entry.path);
        }
    }
    const uint64_t at = store(name);
    r.nameLow = uint32_t(at);
    r.nameHigh = uint8_t(at >> 32);
    r.nameLength = uint16_t(name.size());
    if (entry.contentsOmitted) r.flags |= kContentsOmitted;
    if (entry.hasOwner) {
        r.flags |= kHasOwner;
        if (m_owners.size() <= index) m_owners.resize(size_t(index) + 1);
        m_owners[index] = {entry.uid, entry.gid};
    }
    if (!entry.linkTarget.empty()) {
        r.flags |= kHasLink;
        m_links.emplace(index, std::string(entry.linkTarget));
    }
    if (entry.hash) {
        r.flags |= kHasHash;
        m_hashes.emplace(index, *entry.hash);
    }
    if (entry.hardLinkTo) {
        r.flags |= kHardLink;
        m_hardLinks.emplace(index, *entry.hardLinkTo);
    }
    m_records.push_back(r);
    // (A folder listed twice names the later one: the receiver refuses that
    // list anyway.)
    if (isDir) {
        m_folders[nameOf(m_records.back())] = index;
        m_directories.push_back(index);
    }
    if (m_byName) m_byName->insert(NameKey{r.folder, nameOf(m_records.back())});
    return index;
}

bool FileList::contains(std::string_view path) const
{
    std::lock_guard lock(m_mutex);
    if (!m_byName) {
        m_byName = std::make_unique<std::unordered_set<NameKey, NameKeyHash>>();
        m_byName->reserve(m_records.size());
        for (const Record& r : m_records) m_byName->insert(NameKey{r.folder, nameOf(r)});
    }
    // Kept whole, or as its folder and name: whichever it was when appended.
    if (m_byName->count(NameKey{kWholePath, path})) return true;
    const std::string_view parent = parentOf(path);
    if (parent.empty()) return false;
    const auto folder = directoryIndexLocked(parent);
    return folder && m_byName->count(NameKey{*folder, baseName(path)});
}

void FileList::swap(FileList& other)
{
    if (this == &other) return;
    std::scoped_lock lock(m_mutex, other.m_mutex);
    std::swap(m_records, other.m_records);
    std::swap(m_blocks, other.m_blocks);
    std::swap(m_blockUsed, other.m_blockUsed);
    std::swap(m_folders, other.m_folders);
    std::swap(m_directories, other.m_directories);
    std::swap(m_byName, other.m_byName);
    std::swap(m_links, other.m_links);
    std::swap(m_hashes, other.m_hashes);
    std::swap(m_hardLinks, other.m_hardLinks);
    std::swap(m_owners, other.m_owners);
}

std::vector<uint32_t> FileList::directories() const
{
    std::lock_guard lock(m_mutex);
    return m_directories;
}

bool FileList::everyTypeAndMode(const std::function<bool(platform::FileType type, uint32_t mode)>& test) const
{
    std::lock_guard lock(m_mutex);
    for (const Record& r : m_records)
        if (!test(platform::FileType(r.type), r.mode)) return false;
    return true;
}

size_t FileList::size() const
{
    std::lock_guard lock(m_mutex);
    return m_records.size();
}

FileList::View FileList::view(uint32_t index) const
{
    std::lock_guard lock(m_mutex);
    const Record& r = m_records.at(index);
    View v;
    v.path = pathOfLocked(r);
    v.type = platform::FileType(r.type);
    v.mode = r.mode;
    v.size = r.size;
    v.mtimeNs = r.mtimeNs;
    v.nameCollisions = r.collisions;
    v.contentsOmitted = r.flags & kContentsOmitted;
    v.hasOwner = r.flags & kHasOwner;
    if (v.hasOwner) std::tie(v.uid, v.gid) = m_owners[index];
    if (r.flags & kHardLink) v.hardLinkTo = m_hardLinks.at(index);
    if (r.flags & kHasLink) v.linkTarget = m_links.at(index);
    if (r.flags & kHasHash) v.hash = m_hashes.at(index);
    return v;
}

size_t FileList::memoryBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_records.size() * sizeof(Record) + m_blocks.size() * kBlockBytes + m_folders.size() * 48
           + m_directories.capacity() * sizeof(uint32_t)
           + m_links.size() * 64 + m_hashes.size() * 48 + m_owners.capacity() * sizeof(m_owners[0]);
}

} // namespace fg
