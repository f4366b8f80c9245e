// --cipher below the job: which TLS 1.3 suite each choice ends up with on
// each kind of CPU pair, and the switch of a data connection from TLS to
// plain TCP (--cipher none) with data following at once. Also --ssh-cipher
// on ssh's command line.

#include "client/session.h"
#include "net/cipher_suites.h"
#include "net/identity.h"
#include "net/tcp_stream.h"
#include "proto/frame.h"
#include "proto/plain_data.h"
#include "test_support.h"
#include "tls_pair.h"

#include <floodgate/endpoint.h>

#include <QTest>

#include <sys/socket.h>

#include <chrono>
#include <optional>
#include <thread>

using fg::CipherChoice;
using fg::Errc;
using fg::Result;
using fg::net::TlsContext;
using fg::net::TlsStream;

namespace {

constexpr int kSwitchMs = 5000;

// Reads exactly n bytes (fewer only if the peer ends the stream first).
Result<std::string> readBytes(fg::net::Stream& stream, size_t n)
{
    std::string out;
    std::vector<char> buffer(64 * 1024);
    while (out.size() < n) {
        FG_TRY_ASSIGN(size_t got, stream.read(buffer.data(), std::min(buffer.size(), n - out.size())));
        if (got == 0) break;
        out.append(buffer.data(), got);
    }
    return out;
}

// Writes straight onto a TLS stream's socket, behind OpenSSL's back: how a
// peer's first plain bytes arrive right behind its close_notify.
bool sendRaw(int fd, const std::string& bytes)
{
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

// One end of the switch as the protocol runs it: end TLS, then send at once
// on a thread of its own while reading what the peer sends the same way.
struct PlainSide {
    std::optional<Result<std::string>> got;
    fg::Status sent;
};

void runPlainSide(TlsStream& tls, const std::string& out, size_t expect, PlainSide& side)
{
    auto socket = tls.endTlsKeepSocket(kSwitchMs);
    if (!socket.ok()) {
        side.got = socket.error();
        tls.shutdown(); // the peer's reads end instead of waiting forever
        return;
    }
    fg::net::TcpStream plain(std::move(*socket));
    std::thread writer([&] { side.sent = plain.writeAll(out.data(), out.size()); });
    side.got = readBytes(plain, expect);
    writer.join();
}

QString message(const fg::Error& e) { return QString::fromStdString(e.message); }

} // namespace

class TestCipher : public QObject {
    Q_OBJECT

    std::unique_ptr<fgtest::ScratchDir> m_dir;
    std::shared_ptr<fg::net::TlsIdentity> m_clientId;
    std::shared_ptr<fg::net::TlsIdentity> m_serverId;

    std::shared_ptr<TlsContext> context(TlsContext::Role role)
    {
        auto ctx = TlsContext::create(role, role == TlsContext::Role::Client ? m_clientId : m_serverId);
        return ctx.ok() ? *ctx : nullptr;
    }

    // A connected pair whose ends read records exactly, as both ends of a
    // data connection for --cipher none do before their join exchange.
    bool exactPair(fgtest::TlsPair& pair)
    {
        auto c = context(TlsContext::Role::Client);
        auto s = context(TlsContext::Role::Server);
        if (!c || !s || !fgtest::connectTlsPair(*c, *s, pair).empty()) return false;
        pair.client->readRecordsExactly();
        pair.server->readRecordsExactly();
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        fg::platform::ignoreSigpipe();
        m_dir = std::make_unique<fgtest::ScratchDir>("fgcipher");
        auto client = fg::net::TlsIdentity::loadOrCreate(m_dir->sub("client"));
        auto server = fg::net::TlsIdentity::loadOrCreate(m_dir->sub("server"));
        QVERIFY(client.ok() && server.ok());
        m_clientId = *client;
        m_serverId = *server;
    }

