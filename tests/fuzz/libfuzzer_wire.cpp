#include "fuzz_targets.h"

// A valid probe conversation goes into the kept corpus first: the probe
// messages came after the corpus grew, and mutations of real ones reach
// their decoders' depths.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fgfuzz::writeSeedForCampaign("regress-seed-probe", fgfuzz::probeSeedSession());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fgfuzz::fuzzWire(data, size); }
