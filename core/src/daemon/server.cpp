// The TLS daemon (`floodgate serve`) and the stdio session (`serve --stdio`).

#include "daemon/admin_socket.h"
#include "daemon/metrics_endpoint.h"
#include "daemon/prometheus_text.h"
#include "daemon/admission.h"
#include "daemon/job_board.h"
#include "exec/rate_limiter.h"
#include "daemon/module_access.h"
#include "daemon/status_report.h"
#include "proto/hello.h"
#include "daemon/server_session.h"
#include "daemon/stream_registry.h"
#include "net/cipher_suites.h"
#include "net/identity.h"
#include "net/pipe_stream.h"
#include "net/tls_context.h"
#include "net/tls_stream.h"
#include "net/trust_store.h"
#include "platform/cpu.h"
#include "platform/fs.h"
#include "platform/memory.h"
#include "platform/process.h"
#include "platform/socket.h"
#include "proto/frame.h"

#include <floodgate/identity.h>
#include <floodgate/server.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cctype>
#include <ctime>
#include <list>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace fg {
namespace {

// Why a module that takes pushes cannot be written by this daemon (empty:
// it can, or it is read-only): for the log at start and reload, and status.
std::string whyPushesFail(const ModuleConfig& m)
{
    return m.readOnly ? std::string() : platform::whyNotWritable(m.path);
}

constexpr int kAcceptPollMs = 200;
// Dropped connections are told in the log in one line at most this often: a
// flood of them must not flood the log too.
constexpr auto kDropLogInterval = std::chrono::seconds(10);
// A daemon that is never idle gives freed memory back at most this often.
constexpr auto kTrimInterval = std::chrono::seconds(10);

AdmissionLimits admissionLimits(const ServerConfig& c)
{
    AdmissionLimits limits;
    limits.proveWithin = std::chrono::seconds(std::max(c.authTimeoutSec, 1));
    limits.maxPending = size_t(std::max(c.maxPending, 1));
    limits.maxPendingPerAddress = size_t(std::max(c.maxPendingPerHost, 1));
    limits.maxJobs = size_t(std::max(c.maxSessions, 1));
    return limits;
}

bool validModuleName(const std::string& name)
{
    if (name.empty() || name.size() > 64) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') return false;
    return name != "." && name != "..";
}

class ServerImpl final : public Server {
public:
    ~ServerImpl() override { stop(); }

    static Result<std::unique_ptr<Server>> create(ServerConfig config, DaemonLog log)
    {
        auto server = std::unique_ptr<ServerImpl>(new ServerImpl());
        FG_TRY(server->init(std::move(config), std::move(log)));
        return std::unique_ptr<Server>(std::move(server));
    }

    uint16_t port() const override { return m_listener.port(); }
    std::string pairCode() const override { return m_pairing ? m_pairing->code() : std::string(); }
    std::string fingerprint() const override { return m_identity->fingerprint(); }

    Result<std::string> reload() override
    {
        std::vector<std::string> notes;
        std::vector<ModuleConfig> modules;
        {
            std::lock_guard lock(m_mutex);
            modules = m_config.modules;
        }
        if (m_config.reread) {
            auto fresh = m_config.reread();
            if (!fresh.ok()) {
                m_log.error("reload refused, the settings stay as they were: " + fresh.error().message);
                return Error(fresh.error().code, "the settings stay as they were: " + fresh.error().message);
            }
            if (Status st = checkModules(fresh->modules, false); !st) {
                m_log.error("reload refused, the settings stay as they were: " + st.error().message);
                return Error(st.error().code, "the settings stay as they were: " + st.error().message);
            }
            notes = applyReloaded(std::move(fresh).value());
            std::lock_guard lock(m_mutex);
            modules = m_config.modules;
        }
        std::string missing;
        for (const auto& m : modules) {
            auto info = platform::statPath(m.path, true);
            if (!info.ok() || info->type != platform::FileType::Directory)
                missing += (missing.empty() ? "" : ", ") + m.name + " (" + m.path + ")";
        }
        auto clients = listPairedClients(m_stateDir);
        std::string line = "reloaded: " + std::to_string(modules.size()) + " module(s)";
        for (const auto& n : notes) line += "; " + n;
        if (!missing.empty()) line += "; not a directory now, refused until it is: " + missing;
        line += clients.ok() ? "; " + std::to_string(clients->size()) + " paired client(s)"
                             : "; paired clients unreadable: " + clients.error().message;
        m_log.emit(missing.empty() && clients.ok() ? LogLevel::Info : LogLevel::Warning, line);
        if (clients.ok()) warnOfUnknownClients(modules, *clients);
        warnOfUnwritable(modules);
        return line;
    }