    // "AES-GCM when both ends have AES instructions, else ChaCha20"; a named
    // suite wins whatever either end's CPU.
    void suiteForEachChoiceAndCpuPair_data()
    {
        QTest::addColumn<int>("choice");
        QTest::addColumn<bool>("clientAes");
        QTest::addColumn<bool>("serverAes");
        QTest::addColumn<QString>("expected");
        const QString aes128 = QString::fromLatin1(fg::net::kSuiteAes128Gcm);
        const QString aes256 = QString::fromLatin1(fg::net::kSuiteAes256Gcm);
        const QString chacha = QString::fromLatin1(fg::net::kSuiteChacha20);
        const int autoChoice = int(CipherChoice::Auto);
        QTest::newRow("auto, both AES") << autoChoice << true << true << aes128;
        QTest::newRow("auto, server without") << autoChoice << true << false << chacha;
        QTest::newRow("auto, client without") << autoChoice << false << true << chacha;
        QTest::newRow("auto, neither") << autoChoice << false << false << chacha;
        QTest::newRow("none handshakes as auto") << int(CipherChoice::None) << true << true << aes128;
        for (bool serverAes : {true, false}) {
            const char* where = serverAes ? "server AES" : "server without";
            QTest::addRow("aes128-gcm, %s", where) << int(CipherChoice::Aes128Gcm) << false << serverAes << aes128;
            QTest::addRow("aes256-gcm, %s", where) << int(CipherChoice::Aes256Gcm) << true << serverAes << aes256;
            QTest::addRow("chacha20, %s", where) << int(CipherChoice::Chacha20Poly1305) << true << serverAes << chacha;
        }
    }
    void suiteForEachChoiceAndCpuPair()
    {
        QFETCH(int, choice);
        QFETCH(bool, clientAes);
        QFETCH(bool, serverAes);
        QFETCH(QString, expected);
        auto c = context(TlsContext::Role::Client);
        auto s = context(TlsContext::Role::Server);
        QVERIFY(c && s);
        QVERIFY(c->setCipherSuites(fg::net::clientCipherSuites(CipherChoice(choice), clientAes)).ok());
        const auto server = fg::net::serverCipherSuites(serverAes);
        QVERIFY(s->setCipherSuites(server.suites).ok());
        s->setServerPreference(server.serverPreference);
        fgtest::TlsPair pair;
        const std::string err = fgtest::connectTlsPair(*c, *s, pair);
        QVERIFY2(err.empty(), err.c_str());
        QCOMPARE(QString::fromStdString(pair.client->cipherName()), expected);
        QCOMPARE(QString::fromStdString(pair.server->cipherName()), expected);
    }

    // Both ends switch and write at once: every plain byte arrives, in order.
    void plainSwitchKeepsImmediateData()
    {
        fgtest::TlsPair pair;
        QVERIFY(exactPair(pair));
        const std::string fromClient = fgtest::randomBytes((3 << 20) + 7, 1);
        const std::string fromServer = fgtest::randomBytes((2 << 20) + 5, 2);
        PlainSide client, server;
        std::thread serverSide([&] { runPlainSide(*pair.server, fromServer, fromClient.size(), server); });
        runPlainSide(*pair.client, fromClient, fromServer.size(), client);
        serverSide.join();
        QVERIFY2(client.got->ok(), client.got->ok() ? "" : client.got->error().message.c_str());
        QVERIFY2(server.got->ok(), server.got->ok() ? "" : server.got->error().message.c_str());
        QVERIFY(client.sent.ok() && server.sent.ok());
        QVERIFY(**client.got == fromServer);
        QVERIFY(**server.got == fromClient);
    }

