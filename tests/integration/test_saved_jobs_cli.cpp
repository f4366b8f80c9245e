// `floodgate job`: a job saved with relative paths runs from anywhere later;
// options given to `job run` go after the saved ones; a job the GUI saves
// (through the same store and the sync-arguments writer) runs from the CLI,
// and one the CLI saves reads back in the GUI's terms; mistakes are refused
// before anything is saved.

#include "test_support.h"

#include <floodgate/saved_jobs.h>

#include "sync_args_writer.h"
#include "sync_flags.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

namespace {

CliRun job(std::initializer_list<const char*> words)
{
    QStringList args{QStringLiteral("job")};
    for (const char* w : words) args << QString::fromUtf8(w);
    return fgtest::runCli(args, 60000);
}

void writeFile(const std::string& path, const QByteArray& data)
{
    QFile f(q(path));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

} // namespace

class TestSavedJobsCli : public QObject {
    Q_OBJECT
private:
    ScratchDir m_home{"fgjobs-home"};
    QString m_oldCwd;

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("FLOODGATE_HOME", QByteArray::fromStdString(m_home.path()));
        m_oldCwd = QDir::currentPath();
    }
    void cleanup() { QDir::setCurrent(m_oldCwd); }

    void savedWithRelativePathsRunsFromElsewhere()
    {
        ScratchDir work;
        QVERIFY(QDir().mkpath(q(work.sub("src/sub"))));
        writeFile(work.sub("src/keep.txt"), "keep");
        writeFile(work.sub("src/skip.tmp"), "skip");
        writeFile(work.sub("rules.txt"), "*.tmp\n");
        QVERIFY(QDir::setCurrent(q(work.path())));
        VERIFY_EXIT(job({"add", "relative", "--exclude-from", "rules.txt", "--mkpath", "src/", "out/copy"}), 0);
        QVERIFY(QDir::setCurrent(QStringLiteral("/")));

        const CliRun shown = job({"show", "relative"});
        VERIFY_EXIT(shown, 0);
        QVERIFY2(shown.out.contains(QByteArray::fromStdString("--exclude-from=" + work.sub("rules.txt"))), shown.out);
        QVERIFY2(shown.out.contains(QByteArray::fromStdString(work.sub("src/") + " " + work.sub("out/copy"))), shown.out);

        // A dry run given at run time changes nothing; then the real run.
        VERIFY_EXIT(job({"run", "relative", "-n"}), 0);
        QVERIFY(!QFile::exists(q(work.sub("out/copy"))));
        VERIFY_EXIT(job({"run", "relative"}), 0);
        QVERIFY(QFile::exists(q(work.sub("out/copy/keep.txt"))));
        QVERIFY(!QFile::exists(q(work.sub("out/copy/skip.tmp"))));
        QVERIFY(QDir(q(work.sub("out/copy/sub"))).exists());
        VERIFY_EXIT(job({"remove", "relative"}), 0);
    }

