#include "codec/hash.h"
#include "net/identity.h"
#include "net/tcp_stream.h"
#include "net/tls_context.h"
#include "net/tls_stream.h"
#include "platform/socket.h"
#include "test_support.h"
#include "tls_pair.h"

#include <openssl/err.h>
#include <openssl/ssl.h>

#include <QElapsedTimer>
#include <QTest>

#include <sys/ioctl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

using fg::Errc;
using fg::Error;
using fg::Result;
using fg::Status;
using fg::net::TlsContext;
using fg::net::TlsIdentity;
using fg::net::TlsStream;
namespace platform = fg::platform;

namespace {

constexpr int kHandshakeMs = 5000;
using StreamResult = Result<std::unique_ptr<TlsStream>>;

using Endpoints = fgtest::TlsPair;

std::string connectPair(TlsContext& clientCtx, TlsContext& serverCtx, Endpoints& out)
{
    return fgtest::connectTlsPair(clientCtx, serverCtx, out, kHandshakeMs);
}

struct AcceptOutcome {
    std::optional<StreamResult> result;
    qint64 elapsedMs = 0;
};

// Accepts one connection whose client side is `peer` (anything from silence
// to a raw OpenSSL client). The peer's socket stays open until tlsAccept
// returns, so a stalled peer is a stall, not an EOF.
AcceptOutcome acceptFrom(TlsContext& serverCtx, int timeoutMs, std::function<void(platform::Socket&)> peer)
{
    AcceptOutcome outcome;
    auto listener = platform::Listener::listenTcp("127.0.0.1", 0);
    if (!listener.ok()) {
        outcome.result.emplace(listener.error());
        return outcome;
    }
    const uint16_t port = listener->port();
    std::mutex mutex;
    std::condition_variable cv;
    bool serverDone = false;
    std::thread client([&] {
        auto sock = platform::Socket::connectTcp("127.0.0.1", port, kHandshakeMs);
        if (!sock.ok()) return;
        peer(*sock);
        std::unique_lock lock(mutex);
        cv.wait(lock, [&] { return serverDone; });
    });
    auto sock = listener->accept(kHandshakeMs);
    QElapsedTimer timer;
    timer.start();
    if (!sock.ok()) outcome.result.emplace(sock.error());
    else if (!sock->valid()) outcome.result.emplace(Error(Errc::Network, "no connection arrived"));
    else outcome.result.emplace(fg::net::tlsAccept(std::move(*sock), serverCtx, timeoutMs));
    outcome.elapsedMs = timer.elapsed();
    {
        std::lock_guard lock(mutex);
        serverDone = true;
    }
    cv.notify_all();
    client.join();
    return outcome;
}

// Calls onFire if not disarmed within ms: a broken stream fails the test
// instead of hanging it until ctest's timeout.
class Watchdog {
public:
    Watchdog(int ms, std::function<void()> onFire)
        : m_thread([this, ms, fire = std::move(onFire)] {
              std::unique_lock lock(m_mutex);
              if (!m_cv.wait_for(lock, std::chrono::milliseconds(ms), [this] { return m_disarmed; })) {
                  m_fired = true;
                  fire();
              }
          })
    {
    }
    ~Watchdog()
    {
        {
            std::lock_guard lock(m_mutex);
            m_disarmed = true;
        }
        m_cv.notify_all();
        m_thread.join();
    }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
    bool fired() const { return m_fired.load(); }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_disarmed = false;
    std::atomic<bool> m_fired{false};
    std::thread m_thread; // last: starts after the members it uses exist
};

// The test data: a random block whose length is no multiple of any write or
// record size, sent from a per-direction offset. A lost, repeated or
// reordered record changes the hash.
const std::string& patternBlock()
{
    static const std::string block = fgtest::randomBytes((1u << 20) + 4093, 20240501);
    return block;
}

Status sendPattern(fg::net::Stream& stream, uint64_t total, size_t offset, fg::Digest& sentHash)
{
    // Mostly big writes (the bulk path), some odd small ones in between.
    static const size_t kSizes[] = {262144, 7, 65539, 1000, 131072, 16384, 262151, 1};
    const std::string& block = patternBlock();
    size_t pos = offset % block.size();
    fg::Hasher hasher;
    for (size_t k = 0; total > 0; ++k) {
        size_t take = std::min<uint64_t>({kSizes[k % std::size(kSizes)], total, block.size() - pos});
        hasher.update(block.data() + pos, take);
        FG_TRY(stream.writeAll(block.data() + pos, take));
        pos = (pos + take) % block.size();
        total -= take;
    }
    sentHash = hasher.digest();
    return {};
}

// Reads until the peer's orderly close, with the 256 KiB buffer the bulk
// path uses.
Result<uint64_t> receiveAll(fg::net::Stream& stream, fg::Digest& receivedHash)
{
    std::vector<char> buffer(256 * 1024);
    fg::Hasher hasher;
    uint64_t total = 0;
    for (;;) {
        FG_TRY_ASSIGN(size_t n, stream.read(buffer.data(), buffer.size()));
        if (n == 0) break;
        hasher.update(buffer.data(), n);
        total += n;
    }
    receivedHash = hasher.digest();
    return total;
}

// What both directions of a full-duplex transfer did.
struct DuplexOutcome {
    std::optional<Status> clientSent, serverSent;
    std::optional<Result<uint64_t>> clientGot, serverGot;
    fg::Digest clientSentHash, serverSentHash{}, clientGotHash{}, serverGotHash{};
    bool watchdogFired = false;
    qint64 ns = 0;
};

// Both ends send `bytes` (each from its own offset into the pattern, then an
// orderly close) and read the other's, all at once. A locking bug deadlocks
// here: the watchdog turns that into a failure, not a hang.
DuplexOutcome runFullDuplex(Endpoints& e, uint64_t bytes, size_t serverOffset, int watchdogMs)
{
    DuplexOutcome o;
    Watchdog watchdog(watchdogMs, [&] {
        e.client->shutdown();
        e.server->shutdown();
    });
    QElapsedTimer timer;
    timer.start();
    auto sender = [bytes](TlsStream& s, size_t offset, fg::Digest& hash, std::optional<Status>& out) {
        Status st = sendPattern(s, bytes, offset, hash);
        if (st.ok()) st = s.closeWrite(10000);
        out = st;
    };
    std::thread cw(sender, std::ref(*e.client), size_t(0), std::ref(o.clientSentHash), std::ref(o.clientSent));
    std::thread sw(sender, std::ref(*e.server), serverOffset, std::ref(o.serverSentHash), std::ref(o.serverSent));
    std::thread cr([&] { o.clientGot = receiveAll(*e.client, o.clientGotHash); });
    std::thread sr([&] { o.serverGot = receiveAll(*e.server, o.serverGotHash); });
    cw.join();
    sw.join();
    cr.join();
    sr.join();
    o.ns = timer.nsecsElapsed();
    o.watchdogFired = watchdog.fired();
    return o;
}

// Bytes waiting in a socket's receive buffer.
int bytesQueued(int fd)
{
    int n = 0;
    return ::ioctl(fd, FIONREAD, &n) == 0 ? n : 0;
}

double mbPerSecond(uint64_t bytes, qint64 ns) { return ns > 0 ? double(bytes) / 1e6 / (double(ns) / 1e9) : 0.0; }

// A client made with raw OpenSSL, for peers floodgate itself would never be.
struct RawClientOptions {
    bool withCertificate = false;
    int maxVersion = TLS1_3_VERSION;
    const TlsIdentity* identity = nullptr;
};

// Returns true if the raw client got through the handshake *and* could read
// from the server afterwards (i.e. the server accepted it).
bool rawClientSession(platform::Socket& sock, const RawClientOptions& options)
{
    SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
    SSL_CTX_set_min_proto_version(ctx, TLS1_VERSION);
    SSL_CTX_set_max_proto_version(ctx, options.maxVersion);
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
    if (options.withCertificate && options.identity) {
        SSL_CTX_use_certificate(ctx, options.identity->certificate());
        SSL_CTX_use_PrivateKey(ctx, options.identity->privateKey());
    }
    SSL* ssl = SSL_new(ctx);
    SSL_set_fd(ssl, sock.fd());
    bool accepted = false;
    if (SSL_connect(ssl) == 1) {
        // TLS 1.3 clients finish first; a refusal arrives as an alert here.
        char byte = 0;
        size_t got = 0;
        accepted = SSL_read_ex(ssl, &byte, 1, &got) == 1;
    }
    ERR_clear_error();
    SSL_free(ssl);
    SSL_CTX_free(ctx);
    return accepted;
}

} // namespace

