#pragma once
#include "internal.h"
// `floodgate status`: what a running daemon says of itself, as text for a
// person and as JSON for scripts (the admin socket's `status` and
// `status json`).

#include "daemon/job_board.h"

#include <floodgate/identity.h>
#include <floodgate/server.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fg {

struct DaemonStatus {
    std::string version;
    int64_t nowUnix = 0;
    int64_t startedUnix = 0;
    std::string listen;      // "0.0.0.0:7878"
    std::string fingerprint; // the daemon's identity
    std::string stateDir;
    bool pairingOpen = false; // a pairing code is ready
    int maxSessions = 0;
    uint64_t clientBwlimit = 0;
    struct Module {
        ModuleConfig config;
        std::optional<uint64_t> freeBytes; // unset: the path cannot be read now
        uint64_t floorBytes = 0;           // min-free, in bytes (0: none)
        std::string problem;               // "not a directory now", "cannot be written here (...)"
    };
    std::vector<Module> modules;
    struct Client {
        PairedClient paired;
        int64_t lastContactUnix = 0; // 0: not since it paired, as far as this daemon knows
    };
    std::vector<Client> clients;
    std::string clientsProblem; // the list could not be read
    std::vector<JobRecord> running;
    std::vector<JobRecord> ended; // the newest first
    std::map<std::string, ModuleTotals> totals; // since the daemon started, by module
};

std::string statusText(const DaemonStatus& status);
std::string statusJson(const DaemonStatus& status);

} // namespace fg
