// The history of runs as the CLI records and shows it: a saved job's run
// under its name, a failed and a cancelled run with their exit codes and
// errors, `history --run` with the log; a damaged database stops no sync
// and `history` says which run is missing and why.

#include "test_support.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

namespace {

CliRun cli(std::initializer_list<std::string> words)
{
    QStringList args;
    for (const std::string& w : words) args << q(w);
    return fgtest::runCli(args, 60000);
}

QJsonArray runsOf(const CliRun& r)
{
    QString error;
    const QJsonObject obj = fgtest::parseJsonObject(r.out, &error);
    if (!error.isEmpty()) qWarning("%s", qPrintable(error));
    return obj[QStringLiteral("runs")].toArray();
}

} // namespace

class TestHistoryCli : public QObject {
    Q_OBJECT
private:
    ScratchDir m_home{"fghist-home"};

private Q_SLOTS:
    void init()
    {
        // Each test its own history.
        QFile::remove(q(m_home.sub("history.db")));
        QFile::remove(q(m_home.sub("history.db-wal")));
        QFile::remove(q(m_home.sub("history.db-shm")));
        QFile::remove(q(m_home.sub("history-missing.log")));
        qputenv("FLOODGATE_HOME", QByteArray::fromStdString(m_home.path()));
    }

    void savedFailedAndCancelledRunsAreRecorded()
    {
        ScratchDir dir;
        fgtest::writeFile(dir.sub("src/a.txt"), "hello");
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(8 << 20, 3));
        VERIFY_EXIT(cli({"job", "add", "docs", "--exclude=big.bin", dir.sub("src/"), dir.sub("dst")}), 0);
        VERIFY_EXIT(cli({"job", "run", "docs"}), 0);
        // Failed: the destination's parent is missing (exit 3).
        VERIFY_EXIT(cli({"sync", dir.sub("src/"), dir.sub("no/such/dst")}), 3);
        // Cancelled: a slow copy, interrupted (rsync's 20).
        QProcess slow;
        slow.start(fgtest::cliPath(), {QStringLiteral("sync"), QStringLiteral("--bwlimit=1M"), q(dir.sub("src/")),
                                       q(dir.sub("slow"))});
        QVERIFY(slow.waitForStarted());
        QVERIFY(fgtest::waitFor([&] { return fgtest::hasTempFileOf(dir.sub("slow"), QStringLiteral("big.bin")); }, 20000));
        ::kill(pid_t(slow.processId()), SIGINT);
        QVERIFY(slow.waitForFinished(20000));
        QCOMPARE(slow.exitCode(), 20);

        const CliRun listed = cli({"history", "--json"});
        VERIFY_EXIT(listed, 0);
        const QJsonArray runs = runsOf(listed);
        QCOMPARE(runs.size(), 3);
        const QJsonObject cancelled = runs[0].toObject();
        const QJsonObject failed = runs[1].toObject();
        const QJsonObject saved = runs[2].toObject();
        QCOMPARE(cancelled[QStringLiteral("state")].toString(), QStringLiteral("cancelled"));
        QCOMPARE(cancelled[QStringLiteral("exit_code")].toInt(), 20);
        QCOMPARE(failed[QStringLiteral("state")].toString(), QStringLiteral("failed"));
        QCOMPARE(failed[QStringLiteral("exit_code")].toInt(), 3);
        QVERIFY(failed[QStringLiteral("fatal")].toString().contains(QStringLiteral("--mkpath")));
        QCOMPARE(saved[QStringLiteral("job")].toString(), QStringLiteral("docs"));
        QCOMPARE(saved[QStringLiteral("files_transferred")].toInt(), 1);
        QCOMPARE(saved[QStringLiteral("bytes_transferred")].toInt(), 5);

        // One job's runs; one run whole.
        QCOMPARE(runsOf(cli({"history", "docs", "--json"})).size(), 1);
        const CliRun one = cli({"history", "--run", std::to_string(failed[QStringLiteral("id")].toInt())});
        VERIFY_EXIT(one, 0);
        QVERIFY2(one.out.contains("failed (3)") && one.out.contains("--mkpath"), one.out);
        const CliRun table = cli({"history"});
        VERIFY_EXIT(table, 0);
        QVERIFY2(table.out.contains("docs") && table.out.contains("cancelled"), table.out);
    }

    void aRunsFileErrorsAreInItsRecord()
    {
        ScratchDir dir;
        fgtest::writeFile(dir.sub("src/ok.txt"), "ok");
        fgtest::writeFile(dir.sub("src/x"), "a file where the destination has a folder");
        fgtest::writeFile(dir.sub("dst/x/inner"), "kept");
        VERIFY_EXIT(cli({"sync", dir.sub("src/"), dir.sub("dst")}), 23);
        const QJsonArray runs = runsOf(cli({"history", "--json"}));
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs[0].toObject()[QStringLiteral("error_count")].toInt(), 1);
        const CliRun one = cli({"history", "--run", std::to_string(runs[0].toObject()[QStringLiteral("id")].toInt())});
        QVERIFY2(one.out.contains("partial (23)") && one.out.contains("x: a directory is in the way"), one.out);
    }

    void aDamagedDatabaseStopsNoSync()
    {
        ScratchDir dir;
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::writeFile(m_home.sub("history.db"), std::string(8192, 'x'));
        const CliRun run = cli({"sync", dir.sub("src/"), dir.sub("dst")});
        VERIFY_EXIT(run, 0);
        QVERIFY(QFile::exists(q(dir.sub("dst/a.txt"))));
        QVERIFY2(run.err.contains("not in the history") && run.err.contains("not a database"), run.err);
        const CliRun history = cli({"history"});
        VERIFY_EXIT(history, 3);
        QVERIFY2(history.err.contains("not a database"), history.err);
        QVERIFY2(history.err.contains("1 run(s) are missing"), history.err);
    }
};

QTEST_GUILESS_MAIN(TestHistoryCli)
#include "test_history_cli.moc"
