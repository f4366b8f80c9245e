// --snapshot through the real CLI, locally and into a daemon's module: dated
// folders that share unchanged files, a run that did not complete kept as
// NAME.partial and linked from by the next, retention that removes only old
// complete snapshots (the module's rule over the client's), and the options
// that would write into older snapshots through their links refused.

#include "test_support.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

CliRun sync(const QStringList& args)
{
    return fgtest::runCli(QStringList{u"sync"_s} + args);
}

ino_t inode(const std::string& path)
{
    struct stat st{};
    return ::stat(path.c_str(), &st) == 0 ? st.st_ino : 0;
}

// The entries of `dir`, sorted.
QStringList entries(const std::string& dir)
{
    return QDir(q(dir)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

QStringList snapshotsIn(const std::string& dir)
{
    static const QRegularExpression name(u"^\\d{4}-\\d\\d-\\d\\d_\\d{6}$"_s);
    return entries(dir).filter(name);
}

QJsonObject json(const CliRun& r)
{
    QString why;
    return fgtest::parseJsonObject(r.out, &why);
}

} // namespace

class TestSnapshots : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachRunIsAFullTreeSharingUnchangedFiles()
    {
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("src/same.txt"), "unchanged");
        fgtest::writeFile(dir.sub("src/sub/deep.txt"), "unchanged too");
        fgtest::writeFile(dir.sub("src/changes.txt"), "monday");
        CliRun first = sync({u"-a"_s, u"--snapshot"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(first, 0);
        const QJsonObject one = json(first).value(u"snapshot"_s).toObject();
        QVERIFY(one.value(u"complete"_s).toBool());
        QStringList snaps = snapshotsIn(dir.sub("backups"));
        QCOMPARE(snaps, QStringList{one.value(u"name"_s).toString()});

        fgtest::writeFile(dir.sub("src/changes.txt"), "tuesday");
        QThread::msleep(1100); // (names are to the second; a clash takes the next one anyway)
        CliRun second = sync({u"-a"_s, u"--snapshot"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(second, 0);
        QCOMPARE(json(second).value(u"files_transferred"_s).toInt(), 1);
        snaps = snapshotsIn(dir.sub("backups"));
        QCOMPARE(snaps.size(), 2);
        const std::string a = dir.sub("backups/" + snaps[0].toStdString()), b = dir.sub("backups/" + snaps[1].toStdString());
        QCOMPARE(inode(a + "/same.txt"), inode(b + "/same.txt"));
        QCOMPARE(inode(a + "/sub/deep.txt"), inode(b + "/sub/deep.txt"));
        QVERIFY(inode(a + "/changes.txt") != inode(b + "/changes.txt"));
        QCOMPARE(fgtest::readFile(a + "/changes.txt"), std::string("monday"));
        QCOMPARE(fgtest::readFile(b + "/changes.txt"), std::string("tuesday"));
        // Each is the source as it was: the newest is the source now.
        const QString d = fgtest::diffTrees(fgtest::describeTree(dir.sub("src")), fgtest::describeTree(b));
        QVERIFY2(d.isEmpty(), qPrintable(d));
        // The text output names it.
        fgtest::writeFile(dir.sub("src/new.txt"), "wednesday");
        CliRun third = sync({u"-a"_s, u"--snapshot"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(third, 0);
        QVERIFY2(third.err.contains(" is complete") || third.out.contains(" is complete"), explain(third).constData());
    }

    // A run cut off leaves NAME.partial; the next run links what it holds
    // (nothing of it is sent again), completes, and the leftover goes.
    void anInterruptedRunIsLinkedFromByTheNext()
    {
        ScratchDir dir("fgsnap");
        for (int i = 0; i < 12; ++i)
            fgtest::writeFile(dir.sub("src/f" + QString::number(i).rightJustified(2, u'0').toStdString()),
                              fgtest::randomBytes(256 * 1024, uint64_t(i)));
        QProcess p;
        p.start(fgtest::cliPath(), {u"sync"_s, u"-a"_s, u"--snapshot"_s, u"--bwlimit"_s, u"512K"_s,
                                    q(dir.sub("src/")), q(dir.sub("backups"))});
        QVERIFY(p.waitForStarted(10000));
        // Some files complete (0.5 MiB/s: two a second), most not.
        QThread::msleep(2500);
        QCOMPARE(p.state(), QProcess::Running);
        p.kill();
        p.waitForFinished(10000);
        const QStringList left = entries(dir.sub("backups")).filter(u".partial"_s);
        QCOMPARE(left.size(), 1);
        QVERIFY(snapshotsIn(dir.sub("backups")).isEmpty());
        const std::string partial = dir.sub("backups/" + left[0].toStdString());
        QStringList done;
        for (const QString& f : entries(partial))
            if (!f.startsWith(u'.')) done << f;
        QVERIFY2(!done.isEmpty() && done.size() < 12, qPrintable(done.join(u' ')));
        const ino_t early = inode(partial + "/" + done[0].toStdString());

        CliRun next = sync({u"-a"_s, u"--snapshot"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(next, 0);
        QCOMPARE(json(next).value(u"files_transferred"_s).toInt(), 12 - int(done.size()));
        QVERIFY(entries(dir.sub("backups")).filter(u".partial"_s).isEmpty());
        const QStringList snaps = snapshotsIn(dir.sub("backups"));
        QCOMPARE(snaps.size(), 1);
        const std::string complete = dir.sub("backups/" + snaps[0].toStdString());
        QCOMPARE(inode(complete + "/" + done[0].toStdString()), early);
        const QString d = fgtest::diffTrees(fgtest::describeTree(dir.sub("src")), fgtest::describeTree(complete));
        QVERIFY2(d.isEmpty(), qPrintable(d));
    }

    // A file that goes (or changes) after the scan listed it fails (exit
    // 24), and the new snapshot holds its previous version instead: complete,
    // and nothing the older snapshot had is missing when retention removes it.
    void aFileThatChangedKeepsItsPreviousVersion()
    {
        ScratchDir dir("fgsnap");
        auto name = [](int i) { return "src/f" + QString::number(i).rightJustified(2, u'0').toStdString(); };
        for (int i = 0; i < 8; ++i) fgtest::writeFile(dir.sub(name(i)), fgtest::randomBytes(256 * 1024, uint64_t(i)));
        CliRun first = sync({u"-a"_s, u"--snapshot"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(first, 0);
        const QString firstName = snapshotsIn(dir.sub("backups")).value(0);
        // New contents for all, sent slowly: the last one is removed while
        // the job runs, after the scan listed it.
        for (int i = 0; i < 8; ++i) fgtest::writeFile(dir.sub(name(i)), fgtest::randomBytes(256 * 1024, uint64_t(100 + i)));
        QThread::msleep(1100);
        QProcess p;
        p.start(fgtest::cliPath(), {u"sync"_s, u"-a"_s, u"--snapshot"_s, u"--keep-last"_s, u"1"_s, u"--json"_s,
                                    u"--bwlimit"_s, u"1M"_s, q(dir.sub("src/")), q(dir.sub("backups"))});
        QVERIFY(p.waitForStarted(10000));
        // Once the first new file is in the new snapshot the scan is over
        // (not a fixed wait: under a sanitizer on a busy machine the scan
        // once came after it, and listed seven files); the last of eight at
        // 1 MiB/s is seconds away.
        QVERIFY2(fgtest::waitFor([&] {
                     for (const QString& snap : entries(dir.sub("backups")).filter(u".partial"_s))
                         if (fgtest::exists(dir.sub("backups/" + snap.toStdString() + "/f00"))) return true;
                     return false;
                 }, 30000),
                 "the new snapshot never got its first file");
        QCOMPARE(::unlink(dir.sub(name(7)).c_str()), 0);
        QVERIFY(p.waitForFinished(60000));
        CliRun second{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
        VERIFY_EXIT(second, 24);
        const QJsonObject snap = json(second).value(u"snapshot"_s).toObject();
        QVERIFY2(snap.value(u"complete"_s).toBool(), explain(second).constData());
        QVERIFY2(second.err.contains("as " + firstName.toUtf8() + " had them"), explain(second).constData());
        // Retention removed the first; its f07 lives on in the second.
        const QStringList snaps = snapshotsIn(dir.sub("backups"));
        QCOMPARE(snaps.size(), 1);
        QVERIFY(snaps[0] != firstName);
        QCOMPARE(fgtest::readFile(dir.sub("backups/" + snaps[0].toStdString() + "/f07")),
                 fgtest::randomBytes(256 * 1024, 7));
        QCOMPARE(fgtest::readFile(dir.sub("backups/" + snaps[0].toStdString() + "/f06")),
                 fgtest::randomBytes(256 * 1024, 106));
    }

    // Retention on a made-up history: the rule's snapshots and the new one
    // stay, and nothing in the folder that is not a snapshot is touched.
    void retentionRemovesOnlyOldSnapshots()
    {
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        const std::vector<std::string> old = {"2020-01-01_020000", "2020-01-02_020000", "2020-01-03_020000",
                                              "2020-01-03_140000", "2020-02-10_020000"};
        for (const auto& n : old) fgtest::writeFile(dir.sub("backups/" + n + "/a.txt"), "a");
        fgtest::writeFile(dir.sub("backups/README.txt"), "the admin's notes");
        fgtest::writeFile(dir.sub("backups/2020-01-01_0200/mine.txt"), "not a snapshot's name");
        // A dry run says what would go, and changes nothing.
        CliRun dry = sync({u"-a"_s, u"-n"_s, u"--snapshot"_s, u"--keep-daily"_s, u"3"_s, u"--json"_s,
                           q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(dry, 0);
        QCOMPARE(json(dry).value(u"snapshot"_s).toObject().value(u"removed"_s).toArray().size(), 3);
        QCOMPARE(snapshotsIn(dir.sub("backups")).size(), 5);

        CliRun r = sync({u"-a"_s, u"--snapshot"_s, u"--keep-daily"_s, u"3"_s, u"--json"_s, q(dir.sub("src/")),
                         q(dir.sub("backups"))});
        VERIFY_EXIT(r, 0);
        const QJsonArray removed = json(r).value(u"snapshot"_s).toObject().value(u"removed"_s).toArray();
        QCOMPARE(removed.size(), 3);
        // Today's, 2020-02-10's and 2020-01-03's newest (14:00) stay.
        const QStringList snaps = snapshotsIn(dir.sub("backups"));
        QCOMPARE(snaps.size(), 3);
        QCOMPARE(snaps[0], u"2020-01-03_140000"_s);
        QCOMPARE(snaps[1], u"2020-02-10_020000"_s);
        QVERIFY(fgtest::exists(dir.sub("backups/README.txt")));
        QVERIFY(fgtest::exists(dir.sub("backups/2020-01-01_0200/mine.txt")));
    }

    void optionsThatWouldWriteIntoOlderSnapshotsAreRefused_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("said");
        QTest::newRow("--inplace") << QStringList{u"--snapshot"_s, u"--inplace"_s} << u"--inplace"_s;
        QTest::newRow("--append-verify") << QStringList{u"--snapshot"_s, u"--append-verify"_s} << u"--append-verify"_s;
        QTest::newRow("--link-dest") << QStringList{u"--snapshot"_s, u"--link-dest=../x"_s} << u"leave out --link-dest"_s;
        QTest::newRow("--existing") << QStringList{u"--snapshot"_s, u"--existing"_s} << u"--existing"_s;
        QTest::newRow("-b") << QStringList{u"--snapshot"_s, u"-b"_s} << u"--backup"_s;
        QTest::newRow("keep without snapshot") << QStringList{u"--keep-daily"_s, u"7"_s} << u"go with --snapshot"_s;
        QTest::newRow("keep 0") << QStringList{u"--snapshot"_s, u"--keep-last"_s, u"0"_s} << u"number of snapshots"_s;
    }
    void optionsThatWouldWriteIntoOlderSnapshotsAreRefused()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, said);
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync(flags + QStringList{q(dir.sub("src/")), q(dir.sub("backups"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(r.err.contains(said.toUtf8()), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("backups")));
    }

    // Into a daemon's module: the module's retention (floodgate.conf) is the
    // one applied, whatever the client asks; the client hears which.
    void aModulesRetentionWinsOverTheClients()
    {
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::setMtime(dir.sub("src/a.txt"), 1600000000);
        for (const char* n : {"2020-01-01_020000", "2020-01-02_020000"}) {
            fgtest::writeFile(dir.sub(std::string("nas/home/") + n + "/a.txt"), "a");
            fgtest::setMtime(dir.sub(std::string("nas/home/") + n + "/a.txt"), 1600000000);
        }
        fgtest::writeFile(dir.sub("floodgate.conf"),
                          "[module backup]\npath = " + dir.sub("nas") + "\nsnapshot-keep-last = 2\n", 0640);
        fgtest::PairedDaemon nas(dir, {}, {u"--config"_s, q(dir.sub("floodgate.conf"))});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        CliRun r = nas.sync({u"-a"_s, u"-v"_s, u"--snapshot"_s, u"--keep-last"_s, u"10"_s, q(dir.sub("src/")),
                             nas.daemon.url(u"backup/home"_s)});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.err.contains("set by module 'backup' on the server"), explain(r).constData());
        const QStringList snaps = snapshotsIn(dir.sub("nas/home"));
        QCOMPARE(snaps.size(), 2);
        QCOMPARE(snaps[0], u"2020-01-02_020000"_s);
        QCOMPARE(inode(dir.sub("nas/home/2020-01-02_020000/a.txt")),
                 inode(dir.sub("nas/home/" + snaps[1].toStdString() + "/a.txt")));
        // The daemon's receiver keeps to the module: a snapshot folder
        // reached through a link out of it is refused, not followed.
        QCOMPARE(::symlink(dir.sub("src").c_str(), dir.sub("nas/out").c_str()), 0);
        CliRun out = nas.sync({u"-a"_s, u"--snapshot"_s, q(dir.sub("src/")), nas.daemon.url(u"backup/out/x"_s)});
        QVERIFY2(out.exitCode != 0, explain(out).constData());
        QCOMPARE(entries(dir.sub("src")), QStringList{u"a.txt"_s});
    }

    // A file that could not be written leaves the snapshot incomplete: it
    // stays as NAME.partial, and no older snapshot is removed on its account.
    void aLostFileLeavesTheSnapshotIncomplete()
    {
        ScratchDir dir("fgsnap");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::writeFile(dir.sub("nas/home/2020-01-01_020000/a.txt"), "a");
        // A floor no disk is above: every new file is refused before writing.
        fgtest::writeFile(dir.sub("floodgate.conf"),
                          "[module backup]\npath = " + dir.sub("nas") + "\nmin-free = 99.9%\n", 0640);
        fgtest::writeFile(dir.sub("src/b.txt"), "new since");
        fgtest::PairedDaemon nas(dir, {}, {u"--config"_s, q(dir.sub("floodgate.conf"))});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        CliRun r = nas.sync({u"-a"_s, u"--snapshot"_s, u"--keep-last"_s, u"1"_s, q(dir.sub("src/")),
                             nas.daemon.url(u"backup/home"_s)});
        VERIFY_EXIT(r, 23);
        QVERIFY2(r.err.contains("is incomplete"), explain(r).constData());
        const QJsonObject snap = json(r).value(u"snapshot"_s).toObject();
        QVERIFY(!snap.value(u"complete"_s).toBool());
        QCOMPARE(snapshotsIn(dir.sub("nas/home")), QStringList{u"2020-01-01_020000"_s});
        QCOMPARE(entries(dir.sub("nas/home")).filter(u".partial"_s).size(), 1);
    }
};

QTEST_MAIN(TestSnapshots)
#include "test_snapshots.moc"
