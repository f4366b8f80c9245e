#pragma once

#include <string>
#include <vector>

namespace fg::cli {

int runSync(const std::vector<std::string>& args);
// Who ran a sync, for its record in the history.
struct RunOrigin {
    std::string job;             // the saved job's name; empty for a sync typed out
    std::string origin = "cli";  // "cli", or "schedule" for a timer's run
};
int runSyncAs(const std::vector<std::string>& args, const RunOrigin& origin);
int runHistory(const std::vector<std::string>& args);
int runServe(const std::vector<std::string>& args);
int runPair(const std::vector<std::string>& args);
int runClients(const std::vector<std::string>& args);
int runStatus(const std::vector<std::string>& args);
int runProbe(const std::vector<std::string>& args);
int runLab(const std::vector<std::string>& args);
int runJob(const std::vector<std::string>& args);

// Exit code for a command line that cannot be used (rsync's 1).
inline constexpr int kUsageError = 1;

} // namespace fg::cli
