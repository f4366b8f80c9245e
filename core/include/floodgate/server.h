#pragma once
// The daemon side: `floodgate serve`, in-process for the GUI demo and the tests.

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace fg {

struct ModuleConfig {
    std::string name;
    std::string path;
    bool readOnly = false;
    // Clients may ask for file data unencrypted (--cipher none) on this
    // module's data connections: for a trusted LAN only.
    bool allowPlaintext = false;
    // Clients may set owners and groups (-o, -g, --chown) of what they write
    // here; the daemon must run as root for it. Off by default: an owner a
    // client picks is a way into that user's rights.
    bool keepOwners = false;
    // Which paired clients may use the module, by name (`floodgate clients
    // list`) or fingerprint ("SHA256:..." or its start); "*" is every one.
    // Both empty: every paired client may read, and write unless readOnly.
    // Otherwise a client in neither list does not see the module at all.
    std::vector<std::string> readers; // may read
    std::vector<std::string> writers; // may read and write (unless readOnly)
    // A push never plans to leave less free on the module's file system than
    // this: bytes, or a share of the file system (0.05 = 5 %); the larger
    // wins. A file that would go below is refused before any of it is
    // written; a module already below takes no new files at all.
    uint64_t minFreeBytes = 0;
    double minFreeShare = 0;
    // Each job in the module moves at most this many bytes/s (0: no cap); a
    // client's own --bwlimit applies under it.
    uint64_t bwlimit = 0;
    // Snapshots pushed here with --snapshot are kept by this rule, not the
    // client's --keep-* (all zero: the client's rule applies).
    SnapshotRetention snapshotKeep;
    std::string comment;              // for people: `floodgate status` shows it
    std::string definedAt;            // "FILE, line N" when a config file defined it, for errors
};

struct ServerConfig {
    std::string listenHost = "127.0.0.1";
    uint16_t port = 0;              // 0 = pick a free port (tests, demo)
    // metrics-listen: GET /metrics answers in Prometheus' text format here
    // (empty host: no metrics door).
    std::string metricsHost;
    uint16_t metricsPort = 0;
    std::vector<ModuleConfig> modules;
    std::string pairCode;           // empty = generate a fresh one-time code
    std::string stateDir;           // empty = defaultStateDir()
    int maxSessions = 64;           // jobs at once; one more is told the daemon is busy (exit 15)
    // A connection must prove who it is (TLS, then a paired client's key or
    // a pairing code) within this many seconds, or it is dropped.
    int authTimeoutSec = 10;
    // Connections that have not proven it yet, in all and from one address;
    // a new one past either makes room by dropping the oldest.
    int maxPending = 128;
    int maxPendingPerHost = 48;
    // All jobs of one paired client together move at most this many bytes/s
    // (0: no cap), whatever module they use.
    uint64_t clientBwlimit = 0;
    // How to read the settings again on reload (SIGHUP, `serve --reload`):
    // the whole new configuration (a config file read again, the command
    // line's flags over it). Unset: reload only looks at the modules again.
    // Modules and limits apply to the jobs that start after it; the listen
    // address and the state directory take a restart.
    std::function<Result<ServerConfig>()> reread;
};

// How much a daemon's log line matters (syslog's levels 3, 4 and 6): a
// journal shows and filters by it (journalctl -p warning).
enum class LogLevel { Error, Warning, Info };
using LogFn = std::function<void(LogLevel level, const std::string& line)>;

// What the daemon's code logs through: a line is Info unless said otherwise.
class DaemonLog {
public:
    DaemonLog() = default;
    // Implicit, from a front end's sink (a LogFn or a lambda taking its arguments).
    template <class F, class = std::enable_if_t<std::is_invocable_v<F&, LogLevel, const std::string&>>>
    DaemonLog(F fn) : m_fn(std::move(fn)) {} // NOLINT
    DaemonLog(std::nullptr_t) {}                  // NOLINT: no log
    explicit operator bool() const { return bool(m_fn); }
    void operator()(const std::string& line) const { emit(LogLevel::Info, line); }
    void warning(const std::string& line) const { emit(LogLevel::Warning, line); }
    void error(const std::string& line) const { emit(LogLevel::Error, line); }
    void emit(LogLevel level, const std::string& line) const
    {
        if (m_fn) m_fn(level, line);
    }

private:
    LogFn m_fn;
};

class Server {
public:
    static Result<std::unique_ptr<Server>> start(ServerConfig config, DaemonLog log);
    virtual ~Server() = default;
    virtual uint16_t port() const = 0;
    virtual std::string pairCode() const = 0;     // empty once used
    virtual std::string fingerprint() const = 0;  // this server's identity
    // SIGHUP: reads the settings again (ServerConfig::reread), looks at the
    // modules (a path that went missing, or came back) and re-reads the
    // paired clients; jobs that run go on as they started. What it found,
    // for the log; an error (the old settings kept) when the new ones cannot
    // be used.
    virtual Result<std::string> reload() = 0;
    virtual void stop() = 0;                      // closes the listener, ends sessions
protected:
    Server() = default;
};

// The local admin socket of the daemon that runs with this state directory
// (only that daemon's user can open it).
std::string adminSocketPath(const std::string& stateDir);
// Asks that daemon ("show-code", "new-code", "reload"): its answer, without
// the leading "ok "; an error when no daemon answers there, or it refused.
Result<std::string> askServer(const std::string& stateDir, const std::string& command);

// `floodgate serve --stdio`: one session over stdin/stdout, reached through ssh.
// The ssh login is the authentication; paths are the user's own. Returns the exit code.
int runStdioSession(DaemonLog log);

} // namespace fg
