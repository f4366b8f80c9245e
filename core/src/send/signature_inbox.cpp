#include "send/signature_inbox.h"

#include <string>

namespace fg {

void SignatureInbox::expect(uint32_t index)
{
    std::lock_guard lock(m_mutex);
    m_incoming.try_emplace(index);
}

bool SignatureInbox::dropIncomingLocked(uint32_t index)
{
    auto it = m_incoming.find(index);
    if (it == m_incoming.end()) return false;
    m_blocksHeld -= it->second.blocks.size();
    m_incoming.erase(it);
    return true;
}

Result<SignatureInbox::Taken> SignatureInbox::take(proto::SignatureMsg&& piece, uint64_t newSize, std::string_view path)
{
    std::lock_guard lock(m_mutex);
    auto it = m_incoming.find(piece.index);
    // Pieces still on their way for a file that failed meanwhile are dropped.
    if (it == m_incoming.end() && m_settledWhileSigning.erase(piece.index)) {
        if (piece.total > 0 && piece.first + piece.blocks.size() < piece.total) m_settledWhileSigning.insert(piece.index);
        return Taken::Dropped;
    }
    if (it == m_incoming.end())
        return Error(Errc::Protocol, "the receiver sent a signature for file #" + std::to_string(piece.index)
                                         + ", which it did not ask to get as a delta");
    delta::Signature& sig = it->second;
    if (piece.total == 0) {
        // No old copy after all (or it could not be read to the end, after
        // some pieces came): the file goes whole.
        dropIncomingLocked(piece.index);
        return Taken::Whole;
    }
    if (sig.blocks.empty()) {
        sig.basisSize = piece.basisSize;
        sig.blockLength = piece.blockLength;
        sig.seed = piece.seed;
    }
    // Signatures are held until their files are sent: what a receiver may
    // make us hold at once is bounded, whatever it claims.
    if (m_blocksHeld + piece.blocks.size() > m_maxBlocksHeld)
        return Error(Errc::Protocol, "the receiver sent signatures of more than " + std::to_string(m_maxBlocksHeld)
                                         + " blocks at once");
    // Pieces come in order, each continuing the last, all of one signature.
    if (piece.basisSize != sig.basisSize || piece.blockLength != sig.blockLength || piece.seed != sig.seed
        || piece.first != sig.blocks.size() || piece.blocks.empty() || sig.blocks.size() + piece.blocks.size() > piece.total)
        return Error(Errc::Protocol, "the receiver's signature of " + std::string(path) + " came out of order");
    m_blocksHeld += piece.blocks.size();
    for (const auto& [weak, strong] : piece.blocks) sig.blocks.push_back({weak, strong});
    if (sig.blocks.size() < piece.total) return Taken::More;

    if (newSize == 0) {
        // Nothing to rebuild: an empty file is sent as what it is.
        dropIncomingLocked(piece.index);
        return Taken::Whole;
    }
    m_indexes[piece.index] = std::make_shared<const delta::SignatureIndex>(std::move(sig));
    m_incoming.erase(it);
    return Taken::Delta;
}

std::shared_ptr<const delta::SignatureIndex> SignatureInbox::indexOf(uint32_t index) const
{
    std::lock_guard lock(m_mutex);
    auto it = m_indexes.find(index);
    return it == m_indexes.end() ? nullptr : it->second;
}

void SignatureInbox::settle(uint32_t index)
{
    std::lock_guard lock(m_mutex);
    // A signature still coming for it is of no use now.
    if (dropIncomingLocked(index)) m_settledWhileSigning.insert(index);
    if (auto it = m_indexes.find(index); it != m_indexes.end()) {
        m_blocksHeld -= it->second->signature().blocks.size();
        m_indexes.erase(it);
    }
}

uint64_t SignatureInbox::blocksHeld() const
{
    std::lock_guard lock(m_mutex);
    return m_blocksHeld;
}

} // namespace fg
