// `floodgate status`: what the daemon on this machine serves and runs, asked
// through its admin socket (only its user and root may): uptime, modules with
// their free space, paired clients with their last job, running jobs with
// their progress, rate and bottleneck, and the last 50 jobs with their results.

#include "args.h"
#include "commands.h"

#include <floodgate/identity.h>
#include <floodgate/serve_config.h>
#include <floodgate/server.h>

#include <cstdio>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kStatusHelp =
    "usage: floodgate status [--json] [--state-dir DIR | --config FILE]\n"
    "\n"
    "What the daemon running with the state directory DIR (or the one FILE names) serves\n"
    "and runs: its modules and their free space, its paired clients and their last job,\n"
    "its running jobs (client, module, progress, rate, and the layer that limits each) and\n"
    "its last 50 jobs with their results. Without either option: the daemon of this user's\n"
    "state directory, else the packaged service's (/etc/floodgate/floodgate.conf).\n"
    "Only the daemon's user and root may ask.\n"
    "\n"
    "  --json    one JSON object instead of text\n";

int usage(const std::string& message)
{
    std::fprintf(stderr, "floodgate status: %s\n(see `floodgate status --help`)\n", message.c_str());
    return kUsageError;
}

} // namespace

int runStatus(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = {
        {"state-dir", 0, true}, {"config", 0, true}, {"json", 0, false}, {"help", 'h', false}};
    ParsedArgs parsed = parseArgs(args, options);
    if (!parsed.error.empty()) return usage(parsed.error);
    if (!parsed.positional.empty()) return usage("unexpected argument '" + parsed.positional.front() + "'");
    std::string stateDir;
    std::string configPath;
    bool json = false;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kStatusHelp, stdout);
            return 0;
        }
        if (name == "state-dir") stateDir = value;
        if (name == "config") configPath = value;
        if (name == "json") json = true;
    }
    // Where to ask: what the options say, else this user's daemon, else the service's.
    std::vector<std::string> candidates;
    if (!stateDir.empty()) candidates.push_back(stateDir);
    else if (!configPath.empty()) {
        ServerConfig fromFile;
        if (Status st = applyServeConfigFile(configPath, fromFile); !st) {
            std::fprintf(stderr, "floodgate status: %s\n", st.error().message.c_str());
            return st.error().code == Errc::InvalidArgument ? kUsageError : 3;
        }
        candidates.push_back(fromFile.stateDir.empty() ? defaultStateDir() : fromFile.stateDir);
    } else {
        candidates.push_back(defaultStateDir());
        ServerConfig service;
        if (applyServeConfigFile(kDefaultServeConfigPath, service).ok() && !service.stateDir.empty())
            candidates.push_back(service.stateDir);
    }
    Error last;
    for (const auto& dir : candidates) {
        auto answer = askServer(dir, json ? "status json" : "status");
        if (answer.ok()) {
            std::printf("%s\n", answer->c_str());
            return 0;
        }
        last = answer.error();
        if (last.code != Errc::NotFound) break; // a daemon is there, and refused: say so
    }
    std::fprintf(stderr, "floodgate status: %s\n", last.message.c_str());
    return last.code == Errc::NotFound || last.code == Errc::PermissionDenied ? 3 : 1;
}

} // namespace fg::cli
