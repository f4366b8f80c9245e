#pragma once
#include "internal.h"
// The sender's lookup of a receiver's signature: which basis block, if any,
// the window at this offset is. Asked at every offset of a changed region, so
// the common answer, "none", costs one bit test.

#include "delta/signature.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace fg::delta {

class SignatureIndex {
public:
    explicit SignatureIndex(Signature signature);

    const Signature& signature() const { return m_signature; }
    uint32_t blockLength() const { return m_signature.blockLength; }
    bool empty() const { return m_signature.blocks.empty(); }

    // The block the window (blockLength bytes at `window`, weak sum `weak`)
    // equals; `preferred` is tried first, so that runs of blocks stay runs
    // even when the basis repeats a block (zeros, say).
    std::optional<uint32_t> find(uint32_t weak, const uint8_t* window, std::optional<uint32_t> preferred) const;

    // Whether the window is this block, by its strong hash alone: right
    // after a match the next block is the likely one, and one XXH3 pass is
    // several times cheaper than the window's rolling sums.
    bool isBlock(uint32_t block, const uint8_t* window) const;

    // False when no block has this weak sum; asked at every offset, so inline.
    bool mayContain(uint32_t weak) const
    {
        const uint64_t bit = mix(weak) >> m_filterShift;
        return (m_filter[bit / 64] >> (bit % 64)) & 1;
    }

private:
    // The key is mixed already; spreading it over 64 bits lets one shift
    // pick a slot or a filter bit for any table size.
    static uint64_t mix(uint32_t weak) { return uint64_t(weak) * 0x9E3779B97F4A7C15ull; }
    struct Slot {
        uint64_t strong = 0;
        uint32_t weak = 0;
        uint32_t block = 0;
        bool used = false;
    };
    size_t slotOf(uint32_t weak) const;

    Signature m_signature;
    std::vector<Slot> m_slots;      // open addressing; a power of two, at most half full
    std::vector<uint64_t> m_filter; // one bit per weak-sum bucket
    unsigned m_slotShift = 0;
    unsigned m_filterShift = 0;
};

} // namespace fg::delta
