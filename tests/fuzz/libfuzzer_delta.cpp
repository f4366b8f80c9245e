#include "fuzz_targets.h"

#include <cstdio>
#include <cstdlib>
#include <string>

// With FG_FUZZ_SEED_DIR set (campaign.sh sets it to the kept corpus), the
// valid delta session the replay test starts from is written there first:
// mutations of a delta that goes through reach the rebuild itself, which a
// corpus grown from nothing did not (docs/RELIABILITY.md).
extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    const char* dir = std::getenv("FG_FUZZ_SEED_DIR");
    if (!dir || !*dir) return 0;
    const auto seed = fgfuzz::deltaSeedSession();
    const std::string path = std::string(dir) + "/regress-seed-valid-delta";
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(seed.data(), 1, seed.size(), f);
        std::fclose(f);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { return fgfuzz::fuzzDeltaReceiver(data, size); }