    // The GUI saves a JobSpec through syncArgsFor() into the same store.
    void aJobTheGuiSavesRunsFromTheCli()
    {
        ScratchDir work;
        QVERIFY(QDir().mkpath(q(work.sub("src"))));
        writeFile(work.sub("src/a.bin"), QByteArray(5000, 'a'));
        writeFile(work.sub("src/b.log"), "log");
        fg::JobSpec spec;
        spec.source = work.sub("src/");
        spec.destination = work.sub("dst");
        spec.options.transfer.mkpath = true;
        spec.options.transfer.filters.push_back({fg::FilterSpec::Kind::Exclude, "*.log"});
        spec.options.transfer.compare.maxSize = 1 << 20;
        auto args = fg::cli::syncArgsFor(spec);
        QVERIFY(args.ok());
        QVERIFY(fg::JobStore::inStateDir({}).add({"from the GUI", *args, {}}));

        const CliRun listed = job({"list", "--json"});
        VERIFY_EXIT(listed, 0);
        QString error;
        const QJsonObject obj = fgtest::parseJsonObject(listed.out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(obj[QStringLiteral("jobs")].toArray().size(), 1);
        QCOMPARE(obj[QStringLiteral("jobs")].toArray()[0].toObject()[QStringLiteral("name")].toString(),
                 QStringLiteral("from the GUI"));

        VERIFY_EXIT(job({"run", "from the GUI"}), 0);
        QVERIFY(QFile::exists(q(work.sub("dst/a.bin"))));
        QVERIFY(!QFile::exists(q(work.sub("dst/b.log"))));
        VERIFY_EXIT(job({"remove", "from the GUI"}), 0);
    }

    // What the CLI saves, the GUI reads back as the same options.
    void aJobTheCliSavesReadsBackAsASpec()
    {
        VERIFY_EXIT(job({"add", "nas", "-a", "--delete", "--bwlimit", "Mon-Fri 08:00-18:00 20M, 100M", "--streams", "4",
                         "/data/", "floodgate://nas/backup"}),
                    0);
        auto saved = fg::JobStore::inStateDir({}).load("nas");
        QVERIFY(saved.ok());
        fg::cli::SyncCliOptions read;
        QVERIFY(fg::cli::readSyncArgs(saved->syncArgs, read).error.empty());
        QVERIFY(read.spec.options.transfer.deleteExtraneous);
        QVERIFY(read.spec.options.transfer.ownership.owner);
        QCOMPARE(read.spec.options.streams, 4u);
        QCOMPARE(read.spec.options.bwlimit.rules.size(), size_t(2));
        QCOMPARE(read.spec.destination, std::string("floodgate://nas/backup"));

        // edit replaces the command line, keeps the name.
        VERIFY_EXIT(job({"edit", "nas", "/data/", "floodgate://nas/other"}), 0);
        QCOMPARE(fg::JobStore::inStateDir({}).load("nas")->syncArgs.back(), std::string("floodgate://nas/other"));
        VERIFY_EXIT(job({"rename", "nas", "NAS nightly"}), 0);
        VERIFY_EXIT(job({"show", "NAS nightly"}), 0);
        VERIFY_EXIT(job({"remove", "NAS nightly"}), 0);
    }

    // `job schedule` writes the timer and tells systemd (a stand-in here that
    // notes what it was asked); the scheduled run is the history's
    // "schedule"; rename moves the timer, unschedule and remove take it away.
    void aScheduleIsATimerThatRunsTheJob()
    {
        ScratchDir work;
        const std::string units = work.sub("units");
        const std::string asked = work.sub("systemctl.log");
        fgtest::writeFile(work.sub("systemctl"), "#!/bin/sh\necho \"$*\" >> '" + asked + "'\n");
        QVERIFY(QFile::setPermissions(q(work.sub("systemctl")), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        qputenv("FLOODGATE_SYSTEMD_UNIT_DIR", QByteArray::fromStdString(units));
        qputenv("FLOODGATE_SYSTEMCTL", QByteArray::fromStdString(work.sub("systemctl")));
        fgtest::writeFile(work.sub("src/a.txt"), "a");
        VERIFY_EXIT(job({"add", "nightly", "--mkpath", work.sub("src/").c_str(), work.sub("dst").c_str()}), 0);

        const CliRun badWhen = job({"schedule", "nightly", "at", "noon"});
        VERIFY_EXIT(badWhen, 1);
        QVERIFY2(badWhen.err.contains("Mon-Fri 18:30"), badWhen.err);

        const CliRun scheduled = job({"schedule", "nightly", "Mon-Fri", "02:30"});
        VERIFY_EXIT(scheduled, 0);
        QVERIFY2(scheduled.out.contains("Mon-Fri 02:30"), scheduled.out);
        const std::string timer = fgtest::readFile(units + "/floodgate-job-nightly.timer");
        QVERIFY2(timer.find("OnCalendar=Mon..Fri *-*-* 02:30:00") != std::string::npos, timer.c_str());
        const std::string service = fgtest::readFile(units + "/floodgate-job-nightly.service");
        QVERIFY2(service.find("job run --scheduled \"nightly\"") != std::string::npos, service.c_str());
        QVERIFY2(service.find("FLOODGATE_HOME=" + m_home.path()) != std::string::npos, service.c_str());
        QVERIFY(fgtest::readFile(asked).find("enable --now floodgate-job-nightly.timer") != std::string::npos);
        QVERIFY(job({"show", "nightly"}).out.contains("Mon-Fri 02:30"));

        // What the timer's service runs.
        VERIFY_EXIT(job({"run", "--scheduled", "nightly"}), 0);
        QVERIFY(QFile::exists(q(work.sub("dst/a.txt"))));
        const CliRun history = fgtest::runCli({QStringLiteral("history"), QStringLiteral("nightly"), QStringLiteral("--json")});
        QVERIFY2(history.out.contains("\"origin\":\"schedule\""), history.out);

        VERIFY_EXIT(job({"rename", "nightly", "weeknights"}), 0);
        QVERIFY(!QFile::exists(q(units + "/floodgate-job-nightly.timer")));
        QVERIFY(QFile::exists(q(units + "/floodgate-job-weeknights.timer")));
        VERIFY_EXIT(job({"unschedule", "weeknights"}), 0);
        QVERIFY(!QFile::exists(q(units + "/floodgate-job-weeknights.timer")));
        QVERIFY(!QFile::exists(q(units + "/floodgate-job-weeknights.service")));
        QVERIFY(fgtest::readFile(asked).find("disable --now floodgate-job-weeknights.timer") != std::string::npos);

        // systemd that cannot be reached: the files stay, the error says what to run.
        qputenv("FLOODGATE_SYSTEMCTL", "false");
        const CliRun unreachable = job({"schedule", "weeknights", "hourly"});
        VERIFY_EXIT(unreachable, 3);
        QVERIFY2(unreachable.err.contains("enable --now floodgate-job-weeknights.timer"), unreachable.err);
        qputenv("FLOODGATE_SYSTEMCTL", QByteArray::fromStdString(work.sub("systemctl")));
        VERIFY_EXIT(job({"remove", "weeknights"}), 0);
        QVERIFY(!QFile::exists(q(units + "/floodgate-job-weeknights.timer")));
        qunsetenv("FLOODGATE_SYSTEMD_UNIT_DIR");
        qunsetenv("FLOODGATE_SYSTEMCTL");
    }

    void mistakesAreRefusedBeforeAnythingIsSaved()
    {
        const CliRun typo = job({"add", "x", "--delte", "/a/", "/b"});
        VERIFY_EXIT(typo, 1);
        QVERIFY2(typo.err.contains("--delte"), typo.err);
        const CliRun noDst = job({"add", "x", "/a/"});
        VERIFY_EXIT(noDst, 1);
        const CliRun stdinList = job({"add", "x", "--files-from", "-", "/a/", "/b"});
        VERIFY_EXIT(stdinList, 1);
        QVERIFY2(stdinList.err.contains("give the list as a file"), stdinList.err);
        const CliRun badName = job({"add", "a:b", "/a/", "/b"});
        VERIFY_EXIT(badName, 1);
        QVERIFY2(badName.err.contains("':'"), badName.err);
        const CliRun missing = job({"run", "nothing-here"});
        VERIFY_EXIT(missing, 1);
        QVERIFY2(missing.err.contains("no saved job 'nothing-here'"), missing.err);
        QVERIFY(fg::JobStore::inStateDir({}).list()->jobs.empty());
        VERIFY_EXIT(job({"frobnicate"}), 1);
    }
};

QTEST_GUILESS_MAIN(TestSavedJobsCli)
#include "test_saved_jobs_cli.moc"
