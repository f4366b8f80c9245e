#include "send/summarised_list.h"

namespace fg {

SummarisedList::SummarisedList(const FileList& list, const SummaryInbox& inbox)
    : m_list(list), m_inbox(inbox),
      m_digester([this](std::string_view, uint16_t, const SubtreeDigest& d) { m_finished.emplace(d.index, d); })
{
}

void SummarisedList::scanEnded(uint32_t count)
{
    m_digester.finish(count);
    m_count = count;
    m_scanEnded = true;
}

std::optional<SubtreeDigest> SummarisedList::root() const
{
    // Only while nothing of it went out: the receiver then has the list whole or not at all.
    if (!m_scanEnded || m_cursor != 0) return std::nullopt;
    const auto it = m_finished.find(0);
    if (it == m_finished.end() || it->second.spoiled || it->second.count != m_count) return std::nullopt;
    return it->second;
}

bool SummarisedList::advance(const Sink& sink)
{
    const size_t listed = m_list.size();
    while (m_cursor < listed) {
        const FileList::View e = m_list.view(m_cursor);
        if (e.isDir() && !m_withoutSummaries) {
            const SummaryInbox::Summary theirs = m_inbox.of(e.path, listDepth(e.path));
            if (theirs.answer == SummaryInbox::Answer::NotYet) return true;
            const auto ours = m_finished.find(m_cursor);
            // Still being scanned, and already holding more than theirs: it
            // differs, and need not wait for the rest of its scan.
            const bool bigger = ours == m_finished.end() && listed - m_cursor > theirs.count;
            if (theirs.answer == SummaryInbox::Answer::Have && !bigger) {
                if (ours == m_finished.end()) return true; // its subtree is still being scanned
                const SubtreeDigest& d = ours->second;
                if (!d.spoiled && d.count == theirs.count && d.digest == theirs.digest) {
                    if (!sink.same(e.path, d.count)) return false;
                    m_cursor += d.count;
                    m_sameEntries += d.count;
                    ++m_sameSubtrees;
                    m_finished.erase(ours);
                    continue;
                }
            }
            m_finished.erase(m_cursor);
        }
        if (!sink.entry(e)) return false;
        ++m_cursor;
    }
    return true;
}

} // namespace fg