    void stop() override
    {
        if (m_stopping.exchange(true)) return;
        m_admin.reset();
        m_metrics.reset();
        if (m_acceptThread.joinable()) m_acceptThread.join();
        std::list<Session> sessions;
        {
            std::lock_guard lock(m_mutex);
            for (auto& s : m_sessions)
                if (s.link) s.link->close();
            sessions.swap(m_sessions);
        }
        for (auto& s : sessions)
            if (s.thread.joinable()) s.thread.join();
        m_listener.close();
    }

private:
    struct Session {
        std::thread thread;
        Admission::Id id = 0;
        proto::FrameLink* link = nullptr; // set once the handshake is done
        // Dropped before it proved who it is: its handshake gives up, its
        // link is closed.
        std::atomic<bool> dropped{false};
        bool done = false;
    };

    ServerImpl() = default;

    // (Its log is not called `log`: that would hide log() below, and the
    // moved-from parameter would be called instead.)
    Status init(ServerConfig config, DaemonLog logTo)
    {
        m_config = std::move(config);
        m_log = std::move(logTo);
        m_admission = std::make_unique<Admission>(admissionLimits(m_config));
        FG_TRY(checkModules(m_config.modules, true));
        std::string stateDir = m_config.stateDir.empty() ? defaultStateDir() : m_config.stateDir;
        m_stateDir = stateDir;
        auto identity = net::TlsIdentity::loadOrCreate(stateDir);
        if (!identity.ok()) {
            Error e = std::move(identity).error();
            return Error(Errc::PermissionDenied, "the state directory " + stateDir + " cannot be used: " + e.message
                                                     + "; give --state-dir a directory this user ("
                                                     + platform::currentUserName() + ") can write, or fix its permissions",
                         e.sysErrno);
        }
        m_identity = std::move(identity).value();
        FG_TRY_ASSIGN(m_tls, net::TlsContext::create(net::TlsContext::Role::Server, m_identity));
        const net::ServerCipherSuites suites = net::serverCipherSuites(platform::hasAesAcceleration());
        FG_TRY(m_tls->setCipherSuites(suites.suites));
        m_tls->setServerPreference(suites.serverPreference);
        m_authorized = std::make_unique<net::AuthorizedClients>(stateDir);
        m_board = std::make_unique<JobBoard>(stateDir);
        m_startedUnix = int64_t(std::time(nullptr));
        bool generated = m_config.pairCode.empty();
        m_pairing = std::make_unique<PairingState>(generated ? generatePairCode() : m_config.pairCode, generated, m_log);
        FG_TRY_ASSIGN(m_listener, platform::Listener::listenTcp(m_config.listenHost, m_config.port));
        platform::ignoreSigpipe();
        // Without it the daemon still serves; only the admin commands wait.
        auto admin = AdminSocket::start(adminSocketPath(stateDir), [this](const std::string& c) { return adminCommand(c); },
                                        m_log);
        if (admin.ok()) m_admin = std::move(admin).value();
        else m_log.warning("no admin socket (floodgate serve --show-code will not reach this daemon): " + admin.error().message);
        FG_TRY(startMetrics());
        if (auto clients = listPairedClients(m_stateDir); clients.ok()) warnOfUnknownClients(m_config.modules, *clients);
        warnOfUnwritable(m_config.modules);
        m_acceptThread = std::thread([this] { acceptLoop(); });
        return {};
    }

