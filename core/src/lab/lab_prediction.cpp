#include "lab/lab_prediction.h"

#include <floodgate/units.h>

#include <algorithm>
#include <limits>

namespace fg {
namespace {

double speedNamed(const std::vector<ProbeSpeed>& speeds, const std::string& name)
{
    for (const auto& s : speeds)
        if (s.name == name) return s.bytesPerSec;
    return 0;
}

} // namespace

LabPrediction predictLabRate(const ProbeReport& probe, const SyncOptions& options)
{
    LabPrediction out;
    if (options.transfer.compress.mode != CompressMode::None) {
        out.basis = "compression is not modelled: what it saves depends on the data";
        return out;
    }
    if (probe.network.empty()) {
        out.basis = "the probe did not measure the network";
        return out;
    }
    double rate = std::numeric_limits<double>::max();
    auto part = [&](double partRate, const std::string& what) {
        if (partRate <= 0) return;
        rate = std::min(rate, partRate);
        out.basis += (out.basis.empty() ? "" : " \u00b7 ") + what + " " + formatRate(partRate);
    };

    // The network: the test that matches the connections (auto: the best).
    const ProbeThroughput* net = &probe.network.front();
    const bool ssh = probe.network.front().streams == 0;
    unsigned streams = ssh ? 1 : options.streams;
    for (const auto& t : probe.network) {
        if (streams == 0 ? t.steadyBytesPerSec > net->steadyBytesPerSec : t.streams <= streams && t.streams > net->streams)
            net = &t;
    }
    if (streams == 0) streams = std::max(1u, net->streams);
    part(net->steadyBytesPerSec, ssh ? "ssh's pipe" : "network (" + std::to_string(net->streams) + " conn.)");

    // The cipher on the slower end, a core for each connection.
    const unsigned cores = std::max(1u, std::min(probe.local.cores ? probe.local.cores : 1u,
                                                 probe.remote.cores ? probe.remote.cores : 1u));
    const unsigned parallel = std::min(streams, cores);
    std::string cipher = options.cipher == CipherChoice::Auto ? probe.cipher : cipherChoiceName(options.cipher);
    if (!ssh && cipher != "none" && !cipher.empty()) {
        const double perCore = std::min(speedNamed(probe.local.ciphers, cipher), speedNamed(probe.remote.ciphers, cipher));
        part(perCore * parallel, cipher + (parallel > 1 ? " (" + std::to_string(parallel) + " cores)" : ""));
    }
    // The checksum both ends compute.
    const std::string hash = checksumChoiceName(options.transfer.checksumChoice);
    part(std::min(speedNamed(probe.local.hashes, hash), speedNamed(probe.remote.hashes, hash)) * parallel, hash);
    // The target's disk (flushed writes), which a job waits for unless --fsync none.
    if (probe.remote.diskWriteBytesPerSec && options.transfer.fsync != FsyncMode::None)
        part(*probe.remote.diskWriteBytesPerSec, "target disk");

    if (rate != std::numeric_limits<double>::max()) out.bytesPerSec = rate;
    return out;
}

} // namespace fg
