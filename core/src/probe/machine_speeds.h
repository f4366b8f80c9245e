#pragma once
#include "internal.h"
// What one end of a probe measures of its own machine: how fast its CPU
// runs each cipher, compressor and hash the transfers may use, and how fast
// its disk writes and reads a scratch file where the data would go. Each
// end measures itself (the far end's figures travel in ProbeMachineMsg), one
// end after the other so that two ends on one machine do not share cores.

#include "platform/fs.h"
#include "platform/socket.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fg::probe {

struct Speed {
    std::string name;        // "aes128-gcm", "zstd:1", "xxh128"
    double bytesPerSec = 0;  // of input (plaintext, raw data); 0: not measured
    double ratio = 0;        // compressors: raw / compressed on the test data (0: not a compressor)
};

struct DiskSpeed {
    // Set when measured: a scratch file of `bytes` written (and flushed) and
    // read back after its cached pages were dropped.
    std::optional<double> writeBytesPerSec;
    std::optional<double> readBytesPerSec;
    uint64_t bytes = 0;
    std::optional<uint64_t> freeBytes; // what may still be written there
    std::string where; // the directory the scratch file was in
    std::string note;  // why a figure is missing, or what it means
};

struct MachineSpeeds {
    unsigned cores = 0;
    bool aesAcceleration = false;
    platform::NetLimits netLimits;
    std::vector<Speed> ciphers;
    std::vector<Speed> compressors;
    std::vector<Speed> hashes;
    DiskSpeed disk;
};

struct MachineBudget {
    double perTestSeconds = 0.15;       // each cipher, compressor and hash
    uint64_t diskBytes = 256ull << 20;  // the scratch file's largest size
    double diskSeconds = 2.0;           // writing stops here if the size is not reached
};

// The CPU's figures, and the disk's in `dir` (a ".fg-probe-..." file,
// removed before this returns); without a dir, `noDisk` says why in the note.
MachineSpeeds measureMachine(const platform::DirHandle* dir, const std::string& noDisk, const MachineBudget& budget);

// The disk part alone.
DiskSpeed measureDisk(const platform::DirHandle& dir, const MachineBudget& budget);

} // namespace fg::probe
