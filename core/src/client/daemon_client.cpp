// The client side of a daemon connection: TLS with this install's identity,
// the server's identity pinned, and pairing.

#include "client/session.h"
#include "common/clock.h"
#include "net/cipher_suites.h"
#include "net/identity.h"
#include "net/pairing_proof.h"
#include "net/tls_context.h"
#include "net/tls_stream.h"
#include "net/trust_store.h"
#include "platform/cpu.h"
#include "platform/process.h"
#include "platform/socket.h"
#include "proto/plain_data.h"

#include <floodgate/identity.h>

#include <openssl/rand.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <thread>

namespace fg {

std::string hostPortOf(const std::string& host, uint16_t port)
{
    bool v6 = host.find(':') != std::string::npos;
    return (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

namespace {

constexpr int kConnectTimeoutMs = 10000;
constexpr int kHandshakeTimeoutMs = 15000;


struct TlsConnection {
    std::unique_ptr<net::TlsStream> stream;
    std::string ourFingerprint;
};

// --contimeout ran out: said as rsync users know it, with what was waited on.
Error connectTimedOut(const std::string& hp, unsigned sec, const std::string& stage)
{
    return Error(Errc::ConnectTimeout, "no answer from " + hp + " within " + std::to_string(sec) + " s (--contimeout "
                                           + std::to_string(sec) + "), " + stage
                                           + "; is the daemon running and reachable, and not overloaded?",
                 ETIMEDOUT);
}

Result<TlsConnection> openTls(const std::string& host, uint16_t port, const std::string& stateDir,
                              CipherChoice cipher = CipherChoice::Auto, unsigned timeoutSec = 0,
                              const std::atomic<bool>* abandoned = nullptr)
{
    platform::ignoreSigpipe();
    FG_TRY_ASSIGN(auto identity, net::TlsIdentity::loadOrCreate(stateDir));
    FG_TRY_ASSIGN(auto context, net::TlsContext::create(net::TlsContext::Role::Client, identity));
    FG_TRY(context->setCipherSuites(net::clientCipherSuites(cipher, platform::hasAesAcceleration())));
    const std::string hp = hostPortOf(host, port);
    // With --contimeout, TCP and TLS share its time; else each has its default.
    const uint64_t deadline = timeoutSec ? monotonicNs() + uint64_t(timeoutSec) * 1000000000ull : 0;
    auto remainingMs = [&](int byDefault) {
        if (!deadline) return byDefault;
        const uint64_t now = monotonicNs();
        return now >= deadline ? 1 : int(std::min<uint64_t>((deadline - now) / 1000000, INT32_MAX));
    };
    auto socket = platform::Socket::connectTcp(host, port, remainingMs(kConnectTimeoutMs));
    if (!socket.ok()) {
        if (deadline && socket.error().sysErrno == ETIMEDOUT) return connectTimedOut(hp, timeoutSec, "while connecting");
        return socket.error();
    }
    auto tls = net::tlsConnect(std::move(socket).value(), *context, remainingMs(kHandshakeTimeoutMs), abandoned);
    if (!tls.ok()) {
        if (deadline && tls.error().sysErrno == ETIMEDOUT)
            return connectTimedOut(hp, timeoutSec, "during the TLS handshake (connected, but it does not answer)");
        Error e = tls.error();
        if (e.code == Errc::Cancelled) return e;
        e.message = "TLS handshake with " + hp + " failed: " + e.message + " (is it a floodgate daemon?)";
        return e;
    }
    return TlsConnection{std::move(tls).value(), identity->fingerprint()};
}

Error pinMismatch(const std::string& hp, const std::string& got, const std::string& expected, const std::string& file)
{
    return Error(Errc::AuthFailed, "the server at " + hp + " presented identity " + got + ", but " + expected
                                       + " was pinned for it. Someone may be impersonating the server. If it was "
                                         "reinstalled on purpose, remove the line for " + hp + " from " + file
                                       + " and pair again.");
}

} // namespace

Result<proto::FrameLinkPtr> connectDaemon(const Endpoint& endpoint, const std::string& stateDir, const LogLine& log,
                                          DaemonConnect how)
{
    FG_TRY_ASSIGN(TlsConnection conn, openTls(endpoint.host, endpoint.port, stateDir, how.cipher, how.timeoutSec, how.abandoned));
    const std::string hp = hostPortOf(endpoint.host, endpoint.port);
    FG_TRY_ASSIGN(net::KnownServers known, net::KnownServers::load(stateDir));
    std::string expected;
    const std::string& fp = conn.stream->peerFingerprint();
    switch (known.check(hp, fp, &expected)) {
    case net::KnownServers::Verdict::Match: break;
    case net::KnownServers::Verdict::Mismatch: return pinMismatch(hp, fp, expected, known.path());
    case net::KnownServers::Verdict::Unknown:
        if (!how.pinOnFirstContact)
            return Error(Errc::AuthFailed, "the server at " + hp + " is not pinned yet");
        FG_TRY(known.remember(hp, fp));
        if (log) log("first contact with " + hp + ": pinned its identity " + fp);
        break;
    }
    auto link = std::make_unique<proto::StreamFrameLink>(std::move(conn.stream));
    if (how.awaitHello) FG_TRY(exchangeHello(*link));
    else FG_TRY(sendHello(*link));
    return proto::FrameLinkPtr(std::move(link));
}

Status joinOpenedStream(proto::FrameLink& link, const proto::SessionToken& token, uint16_t number,
                        CipherChoice cipher, bool helloPending)
{
    const bool plain = cipher == CipherChoice::None;
    if (plain) FG_TRY(preparePlainSwitch(link));
    proto::JoinStreamMsg join;
    join.token = token;
    join.stream = number;
    FG_TRY(link.send(proto::toFrame(join)));
    if (helloPending) FG_TRY(readHello(link));
    FG_TRY_ASSIGN(proto::Frame frame, link.receive());
    if (frame.type == uint16_t(proto::MsgType::Error)) {
        FG_TRY_ASSIGN(proto::ErrorMsg err, proto::fromFrame<proto::ErrorMsg>(frame));
        return Error(err.code, "data connection refused: " + err.message);
    }
    FG_TRY(proto::fromFrame<proto::StreamAcceptedMsg>(frame));
    if (plain) FG_TRY(switchToPlain(link));
    return {};
}

Result<proto::FrameLinkPtr> joinStream(const Endpoint& endpoint, const std::string& stateDir,
                                       const proto::SessionToken& token, uint16_t number, CipherChoice cipher)
{
    DaemonConnect how;
    how.cipher = cipher;
    FG_TRY_ASSIGN(proto::FrameLinkPtr link, connectDaemon(endpoint, stateDir, nullptr, how));
    FG_TRY(joinOpenedStream(*link, token, number, cipher));
    return link;
}

namespace {
// The links of streams first..first+results.size()-1 that joined, in number
// order, their numbers as bits in *joined, the failures in *errors.
std::vector<proto::FrameLinkPtr> takeJoined(std::vector<Result<proto::FrameLinkPtr>>& results, uint16_t first,
                                            uint32_t* joined, std::vector<Error>* errors)
{
    std::vector<proto::FrameLinkPtr> links;
    *joined = 0;
    for (size_t i = 0; i < results.size(); ++i) {
        if (results[i].ok()) {
            links.push_back(std::move(results[i]).value());
            *joined |= 1u << (first + i);
        } else if (errors) {
            errors->push_back(results[i].error());
        }
    }
    return links;
}
} // namespace

Result<proto::SessionToken> newSessionToken()
{
    proto::SessionToken token{};
    // Unguessable: with the client's identity, it is what lets a connection
    // into the session.
    if (RAND_bytes(token.data(), int(token.size())) != 1)
        return Error(Errc::Internal, "no random numbers for a session token");
    return token;
}

EarlyStreams::EarlyStreams(Endpoint endpoint, std::string stateDir, uint16_t count, const proto::SessionToken& token,
                           CipherChoice cipher, uint16_t first, unsigned connectTimeoutSec)
    : m_endpoint(std::move(endpoint)), m_stateDir(std::move(stateDir)), m_token(token), m_cipher(cipher),
      m_first(first), m_connectTimeoutSec(connectTimeoutSec), m_joining(count, nullptr)
{
    for (uint16_t i = 0; i < count; ++i) m_results.emplace_back(Error(Errc::Internal, "not joined"));
    for (uint16_t i = 0; i < count; ++i) m_threads.emplace_back([this, i] { open(i); });
}

EarlyStreams::~EarlyStreams()
{
    abandon();
    for (auto& t : m_threads) t.join();
}

void EarlyStreams::abandon()
{
    {
        std::lock_guard lock(m_mutex);
        m_abandoned = true;
        m_abandonedFlag.store(true);
        // A refused job leaves the server waiting on these joins for a while:
        // cut them short instead of waiting with it.
        for (auto* link : m_joining)
            if (link) link->close();
    }
    m_cv.notify_all();
}

void EarlyStreams::open(uint16_t number)
{
    DaemonConnect how;
    how.pinOnFirstContact = false; // the control connection pins
    how.awaitHello = false;        // the join follows our Hello at once
    how.cipher = m_cipher;
    how.timeoutSec = m_connectTimeoutSec;
    how.abandoned = &m_abandonedFlag;
    Result<proto::FrameLinkPtr> link = connectDaemon(m_endpoint, m_stateDir, nullptr, how);
    if (link.ok()) {
        {
            std::lock_guard lock(m_mutex);
            if (m_abandoned) return; // closed here
            m_joining[number] = link->get();
        }
        Status st = joinOpenedStream(**link, m_token, uint16_t(m_first + number), m_cipher, true);
        std::lock_guard lock(m_mutex);
        m_joining[number] = nullptr;
        m_results[number] = st ? std::move(link) : Result<proto::FrameLinkPtr>(st.error());
        return;
    }
    // Not opened early: again, once the control connection has the job (and
    // has pinned the server on first contact).
    std::unique_lock lock(m_mutex);
    m_cv.wait(lock, [&] { return m_abandoned || m_wanted; });
    if (m_abandoned || number >= *m_wanted) return;
    lock.unlock();
    Result<proto::FrameLinkPtr> again = joinStream(m_endpoint, m_stateDir, m_token, uint16_t(m_first + number), m_cipher);
    lock.lock();
    m_results[number] = std::move(again);
}

std::vector<proto::FrameLinkPtr> EarlyStreams::join(uint16_t count, uint32_t* joined, std::vector<Error>* errors)
{
    uint16_t wanted = 0;
    {
        std::lock_guard lock(m_mutex);
        wanted = std::min<uint16_t>(count, uint16_t(m_threads.size()));
        m_wanted = wanted;
    }
    m_cv.notify_all();
    for (auto& t : m_threads) t.join();
    m_threads.clear();
    // Streams the server did not allow were refused or are not wanted: closed.
    m_results.erase(m_results.begin() + wanted, m_results.end());
    return takeJoined(m_results, m_first, joined, errors);
}

Result<std::string> pairWithServer(const std::string& host, uint16_t port, const std::string& code,
                                   const std::string& stateDir)
{
    if (net::normalizePairCode(code).empty()) return Error(Errc::InvalidArgument, "empty pairing code");
    FG_TRY_ASSIGN(TlsConnection conn, openTls(host, port, stateDir));
    const std::string hp = hostPortOf(host, port);
    const std::string serverFp = conn.stream->peerFingerprint();
    FG_TRY_ASSIGN(net::KnownServers known, net::KnownServers::load(stateDir));
    std::string expected;
    if (known.check(hp, serverFp, &expected) == net::KnownServers::Verdict::Mismatch)
        return pinMismatch(hp, serverFp, expected, known.path());

    proto::StreamFrameLink link(std::move(conn.stream));
    FG_TRY(exchangeHello(link));
    proto::PairRequestMsg request;
    request.proof = net::pairingProof(code, net::ProofSide::Client, conn.ourFingerprint, serverFp);
    request.clientName = platform::hostName();
    FG_TRY(link.send(proto::toFrame(request)));
    FG_TRY_ASSIGN(proto::PairResultMsg result, proto::receiveAnswer<proto::PairResultMsg>(link));
    link.close();
    if (!result.ok) return Error(Errc::AuthFailed, "the server refused to pair: " + result.message);
    // The server proved it knows the code too: this is the server the user
    // meant, not one in the middle.
    if (!net::proofsEqual(result.proof, net::pairingProof(code, net::ProofSide::Server, conn.ourFingerprint, serverFp)))
        return Error(Errc::AuthFailed, "the server at " + hp + " accepted the code but could not prove it knows it; "
                                       "not pinning it (a machine in the middle?)");
    FG_TRY(known.remember(hp, serverFp));
    return serverFp;
}

} // namespace fg