    // The worst order: the peer's close_notify and its first plain bytes are
    // both in our socket before we read either. Exact reads leave the plain
    // bytes there.
    void plainBytesRightBehindCloseNotifyStayInTheSocket()
    {
        fgtest::TlsPair pair;
        QVERIFY(exactPair(pair));
        const std::string plain = fgtest::randomBytes(40000, 3);
        QVERIFY(pair.server->writeAll("last over TLS", 13).ok());
        QVERIFY(pair.server->closeWrite(kSwitchMs).ok());
        QVERIFY(sendRaw(pair.server->socketFd(), plain));
        std::this_thread::sleep_for(std::chrono::milliseconds(200)); // all of it queued here

        char buf[64];
        auto n = pair.client->read(buf, sizeof buf);
        QVERIFY(n.ok());
        QCOMPARE(std::string(buf, *n), std::string("last over TLS"));
        auto socket = pair.client->endTlsKeepSocket(kSwitchMs);
        QVERIFY2(socket.ok(), socket.ok() ? "" : socket.error().message.c_str());
        fg::net::TcpStream tcp(std::move(*socket));
        auto got = readBytes(tcp, plain.size());
        QVERIFY(got.ok());
        QVERIFY(*got == plain);
    }

    // Why exact reads matter: with read-ahead, OpenSSL takes the plain bytes
    // off the socket together with the close_notify. That must fail loudly,
    // never lose bytes.
    void bytesReadAheadPastCloseNotifyAreAnError()
    {
        auto c = context(TlsContext::Role::Client);
        auto s = context(TlsContext::Role::Server);
        QVERIFY(c && s);
        fgtest::TlsPair pair;
        QVERIFY(fgtest::connectTlsPair(*c, *s, pair).empty());
        QVERIFY(pair.server->writeAll("x", 1).ok());
        QVERIFY(pair.server->closeWrite(kSwitchMs).ok());
        QVERIFY(sendRaw(pair.server->socketFd(), fgtest::randomBytes(40000, 4)));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));

        char buf[8];
        auto n = pair.client->read(buf, sizeof buf); // reads ahead: takes everything queued
        QVERIFY(n.ok() && *n == 1);
        pair.client->readRecordsExactly(); // too late
        auto socket = pair.client->endTlsKeepSocket(kSwitchMs);
        QVERIFY(!socket.ok());
        QVERIFY2(message(socket.error()).contains(QStringLiteral("after the peer's close_notify")),
                 socket.error().message.c_str());

