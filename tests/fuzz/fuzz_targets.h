#pragma once
// Entry points shared by the libFuzzer binaries and the replay test.

#include <cstddef>
#include <cstdint>

namespace fgfuzz {

// Decodes a byte stream into frames and every frame into its message.
int fuzzWire(const uint8_t* data, size_t size);

// Feeds the frames in data to a real Receiver (over the in-process link) that
// writes into a scratch directory; checks that nothing escapes it.
int fuzzReceiver(const uint8_t* data, size_t size);

// The first byte picks an algorithm (and a level), the rest is a frame to
// decompress under the 256 KiB frame limit: refused or within the limit,
// never more. The same bytes are also compressed and must come back intact.
int fuzzDecompress(const uint8_t* data, size_t size);

} // namespace fgfuzz
