#include "delta/signature_index.h"

#include <bit>

namespace fg::delta {
SignatureIndex::SignatureIndex(Signature signature) : m_signature(std::move(signature))
{
    const size_t blocks = m_signature.blocks.size();
    const size_t slots = std::bit_ceil(std::max<size_t>(16, blocks * 2));
    m_slots.resize(slots);
    m_slotShift = unsigned(64 - std::countr_zero(slots));
    // ~16 filter bits a block keep false "maybe"s near 6%, in a few hundred
    // KiB for a 1 GiB file: small enough to stay in cache.
    const size_t bits = std::bit_ceil(std::max<size_t>(1024, blocks * 16));
    m_filter.assign(bits / 64, 0);
    m_filterShift = unsigned(64 - std::countr_zero(bits));

    for (size_t i = 0; i < blocks; ++i) {
        const BlockSignature& b = m_signature.blocks[i];
        size_t at = slotOf(b.weak);
        bool duplicate = false;
        while (m_slots[at].used) {
            // An identical block is already there: any copy of it will do,
            // and keeping one keeps probe chains short for repetitive files.
            if (m_slots[at].weak == b.weak && m_slots[at].strong == b.strong) {
                duplicate = true;
                break;
            }
            at = (at + 1) & (slots - 1);
        }
        if (duplicate) continue;
        m_slots[at] = Slot{b.strong, b.weak, uint32_t(i), true};
        const uint64_t bit = mix(b.weak) >> m_filterShift;
        m_filter[bit / 64] |= uint64_t(1) << (bit % 64);
    }
}

size_t SignatureIndex::slotOf(uint32_t weak) const { return size_t(mix(weak) >> m_slotShift); }

bool SignatureIndex::isBlock(uint32_t block, const uint8_t* window) const
{
    return block < m_signature.blocks.size()
           && m_signature.blocks[block].strong == strongHash(window, m_signature.blockLength, m_signature.seed);
}

std::optional<uint32_t> SignatureIndex::find(uint32_t weak, const uint8_t* window, std::optional<uint32_t> preferred) const
{
    const uint32_t length = m_signature.blockLength;
    std::optional<uint64_t> strong;
    auto strongOfWindow = [&] {
        if (!strong) strong = strongHash(window, length, m_signature.seed);
        return *strong;
    };
    if (preferred && *preferred < m_signature.blocks.size()) {
        const BlockSignature& p = m_signature.blocks[*preferred];
        if (p.weak == weak && p.strong == strongOfWindow()) return preferred;
    }
    if (empty() || !mayContain(weak)) return std::nullopt;
    const size_t mask = m_slots.size() - 1;
    for (size_t at = slotOf(weak); m_slots[at].used; at = (at + 1) & mask) {
        if (m_slots[at].weak == weak && m_slots[at].strong == strongOfWindow()) return m_slots[at].block;
    }
    return std::nullopt;
}

} // namespace fg::delta