class TestTls : public QObject {
    Q_OBJECT

    std::unique_ptr<fgtest::ScratchDir> m_clientDir;
    std::unique_ptr<fgtest::ScratchDir> m_serverDir;
    std::shared_ptr<TlsIdentity> m_clientId;
    std::shared_ptr<TlsIdentity> m_serverId;
    std::shared_ptr<TlsContext> m_clientCtx;
    std::shared_ptr<TlsContext> m_serverCtx;

    std::shared_ptr<TlsContext> makeContext(TlsContext::Role role)
    {
        auto ctx = TlsContext::create(role, role == TlsContext::Role::Client ? m_clientId : m_serverId);
        return ctx.ok() ? *ctx : nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        // The raw OpenSSL test clients write with write(), not send(MSG_NOSIGNAL).
        platform::ignoreSigpipe();
        m_clientDir = std::make_unique<fgtest::ScratchDir>("fgtls-client");
        m_serverDir = std::make_unique<fgtest::ScratchDir>("fgtls-server");
        auto client = TlsIdentity::loadOrCreate(m_clientDir->path());
        auto server = TlsIdentity::loadOrCreate(m_serverDir->path());
        QVERIFY(client.ok() && server.ok());
        m_clientId = *client;
        m_serverId = *server;
        m_clientCtx = makeContext(TlsContext::Role::Client);
        m_serverCtx = makeContext(TlsContext::Role::Server);
        QVERIFY(m_clientCtx && m_serverCtx);
    }

