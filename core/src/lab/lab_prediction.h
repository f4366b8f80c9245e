#pragma once
#include "internal.h"
// What the probe says a setting should reach, to show beside what it did:
// the slowest of the layers the probe measured that the setting goes
// through (the network with as many connections, the cipher on both ends
// with a core a connection, the checksum, the target's disk). A user sees
// where the model is off. Pure: no I/O.

#include <floodgate/lab.h>
#include <floodgate/probe.h>

#include <string>

namespace fg {

struct LabPrediction {
    double bytesPerSec = 0; // 0: no prediction (what the setting does is not modelled)
    std::string basis;      // the layers it stands on, with their rates; or why there is none
};

LabPrediction predictLabRate(const ProbeReport& probe, const SyncOptions& options);

} // namespace fg
