// `floodgate clients list|revoke`: the clients a daemon on this machine
// accepts, without editing authorized_clients by hand. A revoked client is
// refused from its next connection on (the daemon re-reads the file).

#include "args.h"
#include "commands.h"

#include <floodgate/identity.h>

#include <cstdio>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kClientsHelp =
    "usage: floodgate clients list [--state-dir DIR]\n"
    "       floodgate clients revoke FINGERPRINT [--state-dir DIR]\n"
    "\n"
    "The clients paired with the daemon whose state is in DIR (default: $FLOODGATE_HOME or\n"
    "~/.config/floodgate; a packaged service's is /var/lib/floodgate). FINGERPRINT is the\n"
    "one `list` shows, whole or its start (\"SHA256:\" may be left off), and must match one\n"
    "client. A running daemon refuses a revoked client from its next connection on.\n";

int usage(const std::string& message)
{
    std::fprintf(stderr, "floodgate clients: %s\n(see `floodgate clients --help`)\n", message.c_str());
    return kUsageError;
}

} // namespace

int runClients(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = {{"state-dir", 0, true}, {"help", 'h', false}};
    ParsedArgs parsed = parseArgs(args, options);
    if (!parsed.error.empty()) return usage(parsed.error);
    std::string stateDir;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kClientsHelp, stdout);
            return 0;
        }
        if (name == "state-dir") stateDir = value;
    }
    if (parsed.positional.empty()) return usage("say list or revoke");
    const std::string& action = parsed.positional.front();
    if (action == "list") {
        if (parsed.positional.size() != 1) return usage("list takes no arguments");
        auto clients = listPairedClients(stateDir);
        if (!clients.ok()) {
            std::fprintf(stderr, "floodgate clients: %s\n", clients.error().message.c_str());
            return 3;
        }
        if (clients->empty()) std::printf("no paired clients\n");
        for (const auto& c : *clients)
            std::printf("%s%s%s\n", c.fingerprint.c_str(), c.note.empty() ? "" : "  ", c.note.c_str());
        return 0;
    }
    if (action == "revoke") {
        if (parsed.positional.size() != 2) return usage("revoke takes one FINGERPRINT");
        auto revoked = revokePairedClient(stateDir, parsed.positional[1]);
        if (!revoked.ok()) {
            std::fprintf(stderr, "floodgate clients: %s\n", revoked.error().message.c_str());
            return revoked.error().code == Errc::InvalidArgument ? kUsageError : 3;
        }
        std::printf("revoked %s%s%s\n", revoked->fingerprint.c_str(), revoked->note.empty() ? "" : "  ",
                    revoked->note.c_str());
        return 0;
    }
    return usage("unknown action '" + action + "'; say list or revoke");
}

} // namespace fg::cli
