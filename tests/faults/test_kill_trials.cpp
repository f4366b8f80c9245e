// kill -9 of either end at a random moment, over many trials: every target
// file is always its old version or its new one (never torn, never gone),
// and the job then completes: after a killed daemon is started again the
// running client reconnects and finishes (--retry-for); after a killed
// client, a re-run finishes. Either way the destination ends as the source
// and no temporary file stays.
//
// CI runs FG_FAULT_TRIALS (default 6) trials; the full run is
//   FG_FAULT_TRIALS=100 ctest --test-dir build -L faults -R kill_trials

#include "test_support.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QTest>
#include <QThread>

#include <random>
#include <string>
#include <vector>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

constexpr int kFiles = 12;

// File i of version v: 256 KiB to ~3 MiB, contents that differ per version.
std::string contentOf(int i, int version)
{
    return randomBytes(size_t(256 << 10) * size_t(1 + i % 12), uint64_t(version * 1000 + i));
}

std::string nameOf(int i) { return "/d" + std::to_string(i % 3) + "/f" + std::to_string(i) + ".bin"; }

void writeVersion(const std::string& root, int version)
{
    for (int i = 0; i < kFiles; ++i) writeFile(root + nameOf(i), contentOf(i, version));
}

// "" when every file under root is version `oldV` or `newV`, else what is not.
QString oldOrNew(const std::string& root, int oldV, int newV)
{
    for (int i = 0; i < kFiles; ++i) {
        const std::string got = readFile(root + nameOf(i));
        if (got != contentOf(i, oldV) && got != contentOf(i, newV))
            return q(nameOf(i)) + u" is torn or missing ("_s + QString::number(got.size()) + u" bytes)"_s;
    }
    return {};
}

// Temporary and partial files: none may stay once a job has completed.
QStringList leftovers(const std::string& root)
{
    QStringList out = tempFilesUnder(root);
    QDirIterator it(q(root), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        if (it.fileName().endsWith(u".fg-partial"_s)) out << it.fileName();
    }
    return out;
}

int trials()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("FG_FAULT_TRIALS", &ok);
    return ok && n > 0 ? n : 6;
}

} // namespace

class TestKillTrials : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eitherEndKilledAtRandomNeverTearsAFile()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string src = dir.sub("src"), dst = dir.sub("module/dst");
        writeVersion(dst, 0);
        std::mt19937 rng(20261201);
        int daemonKills = 0, clientKills = 0, reconnected = 0;
        for (int t = 0; t < trials(); ++t) {
            // Each trial replaces the destination's version with the next one.
            writeVersion(src, t + 1);
            const bool killDaemon = t % 2 == 0;
            const int delayMs = std::uniform_int_distribution<int>(100, 2500)(rng);
            QProcess p;
            p.start(cliPath(), f.syncArgs({u"--bwlimit"_s, u"8M"_s, u"--retry-for"_s, u"60"_s, q(src + "/"),
                                           f.daemon.url(u"m/dst/"_s)}));
            QVERIFY(p.waitForStarted(10000));
            QThread::msleep(ulong(delayMs));
            const bool stillRunning = p.state() == QProcess::Running;
            if (killDaemon) {
                f.daemon.killHard();
                ++daemonKills;
            } else {
                p.kill();
                ++clientKills;
            }
            const QString torn = oldOrNew(dst, t, t + 1);
            QVERIFY2(torn.isEmpty(), qPrintable(u"trial %1 (%2 killed after %3 ms): "_s.arg(t)
                                                     .arg(killDaemon ? u"daemon"_s : u"client"_s)
                                                     .arg(delayMs)
                                                 + torn));
            if (killDaemon) {
                QThread::msleep(500);
                QString why;
                QVERIFY2(f.daemon.restart(&why), qPrintable(why));
                // The client was mid-job: it reconnects and finishes.
                QVERIFY2(p.waitForFinished(120000), "the client did not finish after the daemon came back");
                const QByteArray err = p.readAllStandardError();
                // A client slower to start than the kill (a loaded machine,
                // a sanitizer build) lost the daemon before it took the job
                // (refused, or reset in the TLS handshake): it says so at
                // once, as promised for a job no daemon took, without
                // reconnecting, and a re-run goes through.
                const bool neverReached = p.exitCode() == 10 && !err.contains("reconnecting");
                if (neverReached) {
                    CliRun again = f.sync({q(src + "/"), f.daemon.url(u"m/dst/"_s)});
                    QVERIFY2(again.exitCode == 0, explain(again).constData());
                } else {
                    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                             (u"trial %1: exit %2 "_s.arg(t).arg(p.exitCode()).toUtf8() + err).constData());
                }
                if (stillRunning && err.contains("reconnected to")) ++reconnected;
            } else {
                p.waitForFinished(10000);
                CliRun again = f.sync({q(src + "/"), f.daemon.url(u"m/dst/"_s)});
                QVERIFY2(again.exitCode == 0, explain(again).constData());
            }
            const QString complete = oldOrNew(dst, t + 1, t + 1);
            QVERIFY2(complete.isEmpty(), qPrintable(u"trial %1, after finishing: "_s.arg(t) + complete));
            // The daemon's clean-up of a dead session may trail the client's end by a moment.
            QElapsedTimer clean;
            clean.start();
            while (!leftovers(dst).isEmpty() && clean.elapsed() < 10000) QThread::msleep(100);
            QCOMPARE(leftovers(dst), QStringList());
        }
        qInfo("%d trials: %d daemon kills (%d of them mid-job, finished by reconnecting), %d client kills", trials(),
              daemonKills, reconnected, clientKills);
    }
};

QTEST_GUILESS_MAIN(TestKillTrials)
#include "test_kill_trials.moc"

using fgtest::q;
