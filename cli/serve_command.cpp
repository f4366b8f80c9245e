// `floodgate serve`: the daemon (TLS, modules, pairing) or, with --stdio, one
// session over stdin/stdout for a client that came in through ssh.

#include "args.h"
#include "commands.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/server.h>
#include <floodgate/signals.h>
#include <floodgate/system.h>

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kServeHelp =
    "usage: floodgate serve [options]\n"
    "\n"
    "  --listen ADDR:PORT     where to listen (default 0.0.0.0:7878; [::]:7878 for IPv6)\n"
    "  --module NAME=PATH     serve PATH as floodgate://HOST:PORT/NAME (repeatable)\n"
    "  --read-only NAME       NAME may be read from but not written to (repeatable)\n"
    "  --allow-plaintext NAME clients may send NAME's file data unencrypted (sync --cipher none):\n"
    "                         only on a trusted LAN where the CPU limits the rate (repeatable)\n"
    "  --keep-owners NAME     clients may set owners and groups in NAME (sync -o, -g, -a, --chown);\n"
    "                         the daemon must run as root (repeatable)\n"
    "  --pair-code CODE       the one-time code clients pair with (default: a fresh one, printed)\n"
    "  --state-dir DIR        keys and paired clients (default: $FLOODGATE_HOME or ~/.config/floodgate)\n"
    "  --max-sessions N       jobs at once (default 64); a client past them is told the daemon is\n"
    "                         busy and to try again (its exit code 15)\n"
    "  --auth-timeout SEC     a connection must prove who it is (TLS, then a paired key or a\n"
    "                         pairing code) within SEC seconds, or it is dropped (default 10)\n"
    "  --max-pending N        connections that have not proven it yet, in all (default 128), and\n"
    "  --max-pending-per-host N  from one address (default 48); past either, the oldest is dropped\n"
    "                         to make room, so a flood of them never keeps a paired client out\n"
    "  --stdio                serve one session on stdin/stdout (what ssh runs; no modules)\n"
    "\n"
    "For a daemon already running with this state directory (through its admin socket,\n"
    "which only the daemon's user can open):\n"
    "  --show-code            print its current pairing code\n"
    "  --new-code             make it issue a fresh one-time code (also after wrong codes turned\n"
    "                         pairing off) and print it\n"
    "  --reload               re-check its modules and paired clients, as SIGHUP does\n"
    "\n"
    "Paired clients: `floodgate clients list`, `floodgate clients revoke FINGERPRINT`.\n";

const std::vector<OptionSpec> kServeOptions = {
    {"listen", 0, true},      {"module", 0, true},       {"read-only", 0, true}, {"pair-code", 0, true},
    {"state-dir", 0, true},   {"max-sessions", 0, true}, {"stdio", 0, false},    {"help", 'h', false},
    {"auth-timeout", 0, true}, {"max-pending", 0, true}, {"max-pending-per-host", 0, true},
    {"allow-plaintext", 0, true}, {"keep-owners", 0, true}, {"show-code", 0, false}, {"new-code", 0, false}, {"reload", 0, false},
};

int usageError(const std::string& message)
{
    std::fprintf(stderr, "floodgate serve: %s\n(see `floodgate serve --help`)\n", message.c_str());
    return kUsageError;
}

bool splitListen(const std::string& text, std::string& host, uint16_t& port)
{
    std::string portText;
    if (!text.empty() && text.front() == '[') {
        size_t close = text.find(']');
        if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') return false;
        host = text.substr(1, close - 1);
        portText = text.substr(close + 2);
    } else {
        size_t colon = text.rfind(':');
        if (colon == std::string::npos) {
            host = text;
            port = kDefaultPort;
            return !host.empty();
        }
        host = text.substr(0, colon);
        portText = text.substr(colon + 1);
    }
    char* end = nullptr;
    long v = std::strtol(portText.c_str(), &end, 10);
    if (portText.empty() || *end != '\0' || v < 0 || v > 65535) return false;
    port = uint16_t(v);
    return true;
}

} // namespace

