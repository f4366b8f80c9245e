#include "receive/chunk_ledger.h"

#include <algorithm>
#include <vector>

namespace fg {

std::shared_ptr<ChunkProgress> ChunkLedger::chunkFor(uint64_t offset, uint16_t link, bool start, bool fill)
{
    if (fill) {
        // The second pass goes on where the hashing stopped, behind the first.
        for (auto& [key, state] : m_open)
            if (key.second == link && state->hashed == offset && offset < state->next) return state;
        return nullptr;
    }
    if (start) {
        // A new chunk, or a resend after a stream broke (from its start).
        // A resend of a chunk already verified has nothing to add.
        if (m_verified.count(offset)) return nullptr;
        bool contested = false;
        for (auto it = m_open.lower_bound({offset, 0}); it != m_open.end() && it->first.first == offset; ++it) {
            if (it->first.second == link) continue;
            it->second->contested = true;
            contested = true;
        }
        auto fresh = std::make_shared<ChunkProgress>(m_checksum);
        fresh->next = offset;
        fresh->hashed = offset;
        fresh->contested = contested;
        // A writer still busy with the chunk this replaces keeps its own.
        m_open[{offset, link}] = fresh;
        return fresh;
    }
    for (auto& [key, state] : m_open)
        if (key.second == link && state->next == offset) return state;
    // Frames of a chunk cut short on a broken link, overtaken by its resend:
    // nothing to do with them.
    return nullptr;
}

uint64_t ChunkLedger::bytesArrived() const
{
    // A chunk carried by two links counts once, by the one further along.
    uint64_t arrived = m_verifiedBytes;
    for (auto it = m_open.begin(); it != m_open.end();) {
        const uint64_t start = it->first.first;
        uint64_t furthest = 0;
        for (; it != m_open.end() && it->first.first == start; ++it)
            furthest = std::max(furthest, it->second->hashed - start);
        arrived += furthest;
    }
    return arrived;
}

ChunkVerdict ChunkLedger::endChunk(const proto::ChunkEndMsg& end, uint16_t link, std::string_view target,
                                   const DiskCheck& onDisk)
{
    using Kind = ChunkVerdict::Kind;
    auto it = m_open.find({end.offset, link});
    if (it == m_open.end()) return {Kind::Ignored, {}};
    ChunkProgress& chunk = *it->second;
    const std::string at = std::to_string(end.offset);
    if (chunk.next != end.offset + end.length)
        return {Kind::Protocol, "chunk at " + at + " of " + std::string(target) + " ended at the wrong length"};
    if (chunk.hashed != chunk.next)
        return {Kind::Protocol, "delta segment at " + at + " of " + std::string(target) + " ended with "
                                    + std::to_string(chunk.next - chunk.hashed)
                                    + " bytes its second pass never filled in"};
    if (chunk.hasher.digest() != end.hash || (chunk.contested && !onDisk(end.offset, end.length, end.hash)))
        return {Kind::Mismatch, "chunk at " + at + " does not match what the sender read"};
    m_verified[end.offset] = {end.length, end.hash};
    m_verifiedBytes += end.length;
    // Whatever else carried this chunk was cut short: it is done with.
    m_open.erase(m_open.lower_bound({end.offset, 0}), m_open.lower_bound({end.offset + 1, 0}));
    return completeIfDone();
}

ChunkVerdict ChunkLedger::endChunked(const proto::FileEndMsg& end)
{
    m_end = end;
    return completeIfDone();
}

ChunkVerdict ChunkLedger::completeIfDone() const
{
    using Kind = ChunkVerdict::Kind;
    if (!m_end || !m_open.empty() || m_verifiedBytes != m_end->size || m_verified.size() != m_end->chunks)
        return {Kind::Incomplete, {}};
    std::vector<Digest> hashes;
    hashes.reserve(m_verified.size());
    uint64_t expected = 0;
    bool contiguous = true;
    for (const auto& [start, lengthAndHash] : m_verified) {
        contiguous = contiguous && start == expected;
        expected = start + lengthAndHash.first;
        hashes.push_back(lengthAndHash.second);
    }
    if (!contiguous || expected != m_end->size || proto::chunkTreeHash(m_checksum, hashes) != m_end->hash)
        return {Kind::Mismatch, "its chunks do not add up to what the sender read"};
    return {Kind::Verified, {}};
}

ChunkVerdict ChunkLedger::endWhole(const proto::FileEndMsg& end, uint16_t link, const DiskCheck& onDisk)
{
    using Kind = ChunkVerdict::Kind;
    m_end = end;
    // Its frames came in order just before its end on the same link, as one
    // chunk at 0 (none at all for an empty file).
    auto it = m_open.find({0, link});
    Digest got = digestOf(m_checksum, nullptr, 0);
    uint64_t size = 0;
    bool contested = false;
    if (it != m_open.end()) {
        got = it->second->hasher.digest();
        size = it->second->next;
        contested = it->second->contested;
    }
    const bool strayChunk = !m_open.empty() && m_open.rbegin()->first.first != 0;
    if (size != end.size || got != end.hash || strayChunk || (contested && !onDisk(0, end.size, end.hash)))
        return {Kind::Mismatch, "received " + std::to_string(size) + " bytes that do not match what the sender read"};
    return {Kind::Verified, {}};
}

} // namespace fg
