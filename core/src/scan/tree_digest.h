#pragma once
#include "internal.h"
// A digest of every directory's subtree in a file list, so that two ends can
// tell an unchanged tree apart without one sending the other every entry
// (docs/PROTOCOL.md, "Tree summaries"). The sender digests what it lists;
// the receiver digests the entries its destination would give if the sender
// listed it (the same scanner, the same options), and a subtree whose digests
// are equal is the same entries, byte for byte as the planner reads them.
//
// Entries come in the scanner's order (depth first, a directory before what
// it holds, names sorted), each with its index in the list. A directory's
// digest is a Merkle hash: its own entry, then in order each file's entry and
// each subdirectory's digest, so the whole is linear in the list's length.
// A directory is finished once the listing leaves it (or at finish()).

#include "codec/hash.h"
#include "scan/file_entry.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

// A directory's place in the tree, from its list path: "." is 0, "a" 1,
// "a/b" 2 (both ends count alike).
uint16_t listDepth(std::string_view listPath);

struct SubtreeDigest {
    uint32_t index = 0; // of the directory's own entry
    uint32_t count = 0; // entries from it to the end of its subtree, itself included
    Digest digest;
    // Part of it could not be read (a scan error below it): it matches nothing.
    bool spoiled = false;
};

class TreeDigester {
public:
    using Finished = std::function<void(std::string_view path, uint16_t depth, const SubtreeDigest&)>;

    explicit TreeDigester(Finished finished) : m_finished(std::move(finished)) {}

    // The entry at `index` of the list (indices rise by one, from the root's).
    void add(uint32_t index, const FileEntry& entry);
    // The scan could not read `path` (or a directory's listing, named by
    // the directory): the directory it is in, and each holding that, are
    // spoiled.
    void spoil(std::string_view path);
    // The list ended at `endIndex` (its length): every open directory finishes.
    void finish(uint32_t endIndex);

private:
    struct Open {
        std::string path;
        uint32_t index = 0;
        Hasher hasher;
        bool spoiled = false;
    };
    void closeUntil(std::string_view path, uint32_t nextIndex);
    void closeTop(uint32_t nextIndex);

    Finished m_finished;
    std::vector<Open> m_open; // the directories the listing is inside, outermost first
    std::string m_scratch;
};

} // namespace fg
