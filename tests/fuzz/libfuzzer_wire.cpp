#include "fuzz_targets.h"

// A valid probe conversation and tree summaries go into the kept corpus
// first: their messages came after the corpus grew, and mutations of real
// ones reach their decoders' depths.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fgfuzz::writeSeedForCampaign("regress-seed-probe", fgfuzz::probeSeedSession());
    fgfuzz::writeSeedForCampaign("regress-seed-summaries", fgfuzz::summarySeedSession());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fgfuzz::fuzzWire(data, size); }