    // metrics-listen: asked for and not to be had (the port is taken) is
    // an error at the start, not a daemon that runs without it.
    Status startMetrics()
    {
        if (m_config.metricsHost.empty()) return {};
        auto metrics = MetricsEndpoint::start(m_config.metricsHost, m_config.metricsPort,
                                              [this] { return prometheusText(status()); }, m_log);
        if (!metrics.ok())
            return Error(metrics.error().code, "metrics-listen " + m_config.metricsHost + ":"
                                                   + std::to_string(m_config.metricsPort) + ": " + metrics.error().message);
        m_metrics = std::move(metrics).value();
        const std::string host = m_config.metricsHost.find(':') != std::string::npos ? "[" + m_config.metricsHost + "]"
                                                                                     : m_config.metricsHost;
        m_log("metrics on http://" + host + ":" + std::to_string(m_metrics->port()) + "/metrics");
        if (m_config.metricsHost != "127.0.0.1" && m_config.metricsHost != "::1" && m_config.metricsHost != "localhost")
            m_log.warning("metrics-listen " + host + " is not this machine's loopback: whoever reaches it reads the "
                          "module names, free space and client names; keep it behind a firewall");
        return {};
    }

    // Names, no name twice, and (at the start) a directory behind each: a
    // reload takes a missing one, refused until it is there, as before.
    static Status checkModules(const std::vector<ModuleConfig>& modules, bool directoriesMustExist)
    {
        if (modules.empty()) return Error(Errc::InvalidArgument, "no modules to serve");
        for (size_t i = 0; i < modules.size(); ++i) {
            const auto& m = modules[i];
            const std::string where = m.definedAt.empty() ? std::string() : " (" + m.definedAt + ")";
            if (!validModuleName(m.name))
                return Error(Errc::InvalidArgument, "module name '" + m.name + "'" + where
                                                        + " must be 1-64 letters, digits, '-', '_' or '.'");
            for (size_t k = 0; k < i; ++k)
                if (modules[k].name == m.name)
                    return Error(Errc::InvalidArgument, "module '" + m.name + "' is given twice" + where);
            if (!directoriesMustExist) continue;
            auto info = platform::statPath(m.path, true);
            if (!info.ok() || info->type != platform::FileType::Directory)
                return Error(Errc::InvalidArgument, "module '" + m.name + "'" + where + ": " + m.path
                                                        + " is not a directory");
        }
        return {};
    }

    // A reloaded configuration: modules and limits for what starts next;
    // what takes a restart is said. Notes for the log line.
    std::vector<std::string> applyReloaded(ServerConfig fresh)
    {
        std::vector<std::string> notes;
        auto names = [](const std::vector<ModuleConfig>& ms) {
            std::set<std::string> out;
            for (const auto& m : ms) out.insert(m.name);
            return out;
        };
        std::lock_guard lock(m_mutex);
        const std::set<std::string> before = names(m_config.modules), after = names(fresh.modules);
        std::string added, removed;
        for (const auto& n : after)
            if (!before.count(n)) added += (added.empty() ? "" : ", ") + n;
        for (const auto& n : before)
            if (!after.count(n)) removed += (removed.empty() ? "" : ", ") + n;
        if (!added.empty()) notes.push_back("added " + added);
        if (!removed.empty()) notes.push_back("removed " + removed + " (jobs running in it go on)");
        if (fresh.listenHost != m_config.listenHost || fresh.port != m_config.port)
            notes.push_back("the listen address takes a restart (still " + m_config.listenHost + ":"
                            + std::to_string(port()) + ")");
        if (fresh.stateDir != m_config.stateDir) notes.push_back("the state directory takes a restart");
        if (fresh.metricsHost != m_config.metricsHost || fresh.metricsPort != m_config.metricsPort)
            notes.push_back("metrics-listen takes a restart");
        m_config.modules = std::move(fresh.modules);
        m_config.maxSessions = fresh.maxSessions;
        m_config.authTimeoutSec = fresh.authTimeoutSec;
        m_config.maxPending = fresh.maxPending;
        m_config.maxPendingPerHost = fresh.maxPendingPerHost;
        m_admission->setLimits(admissionLimits(m_config));
        m_config.clientBwlimit = fresh.clientBwlimit;
        for (auto& [fp, limiter] : m_clientLimiters) limiter->setRate(fresh.clientBwlimit);
        return notes;
    }

