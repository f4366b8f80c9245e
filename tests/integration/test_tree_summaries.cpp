// Tree summaries end to end (role/tree_summaries.h, docs/PROTOCOL.md): a
// re-sync of an unchanged tree to or from a daemon on 127.0.0.1 sends its
// subtrees as "the same" instead of their entries, and every kind of change
// is still found, with the destination then equal to the source: contents,
// times, modes, new and removed entries, links, folders' own times, names
// that only differ in case; what the filters keep out stays out of the
// comparison; what an interrupted run left is cleared as ever; -c, which the
// summaries cannot stand for, still works without them.

#include "test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

#include <functional>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::PairedDaemon;
using fgtest::ScratchDir;
using fgtest::q;
using namespace Qt::StringLiterals;

namespace {

constexpr int kDirs = 24;
constexpr int kFilesEach = 50;

// A tree of 1,200 small files in two levels (more than a list sent without
// summaries: role/tree_summaries.h), with the sample tree's links, modes,
// empty folders and odd names beside them.
void makeTree(const std::string& root)
{
    fgtest::makeSampleTree(root);
    for (int d = 0; d < kDirs; ++d)
        for (int f = 0; f < kFilesEach; ++f)
            fgtest::writeFile(root + "/tree/d" + std::to_string(d / 6) + "/e" + std::to_string(d) + "/f" + std::to_string(f),
                              "file " + std::to_string(d) + "/" + std::to_string(f));
}

QJsonObject reportOf(const CliRun& r)
{
    QString error;
    QJsonObject o = fgtest::parseJsonObject(r.out, &error);
    if (!error.isEmpty()) qWarning("%s", qPrintable(error));
    return o;
}

// "N of M listed entries are at the destination as they are": N, or -1.
long sameEntries(const CliRun& r)
{
    const QByteArray marker = " listed entries are at the destination as they are";
    const int at = r.err.indexOf(marker);
    if (at < 0) return -1;
    const int lineStart = r.err.lastIndexOf('\n', at) + 1;
    const QList<QByteArray> words = r.err.mid(lineStart, at - lineStart).split(' ');
    // "floodgate: N of M"
    return words.size() >= 3 ? words[words.size() - 3].toLong() : -1;
}

// A daemon on 127.0.0.1, the test tree in src/, and a first push of it
// (with `args` before SRC and DST) into the module's dst/.
struct Pushed {
    explicit Pushed(const QStringList& args = {})
    {
        if (!d.ok) {
            problem = "the daemon did not start: " + d.daemon.log().toUtf8();
            return;
        }
        makeTree(dir.sub("src"));
        remote = d.daemon.url(QStringLiteral("m/dst/"));
        first = d.sync(args + QStringList{q(dir.sub("src/")), remote});
        if (first.exitCode != 0) problem = "the first push failed: " + fgtest::explain(first);
    }
    ScratchDir dir{"fgsum"};
    PairedDaemon d{dir};
    QString remote;
    CliRun first;
    QByteArray problem; // empty when all of it is there
};
#define PUSHED(name, ...)                                                                                              \
    Pushed name{__VA_ARGS__};                                                                                          \
    QVERIFY2(name.problem.isEmpty(), name.problem.constData());                                                        \
    ScratchDir& dir = name.dir;                                                                                        \
    PairedDaemon& d = name.d;                                                                                          \
    const QString& remote = name.remote

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

} // namespace

