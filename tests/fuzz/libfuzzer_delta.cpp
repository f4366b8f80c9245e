#include "fuzz_targets.h"

// The valid delta session the replay test starts from goes into the kept
// corpus first: mutations of a delta that goes through reach the rebuild
// itself, which a corpus grown from nothing did not (docs/RELIABILITY.md).
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fgfuzz::writeSeedForCampaign("regress-seed-valid-delta", fgfuzz::deltaSeedSession());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fgfuzz::fuzzDeltaReceiver(data, size); }