    // A module clients may write into that this daemon cannot write: every
    // push would fail at its first file, so it is said at once.
    void warnOfUnwritable(const std::vector<ModuleConfig>& modules)
    {
        for (const auto& m : modules) {
            if (auto info = platform::statPath(m.path, true); !info.ok()) continue; // said as missing
            const std::string why = whyPushesFail(m);
            if (why.empty()) continue;
            m_log.warning("module '" + m.name + "' takes pushes, but " + m.path + " cannot be written here (" + why
                          + "); make it read-only = true, or let this daemon write there (the packaged service: "
                            "`systemctl daemon-reload && systemctl restart floodgate-serve` gives it every module "
                            "path floodgate.conf names)");
        }
    }

    // An access list that names a client nobody is called is probably a typo
    // (or a client that will pair later): said in the log, not refused.
    void warnOfUnknownClients(const std::vector<ModuleConfig>& modules, const std::vector<PairedClient>& clients)
    {
        for (const auto& m : modules) {
            std::string unknown;
            for (const auto* list : {&m.readers, &m.writers})
                for (const auto& entry : *list) {
                    if (entry == "*") continue;
                    ModuleConfig probe;
                    probe.readers = {entry};
                    const bool found = std::any_of(clients.begin(), clients.end(), [&](const PairedClient& c) {
                        return moduleAccess(probe, c.fingerprint, c.name) != ModuleAccess::None;
                    });
                    if (!found) unknown += (unknown.empty() ? "'" : ", '") + entry + "'";
                }
            if (!unknown.empty())
                m_log.warning("module '" + m.name + "' lets " + unknown + " in, but no paired client is called that (yet): "
                    "`floodgate clients list` shows their names");
        }
    }

    void acceptLoop()
    {
        while (!m_stopping.load()) {
            auto accepted = m_listener.accept(kAcceptPollMs);
            reapFinished();
            dropOverdue();
            if (!accepted.ok()) {
                m_log.error("accept failed: " + accepted.error().message);
                std::this_thread::sleep_for(std::chrono::milliseconds(kAcceptPollMs));
                continue;
            }
            if (!accepted->valid()) continue;
            platform::Socket socket = std::move(accepted).value();
            std::vector<Admission::Id> pushedOut;
            const Admission::Id id = m_admission->arrive(socket.peerAddress(), Admission::Clock::now(), &pushedOut);
            std::lock_guard lock(m_mutex);
            m_evicted += dropLocked(pushedOut);
            m_sessions.emplace_back();
            Session* session = &m_sessions.back();
            session->id = id;
            session->thread = std::thread([this, session, s = std::move(socket)]() mutable { runSession(session, std::move(s)); });
        }
    }

