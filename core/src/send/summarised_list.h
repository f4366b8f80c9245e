#pragma once
#include "internal.h"
// The sender's list when tree summaries are compared (role/tree_summaries.h).
// Entries are digested as the scan lists them and held; they go out in list
// order as soon as they can be decided: a directory the receiver summarised
// waits for its subtree's scan to end, then goes as FileListSame when the
// digests match (its whole subtree in a few bytes) or as its entry when they
// do not; everything else goes as it is once the receiver's summaries say
// nothing of it will come.

#include "scan/file_list.h"
#include "scan/tree_digest.h"
#include "send/summary_inbox.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace fg {

class SummarisedList {
public:
    struct Sink {
        // Each returns false when the list cannot go on (the link broke).
        std::function<bool(const FileList::View&)> entry;
        std::function<bool(std::string_view path, uint32_t count)> same;
    };

    SummarisedList(const FileList& list, const SummaryInbox& inbox);

    // The entry just appended to the list at `index`.
    void listed(uint32_t index, const FileEntry& entry) { m_digester.add(index, entry); }
    // The scan could not read `path`: what holds it matches nothing.
    void spoil(std::string_view path) { m_digester.spoil(path); }
    // The scan is over, `count` entries in all.
    void scanEnded(uint32_t count);

    // The whole tree's digest once the scan is over and before anything was
    // sent, unless part of it could not be read (then nothing stands for
    // the whole).
    std::optional<SubtreeDigest> root() const;

    // Nothing more waits for the receiver's summaries: everything goes as
    // it is (a list too small to be worth a round trip).
    void listWithoutSummaries() { m_withoutSummaries = true; }
    // The root has not been decided yet: nothing of the list went out.
    bool nothingSent() const { return m_cursor == 0; }

    // Sends what can be decided now; false when the sink refused.
    bool advance(const Sink& sink);
    bool done() const { return m_scanEnded && m_cursor >= m_count; }
    // Entries sent as FileListSame, and in how many subtrees.
    uint64_t sameEntries() const { return m_sameEntries; }
    uint64_t sameSubtrees() const { return m_sameSubtrees; }

private:
    const FileList& m_list;
    const SummaryInbox& m_inbox;
    TreeDigester m_digester;
    // Directories whose subtree the scan has finished, by index.
    std::unordered_map<uint32_t, SubtreeDigest> m_finished;
    uint32_t m_cursor = 0; // the next entry to send or decide
    uint32_t m_count = 0;
    bool m_scanEnded = false;
    bool m_withoutSummaries = false;
    uint64_t m_sameEntries = 0;
    uint64_t m_sameSubtrees = 0;
};

} // namespace fg
