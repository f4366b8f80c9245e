#pragma once
#include "internal.h"
// The lab's workload made on this machine: generated files, or a bounded
// sample of the user's own tree copied as it is (sizes and contents, so
// its compressibility too), in a scratch folder the lab removes at the end.

#include <floodgate/lab.h>

#include <cstdint>
#include <string>

namespace fg {

// A size as --workload takes it back: "256M", "1G", "1536K", "1000".
std::string labSizeText(uint64_t bytes);

struct MadeWorkload {
    std::string dir;    // the scratch folder; removeTree() it when done
    uint64_t files = 0;
    uint64_t bytes = 0;
};

// In a new folder ".fg-lab-work-XXXXXX" under `parent` (empty: the system's
// temporary folder). A sample picks whole files at random (from `seed`)
// until the size is reached, files larger than what is left skipped; only
// when none fits is one cut to fit. It refuses a path with no regular file.
// Nothing is left behind on failure.
Result<MadeWorkload> makeLabWorkload(const LabWorkload& workload, const std::string& parent, uint64_t seed);

} // namespace fg