        // And without exact reads at all, the switch is refused up front.
        fgtest::TlsPair other;
        QVERIFY(fgtest::connectTlsPair(*c, *s, other).empty());
        auto refused = other.client->endTlsKeepSocket(kSwitchMs);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, Errc::Internal);
    }

    void dataWhereCloseNotifyBelongsIsAnError()
    {
        fgtest::TlsPair pair;
        QVERIFY(exactPair(pair));
        QVERIFY(pair.server->writeAll("more", 4).ok());
        auto socket = pair.client->endTlsKeepSocket(kSwitchMs);
        QVERIFY(!socket.ok());
        QCOMPARE(socket.error().code, Errc::Protocol);
    }

    void silentPeerTimesOut()
    {
        fgtest::TlsPair pair;
        QVERIFY(exactPair(pair));
        auto socket = pair.client->endTlsKeepSocket(300);
        QVERIFY(!socket.ok());
        QCOMPARE(socket.error().code, Errc::Network);
    }

    // The whole switch on frame links, as a data connection's join does it:
    // frames before it over TLS, frames right after it in the clear.
    void frameLinksSwitchBetweenFrames()
    {
        fgtest::TlsPair pair;
        auto c = context(TlsContext::Role::Client);
        auto s = context(TlsContext::Role::Server);
        QVERIFY(c && s && fgtest::connectTlsPair(*c, *s, pair).empty());
        fg::proto::StreamFrameLink client(std::move(pair.client));
        fg::proto::StreamFrameLink server(std::move(pair.server));
        QVERIFY(fg::preparePlainSwitch(client).ok());
        QVERIFY(fg::preparePlainSwitch(server).ok());
        QCOMPARE(fg::linkProtection(client), std::string(fg::net::kSuiteAes128Gcm));

        auto frame = [](uint16_t type, size_t bytes, uint64_t seed) {
            fg::proto::Frame f;
            f.type = type;
            const std::string data = fgtest::randomBytes(bytes, seed);
            f.payload.assign(data.begin(), data.end());
            return f;
        };
        QVERIFY(client.send(frame(7, 20, 1)).ok()); // the join
        auto join = server.receive();
        QVERIFY(join.ok() && join->type == 7);
        QVERIFY(server.send(frame(8, 0, 2)).ok()); // the acceptance
        auto accepted = client.receive();
        QVERIFY(accepted.ok() && accepted->type == 8);

        // Each end sends its first plain frames the moment its switch is done.
        auto run = [&](fg::proto::StreamFrameLink& link, uint64_t seed, std::vector<fg::proto::Frame>& got) {
            if (!fg::switchToPlain(link, kSwitchMs).ok()) {
                link.close();
                return;
            }
            std::thread writer([&] {
                for (uint64_t i = 0; i < 3; ++i) (void)link.send(frame(20, 200000 + i, seed + i), i < 2);
            });
            for (int i = 0; i < 3; ++i) {
                auto f = link.receive();
                if (!f.ok()) break;
                got.push_back(std::move(*f));
            }
            writer.join();
        };
        std::vector<fg::proto::Frame> atClient, atServer;
        std::thread serverSide([&] { run(server, 100, atServer); });
        run(client, 200, atClient);
        serverSide.join();
        QCOMPARE(atClient.size(), size_t(3));
        QCOMPARE(atServer.size(), size_t(3));
        for (uint64_t i = 0; i < 3; ++i) {
            QVERIFY(atClient[i].payload == frame(20, 200000 + i, 100 + i).payload);
            QVERIFY(atServer[i].payload == frame(20, 200000 + i, 200 + i).payload);
        }
        QCOMPARE(fg::linkProtection(client), std::string("unencrypted"));
        QVERIFY(client.describe().rfind("tcp 127.0.0.1:", 0) == 0);
        QVERIFY(client.socketFd() >= 0);
    }

    // A frame already buffered belongs to the TLS stream: switching then
    // would lose it.
    void switchWithAFrameBufferedIsRefused()
    {
        fgtest::TlsPair pair;
        QVERIFY(exactPair(pair));
        fg::proto::StreamFrameLink client(std::move(pair.client));
        fg::proto::StreamFrameLink server(std::move(pair.server));
        fg::proto::Frame f;
        f.type = 7;
        QVERIFY(client.send(f, true).ok());
        QVERIFY(client.send(f).ok());
        QVERIFY(server.receive().ok());
        // Batched into one TLS record, the second frame came in with the first.
        const fg::Status st = fg::switchToPlain(server, kSwitchMs);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, Errc::Internal);
    }

    void sshCipherGoesToSshAsDashC()
    {
        auto ep = fg::parseEndpoint("ann@nas:/data");
        QVERIFY(ep.ok());
        fg::SyncOptions o;
        o.rsh = "ssh -p 2222";
        auto argv = fg::sshCommandFor(*ep, o);
        QVERIFY(argv.ok());
        QCOMPARE(*argv, (std::vector<std::string>{"ssh", "-p", "2222", "-l", "ann", "nas", "floodgate serve --stdio"}));
        o.sshCipher = "aes128-gcm@openssh.com";
        argv = fg::sshCommandFor(*ep, o);
        QVERIFY(argv.ok());
        QCOMPARE(*argv, (std::vector<std::string>{"ssh", "-p", "2222", "-l", "ann", "-c", "aes128-gcm@openssh.com",
                                                  "nas", "floodgate serve --stdio"}));
        o.sshCipher = "-oProxyCommand=evil";
        argv = fg::sshCommandFor(*ep, o);
        QVERIFY(!argv.ok());
        QCOMPARE(argv.error().code, Errc::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestCipher)
#include "test_cipher.moc"
