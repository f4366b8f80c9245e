#pragma once
#include "internal.h"
// The receiver's tree summaries, as the sender collects them
// (role/tree_summaries.h): which directories of the destination it digested,
// with what digest and entry count. They come breadth first, so once a
// summary deeper than a directory has come, that directory's has come too or
// never will: the sender can decide a subtree without waiting for the last
// batch. What a receiver can make us hold is bounded, whatever it sends.
//
// Thread-safe: the control thread takes batches, the listing thread asks.

#include "proto/messages.h"

#include <floodgate/error.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace fg {

class SummaryInbox {
public:
    // Far above what a receiver sends (role/tree_summaries.h), far below
    // what would hurt.
    static constexpr size_t kMaxHeldBytes = size_t(8) << 20;

    // A batch; a Protocol error when the receiver sent what it may not (a
    // path out of the tree, a directory twice, one shallower than those
    // before, anything after the last batch, too much).
    Status take(proto::TreeSummaryMsg&& batch);

    enum class Answer : uint8_t {
        NotYet, // may still come
        None,   // no summary of it, and none will come
        Have,
    };
    struct Summary {
        Answer answer = Answer::NotYet;
        uint32_t count = 0;
        Digest digest;
    };
    // The summary of the directory listed as `path`, at list depth `depth`.
    Summary of(std::string_view path, uint16_t depth) const;

    // Batches taken so far.
    uint64_t batches() const;
    // Waits until more than `seen` batches came (or the last has), the job
    // is cancelled, or `ms` pass; false when cancelled. (The caller reads
    // batches() before it looks at what came: a batch between the two is
    // not waited for.)
    bool waitForMore(uint64_t seen, const std::atomic<bool>& cancelled, int ms);
    // Wakes a waiter (a failure).
    void abort();

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::unordered_map<std::string, std::pair<uint32_t, Digest>> m_dirs;
    size_t m_heldBytes = 0;
    int m_deepest = -1; // the deepest summary's depth so far
    bool m_ended = false;
    bool m_aborted = false;
    uint64_t m_batches = 0;
};

} // namespace fg
