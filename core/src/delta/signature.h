#pragma once
#include "internal.h"
// What the receiver knows of its old copy (the basis): for each block, the
// rolling weak sum and a seeded XXH3-64 strong hash. The sender finds these
// blocks in the new version at any offset and sends only what is not there.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fg::delta {

struct BlockSignature {
    uint32_t weak = 0;  // RollingSum::key()
    uint64_t strong = 0;
    bool operator==(const BlockSignature&) const = default;
};

struct Signature {
    uint64_t basisSize = 0;
    uint32_t blockLength = 0;
    // Per job, so two different blocks that collide under one seed do not
    // collide in every run (and crafted collisions need the seed).
    uint64_t seed = 0;
    // Whole blocks only: a short tail of the basis is never a copy source.
    std::vector<BlockSignature> blocks;
};

// Half the square root of the size. rsync's √size balances the signature
// against the literals of only a few changes; files that change in many
// places are common (databases, images, mailboxes). Measured on the
// benchmark's 1 GiB file with 220 edits: 32 KiB blocks (√size) send 15.4 MB
// of instructions for a 0.4 MB signature, 16 KiB (√size/2) 11.9 MB for 0.8 MB,
// 8 KiB 10.1 MB for 1.6 MB. The signature crosses before any matching can
// start, on one connection still in slow start, so on a 141 ms link its
// bytes cost more time than literals do (5.0 s at √size/2, 5.5 s at √size/4).
// Not capped at rsync's 128 KiB: a 1 TiB image gets 512 KiB blocks and a
// 25 MB signature instead of 100 MB.
inline constexpr uint32_t kMinBlockLength = 1024;
inline constexpr uint32_t kMaxBlockLength = 4u << 20;
uint32_t blockLengthFor(uint64_t basisSize);

// Signs consecutive whole blocks: `length` is a multiple of blockLength;
// signatures are appended to `out`.
void signBlocks(const uint8_t* data, size_t length, uint32_t blockLength, uint64_t seed,
                std::vector<BlockSignature>& out);
BlockSignature signBlock(const uint8_t* data, size_t length, uint64_t seed);
uint64_t strongHash(const uint8_t* data, size_t length, uint64_t seed);

// The number of whole blocks of a basis.
inline uint64_t wholeBlocks(uint64_t basisSize, uint32_t blockLength)
{
    return blockLength ? basisSize / blockLength : 0;
}

} // namespace fg::delta
