// Truth tests of the bottleneck diagnosis on links this test makes itself:
// two network namespaces joined by bench/linkemu (a rate, a delay, a
// drop-tail queue, random loss) or a veth pair, a daemon in one, the real
// CLI in the other. Each staged link must be named within 5 s of the job's
// start and be the job's verdict; `floodgate probe` over the same link must
// measure it (its rate, its round trip) and name the same layer.
// Needs root (network namespaces, TUN devices): skipped with the reason
// otherwise.

#include "emulated_link.h"
#include "test_support.h"
#include "verdict_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

// `floodgate sync --json SRC/ floodgate://.../m/dst/` from the client's namespace.
CliRun push(const NamespacedDaemon& d, const ScratchDir& dir, const QStringList& options)
{
    return d.client(QStringList{u"sync"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state"))} + options
                    + QStringList{q(dir.sub("src/")), d.server + u"/m/dst/"_s});
}

} // namespace

class TestLinkVerdicts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // Namespaces, and a TUN device in each for the emulator.
        LinkedNamespaces net(LinkSpec{true, u"1gbit"_s, u"1ms"_s, u"1000p"_s, 0});
        if (!net.ok()) QSKIP(qPrintable(net.why()));
    }

    // 100 Mbit/s, 10 ms RTT, a queue of a BDP or so: the path is full.
    void aRateLimitedLinkIsTheNetworksCapacity()
    {
        ScratchDir dir("fglink");
        NamespacedDaemon d(dir, LinkSpec{true, u"100mbit"_s, u"5ms"_s, u"250p"_s, 0});
        QVERIFY2(d.ok, qPrintable(d.why));
        writeFile(dir.sub("src/big.bin"), randomBytes(64u << 20, 3));
        CliRun r = push(d, dir, {});
        expectNamed(r, u"network-congestion"_s);
        if (QTest::currentTestFailed()) return;
        qInfo("%s", verdictText(r).constData());

        // The probe measures the same link: ~12 MB/s (the emulator charges
        // headers too), a round trip of 10 ms, and the network as the limit.
        CliRun p = d.client({u"probe"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--no-disk"_s,
                             u"--time"_s, u"3"_s, u"--streams"_s, u"4"_s, d.server + u"/m"_s});
        QVERIFY2(p.exitCode == 0, explain(p).constData());
        const QJsonObject o = reportOf(p);
        const QJsonObject one = o.value(u"network"_s).toArray().first().toObject();
        const double rate = one.value(u"steady_bytes_per_second"_s).toDouble();
        QVERIFY2(rate > 0.8 * 12.5e6 && rate < 1.05 * 12.5e6, p.out.constData());
        const double minRttMs = o.value(u"min_rtt_us"_s).toDouble() / 1000;
        QVERIFY2(minRttMs > 9 && minRttMs < 14, p.out.constData());
        QCOMPARE(o.value(u"forecast"_s).toObject().value(u"layer"_s).toString(), u"network-congestion"_s);
    }

    // A long fat link whose receiver caps its socket buffer at 1 MiB: the
    // window, not the link, sets the pace (1 MiB a round trip of 80 ms).
    void aSmallReceiveBufferOnALongLinkIsTheReceiveWindow()
    {
        ScratchDir dir("fglink");
        NamespacedDaemon d(dir, LinkSpec{true, u"1gbit"_s, u"40ms"_s, u"10MB"_s, 0});
        QVERIFY2(d.ok, qPrintable(d.why));
        QVERIFY(d.net.setSysctl(true, u"net.ipv4.tcp_rmem"_s, u"4096 131072 1048576"_s));
        QVERIFY(d.net.setSysctl(false, u"net.ipv4.tcp_wmem"_s, u"4096 131072 67108864"_s));
        writeFile(dir.sub("src/big.bin"), randomBytes(64u << 20, 4));
        // CUBIC (Linux's default): its window grows past the receiver's, so
        // the receiver's is the one that binds (BBR's own sits near its size
        // and took turns with it: 36-43 % against the 30 % threshold). One
        // connection: with two, ~16 MB/s kept an AddressSanitizer build's
        // receiver threads 62 % busy, past the 60 % that reads as a receiver
        // too busy to read (the release build's are a third of that). Most
        // of it was its payload vectors' byte-at-a-time loops, which the
        // Debug build no longer has (proto/wire.h, Payload): its one connection
        // there took 47 % before, 5-6 % after.
        CliRun r = push(d, dir, {u"--streams"_s, u"1"_s, u"--congestion"_s, u"cubic"_s});
        expectNamed(r, u"receive-window"_s, u"receiver"_s);
        if (QTest::currentTestFailed()) return;
        const QString fix = reportOf(r).value(u"bottleneck"_s).toObject().value(u"fix"_s).toString();
        QVERIFY2(fix.contains(u"net.ipv4.tcp_rmem"_s) && fix.contains(u"rmem_max"_s), qPrintable(fix));
        // Without the path's capacity the job can only say "twice what is in flight".
        QVERIFY2(fix.contains(u"floodgate probe"_s), qPrintable(fix));
        qInfo("%s", verdictText(r).constData());

        // A probe measures the path (8 connections of 1 MiB windows carry
        // ~100 MB/s over 80 ms): the next job's fix is sized from its BDP.
        CliRun p = d.client({u"probe"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--no-disk"_s,
                             d.server + u"/m"_s});
        QVERIFY2(p.exitCode == 0, explain(p).constData());
        const QJsonObject probe = reportOf(p);
        // (Its one-connection test's own verdict is receive-window most runs;
        // once, BBR's window sat at the same size and it read the path as
        // full: not what this test is about.)
        const QJsonObject one = probe.value(u"network"_s).toArray().first().toObject();
        qInfo("probe, one connection: %s", qPrintable(one.value(u"limit"_s).toObject().value(u"evidence"_s).toString()));
        // The emulated path holds 10 MB (1 Gbit/s x 80 ms), but eight TLS
        // connections on two cores carry ~50 MB/s, so the probe measures a
        // BDP near 4 MB (3.94 MB once in CI): anything past 3 MB is already
        // beyond the 2 MiB a 1 MiB window lets the fallback estimate guess.
        const double bdp = probe.value(u"bdp_bytes"_s).toDouble();
        qInfo("probe: a BDP of %.2f MB", bdp / 1e6);
        QVERIFY2(bdp > 3e6, p.out.constData());
        CliRun again = d.client({u"sync"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--streams"_s,
                                 u"1"_s, u"--congestion"_s, u"cubic"_s, q(dir.sub("src/")), d.server + u"/m/again/"_s});
        expectNamed(again, u"receive-window"_s, u"receiver"_s);
        if (QTest::currentTestFailed()) return;
        qInfo("after the probe: %s", verdictText(again).constData());
        const QString sized = reportOf(again).value(u"bottleneck"_s).toObject().value(u"fix"_s).toString();
        QVERIFY2(sized.contains(u"2 x BDP"_s), qPrintable(sized));
        const qint64 target = sized.section(u"net.core.rmem_max="_s, 1).section(u' ', 0, 0).toLongLong();
        QVERIFY2(target >= 8 << 20, qPrintable(sized));
    }

    // 0.5 % of packets lost at random on a 40 ms link with its queue empty:
    // loss, not a full path; with CUBIC, which slows at every loss, the fix
    // is BBR.
    void randomLossIsNetworkLoss()
    {
        ScratchDir dir("fglink");
        NamespacedDaemon d(dir, LinkSpec{true, u"200mbit"_s, u"20ms"_s, u"2MB"_s, 0.005});
        QVERIFY2(d.ok, qPrintable(d.why));
        writeFile(dir.sub("src/big.bin"), randomBytes(16u << 20, 5));
        CliRun r = push(d, dir, {u"--congestion"_s, u"cubic"_s, u"--streams"_s, u"2"_s});
        expectNamed(r, u"network-loss"_s);
        if (QTest::currentTestFailed()) return;
        const QJsonObject b = reportOf(r).value(u"bottleneck"_s).toObject();
        QCOMPARE(b.value(u"setting"_s).toString(), u"--congestion bbr"_s);
        qInfo("%s", verdictText(r).constData());
    }
    // A queue of 16 packets on a 20 Mbit/s, 20 ms link (half a BDP): BBR,
    // which keeps about a BDP queued when several connections share a
    // path, overflows it. The path is full, and the fix is CUBIC. Six
    // connections: four sometimes settled under the queue's size (0.2-0.3 %
    // resent in about one run of six, against 2-15 % otherwise).
    void aShallowQueueThatBbrOverfillsIsCongestion()
    {
        ScratchDir dir("fglink");
        NamespacedDaemon d(dir, LinkSpec{true, u"20mbit"_s, u"10ms"_s, u"16p"_s, 0});
        QVERIFY2(d.ok, qPrintable(d.why));
        writeFile(dir.sub("src/big.bin"), randomBytes(16u << 20, 6));
        CliRun r = push(d, dir, {u"--congestion"_s, u"bbr"_s, u"--streams"_s, u"6"_s});
        qInfo("%s", verdictText(r).constData());
        expectNamed(r, u"network-congestion"_s);
        if (QTest::currentTestFailed()) return;
        const QJsonObject b = reportOf(r).value(u"bottleneck"_s).toObject();
        QCOMPARE(b.value(u"setting"_s).toString(), u"--congestion cubic"_s);
    }
};

QTEST_GUILESS_MAIN(TestLinkVerdicts)
#include "test_link_verdicts.moc"

using fgtest::q;
