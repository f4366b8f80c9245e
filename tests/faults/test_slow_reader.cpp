// A far end that reads slowly: the daemon runs in bursts (stopped 1 s, then
// let go for 0.25 s, as on a machine swapping or a NAS whose disk stalls)
// while a client pushes to it under --timeout 4. The job must neither give
// up (the far end does answer, every second) nor reconnect, and must end
// with every byte in place.

#include "test_support.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <csignal>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {
} // namespace

class TestSlowReader : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFarEndThatReadsInBurstsIsWaitedFor()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string data = randomBytes(48u << 20, 5);
        writeFile(dir.sub("src/big.bin"), data);
        for (int i = 0; i < 40; ++i) writeFile(dir.sub("src/s/" + std::to_string(i)), randomBytes(4096, uint64_t(i)));
        QProcess p;
        p.start(cliPath(), f.syncArgs({u"--timeout"_s, u"4"_s, u"--bwlimit"_s, u"8M"_s, q(dir.sub("src/")),
                                       f.daemon.url(u"m/dst/"_s)}));
        QVERIFY(p.waitForStarted(10000));
        const pid_t daemon = pid_t(f.daemon.pid());
        int bursts = 0;
        QElapsedTimer t;
        t.start();
        while (p.state() == QProcess::Running && t.elapsed() < 120000) {
            ::kill(daemon, SIGSTOP);
            QThread::msleep(1000);
            ::kill(daemon, SIGCONT);
            ++bursts;
            p.waitForFinished(250);
        }
        ::kill(daemon, SIGCONT);
        if (p.state() != QProcess::NotRunning) QVERIFY2(p.waitForFinished(60000), "the job did not end");
        const QByteArray err = p.readAllStandardError();
        qInfo("%d stops of 1 s; the job took %.1f s; it said:\n%s", bursts, double(t.elapsed()) / 1000,
              err.constData());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
        QVERIFY2(bursts >= 3, "the job ended before the daemon was slowed down");
        QVERIFY2(!err.contains("nothing moved") && !err.contains("dropped") && !err.contains("reconnect"),
                 err.constData());
        QCOMPARE(readFile(dir.sub("module/dst/big.bin")), data);
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
};

QTEST_GUILESS_MAIN(TestSlowReader)
#include "test_slow_reader.moc"

using fgtest::q;