    // Closes the connections that did not prove who they are in time, and
    // says in the log how many were dropped, and why, now and then.
    void dropOverdue()
    {
        const std::vector<Admission::Id> late = m_admission->overdue(Admission::Clock::now());
        std::lock_guard lock(m_mutex);
        m_overdue += dropLocked(late);
        const auto now = Admission::Clock::now();
        if (m_overdue + m_evicted == 0 || now - m_lastDropLog < kDropLogInterval) return;
        m_lastDropLog = now;
        std::string line = "dropped connections that had not proven who they are:";
        if (m_overdue) line += " " + std::to_string(m_overdue) + " after " + std::to_string(m_config.authTimeoutSec)
                              + " s (serve --auth-timeout)";
        if (m_evicted) line += std::string(m_overdue ? ";" : "") + " " + std::to_string(m_evicted)
                              + " to make room for newer ones (serve --max-pending, --max-pending-per-host)";
        m_log.warning(line);
        m_overdue = m_evicted = 0;
    }

    size_t dropLocked(const std::vector<Admission::Id>& ids)
    {
        size_t n = 0;
        for (Admission::Id id : ids) {
            for (auto& s : m_sessions) {
                if (s.id != id || s.done) continue;
                s.dropped.store(true);
                if (s.link) s.link->close();
                ++n;
            }
        }
        return n;
    }

    void reapFinished()
    {
        std::list<Session> finished;
        {
            std::lock_guard lock(m_mutex);
            for (auto it = m_sessions.begin(); it != m_sessions.end();) {
                if (it->done) {
                    auto next = std::next(it);
                    finished.splice(finished.end(), m_sessions, it);
                    it = next;
                } else {
                    ++it;
                }
            }
        }
        for (auto& s : finished) s.thread.join();
    }

    void runSession(Session* session, platform::Socket socket)
    {
        std::string peer = socket.peerName();
        const auto proveWithin = m_admission->limits().proveWithin;
        auto tls = net::tlsAccept(std::move(socket), *m_tls, int(proveWithin.count()), &session->dropped);
        if (!tls.ok()) {
            // Dropped ones are counted in one line, not one each.
            if (!session->dropped.load()) m_log.warning("TLS handshake with " + peer + " failed: " + tls.error().message);
            m_admission->left(session->id);
            markDone(session);
            return;
        }
        SessionContext ctx;
        ctx.daemon = true;
        {
            std::lock_guard lock(m_mutex); // a reload may change them
            ctx.modules = m_config.modules;
        }
        ctx.authorized = m_authorized.get();
        ctx.pairing = m_pairing.get();
        ctx.clientFingerprint = (*tls)->peerFingerprint();
        // A paired client's key proves who it is; anyone else must pair
        // (or be refused) before its deadline.
        if (m_authorized->isAuthorized(ctx.clientFingerprint)) m_admission->proven(session->id);
        ctx.proven = [this, session] { m_admission->proven(session->id); };
        bool ranJob = false;
        ctx.startJob = [this, &ranJob] {
            ranJob = m_admission->tryStartJob();
            return ranJob;
        };
        ctx.endJob = [this] { m_admission->endJob(); };
        ctx.maxJobs = m_admission->limits().maxJobs;
        ctx.serverFingerprint = m_identity->fingerprint();
        ctx.peer = peer;
        ctx.serverAddress = (m_config.listenHost == "0.0.0.0" || m_config.listenHost == "::" ? std::string("THIS-HOST")
                                                                                               : m_config.listenHost)
                          + ":" + std::to_string(port());
        ctx.log = m_log;
        ctx.registry = &m_registry;
        ctx.board = m_board.get();
        ctx.clientLimiter = [this](const std::string& fingerprint) { return clientLimiter(fingerprint); };
        ctx.handOver = [this, session] {
            std::lock_guard lock(m_mutex);
            session->link = nullptr;
        };
        proto::FrameLinkPtr link = std::make_unique<proto::StreamFrameLink>(std::move(tls).value());
        {
            std::lock_guard lock(m_mutex);
            session->link = link.get();
            if (m_stopping.load() || session->dropped.load()) link->close();
        }
        (void)runServerSession(link, ctx);
        m_admission->left(session->id);
        {
            std::lock_guard lock(m_mutex);
            // A data connection was handed to its session and is not ours to close.
            if (link) link->close();
            session->link = nullptr;
        }
        // Everything the job had is freed by now (its role, its data
        // connections, this connection's buffers). Only after a job: a flood
        // of connections that never ran one must not trim once each.
        link.reset();
        if (ranJob) returnMemoryAfterJob();
        markDone(session);
    }

