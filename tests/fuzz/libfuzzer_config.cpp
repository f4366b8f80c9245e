#include "fuzz_targets.h"

#include <vector>

// A valid file using every key goes into the kept corpus first.
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    const std::string seed = fgfuzz::configSeed();
    fgfuzz::writeSeedForCampaign("regress-seed-config", std::vector<uint8_t>(seed.begin(), seed.end()));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fgfuzz::fuzzConfig(data, size); }
