#pragma once
// `floodgate probe TARGET`: what a transfer to that target will run into,
// measured in about 15 s: the round trip, what the network carries with one
// connection and with several (and why one carries less), both ends'
// socket limits and congestion controls, each end's cipher, compressor and
// checksum speeds, both ends' disk speeds (a scratch file in the module and
// in a local directory, removed after), and from all of it the layer that
// will limit a transfer and the settings to change (docs/DIAGNOSIS.md).

#include <floodgate/error.h>
#include <floodgate/metrics.h>
#include <floodgate/options.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace fg {

struct ProbeOptions {
    // floodgate://HOST[:PORT]/MODULE[/PATH] or [user@]host:path.
    std::string target;
    // Measure the far end sending (what a pull from it does); else this end
    // sends (a push). A push probe needs a module it may write.
    bool pull = false;
    // The multi-connection test's data connections (a daemon; 1 skips it).
    unsigned streams = 8;
    double networkSeconds = 3;   // each network test
    bool disk = true;            // the disk tests (both ends)
    uint64_t diskBytes = 256ull << 20;
    double diskSeconds = 2;
    std::string localDir = ".";  // where this end's scratch file goes
    // How the target is reached, as a sync would: --cipher, --congestion,
    // --rsh, --remote-floodgate, --state-dir, --contimeout, --timeout.
    SyncOptions connection;
};

struct ProbeSpeed {
    std::string name;        // "aes128-gcm", "zstd:1", "xxh128"
    double bytesPerSec = 0;  // a core, of input
    double ratio = 0;        // compressors: raw / compressed on log-like text
};

struct ProbeEnd {
    unsigned cores = 0;
    bool aesAcceleration = false;
    uint64_t tcpRmemMax = 0, tcpWmemMax = 0, rmemMax = 0, wmemMax = 0; // 0: unknown
    std::string congestion;            // the system default
    std::string availableCongestion;
    std::vector<ProbeSpeed> ciphers, compressors, hashes;
    std::optional<double> diskWriteBytesPerSec; // flushed
    std::optional<double> diskReadBytesPerSec;  // with the file's cache dropped
    uint64_t diskBytes = 0;
    std::optional<uint64_t> diskFreeBytes; // what may still be written where the disk was measured
    std::string diskWhere;
    std::string diskNote;              // why a disk figure is missing, or how it was taken
};

struct ProbeThroughput {
    unsigned streams = 0;              // 0: through ssh's pipe
    double bytesPerSec = 0;            // the receiving end's count over the whole test
    double steadyBytesPerSec = 0;      // the best second (slow start behind it)
    uint32_t rttUs = 0, minRttUs = 0;  // 0: not known (ssh)
    double resentShare = 0;            // of what was sent
    double receiveWindowShare = 0;     // of the connections' sending time
    double sendBufferShare = 0;
    std::string congestion;
    Bottleneck limit;                  // what held this test back (its second half)
};

struct ProbeAdvice {
    std::string setting; // "--streams 4": fg::applyOptionSetting takes it
    std::string why;
};

struct ProbeReport {
    std::string target;
    bool pull = false;
    std::string farSoftware;  // "floodgate 0.1.0"
    std::string transport;    // "TLS_AES_128_GCM_SHA256", "ssh"
    std::string cipher;       // of the data: "aes128-gcm", "none", "ssh"
    uint32_t roundTripUs = 0; // one request and its answer
    uint32_t minRttUs = 0;    // TCP's least (0 over ssh)
    uint64_t bdpBytes = 0;    // best rate x minimum RTT
    std::vector<ProbeThroughput> network; // one connection, then several
    ProbeEnd local, remote;
    Bottleneck forecast;      // the layer that will limit a transfer (share: its rate / the network's)
    double forecastBytesPerSec = 0;
    std::vector<ProbeAdvice> advice;
    double seconds = 0;       // the probe's own time
};

// Progress lines ("measuring 4 connections...") go to `progress`.
Result<ProbeReport> runProbe(const ProbeOptions& options, const std::function<void(const std::string&)>& progress = {});

} // namespace fg