    std::string adminCommand(const std::string& command)
    {
        if (command == "show-code") {
            const std::string code = m_pairing->code();
            return code.empty() ? "ok none: pairing is off (a code was used, or wrong codes turned it off); "
                                  "`floodgate serve --new-code` makes a new one"
                                : "ok " + code;
        }
        if (command == "new-code") return "ok " + m_pairing->renew();
        if (command == "status") return "ok " + statusText(status());
        if (command == "status json") return "ok " + statusJson(status());
        if (command == "reload") {
            auto done = reload();
            return done.ok() ? "ok " + *done : "error " + done.error().message;
        }
        return "error unknown admin command '" + command + "'";
    }

    // The budget one client's jobs share (client-bwlimit); null without one.
    // Kept for the daemon's life (one a paired client), so that a reload
    // that sets a cap reaches the jobs that run.
    RateLimiter* clientLimiter(const std::string& fingerprint)
    {
        std::lock_guard lock(m_mutex);
        auto& limiter = m_clientLimiters[fingerprint];
        if (!limiter) limiter = std::make_unique<RateLimiter>(m_config.clientBwlimit);
        return limiter.get();
    }

    DaemonStatus status()
    {
        DaemonStatus s;
        s.version = softwareVersion();
        s.nowUnix = int64_t(std::time(nullptr));
        s.startedUnix = m_startedUnix;
        s.listen = (m_config.listenHost.find(':') != std::string::npos ? "[" + m_config.listenHost + "]" : m_config.listenHost)
                 + ":" + std::to_string(port());
        s.fingerprint = m_identity->fingerprint();
        s.stateDir = m_stateDir;
        s.pairingOpen = !m_pairing->code().empty();
        std::vector<ModuleConfig> modules;
        {
            std::lock_guard lock(m_mutex);
            modules = m_config.modules;
            s.maxSessions = m_config.maxSessions;
            s.clientBwlimit = m_config.clientBwlimit;
        }
        for (auto& m : modules) {
            DaemonStatus::Module out;
            auto dir = platform::DirHandle::open(m.path);
            if (dir.ok()) {
                if (auto free = dir->freeBytes(); free.ok()) out.freeBytes = *free;
                if (auto total = dir->totalBytes(); total.ok())
                    out.floorBytes = std::max(m.minFreeBytes, uint64_t(m.minFreeShare * double(*total)));
                if (out.freeBytes && out.floorBytes && *out.freeBytes <= out.floorBytes && !m.readOnly)
                    out.problem = "at or below its min-free: it takes no new files";
                if (std::string why = whyPushesFail(m); !why.empty())
                    out.problem = "cannot be written here (" + why + ")";
            } else {
                out.problem = "cannot be opened now: " + dir.error().message;
            }
            out.config = std::move(m);
            s.modules.push_back(std::move(out));
        }
        const auto contacts = m_board->lastContacts();
        if (auto clients = listPairedClients(m_stateDir); clients.ok()) {
            for (auto& c : *clients) {
                auto seen = contacts.find(c.fingerprint);
                s.clients.push_back({std::move(c), seen == contacts.end() ? 0 : seen->second});
            }
        } else {
            s.clientsProblem = clients.error().message;
        }
        s.running = m_board->running();
        s.ended = m_board->ended();
        s.totals = m_board->totals();
        return s;
    }

