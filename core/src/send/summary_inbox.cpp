#include "send/summary_inbox.h"

#include "common/path.h"
#include "scan/tree_digest.h"

#include <chrono>

namespace fg {

Status SummaryInbox::take(proto::TreeSummaryMsg&& batch)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_ended) return Error(Errc::Protocol, "the receiver sent tree summaries after its last");
        for (auto& item : batch.items) {
            if (item.path != ".") FG_TRY(validateRelativePath(item.path));
            const int depth = listDepth(item.path);
            if (depth < m_deepest)
                return Error(Errc::Protocol, "the receiver's tree summary of '" + item.path
                                                 + "' came after deeper ones (they come breadth first)");
            m_deepest = depth;
            m_heldBytes += item.path.size() + 64;
            if (m_heldBytes > kMaxHeldBytes)
                return Error(Errc::Protocol, "the receiver sent more tree summaries than the protocol allows");
            std::string path = std::move(item.path);
            if (!m_dirs.try_emplace(std::move(path), item.count, item.digest).second)
                return Error(Errc::Protocol, "the receiver summarised one directory twice");
        }
        m_ended = batch.last;
        ++m_batches;
    }
    m_cv.notify_all();
    return {};
}

SummaryInbox::Summary SummaryInbox::of(std::string_view path, uint16_t depth) const
{
    std::lock_guard lock(m_mutex);
    Summary s;
    if (auto it = m_dirs.find(std::string(path)); it != m_dirs.end()) {
        s.answer = Answer::Have;
        s.count = it->second.first;
        s.digest = it->second.second;
        return s;
    }
    // Breadth first: one deeper has come, so this one is not coming.
    s.answer = m_ended || m_deepest > int(depth) ? Answer::None : Answer::NotYet;
    return s;
}

uint64_t SummaryInbox::batches() const
{
    std::lock_guard lock(m_mutex);
    return m_batches;
}

bool SummaryInbox::waitForMore(uint64_t seen, const std::atomic<bool>& cancelled, int ms)
{
    std::unique_lock lock(m_mutex);
    m_cv.wait_for(lock, std::chrono::milliseconds(ms),
                  [&] { return m_batches != seen || m_ended || m_aborted || cancelled.load(); });
    return !m_aborted && !cancelled.load();
}

void SummaryInbox::abort()
{
    {
        std::lock_guard lock(m_mutex);
        m_aborted = true;
    }
    m_cv.notify_all();
}

} // namespace fg
