// `floodgate status` on the server: during a job it names the job's client,
// module, progress, rate and bottleneck; afterwards the job's result (and a
// refused one's), the paired clients' last contact, the modules' free space.

#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

QJsonObject statusOf(const ScratchDir& dir)
{
    CliRun r = fgtest::runCli({u"status"_s, u"--json"_s, u"--state-dir"_s, q(dir.sub("server-state"))});
    if (r.exitCode != 0) return {};
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestDaemonStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void statusShowsRunningAndEndedJobs()
    {
        ScratchDir dir("fgstat");
        fgtest::writeFile(dir.sub("ro/.keep"), "");
        fgtest::PairedDaemon nas(dir, {}, {u"--module"_s, q("ro=" + dir.sub("ro")), u"--read-only"_s, u"ro"_s});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(12 << 20, 3));
        for (int i = 0; i < 5; ++i) fgtest::writeFile(dir.sub("src/f" + std::to_string(i)), "small");

        // 12 MiB at 2 MiB/s: about six seconds to look at it.
        QProcess job;
        job.start(fgtest::cliPath(), nas.syncArgs({q(dir.sub("src/")), nas.daemon.url(u"m/in/"_s), u"--bwlimit"_s, u"2M"_s}));
        QVERIFY(job.waitForStarted());
        QJsonObject running;
        QVERIFY(fgtest::waitFor(
            [&] {
                const QJsonArray jobs = statusOf(dir).value(u"running"_s).toArray();
                if (jobs.isEmpty()) return false;
                running = jobs.first().toObject();
                return running.value(u"bytes_done"_s).toDouble() > 0 && running.value(u"rate"_s).toDouble() > 0;
            },
            15000));
        QCOMPARE(running.value(u"module"_s).toString(), u"m"_s);
        QCOMPARE(running.value(u"path"_s).toString(), u"in/"_s);
        QCOMPARE(running.value(u"direction"_s).toString(), u"push"_s);
        QCOMPARE(running.value(u"state"_s).toString(), u"transferring"_s);
        QCOMPARE(running.value(u"files_planned"_s).toInt(), 6);
        QCOMPARE(running.value(u"bytes_planned"_s).toDouble(), double((12 << 20) + 25));
        QVERIFY(!running.value(u"client"_s).toString().isEmpty());
        // The text says the same for a person, with the layer that limits it.
        QVERIFY(fgtest::waitFor(
            [&] {
                CliRun text = fgtest::runCli({u"status"_s, u"--state-dir"_s, q(dir.sub("server-state"))});
                return text.exitCode == 0 && text.out.contains("push into m/in/")
                    && text.out.contains("limited by bandwidth-limit");
            },
            15000));
        QVERIFY(job.waitForFinished(60000));
        QCOMPARE(job.exitCode(), 0);

        CliRun refused = nas.sync({q(dir.sub("src/")), nas.daemon.url(u"ro/x/"_s)});
        VERIFY_EXIT(refused, 5);

        const QJsonObject after = statusOf(dir);
        QVERIFY(after.value(u"running"_s).toArray().isEmpty());
        const QJsonArray ended = after.value(u"ended"_s).toArray();
        QCOMPARE(ended.size(), 2);
        const QJsonObject newest = ended.at(0).toObject(), first = ended.at(1).toObject();
        QCOMPARE(newest.value(u"ok"_s).toBool(), false);
        QVERIFY2(newest.value(u"result"_s).toString().startsWith(u"refused: module 'ro' is read-only"_s),
                 qPrintable(newest.value(u"result"_s).toString()));
        QCOMPARE(first.value(u"ok"_s).toBool(), true);
        QCOMPARE(first.value(u"result"_s).toString(), u"ok"_s);
        QCOMPARE(first.value(u"files_done"_s).toInt(), 6);
        QCOMPARE(first.value(u"bottleneck"_s).toObject().value(u"layer"_s).toString(), u"bandwidth-limit"_s);

        const QJsonArray clients = after.value(u"clients"_s).toArray();
        QCOMPARE(clients.size(), 1);
        QVERIFY(!clients.at(0).toObject().value(u"last_contact"_s).toString().isEmpty());
        const QJsonArray modules = after.value(u"modules"_s).toArray();
        QCOMPARE(modules.size(), 2);
        QVERIFY(modules.at(0).toObject().value(u"free_bytes"_s).toDouble() > 0);
        QCOMPARE(modules.at(1).toObject().value(u"read_only"_s).toBool(), true);
    }

    void statusWithoutADaemonSaysSo()
    {
        ScratchDir dir("fgstat");
        CliRun r = fgtest::runCli({u"status"_s, u"--state-dir"_s, q(dir.sub("nothing"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("no floodgate daemon runs with the state directory"), explain(r).constData());
    }
};

QTEST_GUILESS_MAIN(TestDaemonStatus)
#include "test_daemon_status.moc"
