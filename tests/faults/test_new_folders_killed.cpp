// kill -9 while new folders are built out of sight (receive/staged_folders.h):
// their small files are made under their own names inside folders that have
// temporary names, so whatever the moment, a file seen under its own path is
// whole; the next run salvages what the killed one left (without the files
// that may be torn) and ends with the source's tree and no temporary names.

#include "test_support.h"

#include <QDirIterator>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <random>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

// Folders in folders, many small files each, and one big file that closes
// its folder to more files made under their names.
void makeTree(const std::string& root)
{
    const char* folders[] = {"a", "a/b", "a/b/c", "d", "e/f"};
    int n = 0;
    for (const char* folder : folders)
        for (int i = 0; i < 150; ++i, ++n)
            writeFile(root + "/" + folder + "/f" + std::to_string(i) + ".bin",
                      randomBytes(size_t(2000 + (n * 397) % 9000), uint64_t(n)));
    writeFile(root + "/d/zbig.bin", randomBytes(size_t(3) << 20, 777));
}

// Whether a path has a temporary name in it (out of sight).
bool outOfSight(const QString& relative)
{
    static const QRegularExpression temp(QStringLiteral("(^|/)\\.[^/]+\\.fg-[A-Za-z0-9]{6}(/|$)"));
    return temp.match(relative).hasMatch();
}

// "" when every file seen under its own path is the source's, whole.
QString everySeenFileWhole(const std::string& src, const std::string& dst, int* seen)
{
    *seen = 0;
    const QDir base(q(dst));
    QDirIterator it(q(dst), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        const QString rel = base.relativeFilePath(it.filePath());
        if (outOfSight(rel)) continue;
        ++*seen;
        if (readFile(dst + "/" + rel.toStdString()) != readFile(src + "/" + rel.toStdString()))
            return rel + u" is torn or wrong"_s;
    }
    return {};
}

} // namespace

class TestNewFoldersKilled : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aKilledRunNeverShowsATornFileAndTheNextCompletes()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        makeTree(src);
        const int trials = qEnvironmentVariableIntValue("FG_FAULT_TRIALS") > 0
                               ? qEnvironmentVariableIntValue("FG_FAULT_TRIALS")
                               : 4;
        std::mt19937 rng(42);
        int killedWithFoldersOutOfSight = 0;
        for (int trial = 0; trial < trials; ++trial) {
            QVERIFY(QDir(q(dst)).removeRecursively());
            QProcess p;
            p.start(cliPath(), {u"sync"_s, u"--bwlimit"_s, u"3M"_s, q(src + "/"), q(dst + "/")});
            QVERIFY(p.waitForStarted(10000));
            QVERIFY2(waitFor([&] { return !tempFilesUnder(dst).isEmpty(); }, 10000), "nothing was being made");
            QThread::msleep(std::uniform_int_distribution<int>(50, 1500)(rng));
            QVERIFY2(p.state() == QProcess::Running, "the sync finished before it could be killed");
            const bool outOfSightNow = !tempFilesUnder(dst).isEmpty();
            p.kill();
            QVERIFY(p.waitForFinished(10000));
            killedWithFoldersOutOfSight += outOfSightNow ? 1 : 0;

            int seen = 0;
            const QString torn = everySeenFileWhole(src, dst, &seen);
            QVERIFY2(torn.isEmpty(), qPrintable(u"trial %1: %2"_s.arg(trial).arg(torn)));
            qInfo("trial %d: killed with %d files in sight", trial, seen);

            CliRun again = runCli({u"sync"_s, u"--json"_s, q(src + "/"), q(dst + "/")}, 120000);
            VERIFY_EXIT(again, 0);
            const QString diff = diffTrees(describeTree(src), describeTree(dst));
            QVERIFY2(diff.isEmpty(), qPrintable(u"trial %1: %2"_s.arg(trial).arg(diff)));
            QVERIFY2(tempFilesUnder(dst).isEmpty(), qPrintable(tempFilesUnder(dst).join(u", "_s)));
        }
        QVERIFY2(killedWithFoldersOutOfSight > 0, "no kill came while a folder was out of sight");
    }

    // Not killed: a push of new folders leaves none out of sight, and the
    // files and folders have the source's times.
    void aWholeRunLeavesNothingOutOfSight()
    {
        ScratchDir dir("fgfaults");
        const std::string src = dir.sub("src"), dst = dir.sub("dst");
        makeTree(src);
        CliRun r = runCli({u"sync"_s, u"--json"_s, q(src + "/"), q(dst + "/")}, 120000);
        VERIFY_EXIT(r, 0);
        const QString diff = diffTrees(describeTree(src), describeTree(dst));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QVERIFY2(tempFilesUnder(dst).isEmpty(), qPrintable(tempFilesUnder(dst).join(u", "_s)));
    }
};

QTEST_GUILESS_MAIN(TestNewFoldersKilled)
#include "test_new_folders_killed.moc"
