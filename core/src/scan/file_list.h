#pragma once
#include "internal.h"
// The file list each end keeps for a job, compact because a job may have ten
// million entries and each end must hold it in well under a gigabyte: fixed
// 32-byte records, names packed in an arena, and a file's path kept as its
// folder's entry and its own name (a folder's path is kept whole, once), so
// that a deep tree's long folder names are not stored again for every file
// in them. Link targets, content hashes, -H leaders and owners are kept
// aside, since few entries (or few jobs) have them. Append-only; safe for one
// appending thread and any number of readers.

#include "scan/file_entry.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fg {

class FileList {
public:
    // An entry as readers get it; the path is built for them, the link
    // target points into the list and stays valid as long as it lives.
    struct View {
        std::string path;
        platform::FileType type = platform::FileType::Regular;
        uint32_t mode = 0;
        uint64_t size = 0;
        int64_t mtimeNs = 0;
        std::string_view linkTarget;
        std::optional<Digest> hash;
        uint8_t nameCollisions = 0;
        std::optional<uint32_t> hardLinkTo;
        bool contentsOmitted = false;
        bool hasOwner = false;
        uint32_t uid = 0;
        uint32_t gid = 0;

        bool isDir() const { return type == platform::FileType::Directory; }
        bool isRegular() const { return type == platform::FileType::Regular; }
        FileEntry entry() const&;
        FileEntry entry() &&; // takes the path along
    };

    uint32_t append(const FileEntry& entry);
    // Another list's entry.
    uint32_t append(const View& entry);
    // Trades contents with another list.
    void swap(FileList& other);
    size_t size() const;
    View view(uint32_t index) const;
    // The index of the directory entry at `path`, if the list has one.
    std::optional<uint32_t> directoryIndex(std::string_view path) const;
    // Whether the list has an entry at `path`.
    bool contains(std::string_view path) const;
    // The indices of the directory entries, oldest first: the folders of a
    // big list without a path built for each of its files.
    std::vector<uint32_t> directories() const;
    // Whether `test(type, mode)` holds for every entry, oldest first (it
    // stops at the first that fails): no path is built, so a million entries
    // take a millisecond or two, not 50. True for an empty list.
    bool everyTypeAndMode(const std::function<bool(platform::FileType type, uint32_t mode)>& test) const;
    // Calls f(index, view) for every entry, oldest first. No appends may run
    // meanwhile (the list is complete when this is used).
    template <class F>
    void forEach(F&& f) const
    {
        const size_t n = size();
        for (uint32_t i = 0; i < n; ++i) f(i, view(i));
    }
    // Bytes held, for tests of the memory target.
    size_t memoryBytes() const;

private:
    // 32 bytes: the name is where `nameAt` says in the arena (40 bits), and
    // is the whole path unless `folder` is an entry's index (then the path is
    // that folder's path, '/', the name).
    struct Record {
        uint64_t size;
        int64_t mtimeNs;
        uint32_t folder;
        uint32_t nameLow;
        uint16_t nameLength;
        uint16_t mode;
        uint8_t nameHigh;
        uint8_t type;
        uint8_t flags;
        uint8_t collisions;
    };
    static_assert(sizeof(Record) == 32);
    static constexpr uint32_t kWholePath = UINT32_MAX;
    static constexpr uint8_t kHasHash = 1;
    static constexpr uint8_t kHasLink = 2;
    static constexpr uint8_t kContentsOmitted = 4;
    static constexpr uint8_t kHardLink = 8;
    static constexpr uint8_t kHasOwner = 16;

    struct Parts {
        std::string_view path;
        platform::FileType type;
        uint32_t mode;
        uint64_t size;
        int64_t mtimeNs;
        std::string_view linkTarget;
        const Digest* hash;
        uint8_t nameCollisions;
        std::optional<uint32_t> hardLinkTo;
        bool contentsOmitted;
        bool hasOwner;
        uint32_t uid;
        uint32_t gid;
    };
    uint32_t append(const Parts& entry);
    // Where `text` now is in the arena.
    uint64_t store(std::string_view text);
    std::string_view nameOf(const Record& r) const;
    std::string pathOfLocked(const Record& r) const;
    std::optional<uint32_t> directoryIndexLocked(std::string_view path) const;

    mutable std::mutex m_mutex;
    std::deque<Record> m_records;
    // Fixed-size blocks, so that an offset finds its block at once.
    std::vector<std::unique_ptr<char[]>> m_blocks;
    size_t m_blockUsed = 0;
    // Folders by their whole path (views into the arena).
    std::unordered_map<std::string_view, uint32_t> m_folders;
    // The directory entries' indices in list order (a folder listed twice
    // is in m_folders once, here twice).
    std::vector<uint32_t> m_directories;
    // Every entry by its folder and name, made by the first contains() (a
    // --delete's pass over the destination) and kept up to date after.
    struct NameKey {
        uint32_t folder;
        std::string_view name;
        bool operator==(const NameKey&) const = default;
    };
    struct NameKeyHash {
        size_t operator()(const NameKey& k) const
        {
            return std::hash<std::string_view>()(k.name) * 31 + k.folder;
        }
    };
    mutable std::unique_ptr<std::unordered_set<NameKey, NameKeyHash>> m_byName;
    std::unordered_map<uint32_t, std::string> m_links;
    std::unordered_map<uint32_t, Digest> m_hashes;
    std::unordered_map<uint32_t, uint32_t> m_hardLinks; // follower -> leader (-H)
    // -o/-g: owner and group by index, filled from the first entry that has them.
    std::vector<std::pair<uint32_t, uint32_t>> m_owners;
};

} // namespace fg