class TestTreeSummaries : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void anUnchangedTreeIsNotListedAgain()
    {
        PUSHED(pushed);
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("module/dst"));
        const qint64 firstWire = reportOf(pushed.first).value(u"wire_bytes"_s).toInteger();

        // Nothing is written either: no folder's mode or time set again
        // (each would change its ctime, and dirty it for the final flush).
        auto ctimeOf = [](const std::string& path) {
            struct stat st{};
            ::stat(path.c_str(), &st);
            return std::make_pair(st.st_ctim.tv_sec, st.st_ctim.tv_nsec);
        };
        const std::vector<std::string> folders = {dir.sub("module/dst"), dir.sub("module/dst/tree/d1/e7"),
                                                  dir.sub("module/dst/sub/empty-nested")};
        std::vector<std::pair<time_t, long>> before;
        for (const auto& f : folders) before.push_back(ctimeOf(f));
        QTest::qWait(20); // a new ctime would differ by more than the clock's step
        CliRun again = d.sync({u"-v"_s, q(dir.sub("src/")), remote});
        QVERIFY2(again.exitCode == 0, fgtest::explain(again).constData());
        for (size_t i = 0; i < folders.size(); ++i) QVERIFY2(ctimeOf(folders[i]) == before[i], folders[i].c_str());
        const QJsonObject report = reportOf(again);
        QCOMPARE(report.value(u"files_transferred"_s).toInteger(), 0);
        // Every entry, in one summary of the whole tree.
        const long listed = long(report.value(u"files_total"_s).toInteger());
        QVERIFY2(sameEntries(again) > listed, again.err.constData());
        QVERIFY2(again.err.contains("(1 unchanged folder tree(s)"), again.err.constData());
        // A thousand entries would be some 40 KB of list; the summaries of 30
        // folders and the job's own words are a fraction of it.
        const qint64 wire = report.value(u"wire_bytes"_s).toInteger();
        QVERIFY2(wire < 24 * 1024, qPrintable(u"wire %1 bytes, the first run %2"_s.arg(wire).arg(firstWire)));
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("module/dst"));
    }

    void everyKindOfChangeIsStillFound()
    {
        PUSHED(pushed);
        const std::string src = dir.sub("src");
        const std::string dst = dir.sub("module/dst");

        const std::string deep = src + "/tree/d2/e14";
        struct Change {
            const char* what;
            std::function<void()> make;
        };
        const std::vector<Change> changes = {
            {"new content and time", [&] { fgtest::writeFile(deep + "/f3", "changed content"); }},
            {"the time alone (same size)", [&] { fgtest::setMtime(deep + "/f4", 1700000000, 5); }},
            {"a nanosecond of time", [&] {
                 struct stat st{};
                 ::stat((deep + "/f5").c_str(), &st);
                 fgtest::setMtime(deep + "/f5", st.st_mtim.tv_sec, st.st_mtim.tv_nsec == 999999999 ? 0 : st.st_mtim.tv_nsec + 1);
             }},
            {"a mode", [&] { ::chmod((deep + "/f6").c_str(), 0600); }},
            {"a new file", [&] { fgtest::writeFile(deep + "/new", "new"); }},
            {"a new empty folder", [&] { QVERIFY(QDir().mkpath(QString::fromStdString(deep + "/newdir"))); }},
            {"a link's target", [&] {
                 ::unlink((src + "/link-rel").c_str());
                 QVERIFY(::symlink("a.txt", (src + "/link-rel").c_str()) == 0);
             }},
            {"a removed file", [&] { ::unlink((deep + "/f7").c_str()); }},
            {"a removed folder", [&] { QVERIFY(QDir(QString::fromStdString(src + "/tree/d3/e20")).removeRecursively()); }},
            {"a folder's own time", [&] { fgtest::setMtime(src + "/tree/d1", 1500000000, 0); }},
            {"a name's case", [&] { QVERIFY(::rename((deep + "/f8").c_str(), (deep + "/F8").c_str()) == 0); }},
            {"a file that became a folder", [&] {
                 ::unlink((deep + "/f9").c_str());
                 fgtest::writeFile(deep + "/f9/inside", "inside");
             }},
        };
        for (const Change& c : changes) {
            c.make();
            CliRun r = d.sync({u"-v"_s, u"--delete"_s, q(src + "/"), remote});
            QVERIFY2(r.exitCode == 0, (QByteArray(c.what) + "\n" + fgtest::explain(r)).constData());
            const QString diff = fgtest::diffTrees(fgtest::describeTree(src), fgtest::describeTree(dst));
            QVERIFY2(diff.isEmpty(), qPrintable(QString::fromUtf8(c.what) + u": "_s + diff));
            // The rest of the tree was not listed again.
            QVERIFY2(sameEntries(r) > 500, (QByteArray(c.what) + "\n" + r.err).constData());
        }
        // Nothing left to do.
        CliRun settled = d.sync({u"-v"_s, u"--delete"_s, q(src + "/"), remote});
        QCOMPARE(reportOf(settled).value(u"files_transferred"_s).toInteger(), 0);
        QVERIFY2(settled.err.contains("(1 unchanged folder tree(s)"), settled.err.constData());
    }

    void aPullIsSummarisedToo()
    {
        ScratchDir dir("fgsum");
        PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        makeTree(dir.sub("module/src"));
        const QString remote = d.daemon.url(u"m/src/"_s);
        const std::string local = dir.sub("pulled");
        CliRun first = d.sync({remote, q(local + "/")});
        QVERIFY2(first.exitCode == 0, fgtest::explain(first).constData());
        CliRun again = d.sync({u"-v"_s, remote, q(local + "/")});
        QVERIFY2(again.exitCode == 0, fgtest::explain(again).constData());
        QVERIFY2(again.err.contains("(1 unchanged folder tree(s)"), again.err.constData());
        fgtest::writeFile(dir.sub("module/src/tree/d0/e1/f2"), "changed on the server");
        CliRun changed = d.sync({u"-v"_s, remote, q(local + "/")});
        QVERIFY2(changed.exitCode == 0, fgtest::explain(changed).constData());
        QCOMPARE(reportOf(changed).value(u"files_transferred"_s).toInteger(), 1);
        VERIFY_SAME_TREE(dir.sub("module/src"), local);
    }

    void whatTheFiltersKeepOutStaysOutOfTheComparison()
    {
        const QStringList rules = {u"-v"_s, u"--delete"_s, u"--exclude"_s, u"*.tmp"_s};
        PUSHED(pushed, rules);
        const QStringList args = rules + QStringList{q(dir.sub("src/")), remote};
        // Excluded on both ends: the destination's own .tmp files are kept
        // (as --delete keeps excluded files) and do not spoil the summary.
        struct stat folder{};
        QVERIFY(::stat(dir.sub("src/tree/d1/e7").c_str(), &folder) == 0);
        fgtest::writeFile(dir.sub("src/tree/d1/e7/scratch.tmp"), "source's");
        fgtest::writeFile(dir.sub("module/dst/tree/d1/e7/mine.tmp"), "the destination's");
        // Each new file stamped its folder with the file system's clock, the
        // same tick on both ends only by luck (CI saw them differ): the folder
        // times go back to what the first push made equal.
        fgtest::setMtime(dir.sub("src/tree/d1/e7"), folder.st_mtim.tv_sec, folder.st_mtim.tv_nsec);
        fgtest::setMtime(dir.sub("module/dst/tree/d1/e7"), folder.st_mtim.tv_sec, folder.st_mtim.tv_nsec);
        CliRun r = d.sync(args);
        QVERIFY2(r.exitCode == 0, fgtest::explain(r).constData());
        QVERIFY2(r.err.contains("(1 unchanged folder tree(s)"), r.err.constData());
        QVERIFY(fgtest::exists(dir.sub("module/dst/tree/d1/e7/mine.tmp")));
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d1/e7/scratch.tmp")));
        // Without the rule the destination's file is extraneous: found and deleted.
        CliRun plain = d.sync({u"-v"_s, u"--delete"_s, q(dir.sub("src/")), remote});
        QVERIFY2(plain.exitCode == 0, fgtest::explain(plain).constData());
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d1/e7/mine.tmp")));
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("module/dst"));
    }

    void whatAnInterruptedRunLeftIsClearedAsEver()
    {
        PUSHED(pushed);
        // A temporary and a partial file, as a killed run leaves them.
        fgtest::writeFile(dir.sub("module/dst/tree/d0/e2/.f1.fg-AbCdEf"), "half a file");
        fgtest::writeFile(dir.sub("module/dst/tree/d0/e3/.f1.fg-partial"), "half a file");
        CliRun r = d.sync({u"-v"_s, q(dir.sub("src/")), remote});
        QVERIFY2(r.exitCode == 0, fgtest::explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d0/e2/.f1.fg-AbCdEf")));
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d0/e3/.f1.fg-partial")));
        QVERIFY2(sameEntries(r) > 500, r.err.constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("module/dst"));
    }

    void aModeToBeChangedHereIsChangedThoughTheTreesAreEqual()
    {
        PUSHED(pushed);
        // The same tree on both ends; --chmod asks for other modes here.
        CliRun r = d.sync({u"-v"_s, u"--chmod"_s, u"o-rwx"_s, q(dir.sub("src/")), remote});
        QVERIFY2(r.exitCode == 0, fgtest::explain(r).constData());
        struct stat st{};
        QVERIFY(::stat(dir.sub("module/dst/tree/d0/e5/f3").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        QVERIFY(::stat(dir.sub("module/dst/tree/d0/e5").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 007, mode_t(0));
    }

    void leftoversTheFiltersHideAreStillCleared()
    {
        const QStringList rules = {u"-v"_s, u"--exclude"_s, u".*"_s};
        PUSHED(pushed, rules);
        const QStringList args = rules + QStringList{q(dir.sub("src/")), remote};
        // Hidden from both scans by the rule, and their folders' times as the
        // source's (a later run finished them): the summaries match all the same.
        fgtest::writeFile(dir.sub("module/dst/tree/d0/e2/.f1.fg-AbCdEf"), "half a file");
        fgtest::writeFile(dir.sub("module/dst/tree/d0/e3/.f1.fg-partial"), "half a file");
        for (const char* folder : {"tree/d0/e2", "tree/d0/e3"}) {
            struct stat st{};
            QVERIFY(::stat((dir.sub("src/") + folder).c_str(), &st) == 0);
            fgtest::setMtime(dir.sub("module/dst/") + folder, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
        }
        CliRun r = d.sync(args);
        QVERIFY2(r.exitCode == 0, fgtest::explain(r).constData());
        QVERIFY2(r.err.contains("(1 unchanged folder tree(s)"), r.err.constData());
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d0/e2/.f1.fg-AbCdEf")));
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d0/e3/.f1.fg-partial")));
    }

    void aSmallTreeIntoABigDestinationDoesNotWaitForItsScan()
    {
        ScratchDir dir("fgsum");
        PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        // 40,000 files the source does not have, beside what it sends.
        for (int i = 0; i < 200; ++i)
            for (int j = 0; j < 200; ++j)
                fgtest::writeFile(dir.sub("module/share/other" + std::to_string(i) + "/x" + std::to_string(j)), "");
        for (int i = 0; i < 10; ++i) fgtest::writeFile(dir.sub("src/f" + std::to_string(i)), "small " + std::to_string(i));
        QElapsedTimer timer;
        timer.start();
        CliRun r = d.sync({u"-v"_s, q(dir.sub("src/")), d.daemon.url(u"m/share/"_s)});
        QVERIFY2(r.exitCode == 0, fgtest::explain(r).constData());
        QCOMPARE(reportOf(r).value(u"files_transferred"_s).toInteger(), 10);
        QCOMPARE(fgtest::readFile(dir.sub("module/share/f3")), std::string("small 3"));
        QVERIFY(fgtest::exists(dir.sub("module/share/other7/x9")));
        QVERIFY2(sameEntries(r) < 0, r.err.constData());
    }

    void aDeletionLeavesNothingForTheNextRunToWrite()
    {
        PUSHED(pushed);
        fgtest::writeFile(dir.sub("module/dst/tree/d2/e9/extra"), "extra");
        CliRun deleting = d.sync({u"--delete"_s, q(dir.sub("src/")), remote});
        QVERIFY2(deleting.exitCode == 0, fgtest::explain(deleting).constData());
        QVERIFY(!fgtest::exists(dir.sub("module/dst/tree/d2/e9/extra")));
        // The folder's time is the source's again: the next run finds it equal.
        CliRun again = d.sync({u"-v"_s, u"--delete"_s, q(dir.sub("src/")), remote});
        QVERIFY2(again.err.contains("(1 unchanged folder tree(s)"), again.err.constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("module/dst"));
    }

    void checksumModeComparesContentWithoutSummaries()
    {
        PUSHED(pushed);
        // Same size, same time, other bytes: only -c sees it.
        const std::string victim = dir.sub("module/dst/tree/d2/e12/f30");
        struct stat st{};
        ::stat(victim.c_str(), &st);
        const std::string original = fgtest::readFile(victim);
        std::string other = original;
        other[0] = other[0] == 'x' ? 'y' : 'x';
        fgtest::writeFile(victim, other);
        fgtest::setMtime(victim, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
        CliRun quick = d.sync({u"-v"_s, q(dir.sub("src/")), remote});
        QCOMPARE(reportOf(quick).value(u"files_transferred"_s).toInteger(), 0);
        CliRun checked = d.sync({u"-v"_s, u"-c"_s, q(dir.sub("src/")), remote});
        QVERIFY2(checked.exitCode == 0, fgtest::explain(checked).constData());
        QVERIFY2(sameEntries(checked) < 0, checked.err.constData());
        QCOMPARE(reportOf(checked).value(u"files_transferred"_s).toInteger(), 1);
        QCOMPARE(fgtest::readFile(victim), original);
    }
};

QTEST_GUILESS_MAIN(TestTreeSummaries)
#include "test_tree_summaries.moc"
