#pragma once
// Entry points shared by the libFuzzer binaries and the replay test.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fgfuzz {

// Decodes a byte stream into frames and every frame into its message.
int fuzzWire(const uint8_t* data, size_t size);
// What the last fuzzWire on this thread saw: frames, and how many of them
// their own type's decoder took or refused.
struct WireStats {
    size_t frames = 0;
    size_t decoded = 0;
    size_t refused = 0;
};
WireStats lastWireStats();

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
// A valid probe conversation (every probe message, each field set): the
// seed fuzzWire's mutations of the probe decoders start from.
std::vector<uint8_t> probeSeedSession();
// Tree summaries both ways (protocol 17): the seed for their decoders.
std::vector<uint8_t> summarySeedSession();
// What the destination's file holds after the last fuzzDeltaReceiver run.
std::string deltaTargetAfterLastRun();
// What fuzzReceiver's destination holds after its last run: each entry's
// relative path and its contents ("-> TARGET" for a symlink, "/" for a
// directory).
std::map<std::string, std::string> receiverTreeAfterLastRun();

// With FG_FUZZ_SEED_DIR set (campaign.sh sets it to the kept corpus), writes
// `seed` there as `name`: a libFuzzer binary's valid starting input, kept by
// name through the corpus's minimising.
void writeSeedForCampaign(const std::string& name, const std::vector<uint8_t>& seed);

// The first byte picks an algorithm (and a level), the rest is a frame to
// decompress under the 256 KiB frame limit: refused or within the limit,
// never more. The same bytes are also compressed and must come back intact.
int fuzzDecompress(const uint8_t* data, size_t size);

// floodgate.conf's reader over any bytes: refused with a message naming a
// line, or taken whole (every module named, with an absolute path, each
// name once, every client list without an empty entry).
int fuzzConfig(const uint8_t* data, size_t size);
// A valid floodgate.conf using every key: the seed the mutations start from.
std::string configSeed();

} // namespace fgfuzz