int runServe(const std::vector<std::string>& args)
{
    ParsedArgs parsed = parseArgs(args, kServeOptions);
    if (!parsed.error.empty()) return usageError(parsed.error);
    if (!parsed.positional.empty()) return usageError("unexpected argument '" + parsed.positional.front() + "'");
    ServerConfig config;
    config.listenHost = "0.0.0.0";
    config.port = kDefaultPort;
    bool stdio = false;
    std::string adminCommand; // --show-code, --new-code, --reload
    std::set<std::string> readOnly;
    std::set<std::string> allowPlaintext;
    std::set<std::string> keepOwners;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kServeHelp, stdout);
            return 0;
        }
        if (name == "listen") {
            if (!splitListen(value, config.listenHost, config.port))
                return usageError("--listen: cannot read '" + value + "' as ADDR:PORT");
        } else if (name == "module") {
            size_t eq = value.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
                return usageError("--module: expected NAME=PATH, got '" + value + "'");
            config.modules.push_back({value.substr(0, eq), value.substr(eq + 1), false});
        } else if (name == "read-only") {
            readOnly.insert(value);
        } else if (name == "allow-plaintext") {
            allowPlaintext.insert(value);
        } else if (name == "keep-owners") {
            keepOwners.insert(value);
        } else if (name == "pair-code") {
            config.pairCode = value;
        } else if (name == "state-dir") {
            config.stateDir = value;
        } else if (name == "max-sessions" || name == "max-pending" || name == "max-pending-per-host"
                   || name == "auth-timeout") {
            const long most = name == "auth-timeout" ? 600 : 4096;
            char* end = nullptr;
            long v = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || v < 1 || v > most)
                return usageError("--" + name + ": expected a number from 1 to " + std::to_string(most));
            int& field = name == "max-sessions"  ? config.maxSessions
                         : name == "max-pending" ? config.maxPending
                         : name == "auth-timeout" ? config.authTimeoutSec
                                                  : config.maxPendingPerHost;
            field = int(v);
        } else if (name == "stdio") {
            stdio = true;
        } else if (name == "show-code" || name == "new-code" || name == "reload") {
            adminCommand = name;
        }
    }
    if (!adminCommand.empty()) {
        auto answer = askServer(config.stateDir, adminCommand);
        if (!answer.ok()) {
            std::fprintf(stderr, "floodgate serve --%s: %s\n", adminCommand.c_str(), answer.error().message.c_str());
            return answer.error().code == Errc::NotFound || answer.error().code == Errc::PermissionDenied ? 3 : 1;
        }
        std::printf("%s\n", answer->c_str());
        return 0;
    }
    if (stdio) {
        return runStdioSession([](const std::string& line) { std::fprintf(stderr, "floodgate serve: %s\n", line.c_str()); });
    }
    // --read-only NAME, --allow-plaintext NAME: a flag on a module given with --module.
    auto markModules = [&](const std::set<std::string>& names, const char* option, bool ModuleConfig::*flag) {
        for (const auto& name : names) {
            bool found = false;
            for (auto& m : config.modules)
                if (m.name == name) {
                    m.*flag = true;
                    found = true;
                }
            if (!found) return usageError(std::string(option) + " " + name + ": no --module has that name");
        }
        return 0;
    };
    if (int rc = markModules(readOnly, "--read-only", &ModuleConfig::readOnly)) return rc;
    if (int rc = markModules(allowPlaintext, "--allow-plaintext", &ModuleConfig::allowPlaintext)) return rc;
    if (int rc = markModules(keepOwners, "--keep-owners", &ModuleConfig::keepOwners)) return rc;
    if (config.modules.empty()) return usageError("no --module given: nothing to serve");

    // Before any thread starts: the signals are blocked in every thread that
    // exists afterwards and taken on one of our own.
    std::mutex mutex;
    std::condition_variable cv;
    bool stop = false;
    Server* running = nullptr; // for SIGHUP, once started (guarded by mutex)
    onInterrupt(
        [&] {
            std::lock_guard lock(mutex);
            stop = true;
            cv.notify_all();
        },
        [&] {
            std::lock_guard lock(mutex);
            if (running) (void)running->reload();
        });
    prepareProcessForServing();
    auto server = Server::start(config, [](const std::string& line) {
        std::fprintf(stderr, "%s\n", line.c_str());
        std::fflush(stderr);
    });
    if (!server.ok()) {
        std::fprintf(stderr, "floodgate serve: %s\n", server.error().message.c_str());
        // README's codes: 1 for what the command line says, 10 for the network
        // (the port), 3 for the paths it must use (modules, state directory).
        switch (server.error().code) {
        case Errc::InvalidArgument: return kUsageError;
        case Errc::Network: return 10;
        default: return 3;
        }
    }
    {
        std::lock_guard lock(mutex);
        running = server->get();
    }
    std::printf("floodgate serve: listening on %s:%u\n", config.listenHost.c_str(), unsigned((*server)->port()));
    std::printf("server identity: %s\n", (*server)->fingerprint().c_str());
    for (const auto& m : config.modules)
        std::printf("module %s = %s%s%s%s\n", m.name.c_str(), m.path.c_str(), m.readOnly ? " (read-only)" : "",
                    m.allowPlaintext ? " (allows unencrypted data)" : "", m.keepOwners ? " (keeps owners)" : "");
    std::string code = (*server)->pairCode();
    if (!code.empty())
        std::printf("pairing code: %s  (single use; on the client run: floodgate pair floodgate://THIS-HOST:%u --code %s)\n",
                    code.c_str(), unsigned((*server)->port()), code.c_str());
    std::fflush(stdout);
    {
        std::unique_lock lock(mutex);
        cv.wait(lock, [&] { return stop; });
    }
    std::fprintf(stderr, "floodgate serve: stopping\n");
    {
        std::lock_guard lock(mutex);
        running = nullptr;
    }
    (*server)->stop();
    return 0;
}