    void handshakeShowsBothFingerprints()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        // Each side sees the other's identity: what KnownServers and
        // AuthorizedClients pin.
        QCOMPARE(e.client->peerFingerprint(), m_serverId->fingerprint());
        QCOMPARE(e.server->peerFingerprint(), m_clientId->fingerprint());
        QCOMPARE(e.client->protocolVersion(), std::string("TLSv1.3"));
        QCOMPARE(e.server->protocolVersion(), std::string("TLSv1.3"));
        QCOMPARE(e.client->cipherName(), std::string("TLS_AES_128_GCM_SHA256"));
        QCOMPARE(e.server->cipherName(), e.client->cipherName());
        QVERIFY2(e.client->describe().rfind("tls 127.0.0.1:", 0) == 0, e.client->describe().c_str());
        QVERIFY(e.client->describe().find("TLS_AES_128_GCM_SHA256") != std::string::npos);

        QVERIFY(e.client->writeAll("ping", 4).ok());
        char buf[16] = {};
        auto n = e.server->read(buf, sizeof buf);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("ping"));
        QVERIFY(e.server->writeAll("pong!", 5).ok());
        n = e.client->read(buf, sizeof buf);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("pong!"));
    }

    void wrongRoleIsRefused()
    {
        auto sockets = platform::Listener::listenTcp("127.0.0.1", 0);
        QVERIFY(sockets.ok());
        auto sock = platform::Socket::connectTcp("127.0.0.1", sockets->port(), kHandshakeMs);
        QVERIFY(sock.ok());
        auto wrong = fg::net::tlsConnect(std::move(*sock), *m_serverCtx, 1000);
        QVERIFY(!wrong.ok());
        QCOMPARE(wrong.error().code, Errc::Internal);
    }

    void eachCipherSuite_data()
    {
        QTest::addColumn<QString>("clientSuites");
        QTest::addColumn<QString>("serverSuites");
        QTest::addColumn<QString>("expected");
        const QString all = QString::fromLatin1(TlsContext::kDefaultCipherSuites);
        for (const char* suite :
             {"TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256"}) {
            QTest::addRow("client only %s", suite) << QString::fromLatin1(suite) << all << QString::fromLatin1(suite);
            QTest::addRow("server only %s", suite) << all << QString::fromLatin1(suite) << QString::fromLatin1(suite);
        }
        QTest::newRow("client order decides")
            << QStringLiteral("TLS_CHACHA20_POLY1305_SHA256:TLS_AES_256_GCM_SHA384") << all
            << QStringLiteral("TLS_CHACHA20_POLY1305_SHA256");
    }
    void eachCipherSuite()
    {
        QFETCH(QString, clientSuites);
        QFETCH(QString, serverSuites);
        QFETCH(QString, expected);
        auto clientCtx = makeContext(TlsContext::Role::Client);
        auto serverCtx = makeContext(TlsContext::Role::Server);
        QVERIFY(clientCtx && serverCtx);
        QVERIFY(clientCtx->setCipherSuites(clientSuites.toStdString()).ok());
        QVERIFY(serverCtx->setCipherSuites(serverSuites.toStdString()).ok());
        QCOMPARE(clientCtx->cipherSuites(), clientSuites.toStdString());
        Endpoints e;
        std::string err = connectPair(*clientCtx, *serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        QCOMPARE(e.client->cipherName(), expected.toStdString());
        QCOMPARE(e.server->cipherName(), expected.toStdString());
        // And data flows with it.
        std::string payload = fgtest::randomBytes(100000, 7);
        std::thread writer([&] { (void)e.client->writeAll(payload.data(), payload.size()); });
        std::string got;
        std::vector<char> buf(65536);
        while (got.size() < payload.size()) {
            auto n = e.server->read(buf.data(), buf.size());
            if (!n.ok() || *n == 0) break;
            got.append(buf.data(), *n);
        }
        writer.join();
        QVERIFY(got == payload);
    }

    void cipherSuiteChoiceIsValidated()
    {
        auto ctx = makeContext(TlsContext::Role::Client);
        QVERIFY(ctx);
        for (const char* bad : {"", "RC4-MD5", "TLS_AES_128_CCM_SHA256", "TLS_AES_128_GCM_SHA256:", "aes128"}) {
            auto st = ctx->setCipherSuites(bad);
            QVERIFY2(!st.ok(), bad);
            QCOMPARE(st.error().code, Errc::InvalidArgument);
        }
        QCOMPARE(ctx->cipherSuites(), std::string(TlsContext::kDefaultCipherSuites)); // unchanged
    }

    void noCommonCipherSuiteFails()
    {
        auto clientCtx = makeContext(TlsContext::Role::Client);
        auto serverCtx = makeContext(TlsContext::Role::Server);
        QVERIFY(clientCtx && serverCtx);
        QVERIFY(clientCtx->setCipherSuites("TLS_AES_128_GCM_SHA256").ok());
        QVERIFY(serverCtx->setCipherSuites("TLS_CHACHA20_POLY1305_SHA256").ok());
        Endpoints e;
        std::string err = connectPair(*clientCtx, *serverCtx, e);
        QVERIFY(!err.empty());
        QVERIFY2(err.find("no shared cipher") != std::string::npos || err.find("handshake failure") != std::string::npos,
                 err.c_str());
    }

    void fullDuplexTransfer()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        constexpr uint64_t kBytes = 64ull << 20;
        const DuplexOutcome o = runFullDuplex(e, kBytes, 777777, 90000);
        QVERIFY(!o.watchdogFired);

        QVERIFY2(o.clientSent->ok(), o.clientSent->ok() ? "" : o.clientSent->error().message.c_str());
        QVERIFY2(o.serverSent->ok(), o.serverSent->ok() ? "" : o.serverSent->error().message.c_str());
        QVERIFY2(o.clientGot->ok(), o.clientGot->ok() ? "" : o.clientGot->error().message.c_str());
        QVERIFY2(o.serverGot->ok(), o.serverGot->ok() ? "" : o.serverGot->error().message.c_str());
        QCOMPARE(**o.clientGot, kBytes);
        QCOMPARE(**o.serverGot, kBytes);
        QVERIFY(o.clientGotHash == o.serverSentHash);
        QVERIFY(o.serverGotHash == o.clientSentHash);
        QVERIFY(o.clientSentHash != o.serverSentHash);
        qInfo("TLS full duplex, 64 MiB each way at once: %.0f MB/s per direction, %.0f MB/s both together",
              mbPerSecond(kBytes, o.ns), mbPerSecond(2 * kBytes, o.ns));
    }

    // Keys replaced many times in both directions at once: nothing lost or garbled.
    void keyUpdatesKeepTheStreamIntact()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        constexpr uint64_t kBytes = 24ull << 20;
        e.client->setKeyUpdateInterval(1 << 20);
        e.server->setKeyUpdateInterval(3 << 20);
        const DuplexOutcome o = runFullDuplex(e, kBytes, 4242, 60000);
        QVERIFY(!o.watchdogFired);
        QVERIFY(o.clientSent->ok() && o.serverSent->ok());
        QVERIFY2(o.clientGot->ok(), o.clientGot->ok() ? "" : o.clientGot->error().message.c_str());
        QVERIFY2(o.serverGot->ok(), o.serverGot->ok() ? "" : o.serverGot->error().message.c_str());
        QCOMPARE(**o.clientGot, kBytes);
        QCOMPARE(**o.serverGot, kBytes);
        QVERIFY(o.clientGotHash == o.serverSentHash);
        QVERIFY(o.serverGotHash == o.clientSentHash);
        QVERIFY2(e.client->keyUpdates() >= 20, std::to_string(e.client->keyUpdates()).c_str());
        QVERIFY2(e.server->keyUpdates() >= 6, std::to_string(e.server->keyUpdates()).c_str());
    }

    void oneDirectionThroughput()
    {
        constexpr uint64_t kBytes = 128ull << 20;
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        Watchdog watchdog(90000, [&] {
            e.client->shutdown();
            e.server->shutdown();
        });
        std::optional<Status> sent;
        fg::Digest sentHash, gotHash{};
        QElapsedTimer timer;
        timer.start();
        std::thread writer([&] {
            Status st = sendPattern(*e.client, kBytes, 0, sentHash);
            if (st.ok()) st = e.client->closeWrite(10000);
            sent = st;
        });
        auto got = receiveAll(*e.server, gotHash);
        writer.join();
        const qint64 ns = timer.nsecsElapsed();
        QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
        QVERIFY(sent->ok());
        QCOMPARE(*got, kBytes);
        QVERIFY(sentHash == gotHash);

        // Plain TCP through the same code path, for scale.
        fgtest::TcpPair sockets;
        const std::string failed = fgtest::connectTcpPair(sockets, kHandshakeMs);
        QVERIFY2(failed.empty(), failed.c_str());
        fg::net::TcpStream tcpClient(std::move(sockets.client));
        fg::net::TcpStream tcpServer(std::move(sockets.server));
        QElapsedTimer tcpTimer;
        tcpTimer.start();
        std::thread tcpWriter([&] {
            fg::Digest ignored;
            (void)sendPattern(tcpClient, kBytes, 0, ignored);
            tcpClient.shutdown();
        });
        fg::Digest tcpHash;
        auto tcpGot = receiveAll(tcpServer, tcpHash);
        tcpWriter.join();
        const qint64 tcpNs = tcpTimer.nsecsElapsed();
        QVERIFY(tcpGot.ok());
        qInfo("one direction, 128 MiB: TLS %.0f MB/s (%s), plain TCP %.0f MB/s", mbPerSecond(kBytes, ns),
              e.client->cipherName().c_str(), mbPerSecond(*tcpGot, tcpNs));
    }

    void largeReadsGetManyRecords()
    {
        // The caller's big buffer is filled from several 16 KiB records in one
        // call, not one record per call.
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        const std::string payload = fgtest::randomBytes(1 << 20, 3);
        std::thread writer([&] {
            (void)e.client->writeAll(payload.data(), payload.size());
            (void)e.client->closeWrite(5000);
        });
        // Wait until the records are in the server's socket buffer (the
        // writer thread may be slow to start on a loaded machine).
        for (int i = 0; i < 500 && bytesQueued(e.server->socketFd()) < 200 * 1024; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::vector<char> buf(256 * 1024);
        auto first = e.server->read(buf.data(), buf.size());
        QVERIFY(first.ok());
        QVERIFY2(*first > 4 * 16384, std::to_string(*first).c_str());
        std::string got(buf.data(), *first);
        for (;;) {
            auto n = e.server->read(buf.data(), buf.size());
            QVERIFY(n.ok());
            if (*n == 0) break;
            got.append(buf.data(), *n);
        }
        writer.join();
        QVERIFY(got == payload);
    }

    void orderlyCloseAndHalfClose()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        QVERIFY(e.client->writeAll("request", 7).ok());
        QVERIFY(e.client->closeWrite(2000).ok());
        QVERIFY(e.client->closeWrite(2000).ok()); // idempotent
        QCOMPARE(e.client->writeAll("late", 4).error().code, Errc::Internal);

        char buf[64];
        std::string got;
        for (;;) {
            auto n = e.server->read(buf, sizeof buf);
            QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
            if (*n == 0) break;
            got.append(buf, *n);
        }
        QCOMPARE(got, std::string("request"));
        auto again = e.server->read(buf, sizeof buf);
        QVERIFY(again.ok() && *again == 0);

        // The other direction still works after our close (TLS 1.3 half-close).
        QVERIFY(e.server->writeAll("reply", 5).ok());
        QVERIFY(e.server->closeWrite(2000).ok());
        got.clear();
        for (;;) {
            auto n = e.client->read(buf, sizeof buf);
            QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
            if (*n == 0) break;
            got.append(buf, *n);
        }
        QCOMPARE(got, std::string("reply"));
    }

    void destroyingEndsInOrder()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        QVERIFY(e.client->writeAll("bye", 3).ok());
        e.client.reset();
        char buf[16];
        auto n = e.server->read(buf, sizeof buf);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("bye"));
        n = e.server->read(buf, sizeof buf);
        QVERIFY2(n.ok(), n.ok() ? "" : n.error().message.c_str());
        QCOMPARE(*n, size_t(0));
    }

    void cutConnectionIsNotAnOrderlyEnd()
    {
        // shutdown() aborts: no close_notify, so the peer must not mistake the
        // end of the data for the end of the stream.
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        QVERIFY(e.client->writeAll("partial", 7).ok());
        e.client->shutdown();
        char buf[16];
        auto n = e.server->read(buf, sizeof buf);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("partial"));
        n = e.server->read(buf, sizeof buf);
        QVERIFY(!n.ok());
        QCOMPARE(n.error().code, Errc::Network);
        QVERIFY2(n.error().message.find("close_notify") != std::string::npos, n.error().message.c_str());
        // Sticky: the next read says the same.
        auto later = e.server->read(buf, sizeof buf);
        QVERIFY(!later.ok());
        QCOMPARE(later.error().code, Errc::Network);
        // The aborted side reports that it was closed.
        QCOMPARE(e.client->read(buf, sizeof buf).error().code, Errc::Cancelled);
        QCOMPARE(e.client->writeAll("x", 1).error().code, Errc::Cancelled);
    }

    void shutdownUnblocksReadAndWrite()
    {
        Endpoints e;
        std::string err = connectPair(*m_clientCtx, *m_serverCtx, e);
        QVERIFY2(err.empty(), err.c_str());
        Watchdog watchdog(10000, [&] { e.server->shutdown(); });

        QElapsedTimer timer;
        timer.start();
        std::atomic<qint64> readDoneMs{-1}, writeDoneMs{-1};
        std::optional<Result<size_t>> readResult;
        std::optional<Status> writeResult;
        std::thread reader([&] {
            char buf[4096];
            readResult.emplace(e.client->read(buf, sizeof buf));
            readDoneMs = timer.elapsed();
        });
        std::thread writer([&] {
            // The server never reads: this fills the socket buffers and blocks.
            const std::string chunk(1 << 20, 'x');
            Status st;
            for (int i = 0; i < 1024 && st.ok(); ++i) st = e.client->writeAll(chunk.data(), chunk.size());
            writeResult.emplace(st);
            writeDoneMs = timer.elapsed();
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        QCOMPARE(readDoneMs.load(), qint64(-1));
        QCOMPARE(writeDoneMs.load(), qint64(-1));

        const qint64 shutdownAt = timer.elapsed();
        std::thread third([&] { e.client->shutdown(); });
        third.join();
        reader.join();
        writer.join();
        QVERIFY(!watchdog.fired());
        QVERIFY2(readDoneMs - shutdownAt < 1000, std::to_string(readDoneMs - shutdownAt).c_str());
        QVERIFY2(writeDoneMs - shutdownAt < 1000, std::to_string(writeDoneMs - shutdownAt).c_str());
        QVERIFY(!readResult->ok());
        QCOMPARE(readResult->error().code, Errc::Cancelled);
        QVERIFY(!writeResult->ok());
        QCOMPARE(writeResult->error().code, Errc::Cancelled);
    }

    void badClientsFailTheHandshake_data()
    {
        QTest::addColumn<QByteArray>("sends");
        QTest::addColumn<bool>("stalls"); // true: only the timeout can end it
        QTest::addColumn<bool>("closes");
        QTest::newRow("silent plain TCP") << QByteArray() << true << false;
        QTest::newRow("http request") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\n\r\n") << false << false;
        QTest::newRow("garbage") << QByteArray::fromStdString(fgtest::randomBytes(4096, 99)) << false << false;
        QTest::newRow("half a record header") << QByteArray("\x16\x03\x01", 3) << true << false;
        QTest::newRow("record header, no body") << QByteArray("\x16\x03\x01\x02\x00", 5) << true << false;
        QTest::newRow("hangs up at once") << QByteArray() << false << true;
    }
    void badClientsFailTheHandshake()
    {
        QFETCH(QByteArray, sends);
        QFETCH(bool, stalls);
        QFETCH(bool, closes);
        constexpr int kTimeoutMs = 700;
        auto outcome = acceptFrom(*m_serverCtx, kTimeoutMs, [&](platform::Socket& sock) {
            if (!sends.isEmpty()) (void)sock.writeAll(sends.constData(), size_t(sends.size()));
            if (closes) sock.close();
        });
        QVERIFY(outcome.result.has_value());
        QVERIFY(!outcome.result->ok());
        const Error& error = outcome.result->error();
        qInfo("%s after %lld ms: %s", fg::errcName(error.code), static_cast<long long>(outcome.elapsedMs),
              error.message.c_str());
        if (stalls) {
            QCOMPARE(error.code, Errc::Network);
            QCOMPARE(error.sysErrno, ETIMEDOUT);
            QVERIFY(outcome.elapsedMs >= kTimeoutMs - 50);
            QVERIFY(outcome.elapsedMs < kTimeoutMs + 1500);
        } else {
            QVERIFY(error.code == Errc::Tls || error.code == Errc::Network);
            QVERIFY(outcome.elapsedMs < kTimeoutMs); // refused at once, not by the timeout
        }
        if (!stalls && !closes) QCOMPARE(error.code, Errc::Tls);
    }

    void clientWithoutCertificateIsRefused()
    {
        std::atomic<bool> clientAccepted{true};
        auto outcome = acceptFrom(*m_serverCtx, kHandshakeMs, [&](platform::Socket& sock) {
            clientAccepted = rawClientSession(sock, RawClientOptions{});
        });
        QVERIFY(!outcome.result->ok());
        QCOMPARE(outcome.result->error().code, Errc::Tls);
        QVERIFY2(outcome.result->error().message.find("certificate") != std::string::npos,
                 outcome.result->error().message.c_str());
        QVERIFY(!clientAccepted);
    }

    void tls12ClientIsRefused()
    {
        std::atomic<bool> clientAccepted{true};
        RawClientOptions options;
        options.withCertificate = true;
        options.identity = m_clientId.get();
        options.maxVersion = TLS1_2_VERSION;
        auto outcome = acceptFrom(*m_serverCtx, kHandshakeMs, [&](platform::Socket& sock) {
            clientAccepted = rawClientSession(sock, options);
        });
        QVERIFY(!outcome.result->ok());
        QCOMPARE(outcome.result->error().code, Errc::Tls);
        QVERIFY2(outcome.result->error().message.find("protocol") != std::string::npos,
                 outcome.result->error().message.c_str());
        QVERIFY(!clientAccepted);
    }

    void rawTls13ClientWithCertificateIsAccepted()
    {
        // The control for the two tests above: the same raw client, done right.
        RawClientOptions options;
        options.withCertificate = true;
        options.identity = m_clientId.get();
        auto listener = platform::Listener::listenTcp("127.0.0.1", 0);
        QVERIFY(listener.ok());
        std::atomic<bool> clientAccepted{false};
        std::thread client([&] {
            auto sock = platform::Socket::connectTcp("127.0.0.1", listener->port(), kHandshakeMs);
            if (sock.ok()) clientAccepted = rawClientSession(*sock, options);
        });
        auto sock = listener->accept(kHandshakeMs);
        QVERIFY(sock.ok() && sock->valid());
        auto server = fg::net::tlsAccept(std::move(*sock), *m_serverCtx, kHandshakeMs);
        QVERIFY2(server.ok(), server.ok() ? "" : server.error().message.c_str());
        QCOMPARE((*server)->peerFingerprint(), m_clientId->fingerprint());
        QVERIFY((*server)->writeAll("!", 1).ok());
        client.join();
        QVERIFY(clientAccepted);
    }
};

QTEST_GUILESS_MAIN(TestTls)
#include "test_tls.moc"
