#pragma once
// Entry points shared by the libFuzzer binaries and the replay test.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fgfuzz {

// Decodes a byte stream into frames and every frame into its message.
int fuzzWire(const uint8_t* data, size_t size);

// Feeds the frames in data to a real Receiver (over the in-process link) that
// writes into a scratch directory; checks that nothing escapes it.
int fuzzReceiver(const uint8_t* data, size_t size);

// As fuzzReceiver, for deltas: the destination holds an old copy of the one
// listed file, the receiver signs it, and then the frames in data (Delta
// frames of either pass, ChunkEnd, FileEnd...) are played against it.
int fuzzDeltaReceiver(const uint8_t* data, size_t size);
// A valid input for fuzzDeltaReceiver (a two-pass delta of that file): the
// seed mutations start from.
std::vector<uint8_t> deltaSeedSession();
// What the destination's file holds after the last fuzzDeltaReceiver run.
std::string deltaTargetAfterLastRun();

// The first byte picks an algorithm (and a level), the rest is a frame to
// decompress under the 256 KiB frame limit: refused or within the limit,
// never more. The same bytes are also compressed and must come back intact.
int fuzzDecompress(const uint8_t* data, size_t size);

} // namespace fgfuzz
