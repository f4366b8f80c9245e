#include "scan/file_list.h"

#include <algorithm>
#include <cstring>

namespace fg {

namespace {
// Path bytes go into blocks of this size: few allocations, little waste. The
// first blocks are smaller (64 KiB, doubling up to it), so the list of a job
// of a few files costs kilobytes, not a megabyte.
constexpr size_t kBlockBytes = 1 << 20;
constexpr size_t kFirstBlockBytes = 64 << 10;
} // namespace

FileEntry FileList::View::entry() const
{
    FileEntry e;
    e.path = std::string(path);
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

const char* FileList::store(std::string_view text)
{
    if (text.size() > kBlockBytes / 4) {
        // A rare long path gets an allocation of its own rather than wasting
        // the rest of a shared block.
        m_longPaths.push_back(std::make_unique_for_overwrite<char[]>(text.size()));
        std::memcpy(m_longPaths.back().get(), text.data(), text.size());
        m_arenaBytes += text.size();
        return m_longPaths.back().get();
    }
    if (m_blocks.empty() || m_blockUsed + text.size() > m_blockSize) {
        m_blockSize = m_blocks.empty() ? kFirstBlockBytes : std::min(kBlockBytes, m_blockSize * 2);
        while (m_blockSize < text.size()) m_blockSize *= 2; // up to kBlockBytes / 4 here
        // Not zeroed: every byte is written before it is read.
        m_blocks.push_back(std::make_unique_for_overwrite<char[]>(m_blockSize));
        m_blockUsed = 0;
        m_arenaBytes += m_blockSize;
    }
    char* out = m_blocks.back().get() + m_blockUsed;
    std::memcpy(out, text.data(), text.size());
    m_blockUsed += text.size();
    return out;
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
    Record r{};
    r.size = entry.size;
    r.mtimeNs = entry.mtimeNs;
    r.path = store(entry.path);
    r.pathLength = uint16_t(entry.path.size()); // paths are at most 4096 bytes (validated)
    r.mode = entry.mode;
    r.type = uint8_t(entry.type);
    r.flags = uint8_t((entry.nameCollisions & kCollisionMask) << kCollisionShift);
    if (entry.contentsOmitted) r.flags |= kContentsOmitted;
    if (entry.hasOwner) {
        r.flags |= kHasOwner;
        r.uid = entry.uid;
        r.gid = entry.gid;
    }
    const auto index = uint32_t(m_records.size());
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
    return index;
}

void FileList::swap(FileList& other)
{
    if (this == &other) return;
    std::scoped_lock lock(m_mutex, other.m_mutex);
    std::swap(m_records, other.m_records);
    std::swap(m_blocks, other.m_blocks);
    std::swap(m_longPaths, other.m_longPaths);
    std::swap(m_blockUsed, other.m_blockUsed);
    std::swap(m_blockSize, other.m_blockSize);
    std::swap(m_arenaBytes, other.m_arenaBytes);
    std::swap(m_links, other.m_links);
    std::swap(m_hashes, other.m_hashes);
    std::swap(m_hardLinks, other.m_hardLinks);
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
    v.path = std::string_view(r.path, r.pathLength);
    v.type = platform::FileType(r.type);
    v.mode = r.mode;
    v.size = r.size;
    v.mtimeNs = r.mtimeNs;
    v.nameCollisions = uint8_t((r.flags >> kCollisionShift) & kCollisionMask);
    v.contentsOmitted = r.flags & kContentsOmitted;
    v.hasOwner = r.flags & kHasOwner;
    v.uid = r.uid;
    v.gid = r.gid;
    if (r.flags & kHardLink) v.hardLinkTo = m_hardLinks.at(index);
    if (r.flags & kHasLink) v.linkTarget = m_links.at(index);
    if (r.flags & kHasHash) v.hash = m_hashes.at(index);
    return v;
}

size_t FileList::memoryBytes() const
{
    std::lock_guard lock(m_mutex);
    return m_records.size() * sizeof(Record) + m_arenaBytes + m_links.size() * 64 + m_hashes.size() * 48;
}

} // namespace fg
