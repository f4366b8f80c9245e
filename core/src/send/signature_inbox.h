#pragma once
#include "internal.h"
// The receiver's signatures of its old copies, as the sender collects them.
// A file the plan says comes as a delta is expected; the pieces of its
// signature come in order on the control thread and are put together; once
// complete it is indexed for the workers that match the file's segments,
// and held until the file is settled. What a receiver can make us hold at
// once is bounded, whatever it claims, and pieces still on their way for a
// file that failed meanwhile are dropped, not taken for a protocol error.
//
// Thread-safe: the control thread takes pieces and settles files, workers
// look up indexes and settle files they fail.

#include "delta/signature.h"
#include "delta/signature_index.h"
#include "proto/messages.h"

#include <floodgate/error.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace fg {

class SignatureInbox {
public:
    // A receiver keeps its outstanding signatures under 32 MiB (2M blocks),
    // plus the one file it was signing when it got there (at most 16M blocks).
    static constexpr uint64_t kDefaultMaxBlocksHeld = uint64_t(24) << 20;

    explicit SignatureInbox(uint64_t maxBlocksHeld = kDefaultMaxBlocksHeld) : m_maxBlocksHeld(maxBlocksHeld) {}

    // The plan says the file comes as a delta: its signature is awaited.
    void expect(uint32_t index);

    // What a piece of a signature came to.
    enum class Taken : uint8_t {
        More,    // more pieces are to come
        Delta,   // the signature is complete: send the file as a delta (indexOf)
        Whole,   // no old copy after all, or nothing to rebuild: send it whole
        Dropped, // a late piece for a file settled meanwhile
    };
    // A piece, for the file of `newSize` bytes listed as `path` (for
    // messages). A Protocol error: the receiver sent what it may not.
    Result<Taken> take(proto::SignatureMsg&& piece, uint64_t newSize, std::string_view path);

    // The complete signature's index, for matching; null once settled (or
    // never complete).
    std::shared_ptr<const delta::SignatureIndex> indexOf(uint32_t index) const;

    // The file is settled (done or failed): its signature goes, and pieces
    // still coming for it are dropped as they come.
    void settle(uint32_t index);

    // Signature blocks held now, awaited and complete alike.
    uint64_t blocksHeld() const;

private:
    // (m_mutex held) The file's awaited signature goes; false when none was.
    bool dropIncomingLocked(uint32_t index);

    const uint64_t m_maxBlocksHeld;
    mutable std::mutex m_mutex;
    std::unordered_map<uint32_t, delta::Signature> m_incoming;
    std::unordered_map<uint32_t, std::shared_ptr<const delta::SignatureIndex>> m_indexes;
    std::unordered_set<uint32_t> m_settledWhileSigning; // their late pieces are dropped
    uint64_t m_blocksHeld = 0;
};

} // namespace fg
