// `floodgate lab` end to end, with the real CLI against a daemon on
// 127.0.0.1: a 2 x 2 experiment's JSON holds every trial and medians that
// are those of its runs, rounds interleave, the target keeps nothing of the
// lab and loses nothing of its own (also after a cancel, and after a kill
// once the next lab or `--clean` ran), bad matrices are refused before
// anything runs, and a level the module refuses is skipped while the rest runs.

#include "test_support.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <map>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

QStringList labFolders(const std::string& dir)
{
    return QDir(q(dir)).entryList({u".fg-lab-*"_s}, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

class TestLab : public QObject {
    Q_OBJECT

    QStringList labArgs(const ScratchDir& dir, QStringList args)
    {
        return QStringList{u"lab"_s, u"--state-dir"_s, q(dir.sub("client-state")), u"--local-dir"_s, q(dir.sub("local"))} +
               args;
    }

    // The user's own files in the module, which the lab must leave alone,
    // and what an earlier lab that was killed left there.
    void furnishModule(const ScratchDir& dir)
    {
        fgtest::writeFile(dir.sub("module/keep/notes.txt"), "mine");
        fgtest::writeFile(dir.sub("module/.fg-labnot-a-scratch/x"), "mine too");
        fgtest::writeFile(dir.sub("module/sub/.fg-lab-old/trial/f"), "left by a killed lab");
        fgtest::writeFile(dir.sub("local/.keep"), "");
    }

    void verifyModuleIntact(const ScratchDir& dir)
    {
        QCOMPARE(fgtest::readFile(dir.sub("module/keep/notes.txt")), std::string("mine"));
        QCOMPARE(fgtest::readFile(dir.sub("module/.fg-labnot-a-scratch/x")), std::string("mine too"));
    }

private Q_SLOTS:
    void aTwoByTwoExperimentReportsEveryRunAndLeavesNothing()
    {
        ScratchDir dir("fglab");
        furnishModule(dir);
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = fgtest::runCli(labArgs(dir, {u"--json"_s, u"--vary"_s, u"streams=1,2"_s, u"--vary"_s,
                                                u"compress=none,lz4"_s, u"--workload"_s, u"small:1M"_s, u"--runs"_s,
                                                u"2"_s, u"--seed"_s, u"7"_s, d.daemon.url(u"m/sub"_s)}),
                                  240000);
        VERIFY_EXIT(r, 0);
        QString error;
        const QJsonObject o = fgtest::parseJsonObject(r.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error + u"\n"_s + QString::fromUtf8(r.out)));
        QCOMPARE(o.value(u"workload_files"_s).toInteger(), 256);
        QCOMPARE(o.value(u"workload_bytes"_s).toInteger(), 1 << 20);
        QCOMPARE(o.value(u"seed"_s).toInteger(), 7);
        QVERIFY(!o.value(u"cancelled"_s).toBool());
        QVERIFY(o.value(u"link_bytes_per_second"_s).toDouble() > 1e6); // probed first

        // Every trial, rounds interleaved: run 1 of each setting, then run 2.
        const QJsonArray trials = o.value(u"trials"_s).toArray();
        QCOMPARE(trials.size(), 8);
        std::map<QString, std::vector<double>> seconds;
        for (qsizetype i = 0; i < trials.size(); ++i) {
            const QJsonObject t = trials[i].toObject();
            QCOMPARE(t.value(u"run"_s).toInt(), int(i / 4) + 1);
            QVERIFY2(t.value(u"ok"_s).toBool(), qPrintable(t.value(u"error"_s).toString()));
            QVERIFY(t.value(u"seconds"_s).toDouble() > 0);
            QCOMPARE(t.value(u"bytes"_s).toInteger(), 1 << 20);
            QVERIFY(t.value(u"wire_bytes"_s).toInteger() > 0);
            QVERIFY(t.value(u"cpu"_s).toObject().contains(u"here"_s));
            QVERIFY(t.value(u"cpu"_s).toObject().contains(u"there"_s));
            QVERIFY(t.contains(u"bottleneck"_s));
            seconds[t.value(u"setting"_s).toString()].push_back(t.value(u"seconds"_s).toDouble());
        }
        QCOMPARE(seconds.size(), size_t(4));

        // Medians, fastest and slowest are those of the runs.
        const QJsonObject summary = o.value(u"summary"_s).toObject();
        const QJsonArray settings = summary.value(u"settings"_s).toArray();
        QCOMPARE(settings.size(), 4);
        QCOMPARE(settings[0].toObject().value(u"setting"_s).toString(), u"streams=1 compress=none"_s);
        QCOMPARE(settings[3].toObject().value(u"options"_s).toString(), u"--streams 2 --compress lz4"_s);
        for (const auto& v : settings) {
            const QJsonObject s = v.toObject();
            const auto& runs = seconds[s.value(u"setting"_s).toString()];
            QCOMPARE(s.value(u"runs"_s).toInt(), 2);
            QVERIFY(std::abs(s.value(u"median_seconds"_s).toDouble() - medianOf(runs)) < 0.002);
            QVERIFY(std::abs(s.value(u"min_seconds"_s).toDouble() - *std::min_element(runs.begin(), runs.end())) < 0.002);
            QVERIFY(std::abs(s.value(u"max_seconds"_s).toDouble() - *std::max_element(runs.begin(), runs.end())) < 0.002);
            QVERIFY(s.value(u"median_bytes_per_second"_s).toDouble() > 0);
            QCOMPARE(s.value(u"levels"_s).toObject().size(), 2);
        }
        // Compression is not modelled; the plain settings have a prediction.
        QVERIFY(settings[0].toObject().value(u"predicted_bytes_per_second"_s).toDouble() > 0);
        QVERIFY(settings[1].toObject().value(u"predicted_bytes_per_second"_s).isNull());
        const QJsonObject best = summary.value(u"best"_s).toObject();
        QVERIFY(seconds.count(best.value(u"setting"_s).toString()));
        QVERIFY(best.contains(u"significant"_s) && best.contains(u"margin"_s));
        QVERIFY(best.value(u"reproduce"_s).toString().startsWith(u"floodgate sync --streams "_s));
        QVERIFY(!summary.value(u"conclusion"_s).toString().isEmpty());

        // Nothing of the lab is left on either end; the earlier lab's
        // leftover went with it; the user's files are as they were.
        QVERIFY2(labFolders(dir.sub("module/sub")).isEmpty(), qPrintable(labFolders(dir.sub("module/sub")).join(u' ')));
        QVERIFY(labFolders(dir.sub("local")).isEmpty());
        verifyModuleIntact(dir);
        QVERIFY(o.value(u"notes"_s).toArray().first().toString().contains(u"earlier lab"_s));
    }

    void theTableAndCsvSayTheSame()
    {
        ScratchDir dir("fglab");
        furnishModule(dir);
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        const QStringList common = {u"--vary"_s, u"fsync=end,none"_s, u"--workload"_s, u"mixed:4M"_s, u"--runs"_s, u"2"_s,
                                    u"--no-probe"_s, u"--no-warm-up"_s, d.daemon.url(u"m"_s)};
        CliRun table = fgtest::runCli(labArgs(dir, common), 120000);
        VERIFY_EXIT(table, 0);
        for (const char* text : {"lab on ", "fsync=end", "fsync=none", "median", "fastest-slowest", "bottleneck"})
            QVERIFY2(table.out.contains(text), qPrintable(QString::fromUtf8(text) + u"\n"_s + QString::fromUtf8(table.out)));
        CliRun csv = fgtest::runCli(labArgs(dir, QStringList{u"--csv"_s} + common), 120000);
        VERIFY_EXIT(csv, 0);
        const QList<QByteArray> lines = csv.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5); // a header and four trials
        QVERIFY(lines[0].startsWith("setting,fsync,run,ok,seconds,bytes,wire_bytes"));
        QVERIFY(labFolders(dir.sub("module")).isEmpty());
        verifyModuleIntact(dir);
    }

    void badMatricesAreRefusedBeforeAnythingRuns()
    {
        ScratchDir dir("fglab");
        furnishModule(dir);
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        const QString url = d.daemon.url(u"m/sub"_s);
        CliRun none = fgtest::runCli(labArgs(dir, {url}));
        VERIFY_EXIT(none, 1);
        QVERIFY(none.err.contains("nothing to vary"));
        CliRun unknown = fgtest::runCli(labArgs(dir, {u"--vary"_s, u"colour=red"_s, url}));
        VERIFY_EXIT(unknown, 1);
        QVERIFY(unknown.err.contains("not a factor"));
        CliRun twice = fgtest::runCli(labArgs(dir, {u"--vary"_s, u"streams=1"_s, u"--vary"_s, u"streams=2"_s, url}));
        VERIFY_EXIT(twice, 1);
        QVERIFY(twice.err.contains("given twice"));
        // ssh's one pipe has no data connections to count, tune or encrypt.
        for (const QString& factor : {u"streams=1,2"_s, u"cipher=aes128-gcm,none"_s, u"congestion=bbr,cubic"_s}) {
            CliRun ssh = fgtest::runCli(labArgs(dir, {u"--vary"_s, factor, u"nas:/srv/data"_s}));
            VERIFY_EXIT(ssh, 1);
            QVERIFY2(ssh.err.contains("ssh"), ssh.err.constData());
        }
        CliRun local = fgtest::runCli(labArgs(dir, {u"--vary"_s, u"streams=1,2"_s, q(dir.sub("elsewhere"))}));
        VERIFY_EXIT(local, 1);
        QVERIFY(local.err.contains("another machine"));
        // Too long for its budget: said with the estimate and the remedy,
        // before a trial (the earlier lab's leftover is cleaned, nothing else).
        CliRun budget = fgtest::runCli(labArgs(dir, {u"--vary"_s, u"streams=1,2,3,4"_s, u"--runs"_s, u"5"_s, u"--workload"_s,
                                                     u"big:64M"_s, u"--budget"_s, u"1s"_s, url}));
        VERIFY_EXIT(budget, 1);
        QVERIFY2(budget.err.contains("more than its budget") && budget.err.contains("--budget"), budget.err.constData());
        QVERIFY(labFolders(dir.sub("module/sub")).isEmpty());
        QVERIFY(labFolders(dir.sub("local")).isEmpty());
        verifyModuleIntact(dir);
    }

    void aLevelTheModuleRefusesIsSkippedAndTheRestRuns()
    {
        ScratchDir dir("fglab");
        furnishModule(dir);
        fgtest::PairedDaemon d(dir); // its module does not allow --cipher none
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        CliRun r = fgtest::runCli(labArgs(dir, {u"--json"_s, u"--vary"_s, u"cipher=aes128-gcm,none"_s, u"--workload"_s,
                                                u"small:256K"_s, u"--runs"_s, u"2"_s, u"--no-probe"_s,
                                                d.daemon.url(u"m"_s)}),
                                  120000);
        VERIFY_EXIT(r, 0);
        QString error;
        const QJsonObject o = fgtest::parseJsonObject(r.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonArray settings = o.value(u"summary"_s).toObject().value(u"settings"_s).toArray();
        QCOMPARE(settings[0].toObject().value(u"runs"_s).toInt(), 2);
        const QJsonObject plain = settings[1].toObject();
        QCOMPARE(plain.value(u"runs"_s).toInt(), 0);
        QVERIFY2(plain.value(u"skipped"_s).toString().contains(u"none"_s), qPrintable(plain.value(u"skipped"_s).toString()));
        QCOMPARE(o.value(u"summary"_s).toObject().value(u"best"_s).toObject().value(u"setting"_s).toString(),
                 u"cipher=aes128-gcm"_s);
        QVERIFY(labFolders(dir.sub("module")).isEmpty());
    }

    void aCancelledLabRemovesItsScratchAndAKilledOneIsCleanedNextTime()
    {
        ScratchDir dir("fglab");
        furnishModule(dir);
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        const QStringList args = labArgs(dir, {u"--vary"_s, u"streams=1,2"_s, u"--workload"_s, u"big:128M"_s, u"--runs"_s,
                                               u"3"_s, u"--no-probe"_s, u"--no-warm-up"_s, d.daemon.url(u"m"_s)});
        // A trial is under way once the scratch folder on the target holds something.
        auto scratchInUse = [&] {
            for (const QString& f : labFolders(dir.sub("module")))
                if (QDir(q(dir.sub("module")) + u"/"_s + f + u"/trial"_s).exists()) return true;
            return false;
        };
        for (bool kill : {false, true}) {
            QProcess p;
            p.start(fgtest::cliPath(), args);
            QVERIFY(p.waitForStarted(10000));
            QVERIFY2(fgtest::waitFor(scratchInUse, 60000), qPrintable(QString::fromUtf8(p.readAllStandardError())));
            if (!kill) {
                ::kill(pid_t(p.processId()), SIGINT);
                QVERIFY(p.waitForFinished(60000));
                QCOMPARE(p.exitCode(), 20);
                QVERIFY2(labFolders(dir.sub("module")).isEmpty(), qPrintable(labFolders(dir.sub("module")).join(u' ')));
                QVERIFY(labFolders(dir.sub("local")).isEmpty());
            } else {
                p.kill();
                QVERIFY(p.waitForFinished(10000));
                QVERIFY(!labFolders(dir.sub("module")).isEmpty()); // what a kill leaves
                CliRun clean = fgtest::runCli(labArgs(dir, {u"--clean"_s, d.daemon.url(u"m"_s)}));
                VERIFY_EXIT(clean, 0);
                QVERIFY(clean.out.contains("removed"));
                QVERIFY(labFolders(dir.sub("module")).isEmpty());
            }
            verifyModuleIntact(dir);
        }
    }
};

QTEST_GUILESS_MAIN(TestLab)
#include "test_lab.moc"
