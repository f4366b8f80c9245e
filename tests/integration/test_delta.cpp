// Delta transfers through the real CLI: a daemon on 127.0.0.1 and local
// copies; each update must arrive byte for byte while only the differences
// cross the wire, and -W / --no-whole-file / auto must pick as documented.

#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QThread>

using namespace fgtest;

namespace {

// Three files an update changes in different ways: bytes inserted into a big
// file (shifting everything after), a region overwritten in a medium one, a
// small one appended to.
void writeOriginals(const std::string& root)
{
    writeFile(root + "/big.img", randomBytes(20 << 20, 1));
    writeFile(root + "/medium.db", randomBytes(300 << 10, 2));
    writeFile(root + "/small.txt", randomBytes(10 << 10, 3));
}

void editOriginals(const std::string& root)
{
    std::string big = readFile(root + "/big.img");
    big.insert(7'000'003, "inserted, and everything after it moves");
    big.erase(15'000'000, 5000);
    writeFile(root + "/big.img", big + randomBytes(1234, 4));
    std::string medium = readFile(root + "/medium.db");
    medium.replace(100'000, 64, std::string(64, 'x'));
    writeFile(root + "/medium.db", medium);
    writeFile(root + "/small.txt", readFile(root + "/small.txt") + "appended");
    // A different time, so the quick check sees every one as changed.
    for (const char* name : {"/big.img", "/medium.db", "/small.txt"}) setMtime(root + name, 1'700'000'000);
}

QMap<QString, QString> methodsOf(const QJsonObject& json)
{
    QMap<QString, QString> methods;
    for (const auto& u : json.value(QStringLiteral("updates")).toArray()) {
        const QJsonObject o = u.toObject();
        methods[o.value(QStringLiteral("path")).toString()] = o.value(QStringLiteral("method")).toString();
    }
    return methods;
}

double wireOf(const QJsonObject& json) { return json.value(QStringLiteral("wire_bytes")).toDouble(); }

} // namespace

class TestDelta : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pushAndPullSendOnlyTheDifferences_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("1 stream") << QStringList{QStringLiteral("--streams"), QStringLiteral("1")};
        QTest::newRow("3 streams, 1M segments")
            << QStringList{QStringLiteral("--streams"), QStringLiteral("3"), QStringLiteral("--chunk-size"), QStringLiteral("1M")};
    }
    void pushAndPullSendOnlyTheDifferences()
    {
        QFETCH(QStringList, extra);
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeOriginals(dir.sub("src"));
        auto first = f.sync(extra + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        editOriginals(dir.sub("src"));

        auto push = f.sync(extra + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/copy")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QString error;
        QJsonObject json = parseJsonObject(push.out, &error);
        const auto methods = methodsOf(json);
        QCOMPARE(methods.value(QStringLiteral("big.img")), QStringLiteral("delta"));
        QCOMPARE(methods.value(QStringLiteral("medium.db")), QStringLiteral("delta"));
        QCOMPARE(methods.value(QStringLiteral("small.txt")), QStringLiteral("whole"));
        // 20.3 MB changed in three places: the signature (~70 KB), a few
        // blocks of literals and the small file, not the file.
        QVERIFY2(wireOf(json) < 1e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
        QVERIFY(tempFilesUnder(dir.sub("module")).isEmpty());

        // And back: the daemon sends, the client rebuilds from its own old copies.
        writeOriginals(dir.sub("back"));
        auto pull = f.sync(extra + QStringList{f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("back")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        json = parseJsonObject(pull.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("big.img")), QStringLiteral("delta"));
        QVERIFY2(wireOf(json) < 1e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
    }

    // An old copy of 64 MiB or more is signed by several threads in pieces
    // that leave in file order while the rest is still being signed; the
    // sender needs every piece, in order, for the rebuild to match.
    void bigOldCopiesAreSignedInPiecesBySeveralThreads()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        std::string big = randomBytes(80 << 20, 21);
        writeFile(dir.sub("module/copy/huge.img"), big);
        setMtime(dir.sub("module/copy/huge.img"), 1'600'000'000);
        // Edits in the first, the fourth and the last of its five pieces (4096 blocks of 4608 bytes each).
        big.replace(1000, 3000, randomBytes(3000, 22));
        big.insert(70'000'000, "shifted from here on");
        big.erase(83'000'000, 777);
        writeFile(dir.sub("src/huge.img"), big);
        auto push = f.sync({QStringLiteral("--no-whole-file"), q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        QCOMPARE(readFile(dir.sub("module/copy/huge.img")), big);
        QString error;
        const QJsonObject json = parseJsonObject(push.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("huge.img")), QStringLiteral("delta"));
        // The signature (~220 KB) and a few blocks of literals.
        QVERIFY2(wireOf(json) < 1.5e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
    }

    void wholeFileOptionSendsEverything()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeOriginals(dir.sub("src"));
        QCOMPARE(f.sync({q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))}).exitCode, 0);
        editOriginals(dir.sub("src"));
        auto push = f.sync({QStringLiteral("-W"), q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        QString error;
        QJsonObject json = parseJsonObject(push.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("big.img")), QStringLiteral("whole"));
        QVERIFY(wireOf(json) > 20e6);
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/copy")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void localCopiesGoWholeUnlessAsked()
    {
        ScratchDir dir;
        writeOriginals(dir.sub("src"));
        QCOMPARE(runCli({QStringLiteral("sync"), q(dir.sub("src/")), q(dir.sub("dst"))}).exitCode, 0);
        editOriginals(dir.sub("src"));
        auto dry = runCli({QStringLiteral("sync"), QStringLiteral("-n"), q(dir.sub("src/")), q(dir.sub("dst"))});
        QCOMPARE(dry.exitCode, 0);
        QVERIFY2(dry.out.contains("big.img  (whole: local copy"), dry.out.constData());

        auto run = runCli({QStringLiteral("sync"), QStringLiteral("--no-whole-file"), QStringLiteral("--json"),
                           q(dir.sub("src/")), q(dir.sub("dst"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QString error;
        const QJsonObject json = parseJsonObject(run.out, &error);
        const auto methods = methodsOf(json);
        QCOMPARE(methods.value(QStringLiteral("big.img")), QStringLiteral("delta"));
        // --no-whole-file takes even the small file as a delta.
        QCOMPARE(methods.value(QStringLiteral("small.txt")), QStringLiteral("delta"));
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY(tempFilesUnder(dir.sub("dst")).isEmpty());
    }

    void interruptedTransferResumesFromWhatArrived()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string big = randomBytes(48 << 20, 9);
        writeFile(dir.sub("src/big.bin"), big);
        const QStringList paced = {QStringLiteral("--streams"), QStringLiteral("1"), QStringLiteral("--chunk-size"),
                                   QStringLiteral("2M"), QStringLiteral("--bwlimit"), QStringLiteral("8M")};
        QProcess p;
        p.start(cliPath(), f.syncArgs(paced + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))}));
        QVERIFY(p.waitForStarted(10000));
        QThread::msleep(3000);
        QVERIFY2(p.state() == QProcess::Running, "the sync finished before it could be killed");
        p.kill(); // as a crash or a pulled plug looks to the daemon
        QVERIFY(p.waitForFinished(10000));

        // The daemon keeps what arrived verified under the partial name.
        const std::string partial = dir.sub("module/copy/.big.bin.fg-partial");
        QElapsedTimer t;
        t.start();
        while (!exists(partial) && t.elapsed() < 15000) QThread::msleep(50);
        QVERIFY2(exists(partial), qPrintable(f.daemon.log()));
        QVERIFY(!exists(dir.sub("module/copy/big.bin")));

        auto resumed = f.sync({q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(resumed.exitCode == 0, (resumed.err + resumed.out).constData());
        QCOMPARE(readFile(dir.sub("module/copy/big.bin")), big);
        QString error;
        const QJsonObject json = parseJsonObject(resumed.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("big.bin")), QStringLiteral("delta"));
        // ~3 s at 8 MiB/s arrived before the kill: that much is not sent again.
        QVERIFY2(wireOf(json) < double(big.size()) - 12e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
        QVERIFY2(!exists(partial), "the partial file outlived the file it was for");
    }

    // --partial-dir: what arrived is kept as DIR/NAME (rsync's layout), the
    // resume takes it from there, and the folder goes once it is empty.
    void interruptedTransferResumesFromThePartialDir()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string big = randomBytes(48 << 20, 19);
        writeFile(dir.sub("src/big.bin"), big);
        const QStringList partialDir = {QStringLiteral("--partial-dir"), QStringLiteral(".rsync-partial")};
        const QStringList paced = partialDir + QStringList{QStringLiteral("--streams"), QStringLiteral("1"),
                                                           QStringLiteral("--chunk-size"), QStringLiteral("2M"),
                                                           QStringLiteral("--bwlimit"), QStringLiteral("8M")};
        QProcess p;
        p.start(cliPath(), f.syncArgs(paced + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))}));
        QVERIFY(p.waitForStarted(10000));
        QThread::msleep(3000);
        QVERIFY2(p.state() == QProcess::Running, "the sync finished before it could be killed");
        p.kill();
        QVERIFY(p.waitForFinished(10000));

        const std::string partial = dir.sub("module/copy/.rsync-partial/big.bin");
        QElapsedTimer t;
        t.start();
        while (!exists(partial) && t.elapsed() < 15000) QThread::msleep(50);
        QVERIFY2(exists(partial), qPrintable(f.daemon.log()));
        QVERIFY(!exists(dir.sub("module/copy/.big.bin.fg-partial")));
        QVERIFY(!exists(dir.sub("module/copy/big.bin")));

        auto resumed = f.sync(partialDir + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(resumed.exitCode == 0, (resumed.err + resumed.out).constData());
        QCOMPARE(readFile(dir.sub("module/copy/big.bin")), big);
        QString error;
        const QJsonObject json = parseJsonObject(resumed.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("big.bin")), QStringLiteral("delta"));
        QVERIFY2(wireOf(json) < double(big.size()) - 12e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
        QVERIFY2(!exists(partial), "the partial file outlived the file it was for");
        QVERIFY2(!exists(dir.sub("module/copy/.rsync-partial")), "the emptied partial folder stayed");
    }

    // With --partial-dir, at any depth, in a local copy (resuming, which a
    // local copy does only with --no-whole-file): a partial file in
    // the folder is resumed from; one a run without --partial-dir left beside
    // its target moves into the folder (here for a file that turns out
    // unchanged, so it goes); a big temporary file a killed writer left
    // becomes a partial file in the folder and is resumed from. A dry run
    // changes none of it. The folders go once empty; the tree ends as the
    // source's.
    void partialDirAtAnyDepthInALocalCopy()
    {
        ScratchDir dir;
        const std::string big = randomBytes(6 << 20, 41);
        const std::string other = randomBytes(3 << 20, 42);
        writeFile(dir.sub("src/a/b/big.bin"), big);
        writeFile(dir.sub("src/c/other.bin"), other);
        writeFile(dir.sub("src/a/same.txt"), "unchanged");
        setMtime(dir.sub("src/a/same.txt"), 1'700'000'000);
        writeFile(dir.sub("dst/a/same.txt"), "unchanged");
        setMtime(dir.sub("dst/a/same.txt"), 1'700'000'000);
        const std::string partial = dir.sub("dst/a/b/.rsync-partial/big.bin");
        writeFile(partial, big.substr(0, 4 << 20));
        const std::string beside = dir.sub("dst/a/.same.txt.fg-partial");
        writeFile(beside, randomBytes(2 << 20, 43));
        const std::string stale = dir.sub("dst/c/.other.bin.fg-Ab12Cd");
        writeFile(stale, other.substr(0, 2 << 20));
        const QStringList args = {QStringLiteral("--partial-dir=.rsync-partial"), QStringLiteral("--no-whole-file"),
                                  QStringLiteral("--json")};

        auto dry = runCli(QStringList{QStringLiteral("sync"), QStringLiteral("-n")} + args
                          + QStringList{q(dir.sub("src/")), q(dir.sub("dst/"))});
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QString error;
        QJsonObject json = parseJsonObject(dry.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("a/b/big.bin")), QStringLiteral("delta"));
        QVERIFY(exists(partial) && exists(beside) && exists(stale));

        auto run = runCli(QStringList{QStringLiteral("sync")} + args + QStringList{q(dir.sub("src/")), q(dir.sub("dst/"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        json = parseJsonObject(run.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("a/b/big.bin")), QStringLiteral("delta"));
        QCOMPARE(methodsOf(json).value(QStringLiteral("c/other.bin")), QStringLiteral("delta"));
        QCOMPARE(readFile(dir.sub("dst/a/b/big.bin")), big);
        QCOMPARE(readFile(dir.sub("dst/c/other.bin")), other);
        for (const char* folder : {"dst/a/b/.rsync-partial", "dst/a/.rsync-partial", "dst/c/.rsync-partial"})
            QVERIFY2(!exists(dir.sub(folder)), folder);
        QVERIFY(!exists(beside) && !exists(stale));
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // A --partial-dir that is a symlink in the destination (put there by
    // whoever can write to it, a daemon's clients included) is never
    // followed: nothing is read from or put where it points.
    void partialDirIsNeverASymlink()
    {
        ScratchDir dir;
        const std::string big = randomBytes(3 << 20, 51);
        writeFile(dir.sub("src/big.bin"), big);
        writeFile(dir.sub("outside/keep"), "outside the destination");
        writeFile(dir.sub("dst/.big.bin.fg-Ab12Cd"), big.substr(0, 2 << 20));
        QVERIFY(QFile::link(q(dir.sub("outside")), q(dir.sub("dst/.p"))));
        auto run = runCli({QStringLiteral("sync"), QStringLiteral("--partial-dir=.p"), QStringLiteral("--no-whole-file"),
                           q(dir.sub("src/")), q(dir.sub("dst/"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(readFile(dir.sub("dst/big.bin")), big);
        QCOMPARE(QDir(q(dir.sub("outside"))).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("keep")});
        QVERIFY(tempFilesUnder(dir.sub("dst")).isEmpty());
    }

    // Partial files are found from each directory's listing, at any depth: a
    // dry run names the resume and leaves the partial alone; the run resumes
    // from it and removes it, and removes the partial of a file that turns
    // out unchanged.
    void partialsDeepInTheTreeAreFoundAndCleared()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        const std::string big = randomBytes(6 << 20, 31);
        writeFile(dir.sub("src/a/b/big.bin"), big);
        writeFile(dir.sub("src/a/same.txt"), "unchanged");
        setMtime(dir.sub("src/a/same.txt"), 1'700'000'000);
        writeFile(dir.sub("module/copy/a/same.txt"), "unchanged");
        setMtime(dir.sub("module/copy/a/same.txt"), 1'700'000'000);
        // What an interrupted run would have left: the first 4 MiB, verified.
        const std::string partial = dir.sub("module/copy/a/b/.big.bin.fg-partial");
        writeFile(partial, big.substr(0, 4 << 20));
        const std::string stale = dir.sub("module/copy/a/.same.txt.fg-partial");
        writeFile(stale, randomBytes(2 << 20, 32));

        auto dry = f.sync({QStringLiteral("-n"), q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(dry.exitCode == 0, dry.err.constData());
        QString error;
        QJsonObject json = parseJsonObject(dry.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("a/b/big.bin")), QStringLiteral("delta"));
        QVERIFY(exists(partial) && exists(stale));

        auto run = f.sync({q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(readFile(dir.sub("module/copy/a/b/big.bin")), big);
        json = parseJsonObject(run.out, &error);
        QCOMPARE(methodsOf(json).value(QStringLiteral("a/b/big.bin")), QStringLiteral("delta"));
        QVERIFY2(wireOf(json) < 3e6, qPrintable(QStringLiteral("wire bytes %1").arg(wireOf(json))));
        QVERIFY(!exists(partial));
        QVERIFY(!exists(stale));
    }

    void emptiedAndTinyFilesStillArrive()
    {
        // Edges of the method: an update to an empty file and to a file
        // smaller than one block, both forced through the delta path.
        ScratchDir dir;
        writeFile(dir.sub("src/empty"), randomBytes(5000, 1));
        writeFile(dir.sub("src/tiny"), "abc");
        QCOMPARE(runCli({QStringLiteral("sync"), q(dir.sub("src/")), q(dir.sub("dst"))}).exitCode, 0);
        writeFile(dir.sub("src/empty"), "");
        writeFile(dir.sub("src/tiny"), "abcd");
        setMtime(dir.sub("src/empty"), 1'700'000'000);
        setMtime(dir.sub("src/tiny"), 1'700'000'000);
        auto run = runCli({QStringLiteral("sync"), QStringLiteral("--no-whole-file"), q(dir.sub("src/")), q(dir.sub("dst"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("dst")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
};

QTEST_GUILESS_MAIN(TestDelta)
#include "test_delta.moc"

using fgtest::q;
