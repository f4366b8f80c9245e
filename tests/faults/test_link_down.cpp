// A link that goes down without a reset (a cable pulled, a Wi-Fi drop, a
// router rebooting), between two network namespaces this test makes: the
// daemon in one, the client in the other, a veth pair between them that the
// test takes down and brings back up. Shorter than --timeout, the job just
// waits and goes on over the same connections; longer, both ends give up on
// them, and the client reconnects once the link is back and finishes the
// job from what arrived (--retry-for). Either way: exit 0, every file whole.

#include "emulated_link.h"
#include "test_support.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <unistd.h>

#include <functional>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

constexpr size_t kBig = 40u << 20;

// The summary's wire_bytes from the --json object on stdout.
double wireBytesIn(const QByteArray& stdoutText)
{
    QString error;
    return parseJsonObject(stdoutText, &error).value(u"wire_bytes"_s).toDouble(-1);
}

// The daemon's destination for the pushes below.
struct Setup : NamespacedDaemon {
    explicit Setup(const ScratchDir& dir) : NamespacedDaemon(dir) { url = server + u"/m/dst/"_s; }
    QString url;
};

} // namespace

class TestLinkDown : public QObject {
    Q_OBJECT
private:
    // Pushes 40 MiB at 8 MiB/s from namespace A; takes the link down for
    // downMs once about 16 MiB have arrived; returns the client's exit and output.
    void pushAcrossAnOutage(const QStringList& options, int downMs, int* exitCode, QByteArray* out, QByteArray* err,
                            double* wireRatio, double* movedRatio, QString* treeProblem)
    {
        ScratchDir dir;
        Setup s(dir);
        QVERIFY2(s.ok, qPrintable(s.why));
        const std::string data = randomBytes(kBig, 11);
        writeFile(dir.sub("src/big.bin"), data);
        writeFile(dir.sub("src/small.txt"), "small");
        const QStringList in = s.net.inClient();
        QProcess p;
        p.start(in.front(), in.mid(1) + QStringList{cliPath(), u"sync"_s, u"--json"_s, u"--state-dir"_s,
                                                     q(dir.sub("client-state")), u"--bwlimit"_s, u"8M"_s}
                                + options + QStringList{q(dir.sub("src/")), s.url});
        QVERIFY(p.waitForStarted(10000));
        QVERIFY2(waitFor([&] { return hasTempFileOf(dir.sub("module/dst"), u"big.bin"_s); }, 30000),
                 "the big file never started");
        QThread::msleep(2000);
        QVERIFY(s.net.setLink(false));
        QThread::msleep(ulong(downMs));
        QVERIFY(s.net.setLink(true));
        QVERIFY2(p.waitForFinished(180000), "the job did not end after the link came back");
        *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        *out = p.readAllStandardOutput();
        *err = p.readAllStandardError();
        *wireRatio = wireBytesIn(*out) / double(kBig);
        QString error;
        *movedRatio = parseJsonObject(*out, &error).value(u"bytes_transferred"_s).toDouble(-1) / double(kBig);
        *treeProblem = readFile(dir.sub("module/dst/big.bin")) == data ? QString() : u"big.bin differs"_s;
        if (treeProblem->isEmpty() && readFile(dir.sub("module/dst/small.txt")) != "small")
            *treeProblem = u"small.txt differs"_s;
        if (treeProblem->isEmpty() && !tempFilesUnder(dir.sub("module/dst")).isEmpty())
            *treeProblem = u"temporary files left: "_s + tempFilesUnder(dir.sub("module/dst")).join(u", "_s);
        qInfo("link down %d ms: exit %d, %.2f x the data on the wire, %.2f x counted as moved; the client said:\n%s",
              downMs, *exitCode, *wireRatio, *movedRatio, err->constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        LinkedNamespaces probe;
        if (!probe.ok()) QSKIP(qPrintable(probe.why()));
    }

    // Down for 4 s, --timeout 15: TCP retransmits once the link is back, and
    // the same connections carry the rest. No reconnect.
    void anOutageShorterThanTheTimeoutIsWaitedOut()
    {
        int code = -1;
        QByteArray out, err;
        double ratio = 0, moved = 0;
        QString problem;
        pushAcrossAnOutage({u"--timeout"_s, u"15"_s, u"--retry-for"_s, u"0"_s}, 4000, &code, &out, &err, &ratio, &moved,
                           &problem);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(code == 0, (out + err).constData());
        QCOMPARE(problem, QString());
        QVERIFY2(!err.contains("dropped") && !err.contains("reconnect"), err.constData());
        QVERIFY2(ratio > 0 && ratio < 1.1, QByteArray::number(ratio).constData());
    }

    // Down for 9 s, --timeout 3: both ends give up on the connections after
    // 3 s; the client tries again (1, 2, 4 s apart) and, once the link is
    // back, goes on from what arrived.
    void anOutageLongerThanTheTimeoutIsBridgedByReconnecting()
    {
        int code = -1;
        QByteArray out, err;
        double ratio = 0, moved = 0;
        QString problem;
        pushAcrossAnOutage({u"--timeout"_s, u"3"_s, u"--retry-for"_s, u"120"_s, u"-v"_s}, 9000, &code, &out, &err,
                           &ratio, &moved, &problem);
        if (QTest::currentTestFailed()) return;
        QVERIFY2(code == 0, (out + err).constData());
        QCOMPARE(problem, QString());
        QVERIFY2(err.contains("nothing moved") && err.contains("dropped"), err.constData());
        QVERIFY2(err.contains("reconnected to"), err.constData());
        // Resumed, not sent again from the start (some 16 MiB had arrived).
        QVERIFY2(ratio > 0 && ratio < 1.2, QByteArray::number(ratio).constData());
        QVERIFY2(moved > 0 && moved < 0.8, QByteArray::number(moved).constData());
    }
};

QTEST_GUILESS_MAIN(TestLinkDown)
#include "test_link_down.moc"

using fgtest::q;
