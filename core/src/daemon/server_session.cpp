#include "daemon/server_session.h"

#include "daemon/job_board.h"
#include "daemon/job_watch.h"
#include "daemon/probe_session.h"
#include "daemon/session_gate.h"

#include "common/path.h"
#include "daemon/stream_registry.h"
#include "exec/progress_watchdog.h"
#include "diagnosis/readings.h"
#include "exec/rate_limiter.h"
#include "metrics/stage_track.h"
#include "net/pairing_proof.h"
#include "net/socket_tuning.h"
#include "options/transfer_params.h"
#include "platform/fs.h"
#include "proto/hello.h"
#include "proto/plain_data.h"
#include "role/linger.h"
#include "role/observer.h"
#include "role/same_machine.h"
#include "transfer/roles.h"

#include <floodgate/identity.h>

#include <chrono>
#include <ctime>
#include <thread>

namespace fg {

namespace {
// Wrong codes are answered slowly and a code is disabled after this many, so
// guessing a 50-bit code over the network is hopeless.
constexpr int kMaxPairFailures = 10;
constexpr auto kWrongCodeDelay = std::chrono::seconds(1);

std::string isoNow()
{
    std::time_t t = std::time(nullptr);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
    return buf;
}

} // namespace

PairingState::PairingState(std::string code, bool generated, DaemonLog log)
    : m_code(std::move(code)), m_generated(generated), m_log(std::move(log))
{
}

std::string PairingState::code() const
{
    std::lock_guard lock(m_mutex);
    return m_code;
}

bool PairingState::verify(const std::string& proof, const std::string& clientFp, const std::string& serverFp,
                          std::string* serverProof, std::string* why)
{
    std::unique_lock lock(m_mutex);
    if (m_code.empty()) {
        *why = "this server has no pairing code at the moment; on the server, `floodgate serve --new-code` makes one";
        return false;
    }
    std::string expected = net::pairingProof(m_code, net::ProofSide::Client, clientFp, serverFp);
    if (!net::proofsEqual(proof, expected)) {
        ++m_failures;
        if (m_failures >= kMaxPairFailures) {
            m_code.clear();
            if (m_log) m_log.warning("pairing disabled after " + std::to_string(kMaxPairFailures)
                             + " wrong codes; `floodgate serve --new-code` makes a new one");
        }
        lock.unlock();
        std::this_thread::sleep_for(kWrongCodeDelay);
        *why = "wrong pairing code: use the code `floodgate serve` printed (codes are single-use)";
        return false;
    }
    *serverProof = net::pairingProof(m_code, net::ProofSide::Server, clientFp, serverFp);
    m_failures = 0;
    if (m_generated) {
        m_code = generatePairCode();
        if (m_log) m_log("pairing code used; the next client pairs with: " + m_code);
    } else {
        m_code.clear();
    }
    return true;
}

std::string PairingState::renew()
{
    std::lock_guard lock(m_mutex);
    m_code = generatePairCode();
    m_generated = true;
    m_failures = 0;
    if (m_log) m_log("new pairing code (asked for on the admin socket): " + m_code);
    return m_code;
}

namespace {

// Lets data connections that join while the role runs reach it, and none
// reach it once it is gone (the registry may call in from another thread at
// any moment).
class LateLinks {
public:
    // Connections that came before the role was attached go to it now.
    void attach(RoleBase* role)
    {
        std::lock_guard lock(m_mutex);
        m_role = role;
        for (auto& link : m_links) m_role->addDataLink(link.get());
    }
    void detach()
    {
        std::lock_guard lock(m_mutex);
        m_role = nullptr;
        m_over = true;
    }
    explicit LateLinks(std::string congestion) : m_congestion(std::move(congestion)) {}
    std::vector<proto::FrameLink*> links()
    {
        std::lock_guard lock(m_mutex);
        std::vector<proto::FrameLink*> out;
        for (auto& l : m_links) out.push_back(l.get());
        return out;
    }
    void add(proto::FrameLinkPtr link)
    {
        std::lock_guard lock(m_mutex);
        if (m_over) return; // dropped: closes the connection
        tuneDataConnection(link->socketFd(), m_congestion);
        if (m_role) m_role->addDataLink(link.get());
        m_links.push_back(std::move(link));
    }

private:
    std::mutex m_mutex;
    std::string m_congestion;
    RoleBase* m_role = nullptr;
    bool m_over = false;
    std::vector<proto::FrameLinkPtr> m_links;
};

// " (TLS_AES_128_GCM_SHA256)", or the reason file data goes in the clear.
std::string dataProtectionNote(const std::vector<proto::FrameLink*>& data, const std::string& module)
{
    if (data.empty()) return {};
    const std::string protection = linkProtection(*data.front());
    if (protection == kUnencrypted) return " (unencrypted: module '" + module + "' allows it)";
    return protection.empty() ? std::string() : " (" + protection + ")";
}

// Ends a running job from another thread (its client went silent, or came
// back on new connections), until cleared as the job ends.
class JobStopper {
public:
    void set(std::function<void(const Error&)> stop)
    {
        std::lock_guard lock(m_mutex);
        m_stop = std::move(stop);
    }
    void stop(const Error& why)
    {
        std::lock_guard lock(m_mutex);
        if (m_stop) m_stop(why);
    }
    void clear() { set(nullptr); }

private:
    std::mutex m_mutex;
    std::function<void(const Error&)> m_stop;
};

// How long a reconnected client's job waits for its old session to end.
constexpr auto kSupersedeWait = std::chrono::seconds(15);

// How long the server waits for the data connections a client said it opened.
constexpr auto kJoinTimeout = std::chrono::seconds(30);
// How long a data connection that came before its job request waits for it.
constexpr auto kEarlyJoinWait = std::chrono::seconds(10);

Status handlePairing(proto::FrameLink& link, const proto::Frame& frame, const SessionContext& ctx)
{
    FG_TRY_ASSIGN(proto::PairRequestMsg req, proto::fromFrame<proto::PairRequestMsg>(frame));
    proto::PairResultMsg result;
    if (!ctx.daemon || !ctx.pairing || !ctx.authorized) {
        result.message = "pairing is only for floodgate:// daemons";
    } else {
        std::string why;
        if (ctx.pairing->verify(req.proof, ctx.clientFingerprint, ctx.serverFingerprint, &result.proof, &why)) {
            auto named = ctx.authorized->authorize(ctx.clientFingerprint, req.clientName,
                                                   "paired " + isoNow() + " from " + ctx.peer + " (" + req.clientName + ")");
            if (named.ok()) {
                result.ok = true;
                result.message = "paired";
                if (ctx.proven) ctx.proven();
                if (ctx.log)
                    ctx.log("paired client " + *named + " (" + ctx.clientFingerprint + ", " + req.clientName + ", "
                            + ctx.peer + ")");
            } else {
                result.proof.clear();
                result.message = "the server could not record the pairing: " + named.error().message;
            }
        } else {
            result.message = why;
            if (ctx.log) ctx.log.warning("refused pairing from " + ctx.peer + ": " + why);
        }
    }
    return link.send(proto::toFrame(result));
}



Status joinSession(proto::FrameLinkPtr& link, const proto::Frame& frame, const SessionContext& ctx)
{
    auto join = proto::fromFrame<proto::JoinStreamMsg>(frame);
    if (!join.ok()) {
        (void)sendError(*link, join.error().code, join.error().message);
        return join.error();
    }
    if (!paired(ctx)) return refuseUnpaired(*link, ctx);
    if (!ctx.registry) {
        (void)sendError(*link, Errc::Protocol, "data connections are for floodgate:// daemons");
        return Error(Errc::Protocol, "a data connection outside a daemon");
    }
    // It may have come before its job request was read on the control connection.
    (void)ctx.registry->awaitSession(join->token, kEarlyJoinWait);
    if (Status st = ctx.registry->check(join->token, ctx.clientFingerprint, join->stream); !st) {
        (void)sendError(*link, st.error().code, st.error().message);
        return st;
    }
    // The client sends nothing more until StreamAccepted, so nothing it sends
    // later can have been read ahead yet (proto/plain_data.h).
    const bool plain = ctx.registry->isPlain(join->token);
    if (plain) FG_TRY(preparePlainSwitch(*link));
    FG_TRY(link->send(proto::toFrame(proto::StreamAcceptedMsg{})));
    if (plain) FG_TRY(switchToPlain(*link));
    if (ctx.handOver) ctx.handOver();
    return ctx.registry->attach(join->token, ctx.clientFingerprint, join->stream, std::move(link));
}

// A push client sends its file list right behind its job request (protocol
// 6): a refused one is still sending. Its bytes are read and dropped until it
// hangs up, so that our close does not reset the connection before it has
// read why; bounded, for a client that never hangs up.
constexpr auto kRefusedDrain = std::chrono::seconds(5);

void drainRefused(proto::FrameLink& link)
{
    LingeringClose linger(link);
    linger.arm(kRefusedDrain);
    while (link.receive().ok()) {
    }
    linger.peerClosed();
}

// The status's record of a job, from its request on (a refusal is a result too).
std::shared_ptr<JobBoard::Entry> boardEntryFor(const proto::JobRequestMsg& request, const SessionContext& ctx)
{
    if (!ctx.board) return nullptr;
    JobRecord r;
    const std::string name = ctx.authorized ? ctx.authorized->nameOf(ctx.clientFingerprint) : std::string();
    r.client = name.empty() ? ctx.clientFingerprint : name;
    r.peer = ctx.peer;
    const size_t slash = request.path.find('/');
    r.module = request.path.substr(0, slash);
    r.path = slash == std::string::npos ? std::string() : request.path.substr(slash + 1);
    r.push = request.direction == proto::Direction::Push;
    r.dryRun = request.transfer.dryRun;
    return ctx.board->begin(std::move(r), ctx.clientFingerprint);
}

// What the connections this end sends a pull's data on show (none for a push:
// the client sends).
std::function<std::vector<diagnosis::ConnectionReading>()> sendingConnections(
    bool push, proto::FrameLink& control, const std::vector<proto::FrameLink*>& data, const std::shared_ptr<LateLinks>& late)
{
    if (push) return [] { return std::vector<diagnosis::ConnectionReading>(); };
    return [&control, data, late] {
        std::vector<diagnosis::ConnectionReading> out;
        std::vector<proto::FrameLink*> links = data;
        for (auto* l : late->links()) links.push_back(l);
        for (size_t i = 0; i < links.size(); ++i)
            if (auto c = diagnosis::readConnection(uint32_t(i + 1), links[i]->socketFd())) out.push_back(std::move(*c));
        if (out.empty())
            if (auto c = diagnosis::readConnection(0, control.socketFd())) out.push_back(std::move(*c));
        return out;
    };
}

Status runJob(proto::FrameLink& link, const proto::Frame& frame, const SessionContext& ctx)
{
    std::shared_ptr<JobBoard::Entry> entry; // once the client is known
    auto refuse = [&](const Error& e) -> Status {
        (void)sendError(link, e.code, e.message);
        drainRefused(link);
        if (entry) ctx.board->end(entry, false, "refused: " + e.message);
        return e;
    };
    auto request = proto::fromFrame<proto::JobRequestMsg>(frame);
    if (!request.ok()) return refuse(request.error());
    if (!paired(ctx)) {
        Status refused = refuseUnpaired(link, ctx);
        drainRefused(link);
        return refused;
    }
    entry = boardEntryFor(*request, ctx);
    // Whatever ends the session before it says how the job ended.
    struct EndsTheEntry {
        const SessionContext& ctx;
        const std::shared_ptr<JobBoard::Entry>& entry;
        ~EndsTheEntry()
        {
            if (entry) ctx.board->end(entry, false, "the connection ended before the job did");
        }
    } endsTheEntry{ctx, entry};
    // A client back after its connections dropped: its old session, if it
    // still waits on them, ends first (it holds the place, and the lock on
    // the half-received file that this job resumes).
    if (request->resumes && ctx.registry) {
        const bool ended = ctx.registry->supersede(*request->resumes, ctx.clientFingerprint, kSupersedeWait);
        if (ctx.log)
            ctx.log(ctx.peer + " reconnected to go on with an interrupted job"
                    + (ended ? std::string() : std::string(" (its old session is still ending)")));
    }
    // Held to the end of the job; none free: the client is told to come back.
    JobPlace place(ctx);
    if (!place.held()) return refuse(place.refusal("a job"));
    const bool push = request->direction == proto::Direction::Push; // the client sends: we receive
    RootSpec root;
    std::string module;
    ModuleConfig moduleSettings;
    bool keepOwners = true; // over ssh the login is the user's own: as rsync
    {
        // A pull that removes what it sent writes to the module too.
        auto resolved = resolveRequestPath(request->path, ctx, push || request->transfer.removeSourceFiles,
                                           request->plainData);
        if (!resolved.ok()) return refuse(resolved.error());
        root = resolved->root;
        module = resolved->module;
        if (ctx.daemon) keepOwners = resolved->keepOwners;
        moduleSettings = resolved->settings;
    }
    TransferParams params(request->transfer);
    params.bwlimitBytesPerSec = request->bwlimit;
    if (ctx.daemon && push) {
        params.keepFreeBytes = moduleSettings.minFreeBytes;
        params.keepFreeShare = moduleSettings.minFreeShare;
        params.keepFreeModule = module;
        // The admin's retention, whatever the client asked for.
        if (params.snapshot && moduleSettings.snapshotKeep.any()) {
            params.keep = moduleSettings.snapshotKeep;
            params.keepSetBy = "module '" + module + "' on the server";
        }
    }
    // A client may give files to other users only where the module says so:
    // owners set by a paired client are a way to another user's rights.
    if (push && !keepOwners && params.ownership.any()) {
        if (params.ownership.explicitly)
            params.ownershipRefused = "owners and groups are not kept: module '" + module
                                    + "' does not let clients set them (on the server: serve --keep-owners "
                                    + module + ", as root)";
        params.ownership = {};
    }
    if (Status st = validateTransferOptions(params); !st) return refuse(st.error());

    proto::JobAcceptMsg accept;
    accept.serverSoftware = softwareVersion();
    accept.machine = machineToken();
    OpenedStreams opened(ctx);
    if (Status st = opened.open(request->token, request->streams, request->plainData, accept); !st)
        return refuse(st.error());
    const std::optional<proto::SessionToken>& token = opened.token();
    FG_TRY(link.send(proto::toFrame(accept)));

    auto late = std::make_shared<LateLinks>(params.congestion);
    std::vector<proto::FrameLinkPtr> dataLinks;
    if (token && push) {
        // The client's list follows its request at once: receive it now, and
        // take the data connections as they join (the client sends data on
        // the control connection only if none did).
        dataLinks = ctx.registry->collect(*token, ~0u, std::chrono::milliseconds(0),
                                          [late](proto::FrameLinkPtr l) { late->add(std::move(l)); });
    } else if (token) {
        // The client opens its data connections, then says which made it: we
        // send on them, so we must know before the first file goes.
        FG_TRY_ASSIGN(proto::Frame readyFrame, link.receive());
        FG_TRY_ASSIGN(proto::StreamsReadyMsg ready, proto::fromFrame<proto::StreamsReadyMsg>(readyFrame));
        dataLinks = ctx.registry->collect(*token, ready.streams, kJoinTimeout,
                                          [late](proto::FrameLinkPtr l) { late->add(std::move(l)); });
    }
    std::vector<proto::FrameLink*> data;
    for (auto& l : dataLinks) {
        tuneDataConnection(l->socketFd(), params.congestion);
        data.push_back(l.get());
    }
    if (!data.empty() || (token && push)) tuneControlConnection(link.socketFd());
    if (ctx.log)
        ctx.log(std::string(push ? "receiving into " : "sending from ") + root.base
                + (root.relative.empty() ? "" : "/" + root.relative) + " for " + ctx.peer
                + (data.empty() || push ? std::string() : " on " + std::to_string(data.size()) + " data connections")
                + (push ? std::string() : dataProtectionNote(data, module))
                + (params.dryRun ? " (dry run)" : ""));

    // The daemon's caps (floodgate.conf bwlimit, client-bwlimit): a pull's
    // sender goes no faster, with the client's own limit under them; a push
    // is read no faster, so TCP slows the client's sender.
    RateLimiter capped(push ? 0 : params.bwlimitBytesPerSec);
    capped.setCeiling(moduleSettings.bwlimit);
    RateLimiter* clientShare = ctx.clientLimiter ? ctx.clientLimiter(ctx.clientFingerprint) : nullptr;
    if (clientShare) capped.setShared(clientShare);
    if (moduleSettings.bwlimit && (params.bwlimitBytesPerSec == 0 || moduleSettings.bwlimit < params.bwlimitBytesPerSec))
        params.bwlimitBytesPerSec = moduleSettings.bwlimit; // what the diagnosis names as the limit

    StageSet stages;
    NullObserver nobody;
    std::unique_ptr<JobWatch> jobWatch;
    if (entry) jobWatch = std::make_unique<JobWatch>(entry, push, stages, params, sendingConnections(push, link, data, late));
    RoleObserver& observer = jobWatch ? static_cast<RoleObserver&>(*jobWatch) : nobody;
    RoleSetup setup;
    setup.root = root;
    setup.params = params;
    setup.control = &link;
    setup.data = data;
    setup.observer = &observer;
    setup.stages = &stages;
    // The sender's limiter: a client's timetable may change its rate later,
    // never past the module's cap.
    if (!push) setup.limiter = &capped;
    // Always on a push: a reload may set client-bwlimit while it runs, and an
    // unlimited limiter costs an atomic load a frame.
    if (push) setup.readLimiter = &capped;
    std::unique_ptr<Roles> roles = Roles::one(push ? RoleSide::Receive : RoleSide::Send, std::move(setup));
    late->attach(&roles->main());
    auto stopper = std::make_shared<JobStopper>();
    stopper->set([&](const Error& why) {
        roles->abandon(why);
        link.close();
        for (auto* l : data) l->close();
        for (auto* l : late->links()) l->close();
    });
    if (token) ctx.registry->setStopper(*token, [stopper] {
        stopper->stop(Error(Errc::Network, "the client reconnected: this session's connections are no longer its"));
    });
    // A client that went silent (stopped, or cut off without a reset) must
    // not hold its place and its files for ever: its stats come every 250 ms.
    const unsigned silenceSec = request->ioTimeoutSec ? request->ioTimeoutSec : kDefaultSilenceSec;
    ProgressWatchdog::Events watch;
    watch.mark = [&] {
        uint64_t mark = link.bytesReceived();
        for (auto* l : data) mark += l->bytesReceived();
        for (auto* l : late->links()) mark += l->bytesReceived();
        return mark;
    };
    watch.stalled = [&, stopper, silenceSec] {
        const std::string why = "no word from the client for " + std::to_string(silenceSec) + " s"
                              + (request->ioTimeoutSec ? " (its --timeout)" : "") + "; what arrived is kept";
        if (ctx.log) ctx.log.warning("ending the job of " + ctx.peer + ": " + why);
        stopper->stop(Error(Errc::Timeout, why));
    };
    ProgressWatchdog watchdog(std::chrono::seconds(silenceSec), std::chrono::milliseconds(0), std::move(watch));
    Status result = roles->run();
    watchdog.stop();
    if (jobWatch) {
        const Bottleneck verdict = jobWatch->finish();
        if (!verdict.layer.empty()) entry->setBottleneck(verdict);
        // (The watch lives on until the role is gone: the role holds it as
        // its observer. Its diagnosis thread, which reads the connections,
        // has stopped.)
        const uint64_t failed = entry->record().filesFailed;
        ctx.board->end(entry, result && failed == 0,
                       !result ? result.error().message
                       : failed ? std::to_string(failed) + " file(s) failed"
                                : std::string("ok"));
    }
    if (token) ctx.registry->setStopper(*token, nullptr);
    stopper->clear();
    late->detach();
    roles.reset();
    // A push's data connections join while it runs: said once it is over.
    if (push && ctx.log) {
        std::vector<proto::FrameLink*> joined = data;
        for (auto* l : late->links()) joined.push_back(l);
        if (!joined.empty())
            ctx.log("data from " + ctx.peer + " came on " + std::to_string(joined.size()) + " data connections"
                    + dataProtectionNote(joined, module));
    }
    if (ctx.log) ctx.log.emit(result ? LogLevel::Info : LogLevel::Warning,
                         "session with " + ctx.peer + " ended: " + (result ? std::string("ok") : result.error().message));
    return result;
}

} // namespace

Status runServerSession(proto::FrameLinkPtr& link, const SessionContext& ctx)
{
    auto hello = exchangeHello(*link);
    if (!hello.ok()) return hello.error();
    for (;;) {
        FG_TRY_ASSIGN(proto::Frame frame, link->receive());
        switch (proto::MsgType(frame.type)) {
        case proto::MsgType::PairRequest:
            FG_TRY(handlePairing(*link, frame, ctx));
            continue;
        case proto::MsgType::JoinStream:
            return joinSession(link, frame, ctx);
        case proto::MsgType::JobRequest:
            return runJob(*link, frame, ctx);
        case proto::MsgType::ProbeRequest:
            return runProbeSession(*link, frame, ctx);
        default: {
            Error e(Errc::Protocol, std::string("expected a job request, got ") + proto::msgTypeName(frame.type));
            (void)sendError(*link, e.code, e.message);
            return e;
        }
        }
    }
}

} // namespace fg
