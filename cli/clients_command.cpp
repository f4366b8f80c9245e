// `floodgate clients list|revoke|rename`: the clients a daemon on this
// machine accepts, without editing authorized_clients by hand. A revoked
// client is refused from its next connection on, a renamed one is known by
// its new name (floodgate.conf's read = and write =) from its next request
// (the daemon re-reads the file).

#include "args.h"
#include "commands.h"

#include <floodgate/identity.h>
#include <floodgate/serve_config.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kClientsHelp =
    "usage: floodgate clients list [--state-dir DIR | --config FILE]\n"
    "       floodgate clients revoke CLIENT [--state-dir DIR | --config FILE]\n"
    "       floodgate clients rename CLIENT NEW-NAME [--state-dir DIR | --config FILE]\n"
    "\n"
    "The clients paired with the daemon whose state is in DIR (default: $FLOODGATE_HOME or\n"
    "~/.config/floodgate), or the one FILE names (a packaged service: --config\n"
    "/etc/floodgate/floodgate.conf, which says /var/lib/floodgate). CLIENT is a name or a\n"
    "fingerprint `list` shows, the fingerprint whole or its start (\"SHA256:\" may be left\n"
    "off), and must match one client. A client is named after its host when it pairs; the\n"
    "names are what floodgate.conf's `read =` and `write =` lists use. A running daemon\n"
    "refuses a revoked client from its next connection on.\n";

int usage(const std::string& message)
{
    std::fprintf(stderr, "floodgate clients: %s\n(see `floodgate clients --help`)\n", message.c_str());
    return kUsageError;
}

} // namespace

int runClients(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = {{"state-dir", 0, true}, {"config", 0, true}, {"help", 'h', false}};
    ParsedArgs parsed = parseArgs(args, options);
    if (!parsed.error.empty()) return usage(parsed.error);
    std::string stateDir;
    std::string configPath;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kClientsHelp, stdout);
            return 0;
        }
        if (name == "state-dir") stateDir = value;
        if (name == "config") configPath = value;
    }
    // The state directory a config file names (`--config /etc/floodgate/floodgate.conf`).
    if (stateDir.empty() && !configPath.empty()) {
        ServerConfig fromFile;
        if (Status st = applyServeConfigFile(configPath, fromFile); !st) {
            std::fprintf(stderr, "floodgate clients: %s\n", st.error().message.c_str());
            return st.error().code == Errc::InvalidArgument ? kUsageError : 3;
        }
        stateDir = fromFile.stateDir;
    }
    if (parsed.positional.empty()) return usage("say list, revoke or rename");
    const std::string& action = parsed.positional.front();
    if (action == "list") {
        if (parsed.positional.size() != 1) return usage("list takes no arguments");
        auto clients = listPairedClients(stateDir);
        if (!clients.ok()) {
            std::fprintf(stderr, "floodgate clients: %s\n", clients.error().message.c_str());
            return 3;
        }
        if (clients->empty()) std::printf("no paired clients\n");
        size_t width = 0;
        for (const auto& c : *clients) width = std::max(width, c.name.size());
        for (const auto& c : *clients)
            std::printf("%s  %-*s%s%s\n", c.fingerprint.c_str(), int(std::max<size_t>(width, 9)),
                        c.name.empty() ? "(no name)" : c.name.c_str(), c.note.empty() ? "" : "  ", c.note.c_str());
        return 0;
    }
    if (action == "revoke") {
        if (parsed.positional.size() != 2) return usage("revoke takes one CLIENT (a name or fingerprint)");
        auto revoked = revokePairedClient(stateDir, parsed.positional[1]);
        if (!revoked.ok()) {
            std::fprintf(stderr, "floodgate clients: %s\n", revoked.error().message.c_str());
            return revoked.error().code == Errc::InvalidArgument ? kUsageError : 3;
        }
        std::printf("revoked %s%s%s\n", revoked->fingerprint.c_str(), revoked->note.empty() ? "" : "  ",
                    revoked->note.c_str());
        return 0;
    }
    if (action == "rename") {
        if (parsed.positional.size() != 3) return usage("rename takes CLIENT (a name or fingerprint) and NEW-NAME");
        auto renamed = renamePairedClient(stateDir, parsed.positional[1], parsed.positional[2]);
        if (!renamed.ok()) {
            std::fprintf(stderr, "floodgate clients: %s\n", renamed.error().message.c_str());
            return renamed.error().code == Errc::InvalidArgument ? kUsageError : 3;
        }
        std::printf("%s is now called %s\n", renamed->fingerprint.c_str(), renamed->name.c_str());
        return 0;
    }
    return usage("unknown action '" + action + "'; say list, revoke or rename");
}

} // namespace fg::cli
