#pragma once
#include "internal.h"
// Whole file or delta, per file: the receiver decides while it plans, because
// it is the end that knows whether an old copy is there and how fast it reads.

#include "proto/messages.h"

#include <floodgate/job.h>
#include <floodgate/options.h>

#include <cstdint>
#include <optional>

namespace fg {

// Below this, a delta saves too little to pay for its extra steps: reading
// the old copy, a signature on the wire and a later start. rsync's default
// block is 700 bytes; at 64 KiB a file fits in one of our frames anyway.
inline constexpr uint64_t kDeltaMinFileSize = 64 * 1024;

struct MethodInputs {
    WholeFileMode mode = WholeFileMode::Auto;
    bool localCopy = false;
    uint64_t newSize = 0;
    std::optional<uint64_t> oldSize; // a regular file is there to take differences from
    bool partial = false;            // an interrupted run left part of the new version
    bool append = false;             // --append-verify: the old copy is the start of the new one
    bool inPlace = false;            // --inplace: written over the old copy
    // Measured so far in this job (0 = not yet): how fast data arrives, and
    // how fast this end reads and signs old copies.
    double linkBytesPerSec = 0;
    double basisReadBytesPerSec = 0;
};

proto::WireMethod chooseMethod(const MethodInputs& in);
// Either kind of delta: a signature follows.
inline bool isDelta(proto::WireMethod m) { return m == proto::WireMethod::Delta || m == proto::WireMethod::DeltaResume; }

// The method and its reason as a front end shows them.
void describeMethod(proto::WireMethod method, PlanItem& item);

} // namespace fg
