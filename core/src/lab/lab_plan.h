#pragma once
#include "internal.h"
// The experiment's matrix: the job setting each factor's level becomes, a
// setting's options, and the randomised, interleaved order of the trials.
// Pure: no I/O.

#include <floodgate/lab.h>

#include <cstdint>
#include <string>
#include <vector>

namespace fg {

// The base options with a setting's levels applied (and checked).
Result<SyncOptions> labSettingOptions(const SyncOptions& base, const LabSetting& setting);

// One timed trial's place in the experiment.
struct LabSlot {
    size_t setting = 0;
    unsigned run = 0; // 1..runs
    bool operator==(const LabSlot&) const = default;
};

// Every setting once per round, `runs` rounds, each round in its own random
// order (from `seed`: the same seed, the same order), never one setting
// twice in a row: drift of the machine or the link over the experiment then
// spreads over all settings instead of favouring those run first.
std::vector<LabSlot> labTrialOrder(size_t settings, unsigned runs, uint64_t seed);

} // namespace fg