int runPair(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = {{"code", 0, true}, {"state-dir", 0, true}, {"help", 'h', false}};
    ParsedArgs parsed = parseArgs(args, options);
    if (!parsed.error.empty()) {
        std::fprintf(stderr, "floodgate pair: %s\n", parsed.error.c_str());
        return kUsageError;
    }
    std::string code;
    std::string stateDir;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs("usage: floodgate pair floodgate://HOST[:PORT] --code CODE [--state-dir DIR]\n"
                       "Authorises this machine with a daemon, using the code `floodgate serve` printed,\n"
                       "and pins the daemon's identity for later connections.\n",
                       stdout);
            return 0;
        }
        if (name == "code") code = value;
        if (name == "state-dir") stateDir = value;
    }
    if (parsed.positional.size() != 1 || code.empty()) {
        std::fprintf(stderr, "floodgate pair: usage: floodgate pair floodgate://HOST[:PORT] --code CODE\n");
        return kUsageError;
    }
    std::string url = parsed.positional.front();
    // A module is not needed to pair: accept the bare server URL, with or
    // without a trailing slash.
    if (url.rfind("floodgate://", 0) == 0) {
        size_t slash = url.find('/', 12);
        if (slash == std::string::npos) url += "/-";
        else if (slash + 1 == url.size()) url += "-";
    }
    auto ep = parseEndpoint(url);
    if (!ep.ok() || ep->kind != Endpoint::Kind::Daemon) {
        std::fprintf(stderr, "floodgate pair: expected floodgate://HOST[:PORT], got '%s'\n", parsed.positional.front().c_str());
        return kUsageError;
    }
    if (stateDir.empty()) stateDir = defaultStateDir();
    auto fp = pairWithServer(ep->host, ep->port, code, stateDir);
    if (!fp.ok()) {
        std::fprintf(stderr, "floodgate pair: %s\n", fp.error().message.c_str());
        return fp.error().code == Errc::Network || fp.error().code == Errc::Tls ? 10 : 5;
    }
    std::printf("paired with %s:%u (server identity %s)\n", ep->host.c_str(), unsigned(ep->port), fp->c_str());
    return 0;
}

} // namespace fg::cli
