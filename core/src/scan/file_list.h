#pragma once
#include "internal.h"
// The file list each end keeps for a job, compact because a job may have
// millions of entries (target: a 1,000,000-file job in under 300 MiB per
// end): fixed-size records, path bytes packed in an arena, link targets and
// content hashes kept aside since few entries have them. Append-only; safe
// for one appending thread and any number of readers.

#include "scan/file_entry.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fg {

class FileList {
public:
    // What readers get: the strings point into the list and stay valid as
    // long as it lives.
    struct View {
        std::string_view path;
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
        FileEntry entry() const;
    };

    uint32_t append(const FileEntry& entry);
    // Another list's entry, without the strings a FileEntry would copy.
    uint32_t append(const View& entry);
    // Trades contents with another list (views into either stay valid:
    // their bytes move with the list that holds them).
    void swap(FileList& other);
    size_t size() const;
    View view(uint32_t index) const;
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
    struct Record {
        uint64_t size;
        int64_t mtimeNs;
        const char* path;
        uint32_t mode;
        uint16_t pathLength;
        uint8_t type;
        uint8_t flags;
        uint32_t uid; // -o/-g (kHasOwner)
        uint32_t gid;
    };
    static constexpr uint8_t kHasHash = 1;
    static constexpr uint8_t kHasLink = 2;
    // The entry's name-collision bits (3) sit above the two flags, then two
    // more flags.
    static constexpr unsigned kCollisionShift = 2;
    static constexpr uint8_t kCollisionMask = 0x07;
    static constexpr uint8_t kContentsOmitted = 0x20;
    static constexpr uint8_t kHardLink = 0x40;
    static constexpr uint8_t kHasOwner = 0x80;

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
    const char* store(std::string_view text);

    mutable std::mutex m_mutex;
    std::deque<Record> m_records;
    std::vector<std::unique_ptr<char[]>> m_blocks;
    std::vector<std::unique_ptr<char[]>> m_longPaths;
    size_t m_blockUsed = 0;
    size_t m_blockSize = 0; // of the last block
    size_t m_arenaBytes = 0;
    std::unordered_map<uint32_t, std::string> m_links;
    std::unordered_map<uint32_t, Digest> m_hashes;
    std::unordered_map<uint32_t, uint32_t> m_hardLinks; // follower -> leader (-H)
};

} // namespace fg
