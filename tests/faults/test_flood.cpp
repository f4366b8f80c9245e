// A daemon flooded with connections that never prove who they are, or with
// more jobs than it takes: paired clients must still get in at once, the
// flood must be dropped after --auth-timeout with a line in the log (not a
// line each), and a job past the limit is told to come back.

#include "net/identity.h"
#include "net/tls_context.h"
#include "net/tls_stream.h"
#include "platform/socket.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>

#include <poll.h>
#include <sys/socket.h>

#include <memory>
#include <vector>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

// Whether the far end closed `fd` (end of stream or a reset) within `ms`.
bool closedByPeer(int fd, int ms)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) continue;
        char byte;
        const ssize_t n = ::recv(fd, &byte, 1, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) return true;
    }
    return false;
}

// TLS connections with a key the daemon never paired, each past its
// handshake and then silent: what kept paired clients out before.
std::vector<std::unique_ptr<fg::net::TlsStream>> unpairedTls(const std::string& stateDir, uint16_t port, int count,
                                                             QString* why)
{
    std::vector<std::unique_ptr<fg::net::TlsStream>> out;
    auto identity = fg::net::TlsIdentity::loadOrCreate(stateDir);
    if (!identity.ok()) {
        *why = q(identity.error().message);
        return out;
    }
    auto ctx = fg::net::TlsContext::create(fg::net::TlsContext::Role::Client, *identity);
    if (!ctx.ok()) {
        *why = q(ctx.error().message);
        return out;
    }
    for (int i = 0; i < count; ++i) {
        auto socket = fg::platform::Socket::connectTcp("127.0.0.1", port, 5000);
        if (!socket.ok()) {
            *why = q(socket.error().message);
            return out;
        }
        auto tls = fg::net::tlsConnect(std::move(socket).value(), **ctx, 5000);
        if (!tls.ok()) {
            *why = q(tls.error().message);
            return out;
        }
        out.push_back(std::move(tls).value());
    }
    return out;
}

} // namespace

class TestFlood : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // 64 unpaired TLS connections against a daemon that takes 4 jobs: before,
    // they took all four places for as long as they liked, and every paired
    // client was refused. Now they are not jobs, a paired client syncs while
    // they are open, and they are closed once --auth-timeout is over.
    void unpairedTlsConnectionsNeverTakeAPairedClientsPlace()
    {
        ScratchDir dir;
        PairedDaemon f(dir, {}, {u"--auth-timeout"_s, u"3"_s, u"--max-sessions"_s, u"4"_s});
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        QString why;
        auto flood = unpairedTls(dir.sub("attacker"), f.daemon.port(), 40, &why);
        QVERIFY2(flood.size() == 40, qPrintable(why));
        writeFile(dir.sub("src/a.txt"), "through the flood");
        QElapsedTimer t;
        t.start();
        CliRun run = f.sync({q(dir.sub("src/")), f.daemon.url(u"m/in/"_s)});
        QVERIFY2(run.exitCode == 0, explain(run).constData());
        QCOMPARE(readFile(dir.sub("module/in/a.txt")), std::string("through the flood"));
        // Every one is closed by the daemon once its 3 s are over.
        for (auto& tls : flood) QVERIFY2(closedByPeer(tls->socketFd(), 8000), "an unpaired connection stayed open");
        QVERIFY(t.elapsed() < 15000);
        QTRY_VERIFY_WITH_TIMEOUT(f.daemon.log().contains(u"dropped connections that had not proven who they are"_s),
                                 12000);
        // One summary line, not one line per connection.
        QVERIFY2(f.daemon.log().count(u"TLS handshake with"_s) < 5, qPrintable(f.daemon.log()));
        // And the daemon still serves.
        CliRun again = f.sync({u"-n"_s, q(dir.sub("src/")), f.daemon.url(u"m/in/"_s)});
        QVERIFY2(again.exitCode == 0, explain(again).constData());
    }

    // 200 silent plain TCP connections from the client's own address, more
    // than the pool takes from one address: the newest push out the oldest,
    // and a paired client's connections, newest of all, prove themselves at
    // once. Before, such a flood blocked paired clients for 15 s.
    void silentTcpFloodDoesNotBlockAPairedClient()
    {
        ScratchDir dir;
        PairedDaemon f(dir, {}, {u"--auth-timeout"_s, u"3"_s});
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        std::vector<int> flood;
        for (int i = 0; i < 200; ++i) {
            const int fd = openRawSocket(f.daemon.port());
            QVERIFY(fd >= 0);
            flood.push_back(fd);
        }
        writeFile(dir.sub("src/b.bin"), randomBytes(3 << 20, 5));
        CliRun run = f.sync({q(dir.sub("src/")), f.daemon.url(u"m/in/"_s)});
        QVERIFY2(run.exitCode == 0, explain(run).constData());
        QCOMPARE(readFile(dir.sub("module/in/b.bin")), randomBytes(3 << 20, 5));
        // All of them end: pushed out, or dropped at their deadline.
        for (int fd : flood) QVERIFY2(closedByPeer(fd, 8000), "a silent connection stayed open");
        for (int fd : flood) closeRawSocket(fd);
    }

    // More jobs than --max-sessions: the one past it is told the daemon is
    // busy and to try again, with its own exit code (not "is it a floodgate
    // daemon?"), while the running job goes on to its end.
    void jobPastMaxSessionsIsToldTheDaemonIsBusy()
    {
        ScratchDir dir;
        PairedDaemon f(dir, {}, {u"--max-sessions"_s, u"1"_s});
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string big = randomBytes(6 << 20, 7);
        writeFile(dir.sub("src/big.bin"), big);
        QProcess slow;
        slow.start(cliPath(), f.syncArgs({u"--bwlimit"_s, u"2M"_s, q(dir.sub("src/")), f.daemon.url(u"m/slow/"_s)}));
        QVERIFY(slow.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(f.daemon.log().contains(u"receiving into"_s), 10000);
        CliRun busy = f.sync({q(dir.sub("src/")), f.daemon.url(u"m/other/"_s)});
        QVERIFY2(busy.exitCode == 15, explain(busy).constData());
        // In the JSON, and on stderr too (where a cron job's mail looks).
        QVERIFY2(busy.out.contains("\"code\":\"busy\""), explain(busy).constData());
        QVERIFY2(busy.err.contains("try again later"), explain(busy).constData());
        QVERIFY2(busy.err.contains("--max-sessions 1"), explain(busy).constData());
        QVERIFY(!exists(dir.sub("module/other/big.bin")));
        QVERIFY(slow.waitForFinished(60000));
        QVERIFY2(slow.exitCode() == 0, slow.readAllStandardError().constData());
        QCOMPARE(readFile(dir.sub("module/slow/big.bin")), big);
        // Its place is free again.
        CliRun after = f.sync({q(dir.sub("src/")), f.daemon.url(u"m/other/"_s)});
        QVERIFY2(after.exitCode == 0, explain(after).constData());
    }
};

QTEST_GUILESS_MAIN(TestFlood)
#include "test_flood.moc"

using fgtest::q;
