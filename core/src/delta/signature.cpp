#include "delta/signature.h"

#include "common/xxh.h"
#include "delta/rolling_sum.h"

#include <algorithm>
#include <cmath>

namespace fg::delta {

uint32_t blockLengthFor(uint64_t basisSize)
{
    const auto root = uint64_t(std::sqrt(double(basisSize))) / 2;
    // Multiples of 64 bytes keep block reads aligned to cache lines.
    const uint64_t rounded = (root + 63) / 64 * 64;
    return uint32_t(std::clamp<uint64_t>(rounded, kMinBlockLength, kMaxBlockLength));
}

uint64_t strongHash(const uint8_t* data, size_t length, uint64_t seed) { return XXH3_64bits_withSeed(data, length, seed); }

BlockSignature signBlock(const uint8_t* data, size_t length, uint64_t seed)
{
    return {RollingSum::of(data, length).key(), strongHash(data, length, seed)};
}

void signBlocks(const uint8_t* data, size_t length, uint32_t blockLength, uint64_t seed, std::vector<BlockSignature>& out)
{
    for (size_t at = 0; at + blockLength <= length; at += blockLength) out.push_back(signBlock(data + at, blockLength, seed));
}

} // namespace fg::delta