    // What the jobs' threads freed goes back to the OS when the daemon goes
    // idle, and now and then while it never does.
    void returnMemoryAfterJob()
    {
        const auto now = Admission::Clock::now();
        {
            std::lock_guard lock(m_mutex);
            if (m_admission->jobs() > 0 && now - m_lastTrim < kTrimInterval) return;
            m_lastTrim = now;
        }
        platform::returnFreeMemory();
    }

    void markDone(Session* session)
    {
        std::lock_guard lock(m_mutex);
        session->done = true;
    }

    void log(const std::string& line)
    {
        if (m_log) m_log(line);
    }

    ServerConfig m_config;
    DaemonLog m_log;
    std::shared_ptr<net::TlsIdentity> m_identity;
    std::shared_ptr<net::TlsContext> m_tls;
    std::unique_ptr<net::AuthorizedClients> m_authorized;
    std::unique_ptr<PairingState> m_pairing;
    std::unique_ptr<JobBoard> m_board;
    std::map<std::string, std::unique_ptr<RateLimiter>> m_clientLimiters; // guarded by m_mutex
    int64_t m_startedUnix = 0;
    std::string m_stateDir;
    std::unique_ptr<AdminSocket> m_admin;
    std::unique_ptr<MetricsEndpoint> m_metrics;
    std::unique_ptr<Admission> m_admission;
    // Dropped since the last line in the log (guarded by m_mutex).
    size_t m_overdue = 0;
    size_t m_evicted = 0;
    Admission::Clock::time_point m_lastDropLog{};
    Admission::Clock::time_point m_lastTrim{}; // guarded by m_mutex
    StreamRegistry m_registry;
    platform::Listener m_listener;
    std::thread m_acceptThread;
    std::atomic<bool> m_stopping{false};
    std::mutex m_mutex;
    std::list<Session> m_sessions;
};

} // namespace

Result<std::unique_ptr<Server>> Server::start(ServerConfig config, DaemonLog log)
{
    return ServerImpl::create(std::move(config), std::move(log));
}

std::string adminSocketPath(const std::string& stateDir)
{
    return (stateDir.empty() ? defaultStateDir() : stateDir) + "/admin.sock";
}

Result<std::string> askServer(const std::string& stateDir, const std::string& command)
{
    const std::string path = adminSocketPath(stateDir);
    auto answer = askAdminSocket(path, command);
    if (!answer.ok()) {
        const Error& e = answer.error();
        if (e.code == Errc::NotFound || e.sysErrno == ECONNREFUSED)
            return Error(Errc::NotFound, "no floodgate daemon runs with the state directory "
                                             + (stateDir.empty() ? defaultStateDir() : stateDir) + " (nothing answers on "
                                             + path + "); start `floodgate serve`, or give its --state-dir",
                         e.sysErrno);
        if (e.code == Errc::PermissionDenied)
            return Error(Errc::PermissionDenied, "cannot open " + path + " (" + e.message
                                                     + "): only root and the user the daemon runs as may; run it with sudo",
                         e.sysErrno);
        return answer.error();
    }
    if (answer->rfind("ok ", 0) == 0) return answer->substr(3);
    if (answer->rfind("error ", 0) == 0) return Error(Errc::InvalidArgument, "the daemon refused: " + answer->substr(6));
    return Error(Errc::InvalidArgument, "the daemon refused: " + *answer);
}

int runStdioSession(DaemonLog log)
{
    platform::ignoreSigpipe();
    auto stream = std::make_unique<net::PipeStream>(platform::takeStdin(), platform::takeStdout(), "stdio");
    proto::FrameLinkPtr link = std::make_unique<proto::StreamFrameLink>(std::move(stream));
    SessionContext ctx;
    ctx.daemon = false;
    ctx.peer = "ssh client";
    Status st = runServerSession(link, ctx);
    if (link) link->close();
    if (!st) {
        if (log && st.error().code != Errc::Cancelled) log.error(st.error().message);
        return st.error().code == Errc::Network ? 10 : 12;
    }
    return 0;
}

} // namespace fg
