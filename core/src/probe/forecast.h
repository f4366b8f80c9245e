#pragma once
#include "internal.h"
// From a probe's figures, the layer that will limit a transfer to that
// target and the settings to change. A pure function, tested on recorded
// figures: each layer a transfer passes through has a rate it can carry
// (the network with one connection and with several, each end's cipher, the
// receiving end's checksum, the source's disk reading and the destination's
// disk writing); the slowest is the forecast, and where the network is the
// slowest its own verdict (receive window, loss, ...) says why.

#include "diagnosis/bottleneck.h"
#include "probe/machine_speeds.h"

#include <optional>
#include <string>
#include <vector>

namespace fg::probe {

struct NetworkTest {
    unsigned streams = 0;          // 0: through ssh's pipe
    double bytesPerSec = 0;        // best second (steady state)
    diagnosis::Verdict verdict;    // the classifier on the test's second half
};

struct ForecastInput {
    bool pull = false;             // the far end sends
    bool ssh = false;
    std::string cipher;            // what the data connections use: "aes128-gcm", "chacha20-poly1305", "none"
    std::string congestion;        // of the data connections
    std::vector<NetworkTest> network; // one connection first, then several (if measured)
    const MachineSpeeds* local = nullptr;
    const MachineSpeeds* remote = nullptr;
};

// One option worth using, and why, in a sentence with numbers.
struct Advice {
    std::string setting; // a job setting: "--streams 4"
    std::string why;
};

struct Forecast {
    diagnosis::Verdict verdict;    // share: the limit's rate over the network's best
    double bytesPerSec = 0;        // what a transfer can expect, at best
    std::vector<Advice> advice;    // in order of what they gain
};

Forecast forecast(const ForecastInput& in);

// The speed named `name` in `speeds` (0 if absent).
double speedOf(const std::vector<Speed>& speeds, const std::string& name);

} // namespace fg::probe
