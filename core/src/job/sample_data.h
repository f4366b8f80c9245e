#pragma once
#include "internal.h"
// Generated file contents for the demo's tree and the lab's workloads: half
// of it like text (it compresses about 4:1), half like media (it does not).
// Deterministic from a seed; fast; not random enough for anything secret.

#include <floodgate/error.h>

#include <cstdint>
#include <string>
#include <vector>

namespace fg {

class SampleFiller {
public:
    explicit SampleFiller(uint64_t seed) : m_state(seed | 1) {}
    // xorshift64*
    uint64_t next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 0x2545F4914F6CDD1DULL;
    }
    void fill(std::vector<uint8_t>& buf, bool textLike);

private:
    uint64_t m_state;
};

// Creates the file at `path` (it must not exist; its folder must) with
// `size` bytes from `filler`.
Status writeSampleFile(const std::string& path, uint64_t size, SampleFiller& filler, bool textLike);

} // namespace fg
