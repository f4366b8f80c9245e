// `floodgate serve`: the daemon (TLS, modules, pairing) or, with --stdio, one
// session over stdin/stdout for a client that came in through ssh.

#include "args.h"
#include "commands.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/serve_config.h>
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
    "  --config FILE          read the settings from FILE (floodgate.conf(5); a packaged daemon's is\n"
    "                         /etc/floodgate/floodgate.conf); every option below has a key there,\n"
    "                         its name, and an option given here wins over the file\n"
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
    "  --metrics-listen ADDR:PORT  answer GET /metrics there in Prometheus' text format: modules'\n"
    "                         free space, paired clients, jobs running and ended, bytes moved\n"
    "                         (read-only; off by default; keep it on 127.0.0.1 or a trusted network)\n"
    "  --stdio                serve one session on stdin/stdout (what ssh runs; no modules)\n"
    "\n"
    "For a daemon already running with this state directory (through its admin socket,\n"
    "which only the daemon's user can open):\n"
    "  --show-code            print its current pairing code\n"
    "  --new-code             make it issue a fresh one-time code (also after wrong codes turned\n"
    "                         pairing off) and print it\n"
    "  --reload               read the config again, re-check its modules and paired clients, as\n"
    "                         SIGHUP does\n"
    "  --print-write-paths    print the path of each module clients may write into, one a line,\n"
    "                         and exit (what the packaged service's systemd generator reads)\n"
    "\n"
    "Paired clients: `floodgate clients list`, `floodgate clients revoke FINGERPRINT`.\n";

const std::vector<OptionSpec> kServeOptions = {
    {"listen", 0, true},      {"module", 0, true},       {"read-only", 0, true}, {"pair-code", 0, true},
    {"state-dir", 0, true},   {"max-sessions", 0, true}, {"stdio", 0, false},    {"help", 'h', false},
    {"auth-timeout", 0, true}, {"max-pending", 0, true}, {"max-pending-per-host", 0, true},
    {"allow-plaintext", 0, true}, {"keep-owners", 0, true}, {"show-code", 0, false}, {"new-code", 0, false}, {"reload", 0, false},
    {"config", 0, true}, {"print-write-paths", 0, false}, {"metrics-listen", 0, true},
};

int usageError(const std::string& message)
{
    std::fprintf(stderr, "floodgate serve: %s\n(see `floodgate serve --help`)\n", message.c_str());
    return kUsageError;
}

// The command line's settings over what the config file gave: each flag is
// the key of the same name (floodgate.conf(5)), so the two cannot disagree on
// what a value means. Errors name the flag.
Status applyServeFlags(const std::vector<std::pair<std::string, std::string>>& flags, ServerConfig& config)
{
    auto flagError = [](const std::string& name, const Error& e) {
        return Error(Errc::InvalidArgument, "--" + name + ": " + e.message);
    };
    auto moduleNamed = [&](const std::string& name) -> ModuleConfig* {
        for (auto& m : config.modules)
            if (m.name == name) return &m;
        return nullptr;
    };
    // Modules first: --read-only NAME may come before --module NAME=PATH.
    for (const auto& [name, value] : flags) {
        if (name != "module") continue;
        size_t eq = value.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
            return Error(Errc::InvalidArgument, "--module: expected NAME=PATH, got '" + value + "'");
        const std::string moduleName = value.substr(0, eq);
        ModuleConfig* m = moduleNamed(moduleName);
        if (!m) {
            config.modules.push_back(ModuleConfig{});
            m = &config.modules.back();
            m->name = moduleName;
        }
        m->path = value.substr(eq + 1);
        m->definedAt.clear();
    }
    for (const auto& [name, value] : flags) {
        if (name == "module") continue;
        if (name == "read-only" || name == "allow-plaintext" || name == "keep-owners") {
            ModuleConfig* m = moduleNamed(value);
            if (!m) return Error(Errc::InvalidArgument, "--" + name + " " + value + ": no module has that name");
            if (Status st = setModuleSetting(*m, name, "true"); !st) return flagError(name, st.error());
            continue;
        }
        if (Status st = setDaemonSetting(config, name, value); !st) return flagError(name, st.error());
    }
    if (config.modules.empty())
        return Error(Errc::InvalidArgument, "no module to serve: give --module NAME=PATH, or --config with a [module NAME]");
    return {};
}

// The daemon's log on standard error: under systemd each line goes to the
// journal with its level as sd-daemon(3)'s "<N>" prefix and no time (the
// journal has it); elsewhere with the local time, rsync's log format, and
// "error:" or "warning:" before the lines that are.
LogFn daemonLogSink()
{
    const bool journal = standardErrorIsJournal();
    return [journal](LogLevel level, const std::string& line) {
        if (journal) {
            std::fprintf(stderr, "<%d>%s\n", level == LogLevel::Error ? 3 : level == LogLevel::Warning ? 4 : 6,
                         line.c_str());
        } else {
            const char* tag = level == LogLevel::Error ? "error: " : level == LogLevel::Warning ? "warning: " : "";
            std::fprintf(stderr, "%s %s%s\n", localTimestamp(' ').c_str(), tag, line.c_str());
        }
        std::fflush(stderr);
    };
}

// " (read: a, b; write: c)" for the start-up lines; empty when every paired client may.
std::string accessText(const ModuleConfig& m)
{
    auto list = [](const std::vector<std::string>& names) {
        std::string out;
        for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
        return out;
    };
    if (m.readers.empty() && m.writers.empty()) return {};
    std::string out = " (";
    if (!m.readers.empty()) out += "read: " + list(m.readers);
    if (!m.writers.empty()) out += std::string(m.readers.empty() ? "" : "; ") + "write: " + list(m.writers);
    return out + ")";
}

} // namespace

int runServe(const std::vector<std::string>& args)
{
    ParsedArgs parsed = parseArgs(args, kServeOptions);
    if (!parsed.error.empty()) return usageError(parsed.error);
    if (!parsed.positional.empty()) return usageError("unexpected argument '" + parsed.positional.front() + "'");
    bool stdio = false;
    bool printWritePaths = false;
    std::string adminCommand; // --show-code, --new-code, --reload
    std::string configPath;
    std::string stateDir;     // for the admin commands, which read no config
    std::vector<std::pair<std::string, std::string>> settings; // the flags that set something, in order
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kServeHelp, stdout);
            return 0;
        }
        if (name == "stdio") stdio = true;
        else if (name == "print-write-paths") printWritePaths = true;
        else if (name == "show-code" || name == "new-code" || name == "reload") adminCommand = name;
        else if (name == "config") configPath = value;
        else {
            if (name == "state-dir") stateDir = value;
            settings.emplace_back(name, value);
        }
    }
    if (!adminCommand.empty()) {
        if (stateDir.empty() && !configPath.empty()) {
            ServerConfig fromFile;
            if (Status st = applyServeConfigFile(configPath, fromFile); !st) {
                // A file the daemon would refuse: it is not asked, and keeps what it has.
                std::fprintf(stderr, "floodgate serve --%s: %s%s\n", adminCommand.c_str(), st.error().message.c_str(),
                             adminCommand == "reload" ? "\n(the running daemon was not asked: the settings stay as "
                                                        "they were until the file is mended)"
                                                      : "");
                return st.error().code == Errc::InvalidArgument ? kUsageError : 3;
            }
            stateDir = fromFile.stateDir;
        }
        auto answer = askServer(stateDir, adminCommand);
        if (!answer.ok()) {
            std::fprintf(stderr, "floodgate serve --%s: %s\n", adminCommand.c_str(), answer.error().message.c_str());
            return answer.error().code == Errc::NotFound || answer.error().code == Errc::PermissionDenied ? 3 : 1;
        }
        // A unit's ExecReload: the daemon's own log line says it already.
        if (!(adminCommand == "reload" && standardErrorIsJournal())) std::printf("%s\n", answer->c_str());
        return 0;
    }
    if (stdio) {
        return runStdioSession(
            [](LogLevel, const std::string& line) { std::fprintf(stderr, "floodgate serve: %s\n", line.c_str()); });
    }
    // The file, then the flags over it; read again as it was on reload.
    auto build = [configPath, settings]() -> Result<ServerConfig> {
        ServerConfig config;
        config.listenHost = "0.0.0.0";
        config.port = kDefaultPort;
        if (!configPath.empty()) FG_TRY(applyServeConfigFile(configPath, config));
        FG_TRY(applyServeFlags(settings, config));
        return config;
    };
    auto built = build();
    if (!built.ok()) {
        const Error& e = built.error();
        if (e.code == Errc::InvalidArgument) return usageError(e.message);
        std::fprintf(stderr, "floodgate serve: %s\n", e.message.c_str());
        return 3;
    }
    ServerConfig config = std::move(built).value();
    config.reread = build;
    if (printWritePaths) {
        for (const auto& m : config.modules)
            if (!m.readOnly) std::printf("%s\n", m.path.c_str());
        return 0;
    }

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
            if (running) (void)running->reload(); // it logs what it did, or why not
        });
    prepareProcessForServing();
    auto server = Server::start(config, daemonLogSink());
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
        std::printf("module %s = %s%s%s%s%s\n", m.name.c_str(), m.path.c_str(), m.readOnly ? " (read-only)" : "",
                    m.allowPlaintext ? " (allows unencrypted data)" : "", m.keepOwners ? " (keeps owners)" : "",
                    accessText(m).c_str());
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
