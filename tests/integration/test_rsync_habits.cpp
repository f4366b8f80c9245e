// The command lines rsync users type on their first day, run through the
// real CLI: each flag does what rsync's does, or is refused out loud; none is
// read as something else or silently ignored.

#include "test_support.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTest>

#include <functional>

#include <csignal>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

CliRun sync(const QStringList& args, int timeoutMs = 60000)
{
    return fgtest::runCli(QStringList{u"sync"_s} + args, timeoutMs);
}

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

// The long flags `floodgate sync --help` lists.
QStringList helpFlags()
{
    CliRun r = sync({u"--help"_s});
    QStringList out;
    static const QRegularExpression flag(u"^  (?:-\\S, )?(?:    )?--([a-z0-9-]+)"_s);
    for (const QByteArray& line : r.out.split('\n')) {
        auto m = flag.match(QString::fromUtf8(line));
        if (m.hasMatch()) out << m.captured(1);
    }
    return out;
}

// The same command line given to floodgate and to rsync -a (where rsync is
// installed), each on its own copy of one source and one destination; the
// trees they leave must be the same, and so must the exit codes.
struct Outcome {
    CliRun floodgate;
    int rsyncExit = -1; // -1: rsync is not installed
};

using Setup = std::function<void(const std::string& src, const std::string& dst)>;

Outcome likeRsync(const ScratchDir& dir, const QStringList& flags, const Setup& setup)
{
    Outcome o;
    setup(dir.sub("src"), dir.sub("fg"));
    o.floodgate = sync(flags + QStringList{q(dir.sub("src/")), q(dir.sub("fg/"))});
    const QString rsync = QStandardPaths::findExecutable(u"rsync"_s);
    if (rsync.isEmpty()) return o;
    setup(dir.sub("src2"), dir.sub("rs"));
    // The same tree again for rsync, with its own mtimes from the setup.
    CliRun r = fgtest::runProgram(rsync, QStringList{u"-a"_s} + flags + QStringList{q(dir.sub("src2/")), q(dir.sub("rs/"))});
    o.rsyncExit = r.exitCode;
    return o;
}

#define VERIFY_LIKE_RSYNC(dir, o)                                                                                      \
    do {                                                                                                               \
        if ((o).rsyncExit >= 0) {                                                                                      \
            QCOMPARE((o).floodgate.exitCode, (o).rsyncExit);                                                           \
            VERIFY_SAME_TREE((dir).sub("fg"), (dir).sub("rs"));                                                        \
        }                                                                                                              \
    } while (0)

// A symlink with a fixed time, so two set-ups are alike.
void link(const std::string& target, const std::string& path)
{
    ::symlink(target.c_str(), path.c_str());
    struct timespec ts[2] = {{1600000000, 0}, {1600000000, 0}};
    ::utimensat(AT_FDCWD, path.c_str(), ts, AT_SYMLINK_NOFOLLOW);
}

// Writes a file with a fixed mtime (so two set-ups are alike to the ns).
void put(const std::string& path, const std::string& content, int64_t sec)
{
    fgtest::writeFile(path, content);
    fgtest::setMtime(path, sec, 0);
}

} // namespace

class TestRsyncHabits : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // -avh is rsync's most typed line: -h is human-readable there, and must
    // not print the help and exit 0 having copied nothing.
    void avhCopies()
    {
        ScratchDir dir("fgrh");
        fgtest::makeSampleTree(dir.sub("src"), 1);
        CliRun r = sync({u"-avh"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(!r.out.contains("usage:"), explain(r).constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
    }

    void loneHPrintsHelp()
    {
        CliRun r = sync({u"-h"_s});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.startsWith("usage: floodgate sync"), explain(r).constData());
        r = sync({u"--help"_s});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("--human-readable"), explain(r).constData());
    }

    void humanReadableLongForm()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync({u"--human-readable"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/a.txt")), std::string("a"));
    }

    // -P is --partial --progress; the progress goes into a pipe here, so it
    // must be plain lines.
    void capitalPIsPartialProgress()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(3u << 20, 4));
        CliRun r = sync({u"-avP"_s, u"--bwlimit"_s, u"2M"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
        QVERIFY2(r.out.contains("100%"), explain(r).constData());
        QVERIFY2(!r.out.contains('\r') && !r.out.contains('\033'), explain(r).constData());
    }

    // Into a pipe: a line at least every second or so, each with a rate and
    // an ETA from the first one on, and the file being sent named.
    void progressIntoPipeIsPlainLines()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/slow.bin"), fgtest::randomBytes(4u << 20, 5));
        CliRun r = sync({u"--progress"_s, u"--bwlimit"_s, u"2M"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(!r.out.contains('\r') && !r.out.contains('\033'), explain(r).constData());
        QList<QByteArray> lines;
        for (const QByteArray& l : r.out.split('\n'))
            if (l.contains('%') && !l.contains("100%")) lines << l;
        QVERIFY2(lines.size() >= 2, explain(r).constData());
        QVERIFY2(lines.first().contains("/s") && !lines.first().contains(" 0 B/s"), explain(r).constData());
        QVERIFY2(!lines.first().contains("ETA --") && !lines.first().contains("ETA ?"), explain(r).constData());
        QVERIFY2(lines.first().contains("slow.bin"), explain(r).constData());
    }

    // Flags of rsync's that floodgate does not have yet are refused, naming
    // the flag; never taken as a typo of something else, never ignored.
    void unsupportedRsyncFlagsAreRefused_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("-A") << u"-A"_s << u"--acls"_s;
        QTest::newRow("-X in a bundle") << u"-avX"_s << u"--xattrs"_s;
        QTest::newRow("--no-implied-dirs") << u"--no-implied-dirs"_s << u"--no-implied-dirs"_s;
        QTest::newRow("--sparse") << u"--sparse"_s << u"--sparse"_s;
    }
    void unsupportedRsyncFlagsAreRefused()
    {
        QFETCH(QString, flag);
        QFETCH(QString, mentions);
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync({flag, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), explain(r).constData());
        QVERIFY2(r.err.contains("not supported yet"), explain(r).constData());
        QVERIFY2(!fgtest::exists(dir.sub("dst/a.txt")), "nothing may be copied");
    }

    void typoIsUnknownNotUnsupported()
    {
        ScratchDir dir("fgrh");
        CliRun r = sync({u"--delte"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(r.err.contains("unknown option --delte"), explain(r).constData());
    }

    // -0 / --from0: a NUL-separated --files-from list (names may hold
    // newlines), and pattern files the same way.
    void from0ReadsNulSeparatedLists()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/one\ntwo.txt"), "newline in the name");
        fgtest::writeFile(dir.sub("src/b.txt"), "b");
        fgtest::writeFile(dir.sub("src/c.log"), "c");
        fgtest::writeFile(dir.sub("list"), std::string("one\ntwo.txt\0c.log\0", 19));
        fgtest::writeFile(dir.sub("excludes"), std::string("*.log\0", 6));
        CliRun r = sync({u"-0"_s, u"--files-from"_s, q(dir.sub("list")), u"--exclude-from"_s, q(dir.sub("excludes")),
                         q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(fgtest::exists(dir.sub("dst/one\ntwo.txt")));
        QVERIFY(!fgtest::exists(dir.sub("dst/b.txt")));
        QVERIFY(!fgtest::exists(dir.sub("dst/c.log")));
    }

    // ---- which files go ------------------------------------------------------

    void updateKeepsNewerDestinationFiles()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"-u"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/newer-there.txt", "source", 1600000000);
            put(dst + "/newer-there.txt", "destination, edited later", 1700000000);
            put(src + "/older-there.txt", "source", 1700000000);
            put(dst + "/older-there.txt", "destination", 1600000000);
            put(src + "/new.txt", "new", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/newer-there.txt")), std::string("destination, edited later"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/older-there.txt")), std::string("source"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/new.txt")), std::string("new"));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void ignoreExistingCopiesOnlyNewFiles()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--ignore-existing"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/there.txt", "source", 1600000000);
            put(dst + "/there.txt", "destination", 1500000000);
            put(src + "/sub/new.txt", "new", 1600000000);
            put(dst + "/sub/old.txt", "old", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/there.txt")), std::string("destination"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/sub/new.txt")), std::string("new"));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void existingCreatesNothingNew()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--existing"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/there.txt", "changed", 1600000001);
            put(dst + "/there.txt", "old", 1600000000);
            put(src + "/new.txt", "new", 1600000000);
            put(src + "/newdir/x.txt", "x", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/there.txt")), std::string("changed"));
        QVERIFY(!fgtest::exists(dir.sub("fg/new.txt")));
        QVERIFY(!fgtest::exists(dir.sub("fg/newdir")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    // --append-verify: what only grows gets only its new end; a copy as long
    // or longer is left alone, as in rsync, even where its content differs.
    void appendVerifySendsOnlyTheRest()
    {
        ScratchDir dir("fgrh");
        std::string log;
        for (int i = 0; i < 20000; ++i) log += "2026-12-01 line " + std::to_string(i) + "\n";
        auto o = likeRsync(dir, {u"--append-verify"_s}, [&](const std::string& src, const std::string& dst) {
            put(src + "/app.log", log, 1600000100);
            put(dst + "/app.log", log.substr(0, log.size() / 2), 1600000000);
            put(src + "/same-size.txt", "new content", 1600000100);
            put(dst + "/same-size.txt", "old content", 1600000000);
            put(src + "/shorter.txt", "short", 1600000100);
            put(dst + "/shorter.txt", "longer than the source", 1600000000);
            put(src + "/new.txt", "new", 1600000100);
        });
        VERIFY_EXIT(o.floodgate, 0);
        VERIFY_LIKE_RSYNC(dir, o);
        QCOMPARE(fgtest::readFile(dir.sub("fg/app.log")), log);
        QCOMPARE(fgtest::readFile(dir.sub("fg/same-size.txt")), std::string("old content"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/shorter.txt")), std::string("longer than the source"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/new.txt")), std::string("new"));
        // A local copy would send it whole; --append-verify sends the rest.
        put(dir.sub("src/app.log"), log + log, 1600000200);
        CliRun again = sync({u"--append"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(again, 0);
        QString err;
        const QJsonObject json = fgtest::parseJsonObject(again.out, &err);
        const QJsonArray updates = json.value(u"updates"_s).toArray();
        QCOMPARE(updates.size(), 1);
        QCOMPARE(updates.at(0).toObject().value(u"method"_s).toString(), u"delta"_s);
        QCOMPARE(fgtest::readFile(dir.sub("fg/app.log")), log + log);
    }

    // --inplace: the file keeps its inode (a hard link to it sees the new
    // content, as in rsync), grows and shrinks, and new files are made under
    // their own names; no temporary is left anywhere.
    void inplaceWritesOverTheOldCopy()
    {
        ScratchDir dir("fgrh");
        const std::string big(3u << 20, 'n');
        auto o = likeRsync(dir, {u"--inplace"_s}, [&](const std::string& src, const std::string& dst) {
            put(src + "/grows.bin", big, 1600000100);
            put(dst + "/grows.bin", std::string(1u << 20, 'o'), 1600000000);
            put(src + "/shrinks.txt", "short", 1600000100);
            put(dst + "/shrinks.txt", "a much longer old version", 1600000000);
            put(src + "/new.txt", "new", 1600000100);
        });
        VERIFY_EXIT(o.floodgate, 0);
        VERIFY_LIKE_RSYNC(dir, o);
        QCOMPARE(fgtest::readFile(dir.sub("fg/grows.bin")), big);
        QCOMPARE(fgtest::readFile(dir.sub("fg/shrinks.txt")), std::string("short"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/new.txt")), std::string("new"));

        // The same inode, seen through a hard link made before the run.
        put(dir.sub("src/shrinks.txt"), "changed again", 1600000200);
        ::link(dir.sub("fg/shrinks.txt").c_str(), dir.sub("snapshot-link").c_str());
        struct stat before{}, after{};
        ::stat(dir.sub("fg/shrinks.txt").c_str(), &before);
        CliRun again = sync({u"--inplace"_s, u"-v"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(again, 0);
        ::stat(dir.sub("fg/shrinks.txt").c_str(), &after);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(fgtest::readFile(dir.sub("snapshot-link")), std::string("changed again"));
        // Without --inplace the link keeps the old version (a new inode).
        put(dir.sub("src/shrinks.txt"), "third", 1600000300);
        VERIFY_EXIT(sync({q(dir.sub("src/")), q(dir.sub("fg/"))}), 0);
        QCOMPARE(fgtest::readFile(dir.sub("snapshot-link")), std::string("changed again"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/shrinks.txt")), std::string("third"));
        for (const QString& name : QDir(q(dir.sub("fg"))).entryList(QDir::Files | QDir::Hidden))
            QVERIFY2(!name.startsWith(u'.'), qPrintable(name + u" was left behind"_s));
        // Not yet with -b: refused before anything is written.
        CliRun both = sync({u"--inplace"_s, u"-b"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(both, 1);
        QVERIFY2(both.err.contains("--inplace"), explain(both).constData());
    }

    void inplaceThroughADaemon()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("src/vm.img"), std::string(2u << 20, 'v'), 1600000100);
        put(dir.sub("module/vm.img"), std::string(4u << 20, 'o'), 1600000000);
        struct stat before{}, after{};
        ::stat(dir.sub("module/vm.img").c_str(), &before);
        CliRun r = nas.sync({u"--inplace"_s, q(dir.sub("src/")), nas.daemon.url(u"m/"_s)});
        VERIFY_EXIT(r, 0);
        ::stat(dir.sub("module/vm.img").c_str(), &after);
        QCOMPARE(after.st_ino, before.st_ino);
        QCOMPARE(fgtest::readFile(dir.sub("module/vm.img")), std::string(2u << 20, 'v'));
    }

    void sizeOnlyIgnoresTimes()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--size-only"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/same-size.txt", "AAAA", 1700000000);
            put(dst + "/same-size.txt", "BBBB", 1600000000);
            put(src + "/other-size.txt", "longer", 1600000000);
            put(dst + "/other-size.txt", "short", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/same-size.txt")), std::string("BBBB"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/other-size.txt")), std::string("longer"));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void ignoreTimesSendsMatchingFiles()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"-I"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/looks-same.txt", "AAAA", 1600000000);
            put(dst + "/looks-same.txt", "BBBB", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/looks-same.txt")), std::string("AAAA"));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void maxAndMinSize()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--max-size"_s, u"2K"_s, u"--min-size"_s, u"10"_s},
                           [](const std::string& src, const std::string&) {
                               put(src + "/tiny.txt", "small", 1600000000);
                               put(src + "/mid.txt", std::string(1000, 'm'), 1600000000);
                               put(src + "/big.bin", std::string(4096, 'b'), 1600000000);
                           });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(!fgtest::exists(dir.sub("fg/tiny.txt")));
        QVERIFY(fgtest::exists(dir.sub("fg/mid.txt")));
        QVERIFY(!fgtest::exists(dir.sub("fg/big.bin")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    // ---- what metadata goes ----------------------------------------------------

    void noPermsKeepsModesThere()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--no-perms"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/there.txt", "new content", 1600000001);
            ::chmod((src + "/there.txt").c_str(), 0755);
            put(dst + "/there.txt", "old", 1600000000);
            ::chmod((dst + "/there.txt").c_str(), 0600);
            put(src + "/new.sh", "#!/bin/sh", 1600000000);
            ::chmod((src + "/new.sh").c_str(), 04777);
            put(src + "/same.txt", "s", 1600000000);
            put(dst + "/same.txt", "s", 1600000000);
            ::chmod((src + "/same.txt").c_str(), 0644);
            ::chmod((dst + "/same.txt").c_str(), 0640);
        });
        VERIFY_EXIT(o.floodgate, 0);
        struct stat st{};
        ::stat(dir.sub("fg/there.txt").c_str(), &st);
        QCOMPARE(st.st_mode & 07777, mode_t(0600));
        QCOMPARE(fgtest::readFile(dir.sub("fg/there.txt")), std::string("new content"));
        ::stat(dir.sub("fg/same.txt").c_str(), &st);
        QCOMPARE(st.st_mode & 07777, mode_t(0640));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void chmodChangesModesOnTheWay_data()
    {
        QTest::addColumn<QString>("rules");
        QTest::newRow("octal by kind") << u"D750,F640"_s;
        QTest::newRow("symbolic") << u"go-w,u+x"_s;
        QTest::newRow("capital X") << u"a=rX"_s;
        QTest::newRow("equals and sticky") << u"Do+t,Fu=rw,Fgo=r"_s;
    }
    void chmodChangesModesOnTheWay()
    {
        QFETCH(QString, rules);
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--chmod="_s + rules}, [](const std::string& src, const std::string&) {
            put(src + "/a.txt", "a", 1600000000);
            ::chmod((src + "/a.txt").c_str(), 0666);
            put(src + "/run.sh", "r", 1600000000);
            ::chmod((src + "/run.sh").c_str(), 0775);
            put(src + "/sub/b.txt", "b", 1600000000);
            ::chmod((src + "/sub").c_str(), 0777);
            fgtest::setMtime(src + "/sub", 1600000000, 0);
        });
        VERIFY_EXIT(o.floodgate, 0);
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void badChmodIsAUsageError()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a"), "a");
        CliRun r = sync({u"--chmod=u+q"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(r.err.contains("--chmod"), explain(r).constData());
    }

    void noTimesLeavesTimesAlone()
    {
        ScratchDir dir("fgrh");
        put(dir.sub("src/a.txt"), "a", 1500000000);
        CliRun r = sync({u"--no-times"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        struct stat st{};
        ::stat(dir.sub("dst/a.txt").c_str(), &st);
        QVERIFY2(st.st_mtim.tv_sec > 1600000000, "the new file has the time it was written");
        // With --size-only a re-run sees nothing to do, and does not stamp it.
        CliRun again = sync({u"--no-times"_s, u"--size-only"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(again, 0);
        struct stat st2{};
        ::stat(dir.sub("dst/a.txt").c_str(), &st2);
        QCOMPARE(st2.st_mtim.tv_sec, st.st_mtim.tv_sec);
    }

    // ---- what is kept ----------------------------------------------------------

    void backupKeepsReplacedAndDeleted()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"-b"_s, u"--delete"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/changed.txt", "new version", 1600000001);
            put(dst + "/changed.txt", "old version", 1600000000);
            put(src + "/same.txt", "same", 1600000000);
            put(dst + "/same.txt", "same", 1600000000);
            put(dst + "/gone.txt", "deleted, but kept", 1600000000);
            put(dst + "/older~", "an older backup, left alone", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/changed.txt")), std::string("new version"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/changed.txt~")), std::string("old version"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/gone.txt~")), std::string("deleted, but kept"));
        QVERIFY(!fgtest::exists(dir.sub("fg/gone.txt")));
        QVERIFY(!fgtest::exists(dir.sub("fg/same.txt~")));
        QVERIFY(fgtest::exists(dir.sub("fg/older~")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void backupDirKeepsPaths()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--backup-dir"_s, u"old"_s, u"--delete"_s},
                           [](const std::string& src, const std::string& dst) {
                               put(src + "/sub/a.txt", "new", 1600000001);
                               put(dst + "/sub/a.txt", "old", 1600000000);
                               put(dst + "/stale/b.txt", "deleted dir's file", 1600000000);
                               fgtest::setMtime(src + "/sub", 1600000000, 0);
                           });
        VERIFY_EXIT(o.floodgate, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/sub/a.txt")), std::string("new"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/old/sub/a.txt")), std::string("old"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/old/stale/b.txt")), std::string("deleted dir's file"));
        QVERIFY(!fgtest::exists(dir.sub("fg/stale")));
        // A second run leaves the backup directory alone under --delete.
        put(dir.sub("src/sub/a.txt"), "newer", 1600000002);
        CliRun again = sync({u"--backup-dir"_s, u"old"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(again, 0);
        QCOMPARE(fgtest::readFile(dir.sub("fg/old/sub/a.txt")), std::string("new"));
        QCOMPARE(fgtest::readFile(dir.sub("fg/old/stale/b.txt")), std::string("deleted dir's file"));
    }

    void backupsThroughADaemonStayInTheModule()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("src/a.txt"), "new", 1600000001);
        put(dir.sub("module/b/a.txt"), "old", 1600000000);
        CliRun r = nas.sync({u"--backup-dir=../versions"_s, q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 3);
        CliRun abs = nas.sync({u"--backup-dir=/tmp/x"_s, q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(abs, 3);
        QCOMPARE(fgtest::readFile(dir.sub("module/b/a.txt")), std::string("old"));
        CliRun ok = nas.sync({u"--backup-dir=.versions"_s, q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(ok, 0);
        QCOMPARE(fgtest::readFile(dir.sub("module/b/.versions/a.txt")), std::string("old"));
        QCOMPARE(fgtest::readFile(dir.sub("module/b/a.txt")), std::string("new"));
    }

    // Dated snapshots: the second day's tree shares the unchanged files with
    // the first (the same inode), and only the changed one is new.
    void linkDestMakesSnapshots()
    {
        ScratchDir dir("fgrh");
        put(dir.sub("src/same.txt"), "unchanged", 1600000000);
        put(dir.sub("src/sub/also.txt"), "unchanged too", 1600000000);
        put(dir.sub("src/changes.txt"), "monday", 1600000000);
        ::mkdir(dir.sub("snap").c_str(), 0755);
        VERIFY_EXIT(sync({q(dir.sub("src/")), q(dir.sub("snap/mon/"))}), 0);
        put(dir.sub("src/changes.txt"), "tuesday", 1600086400);
        CliRun r = sync({u"--link-dest"_s, u"../mon"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("snap/tue/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QCOMPARE(fgtest::parseJsonObject(r.out, &err).value(u"files_transferred"_s).toInt(), 1);
        struct stat a{}, b{};
        ::stat(dir.sub("snap/mon/same.txt").c_str(), &a);
        ::stat(dir.sub("snap/tue/same.txt").c_str(), &b);
        QCOMPARE(a.st_ino, b.st_ino);
        ::stat(dir.sub("snap/mon/sub/also.txt").c_str(), &a);
        ::stat(dir.sub("snap/tue/sub/also.txt").c_str(), &b);
        QCOMPARE(a.st_ino, b.st_ino);
        QCOMPARE(fgtest::readFile(dir.sub("snap/tue/changes.txt")), std::string("tuesday"));
        QCOMPARE(fgtest::readFile(dir.sub("snap/mon/changes.txt")), std::string("monday"));
        // The same with rsync: the same tree.
        const QString rsync = QStandardPaths::findExecutable(u"rsync"_s);
        if (!rsync.isEmpty()) {
            CliRun theirs = fgtest::runProgram(rsync, {u"-a"_s, u"--link-dest=../mon"_s, q(dir.sub("src/")),
                                                       q(dir.sub("snap/tue-rsync/"))});
            VERIFY_EXIT(theirs, 0);
            VERIFY_SAME_TREE(dir.sub("snap/tue"), dir.sub("snap/tue-rsync"));
        }
        // A snapshot directory that does not exist yet is skipped, not an error.
        CliRun first = sync({u"--link-dest"_s, u"../none"_s, q(dir.sub("src/")), q(dir.sub("snap/wed/"))});
        VERIFY_EXIT(first, 0);
    }

    void linkDestThroughADaemonStaysInTheModule()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("src/a.txt"), "a", 1600000000);
        VERIFY_EXIT(nas.sync({q(dir.sub("src/")), nas.daemon.url(u"m/day1/"_s)}), 0);
        CliRun r = nas.sync({u"--link-dest=../day1"_s, q(dir.sub("src/")), nas.daemon.url(u"m/day2/"_s)});
        VERIFY_EXIT(r, 0);
        struct stat a{}, b{};
        ::stat(dir.sub("module/day1/a.txt").c_str(), &a);
        ::stat(dir.sub("module/day2/a.txt").c_str(), &b);
        QCOMPARE(a.st_ino, b.st_ino);
        CliRun out = nas.sync({u"--link-dest=../../etc"_s, q(dir.sub("src/")), nas.daemon.url(u"m/day3/"_s)});
        VERIFY_EXIT(out, 3);
    }

    // ---- what the scan takes in -----------------------------------------------

    void hardLinksArriveLinked()
    {
        ScratchDir dir("fgrh");
        auto setup = [](const std::string& src, const std::string&) {
            put(src + "/a.txt", "one file, three names", 1600000000);
            ::mkdir((src + "/sub").c_str(), 0755);
            ::link((src + "/a.txt").c_str(), (src + "/b.txt").c_str());
            ::link((src + "/a.txt").c_str(), (src + "/sub/c.txt").c_str());
            put(src + "/single.txt", "alone", 1600000000);
            fgtest::setMtime(src + "/sub", 1600000000, 0);
        };
        auto o = likeRsync(dir, {u"-H"_s}, setup);
        VERIFY_EXIT(o.floodgate, 0);
        auto inode = [](const std::string& p) {
            struct stat st{};
            ::stat(p.c_str(), &st);
            return st.st_ino;
        };
        QCOMPARE(inode(dir.sub("fg/b.txt")), inode(dir.sub("fg/a.txt")));
        QCOMPARE(inode(dir.sub("fg/sub/c.txt")), inode(dir.sub("fg/a.txt")));
        QVERIFY(inode(dir.sub("fg/single.txt")) != inode(dir.sub("fg/a.txt")));
        QCOMPARE(fgtest::readFile(dir.sub("fg/sub/c.txt")), std::string("one file, three names"));
        VERIFY_LIKE_RSYNC(dir, o);
        // Nothing to do the second time.
        CliRun again = sync({u"-H"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(again, 0);
        QString err;
        QCOMPARE(fgtest::parseJsonObject(again.out, &err).value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(inode(dir.sub("fg/b.txt")), inode(dir.sub("fg/a.txt")));

        // Without -H: copies, and a warning that says so.
        CliRun copies = sync({q(dir.sub("src/")), q(dir.sub("copies/"))});
        VERIFY_EXIT(copies, 0);
        QVERIFY2(copies.err.contains("2 file(s) are hard links"), explain(copies).constData());
        QVERIFY(inode(dir.sub("copies/b.txt")) != inode(dir.sub("copies/a.txt")));
    }

    void safeLinksSkipsLinksOutOfTheTree()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--safe-links"_s}, [](const std::string& src, const std::string&) {
            put(src + "/sub/x.txt", "x", 1600000000);
            link("sub/x.txt", src + "/inside");
            link("../sub/x.txt", src + "/sub/also-inside");
            link("/etc/passwd", src + "/absolute");
            link("../outside", src + "/climbs");
            link("../../x", src + "/sub/climbs-more");
            fgtest::setMtime(src + "/sub", 1600000000, 0);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(fgtest::exists(dir.sub("fg/inside")));
        QVERIFY(fgtest::exists(dir.sub("fg/sub/also-inside")));
        QVERIFY(!fgtest::exists(dir.sub("fg/absolute")));
        QVERIFY(!fgtest::exists(dir.sub("fg/climbs")));
        QVERIFY(!fgtest::exists(dir.sub("fg/sub/climbs-more")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    // -L: a link arrives as what it points to (a folder with its contents, even
    // one outside the source); a link to nothing is an error, as in rsync.
    void copyLinksSendsWhatLinksPointTo()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"-L"_s}, [&](const std::string& src, const std::string&) {
            const std::string away = src + "-away";
            put(away + "/deep/y.txt", "y", 1600000000);
            fgtest::setMtime(away + "/deep", 1600000000, 0);
            fgtest::setMtime(away, 1600000000, 0);
            put(src + "/x.txt", "x", 1600000000);
            link("x.txt", src + "/to-file");
            link(away, src + "/to-dir");
            link("nothing-here", src + "/dangling");
            fgtest::setMtime(src, 1600000000, 0);
        });
        VERIFY_EXIT(o.floodgate, 23);
        QVERIFY2(o.floodgate.err.contains("symlink has no referent"), explain(o.floodgate).constData());
        struct stat st{};
        QVERIFY(::lstat(dir.sub("fg/to-file").c_str(), &st) == 0 && S_ISREG(st.st_mode));
        QCOMPARE(fgtest::readFile(dir.sub("fg/to-file")), std::string("x"));
        QVERIFY(::lstat(dir.sub("fg/to-dir").c_str(), &st) == 0 && S_ISDIR(st.st_mode));
        QCOMPARE(fgtest::readFile(dir.sub("fg/to-dir/deep/y.txt")), std::string("y"));
        QVERIFY(!fgtest::exists(dir.sub("fg/dangling")));
        VERIFY_LIKE_RSYNC(dir, o);
        // Without -L the links stay links.
        CliRun plain = sync({q(dir.sub("src/")), q(dir.sub("plain/"))});
        VERIFY_EXIT(plain, 0);
        QVERIFY(::lstat(dir.sub("plain/to-dir").c_str(), &st) == 0 && S_ISLNK(st.st_mode));
    }

    // A link back into a folder being copied would be followed for ever.
    void copyLinksSkipsLoops()
    {
        ScratchDir dir("fgrh");
        put(dir.sub("src/sub/a.txt"), "a", 1600000000);
        link("..", dir.sub("src/sub/up"));
        link(".", dir.sub("src/here"));
        CliRun r = sync({u"-L"_s, q(dir.sub("src/")), q(dir.sub("dst/"))}, 30000);
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.err.contains("leads back into a folder being copied"), explain(r).constData());
        QCOMPARE(fgtest::readFile(dir.sub("dst/sub/a.txt")), std::string("a"));
        QVERIFY(!fgtest::exists(dir.sub("dst/sub/up")));
        QVERIFY(!fgtest::exists(dir.sub("dst/here")));
    }

    // A daemon follows only links that stay in its module: a client must not
    // read the server's /etc through a link someone left in a share.
    void copyLinksFromADaemonStayInTheModule()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("module/share/x.txt"), "x", 1600000000);
        put(dir.sub("module/other/y.txt"), "y", 1600000000);
        put(dir.sub("secret/key.txt"), "secret", 1600000000);
        link("x.txt", dir.sub("module/share/inside"));
        link("../other", dir.sub("module/share/other-dir"));
        link(dir.sub("secret/key.txt"), dir.sub("module/share/outside"));
        link(dir.sub("secret"), dir.sub("module/share/outside-dir"));
        CliRun r = nas.sync({u"-L"_s, nas.daemon.url(u"m/share/"_s), q(dir.sub("got/"))});
        VERIFY_EXIT(r, 23);
        QVERIFY2(r.out.contains("leads out of the module"), explain(r).constData());
        QCOMPARE(fgtest::readFile(dir.sub("got/inside")), std::string("x"));
        QCOMPARE(fgtest::readFile(dir.sub("got/other-dir/y.txt")), std::string("y"));
        QVERIFY(!fgtest::exists(dir.sub("got/outside")));
        QVERIFY(!fgtest::exists(dir.sub("got/outside-dir")));
    }

    // ---- waiting on the far end ------------------------------------------------

    // --timeout: a daemon that stops answering mid-transfer (SIGSTOP: no reset,
    // no close, the kernel still holds the connection) ends the job with
    // rsync's exit 30 and a message that says so, instead of a silent wait.
    void timeoutStopsWhenTheFarEndGoesQuiet()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(dir.sub("src/big.bin"), std::string(64u << 20, 'x'));
        QProcess client;
        client.setProgram(fgtest::cliPath());
        client.setArguments(nas.syncArgs({u"--timeout=2"_s, u"--retry-for=0"_s, u"--bwlimit=4M"_s, q(dir.sub("src/")), nas.daemon.url(u"m/"_s)}));
        client.start();
        QVERIFY(client.waitForStarted());
        QTest::qWait(1500); // connected and sending
        QVERIFY(client.state() == QProcess::Running);
        ::kill(pid_t(nas.daemon.pid()), SIGSTOP);
        QElapsedTimer stopped;
        stopped.start();
        const bool ended = client.waitForFinished(20000);
        const qint64 waited = stopped.elapsed();
        ::kill(pid_t(nas.daemon.pid()), SIGCONT);
        QVERIFY2(ended, "the client must not wait for ever on a stopped daemon");
        const QByteArray out = client.readAllStandardOutput() + client.readAllStandardError();
        QVERIFY2(client.exitCode() == 30, out.constData());
        QVERIFY2(out.contains("--timeout 2"), out.constData());
        QVERIFY2(waited >= 1500 && waited < 10000, QByteArray::number(waited).constData());
        // A live daemon doing its work is never taken for a dead one.
        ::unlink(dir.sub("src/big.bin").c_str());
        fgtest::writeFile(dir.sub("src/small.txt"), "s");
        CliRun ok = nas.sync({u"--timeout=1"_s, q(dir.sub("src/")), nas.daemon.url(u"m/"_s)});
        VERIFY_EXIT(ok, 0);
    }

    // A far end that goes quiet for a while is said while it is waited for
    // (at half the limit here, 30 s by default) and when it answers again;
    // the job then goes on to its end.
    void aQuietFarEndIsSaidWhileItIsWaitedFor()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        // Fast enough that the loopback's socket buffers (up to ~10 MiB) fill
        // well within the first seconds of the stop, and big enough that much
        // is still to send once the daemon goes on (a job that ended within a
        // tick of it would not be seen moving again).
        const std::string data = fgtest::randomBytes(96u << 20, 4);
        fgtest::writeFile(dir.sub("src/big.bin"), data);
        QProcess client;
        client.setProgram(fgtest::cliPath());
        client.setArguments(nas.syncArgs({u"--timeout=12"_s, u"--bwlimit=24M"_s, q(dir.sub("src/")), nas.daemon.url(u"m/"_s)}));
        client.start();
        QVERIFY(client.waitForStarted());
        QTest::qWait(1000);
        QVERIFY(client.state() == QProcess::Running);
        // Long enough for the socket buffers to fill and then half the limit.
        ::kill(pid_t(nas.daemon.pid()), SIGSTOP);
        QTest::qWait(9500);
        ::kill(pid_t(nas.daemon.pid()), SIGCONT);
        QVERIFY(client.waitForFinished(30000));
        const QByteArray err = client.readAllStandardError();
        QVERIFY2(client.exitCode() == 0, (client.readAllStandardOutput() + err).constData());
        QVERIFY2(err.contains("no word from") && err.contains("giving up after 12 s (--timeout)"), err.constData());
        QVERIFY2(err.contains("answers again, after"), err.constData());
        // The stopped daemon's window stood still because it was stopped: no
        // advice about buffers for that.
        QVERIFY2(!err.contains("receiver's window held"), err.constData());
        QCOMPARE(fgtest::readFile(dir.sub("module/big.bin")), data);
    }

    // --contimeout: a port that takes the connection and never answers (a
    // daemon that hangs, or something else listening there).
    void contimeoutGivesUpConnecting()
    {
        ScratchDir dir("fgrh");
        // Listening, never accepting: the kernel completes the TCP handshake
        // into the backlog, and then nothing answers.
        const int silent = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        QVERIFY(silent >= 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QVERIFY(::bind(silent, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
        QVERIFY(::listen(silent, 8) == 0);
        socklen_t len = sizeof addr;
        QVERIFY(::getsockname(silent, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
        const uint16_t port = ntohs(addr.sin_port);
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        QElapsedTimer t;
        t.start();
        CliRun r = sync({u"--contimeout=1"_s, u"--state-dir"_s, q(dir.sub("state")), q(dir.sub("src/")),
                         u"floodgate://127.0.0.1:%1/m/"_s.arg(port)},
                        30000);
        ::close(silent);
        VERIFY_EXIT(r, 35);
        QVERIFY2(r.err.contains("--contimeout 1"), explain(r).constData());
        QVERIFY2(t.elapsed() < 8000, QByteArray::number(t.elapsed()).constData());
        CliRun bad = sync({u"--timeout=soon"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(bad, 1);
        QVERIFY2(bad.err.contains("--timeout"), explain(bad).constData());
        CliRun badRetry = sync({u"--retry-for=-5"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(badRetry, 1);
        QVERIFY2(badRetry.err.contains("--retry-for"), explain(badRetry).constData());
        CliRun help = fgtest::runCli({u"sync"_s, u"--help"_s});
        QVERIFY2(help.out.contains("--retry-for"), help.out.constData());
    }

    void excludeIfPresentKeepsTheDirectoryEmpty()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/cache/.nobackup"), "");
        fgtest::writeFile(dir.sub("src/cache/huge.bin"), "do not back me up");
        fgtest::writeFile(dir.sub("src/work/a.txt"), "a");
        fgtest::writeFile(dir.sub("dst/cache/kept.bin"), "what the destination had stays");
        CliRun r = sync({u"--exclude-if-present"_s, u".nobackup"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(fgtest::exists(dir.sub("dst/cache")));
        QVERIFY(!fgtest::exists(dir.sub("dst/cache/huge.bin")));
        QVERIFY(!fgtest::exists(dir.sub("dst/cache/.nobackup")));
        QCOMPARE(fgtest::readFile(dir.sub("dst/cache/kept.bin")), std::string("what the destination had stays"));
        QCOMPARE(fgtest::readFile(dir.sub("dst/work/a.txt")), std::string("a"));
    }

    // A file system mounted inside the source (a tmpfs the test mounts, as
    // root) comes as an empty directory with -x, as rsync -x has it.
    void oneFileSystemStopsAtMountPoints()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/here.txt"), "h");
        ::mkdir(dir.sub("src/mnt").c_str(), 0755);
        if (fgtest::runProgram(u"mount"_s, {u"-t"_s, u"tmpfs"_s, u"tmpfs"_s, q(dir.sub("src/mnt"))}).exitCode != 0)
            QSKIP("cannot mount a tmpfs here (needs root)");
        fgtest::writeFile(dir.sub("src/mnt/other-fs.txt"), "o");
        fgtest::writeFile(dir.sub("dst/mnt/kept.txt"), "k");
        CliRun r = sync({u"-x"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        CliRun without = sync({q(dir.sub("src/")), q(dir.sub("all/"))});
        fgtest::runProgram(u"umount"_s, {q(dir.sub("src/mnt"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(fgtest::exists(dir.sub("dst/here.txt")));
        QVERIFY(fgtest::exists(dir.sub("dst/mnt")));
        QVERIFY(!fgtest::exists(dir.sub("dst/mnt/other-fs.txt")));
        QVERIFY(fgtest::exists(dir.sub("dst/mnt/kept.txt")));
        VERIFY_EXIT(without, 0);
        QVERIFY(fgtest::exists(dir.sub("all/mnt/other-fs.txt")));
    }

    // ---- who owns what ---------------------------------------------------------

    // As root (these tests' CI runs as root): -a keeps owners, by name where
    // the name exists here, else by number; as rsync -a does.
    void archiveKeepsOwnersAsRoot()
    {
        if (::geteuid() != 0) QSKIP("giving files away needs root");
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"-a"_s}, [](const std::string& src, const std::string&) {
            put(src + "/nobody.txt", "n", 1600000000);
            ::chown((src + "/nobody.txt").c_str(), 65534, 65534);
            put(src + "/numbers.txt", "1234", 1600000000);
            ::chown((src + "/numbers.txt").c_str(), 1234, 2345);
            ::mkdir((src + "/dir").c_str(), 0755);
            ::chown((src + "/dir").c_str(), 1234, 2345);
            fgtest::setMtime(src + "/dir", 1600000000, 0);
            link("numbers.txt", src + "/link");
            ::lchown((src + "/link").c_str(), 1234, 2345);
        });
        VERIFY_EXIT(o.floodgate, 0);
        auto owner = [](const std::string& p) {
            struct stat st{};
            ::lstat(p.c_str(), &st);
            return std::make_pair(st.st_uid, st.st_gid);
        };
        QCOMPARE(owner(dir.sub("fg/nobody.txt")), std::make_pair(uid_t(65534), gid_t(65534)));
        QCOMPARE(owner(dir.sub("fg/numbers.txt")), std::make_pair(uid_t(1234), gid_t(2345)));
        QCOMPARE(owner(dir.sub("fg/dir")), std::make_pair(uid_t(1234), gid_t(2345)));
        QCOMPARE(owner(dir.sub("fg/link")), std::make_pair(uid_t(1234), gid_t(2345)));
        if (o.rsyncExit >= 0) {
            for (const char* f : {"nobody.txt", "numbers.txt", "dir", "link"})
                QCOMPARE(owner(dir.sub(std::string("fg/") + f)), owner(dir.sub(std::string("rs/") + f)));
        }
        // A change of owner alone is a change: -i says 'o', and it is made.
        ::chown(dir.sub("src/numbers.txt").c_str(), 4321, 2345);
        CliRun again = sync({u"-ai"_s, q(dir.sub("src/")), q(dir.sub("fg/"))});
        VERIFY_EXIT(again, 0);
        QVERIFY2(again.out.contains(".f....o.... numbers.txt"), explain(again).constData());
        QCOMPARE(owner(dir.sub("fg/numbers.txt")), std::make_pair(uid_t(4321), gid_t(2345)));
    }

    void chownGivesEverythingOneOwner()
    {
        if (::geteuid() != 0) QSKIP("giving files away needs root");
        ScratchDir dir("fgrh");
        put(dir.sub("src/a.txt"), "a", 1600000000);
        put(dir.sub("src/sub/b.txt"), "b", 1600000000);
        CliRun r = sync({u"--chown=nobody:nogroup"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        struct stat st{};
        ::stat(dir.sub("dst/sub/b.txt").c_str(), &st);
        QCOMPARE(st.st_uid, uid_t(65534));
        ::stat(dir.sub("dst/sub").c_str(), &st);
        QCOMPARE(st.st_uid, uid_t(65534));
        CliRun bad = sync({u"--chown=no-such-user-here"_s, q(dir.sub("src/")), q(dir.sub("dst2/"))});
        VERIFY_EXIT(bad, 0);
        QVERIFY2(bad.err.contains("there is no user 'no-such-user-here'"), explain(bad).constData());
    }

    // A daemon sets owners only in a module that says so (serve --keep-owners).
    void ownersThroughADaemonOnlyWhereTheModuleSays()
    {
        if (::geteuid() != 0) QSKIP("giving files away needs root");
        ScratchDir plain("fgrh");
        put(plain.sub("src/a.txt"), "a", 1600000000);
        ::chown(plain.sub("src/a.txt").c_str(), 1234, 2345);
        fgtest::PairedDaemon nas(plain);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        CliRun r = nas.sync({u"-o"_s, u"-g"_s, q(plain.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.err.contains("does not let clients set them"), explain(r).constData());
        struct stat st{};
        ::stat(plain.sub("module/b/a.txt").c_str(), &st);
        QCOMPARE(st.st_uid, uid_t(0));

        ScratchDir keeping("fgrh");
        put(keeping.sub("src/a.txt"), "a", 1600000000);
        ::chown(keeping.sub("src/a.txt").c_str(), 1234, 2345);
        fgtest::PairedDaemon owners(keeping, {}, {u"--keep-owners"_s, u"m"_s});
        QVERIFY2(owners.ok, qPrintable(owners.daemon.log()));
        CliRun k = owners.sync({u"-a"_s, q(keeping.sub("src/")), owners.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(k, 0);
        ::stat(keeping.sub("module/b/a.txt").c_str(), &st);
        QCOMPARE(st.st_uid, uid_t(1234));
        QCOMPARE(st.st_gid, gid_t(2345));
    }

    // Not root: -o says once that it cannot; -a alone says nothing (rsync's way).
    void ownersNotKeptWithoutRootSaysSo()
    {
        if (::geteuid() != 0) QSKIP("the test runs the CLI as nobody through runuser, which needs root");
        if (QStandardPaths::findExecutable(u"runuser"_s).isEmpty()) QSKIP("runuser is not installed");
        ScratchDir dir("fgrh");
        ::chmod(dir.path().c_str(), 0777);
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::chmodTree(dir.sub("src"), 0755, 0644);
        auto asNobody = [&](const QStringList& args) {
            return fgtest::runProgram(u"runuser"_s, QStringList{u"-u"_s, u"nobody"_s, u"--"_s, fgtest::cliPath(),
                                                               u"sync"_s, u"--state-dir"_s, q(dir.sub("state"))}
                                                        + args);
        };
        CliRun o = asNobody({u"-o"_s, q(dir.sub("src/")), q(dir.sub("o/"))});
        VERIFY_EXIT(o, 0);
        QVERIFY2(o.err.contains("owners and groups are not kept"), explain(o).constData());
        CliRun a = asNobody({u"-a"_s, q(dir.sub("src/")), q(dir.sub("a/"))});
        VERIFY_EXIT(a, 0);
        QVERIFY2(!a.err.contains("not kept"), explain(a).constData());
    }

    // ---- moving, not copying ---------------------------------------------------

    void removeSourceFilesMovesWhatArrived()
    {
        ScratchDir dir("fgrh");
        auto setup = [](const std::string& src, const std::string& dst) {
            put(src + "/sent.txt", "sent", 1600000000);
            put(src + "/there.txt", "there", 1600000000);
            put(dst + "/there.txt", "there", 1600000000);
            put(src + "/too-big.bin", std::string(5000, 'b'), 1600000000);
            put(src + "/sub/deep.txt", "deep", 1600000000);
            fgtest::setMtime(src + "/sub", 1600000000, 0);
        };
        setup(dir.sub("src"), dir.sub("dst"));
        CliRun dry = sync({u"-n"_s, u"--remove-source-files"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(dry, 0);
        QVERIFY(fgtest::exists(dir.sub("src/sent.txt")));
        CliRun r = sync({u"--remove-source-files"_s, u"--max-size"_s, u"4K"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY(!fgtest::exists(dir.sub("src/sent.txt")));
        QVERIFY(!fgtest::exists(dir.sub("src/there.txt")));
        QVERIFY(!fgtest::exists(dir.sub("src/sub/deep.txt")));
        QVERIFY2(fgtest::exists(dir.sub("src/too-big.bin")), "a file that was skipped stays");
        QVERIFY2(fgtest::exists(dir.sub("src/sub")), "directories stay");
        QCOMPARE(fgtest::readFile(dir.sub("dst/sent.txt")), std::string("sent"));
        QCOMPARE(fgtest::readFile(dir.sub("dst/sub/deep.txt")), std::string("deep"));
        // rsync leaves the same source behind.
        const QString rsync = QStandardPaths::findExecutable(u"rsync"_s);
        if (!rsync.isEmpty()) {
            ScratchDir theirs("fgrh");
            setup(theirs.sub("src"), theirs.sub("dst"));
            CliRun t = fgtest::runProgram(rsync, {u"-a"_s, u"--remove-source-files"_s, u"--max-size=4K"_s,
                                                  q(theirs.sub("src/")), q(theirs.sub("dst/"))});
            VERIFY_EXIT(t, 0);
            VERIFY_SAME_TREE(theirs.sub("src"), dir.sub("src"));
        }
    }

    void removeSourceFilesThroughADaemon()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("ro/keep.txt"), "read-only module");
        fgtest::PairedDaemon nas(dir, {}, {u"--module"_s, q("ro=" + dir.sub("ro")), u"--read-only"_s, u"ro"_s});
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("src/a.txt"), "a", 1600000000);
        CliRun push = nas.sync({u"--remove-source-files"_s, q(dir.sub("src/")), nas.daemon.url(u"m/in/"_s)});
        VERIFY_EXIT(push, 0);
        QVERIFY(!fgtest::exists(dir.sub("src/a.txt")));
        QCOMPARE(fgtest::readFile(dir.sub("module/in/a.txt")), std::string("a"));
        CliRun pull = nas.sync({u"--remove-source-files"_s, nas.daemon.url(u"ro/"_s), q(dir.sub("got/"))});
        VERIFY_EXIT(pull, 5);
        QVERIFY(fgtest::exists(dir.sub("ro/keep.txt")));
        CliRun pullOk = nas.sync({u"--remove-source-files"_s, nas.daemon.url(u"m/in/"_s), q(dir.sub("back/"))});
        VERIFY_EXIT(pullOk, 0);
        QVERIFY(!fgtest::exists(dir.sub("module/in/a.txt")));
        QCOMPARE(fgtest::readFile(dir.sub("back/a.txt")), std::string("a"));
    }

    // ---- filter rules -----------------------------------------------------------

    void filterRulesAsRsync_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("exclude and include") << QStringList{u"--filter=+ keep.log"_s, u"--filter=- *.log"_s};
        QTest::newRow("long names") << QStringList{u"--filter=include keep.log"_s, u"--filter=exclude *.log"_s};
        QTest::newRow("clear") << QStringList{u"--filter=- *.txt"_s, u"--filter=!"_s, u"--filter=- *.log"_s};
        QTest::newRow("-F") << QStringList{u"-F"_s};
        QTest::newRow("-FF") << QStringList{u"-F"_s, u"-F"_s};
        QTest::newRow("-C") << QStringList{u"-C"_s};
        QTest::newRow("dir-merge no inherit") << QStringList{u"--filter=:n- .skip"_s};
    }
    void filterRulesAsRsync()
    {
        QFETCH(QStringList, flags);
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, flags, [](const std::string& src, const std::string&) {
            put(src + "/a.txt", "a", 1600000000);
            put(src + "/x.log", "x", 1600000000);
            put(src + "/keep.log", "k", 1600000000);
            put(src + "/main.o", "object", 1600000000);
            put(src + "/notes.txt~", "backup", 1600000000);
            put(src + "/.rsync-filter", "- *.tmp\n+ important.tmp\n", 1600000000);
            put(src + "/sub/.rsync-filter", "- secret/\n", 1600000000);
            put(src + "/sub/b.tmp", "b", 1600000000);
            put(src + "/sub/important.tmp", "i", 1600000000);
            put(src + "/sub/secret/s.txt", "s", 1600000000);
            put(src + "/sub/.cvsignore", "*.dat", 1600000000);
            put(src + "/sub/d.dat", "d", 1600000000);
            put(src + "/sub/deeper/e.dat", "e", 1600000000);
            put(src + "/.skip", "a.txt", 1600000000);
            put(src + "/sub/.skip", "b.tmp", 1600000000);
            put(src + "/sub/deeper/a.txt", "deep a", 1600000000);
            for (const char* d : {"/sub/secret", "/sub/deeper", "/sub"}) fgtest::setMtime(src + d, 1600000000, 0);
        });
        VERIFY_EXIT(o.floodgate, 0);
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void protectKeepsFromDelete()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--delete"_s, u"--filter=P /local/"_s, u"--filter=P *.conf"_s},
                           [](const std::string& src, const std::string& dst) {
                               put(src + "/a.txt", "a", 1600000000);
                               put(dst + "/local/mine.txt", "the destination's own", 1600000000);
                               put(dst + "/site.conf", "kept", 1600000000);
                               put(dst + "/stray.txt", "goes", 1600000000);
                           });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(fgtest::exists(dir.sub("fg/local/mine.txt")));
        QVERIFY(fgtest::exists(dir.sub("fg/site.conf")));
        QVERIFY(!fgtest::exists(dir.sub("fg/stray.txt")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void mergeFileReadsRules()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("rules"), "# my rules\n+ keep.log\n- *.log\n. " + dir.sub("more") + "\n");
        fgtest::writeFile(dir.sub("more"), "- *.tmp\n");
        auto o = likeRsync(dir, {u"--filter=. "_s + q(dir.sub("rules"))}, [](const std::string& src, const std::string&) {
            put(src + "/keep.log", "k", 1600000000);
            put(src + "/x.log", "x", 1600000000);
            put(src + "/y.tmp", "y", 1600000000);
            put(src + "/z.txt", "z", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(fgtest::exists(dir.sub("fg/keep.log")));
        QVERIFY(!fgtest::exists(dir.sub("fg/x.log")));
        QVERIFY(!fgtest::exists(dir.sub("fg/y.tmp")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void badFilterRulesAreRefused_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("hide") << u"H *.o"_s << u"not supported yet"_s;
        QTest::newRow("modifier") << u"-! *.o"_s << u"not supported yet"_s;
        QTest::newRow("no pattern") << u"-"_s << u"no pattern"_s;
        QTest::newRow("unknown") << u"? x"_s << u"not a rule"_s;
        QTest::newRow("dir-merge path") << u": a/b"_s << u"not a path"_s;
    }
    void badFilterRulesAreRefused()
    {
        QFETCH(QString, rule);
        QFETCH(QString, mentions);
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a"), "a");
        CliRun r = sync({u"--filter"_s, rule, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), explain(r).constData());
    }

    // ---- how far --delete goes ----------------------------------------------

    void maxDeleteStopsAndSays()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--delete"_s, u"--max-delete"_s, u"2"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/keep.txt", "k", 1600000000);
            for (int i = 0; i < 5; ++i) put(dst + "/extra" + std::to_string(i), "x", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 25);
        QVERIFY2(o.floodgate.err.contains("3 more deletion(s) were skipped"), explain(o.floodgate).constData());
        int left = 0;
        for (int i = 0; i < 5; ++i) left += fgtest::exists(dir.sub("fg/extra" + std::to_string(i)));
        QCOMPARE(left, 3);
        // Which two went may differ from rsync's choice; the count and the code may not.
        if (o.rsyncExit >= 0) QCOMPARE(o.rsyncExit, 25);
    }

    void maxDeleteZeroDeletesNothing()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/keep.txt"), "k");
        fgtest::writeFile(dir.sub("dst/extra"), "x");
        CliRun r = sync({u"--delete"_s, u"--max-delete=0"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 25);
        QVERIFY(fgtest::exists(dir.sub("dst/extra")));
    }

    void deleteExcludedRemovesExcludedToo()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--delete-excluded"_s, u"--exclude"_s, u"*.log"_s},
                           [](const std::string& src, const std::string& dst) {
                               put(src + "/a.txt", "a", 1600000000);
                               put(src + "/skip.log", "not sent", 1600000000);
                               put(dst + "/old.log", "excluded, and goes", 1600000000);
                               put(dst + "/stray.txt", "extraneous, and goes", 1600000000);
                           });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(!fgtest::exists(dir.sub("fg/old.log")));
        QVERIFY(!fgtest::exists(dir.sub("fg/stray.txt")));
        QVERIFY(!fgtest::exists(dir.sub("fg/skip.log")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    void deleteAfterIsDelete()
    {
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--delete-after"_s}, [](const std::string& src, const std::string& dst) {
            put(src + "/a.txt", "a", 1600000000);
            put(dst + "/stray.txt", "goes", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        QVERIFY(!fgtest::exists(dir.sub("fg/stray.txt")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    // --partial-dir's folders are never sent, and --delete leaves them (and
    // what they hold) alone, as rsync; --delete-excluded removes them, as
    // rsync does.
    void partialDirIsNeitherSentNorDeleted_data()
    {
        QTest::addColumn<QString>("deletion");
        QTest::newRow("--delete") << u"--delete"_s;
        QTest::newRow("--delete-excluded") << u"--delete-excluded"_s;
    }
    void partialDirIsNeitherSentNorDeleted()
    {
        QFETCH(QString, deletion);
        ScratchDir dir("fgrh");
        auto o = likeRsync(dir, {u"--partial-dir=.p"_s, deletion}, [](const std::string& src, const std::string& dst) {
            put(src + "/sub/a.txt", "a", 1600000000);
            put(src + "/.p/secret", "never sent", 1600000000);
            put(dst + "/sub/.p/leftover", "a partial file of a file the source no longer has", 1600000000);
            put(dst + "/sub/gone.txt", "extraneous, and goes", 1600000000);
            put(dst + "/.p/x", "another", 1600000000);
        });
        VERIFY_EXIT(o.floodgate, 0);
        const bool kept = deletion == u"--delete"_s;
        QVERIFY(!fgtest::exists(dir.sub("fg/.p/secret")));
        QCOMPARE(fgtest::exists(dir.sub("fg/sub/.p/leftover")), kept);
        QCOMPARE(fgtest::exists(dir.sub("fg/.p/x")), kept);
        QVERIFY(!fgtest::exists(dir.sub("fg/sub/gone.txt")));
        VERIFY_LIKE_RSYNC(dir, o);
    }

    // A --partial-dir that would leave the folder it is in, or that a filter
    // rule could not name exactly, is refused before anything is copied; so
    // is --inplace with it (as rsync refuses it).
    void badPartialDirIsAUsageError_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("absolute") << QStringList{u"--partial-dir=/tmp/p"_s} << u"not supported yet"_s;
        QTest::newRow("climbs out") << QStringList{u"--partial-dir=../p"_s} << u"must stay there"_s;
        QTest::newRow("wildcard") << QStringList{u"--partial-dir=.p*"_s} << u"wildcard"_s;
        QTest::newRow("empty") << QStringList{u"--partial-dir="_s} << u"needs a folder name"_s;
        QTest::newRow("with --inplace") << QStringList{u"--inplace"_s, u"--partial-dir=.p"_s} << u"--inplace"_s;
    }
    void badPartialDirIsAUsageError()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, mentions);
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a"), "a");
        CliRun r = sync(flags + QStringList{q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 1);
        QVERIFY2(r.err.contains("--partial-dir"), explain(r).constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("dst/a")));
    }

    // --mkpath makes the destination's missing parents, here and on a daemon;
    // without it the error says to give it.
    void mkpathMakesMissingParents()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun without = sync({q(dir.sub("src/")), q(dir.sub("x/y/z/"))});
        VERIFY_EXIT(without, 3);
        QVERIFY2(without.err.contains("--mkpath"), explain(without).constData());
        // A dry run says what it would make and makes nothing.
        CliRun dry = sync({u"-n"_s, u"--mkpath"_s, q(dir.sub("src/")), q(dir.sub("x/y/z/"))});
        VERIFY_EXIT(dry, 0);
        QVERIFY2(dry.out.contains("copy    a.txt"), explain(dry).constData());
        QVERIFY(!fgtest::exists(dir.sub("x")));
        CliRun with = sync({u"--mkpath"_s, q(dir.sub("src/")), q(dir.sub("x/y/z/"))});
        VERIFY_EXIT(with, 0);
        QCOMPARE(fgtest::readFile(dir.sub("x/y/z/a.txt")), std::string("a"));

        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        CliRun remoteDry = nas.sync({u"-n"_s, u"--mkpath"_s, q(dir.sub("src/")), nas.daemon.url(u"m/deep/er/"_s)});
        VERIFY_EXIT(remoteDry, 0);
        QVERIFY(!fgtest::exists(dir.sub("module/deep")));
        CliRun remote = nas.sync({u"--mkpath"_s, q(dir.sub("src/")), nas.daemon.url(u"m/deep/er/"_s)});
        VERIFY_EXIT(remote, 0);
        QCOMPARE(fgtest::readFile(dir.sub("module/deep/er/a.txt")), std::string("a"));
    }

    void infoProgress2IsProgress()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync({u"--info=progress2"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("100%"), explain(r).constData());
        CliRun other = sync({u"--info=name2"_s, q(dir.sub("src/")), q(dir.sub("dst2/"))});
        VERIFY_EXIT(other, 1);
        QVERIFY(other.err.contains("not supported yet"));
    }

    // ---- what is said ----------------------------------------------------------

    // -i lines are rsync's, letter for letter: the same set of lines for the
    // same change (the order may differ: rsync deletes first).
    void itemizeMatchesRsync()
    {
        ScratchDir dir("fgrh");
        auto setup = [](const std::string& src, const std::string& dst) {
            put(src + "/new.txt", "a", 1600000000);
            put(src + "/same.txt", "b", 1600000000);
            put(dst + "/same.txt", "b", 1600000000);
            put(src + "/chg.txt", "cc", 1600000000);
            put(dst + "/chg.txt", "c", 1500000000);
            put(src + "/time.txt", "t", 1600000000);
            put(dst + "/time.txt", "t", 1500000000);
            put(src + "/perm.txt", "p", 1600000000);
            put(dst + "/perm.txt", "p", 1600000000);
            ::chmod((dst + "/perm.txt").c_str(), 0600);
            ::symlink("new.txt", (src + "/link").c_str());
            ::symlink("x", (src + "/link2").c_str());
            ::symlink("y", (dst + "/link2").c_str());
            put(src + "/sub/x", "x", 1600000000);
            put(dst + "/old.txt", "o", 1600000000);
            ::mkdir((dst + "/olddir").c_str(), 0755);
            // Directory times as the source's, so neither tool reports them.
            fgtest::setMtime(dst, 1600000000, 0);
            fgtest::setMtime(src, 1600000000, 0);
        };
        auto o = likeRsync(dir, {u"-i"_s, u"--delete"_s}, setup);
        VERIFY_EXIT(o.floodgate, 0);
        auto lines = [](const QByteArray& out) {
            QSet<QString> set;
            for (const QByteArray& l : out.split('\n'))
                if (l.size() > 12 && (l[0] == '>' || l[0] == '<' || l[0] == '.' || l[0] == 'c' || l[0] == '*'))
                    set.insert(QString::fromUtf8(l));
            return set;
        };
        const QSet<QString> ours = lines(o.floodgate.out);
        QVERIFY2(ours.contains(u">f+++++++++ new.txt"_s), o.floodgate.out.constData());
        QVERIFY2(ours.contains(u">f.st...... chg.txt"_s), o.floodgate.out.constData());
        QVERIFY2(ours.contains(u"cLc........ link2 -> x"_s), o.floodgate.out.constData());
        QVERIFY2(ours.contains(u"*deleting   olddir/"_s), o.floodgate.out.constData());
        const QString rsync = QStandardPaths::findExecutable(u"rsync"_s);
        if (rsync.isEmpty()) return;
        ScratchDir again("fgrh");
        setup(again.sub("src"), again.sub("dst"));
        CliRun theirs = fgtest::runProgram(rsync, {u"-ai"_s, u"--delete"_s, q(again.sub("src/")), q(again.sub("dst/"))});
        VERIFY_EXIT(theirs, 0);
        QCOMPARE(ours, lines(theirs.out));
    }

    // To a daemon the files go out: rsync's '<'.
    void itemizePushShowsSent()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        QStringList args = nas.syncArgs({u"-i"_s, q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        args.removeAll(u"--json"_s);
        CliRun r = fgtest::runCli(args);
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("<f+++++++++ a.txt"), explain(r).constData());
    }

    void outFormatAndLogFile()
    {
        ScratchDir dir("fgrh");
        put(dir.sub("src/a.txt"), "aaaa", 1600000000);
        link("a.txt", dir.sub("src/link"));
        put(dir.sub("dst/stray"), "x", 1600000000);
        CliRun r = sync({u"--out-format=%o|%-8n|%l%L"_s, u"--log-file"_s, q(dir.sub("run.log")), u"--delete"_s,
                         q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("recv|a.txt   |4\n"), explain(r).constData());
        QVERIFY2(r.out.contains("recv|link    |0 -> a.txt"), explain(r).constData());
        QVERIFY2(r.out.contains("del.|stray   |"), explain(r).constData());
        const QString log = QString::fromStdString(fgtest::readFile(dir.sub("run.log")));
        static const QRegularExpression line(u"^\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d \\[\\d+\\] >f\\+{9} a\\.txt$"_s,
                                             QRegularExpression::MultilineOption);
        QVERIFY2(line.match(log).hasMatch(), qPrintable(log));
        QVERIFY2(log.contains(u"*deleting   stray"_s), qPrintable(log));
        QVERIFY2(log.contains(u"exit code 0"_s), qPrintable(log));
        CliRun bad = sync({u"--out-format=%n %q"_s, q(dir.sub("src/")), q(dir.sub("dst2/"))});
        VERIFY_EXIT(bad, 1);
        QVERIFY2(bad.err.contains("%q is not supported yet"), explain(bad).constData());
    }

    void statsUsesRsyncLabels()
    {
        ScratchDir dir("fgrh");
        fgtest::writeFile(dir.sub("src/a.txt"), "aaaa");
        fgtest::writeFile(dir.sub("src/b.txt"), "bb");
        fgtest::writeFile(dir.sub("dst/stray"), "x");
        CliRun r = sync({u"--stats"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("Number of regular files transferred: 2"), explain(r).constData());
        QVERIFY2(r.out.contains("Number of deleted files: 1"), explain(r).constData());
        QVERIFY2(r.out.contains("Total file size: 6 bytes"), explain(r).constData());
    }

    // The rules travel in the job request: a daemon's receiver applies them.
    void rulesTravelToADaemon()
    {
        ScratchDir dir("fgrh");
        fgtest::PairedDaemon nas(dir);
        QVERIFY2(nas.ok, qPrintable(nas.daemon.log()));
        put(dir.sub("src/newer-there.txt"), "source", 1600000000);
        put(dir.sub("module/b/newer-there.txt"), "edited on the NAS", 1700000000);
        put(dir.sub("src/big.bin"), std::string(8192, 'b'), 1600000000);
        for (int i = 0; i < 3; ++i) put(dir.sub("module/b/extra" + std::to_string(i)), "x", 1600000000);
        CliRun r = nas.sync({u"-u"_s, u"--max-size"_s, u"4K"_s, u"--delete"_s, u"--max-delete"_s, u"1"_s,
                             q(dir.sub("src/")), nas.daemon.url(u"m/b/"_s)});
        VERIFY_EXIT(r, 25);
        QCOMPARE(fgtest::readFile(dir.sub("module/b/newer-there.txt")), std::string("edited on the NAS"));
        QVERIFY(!fgtest::exists(dir.sub("module/b/big.bin")));
        int left = 0;
        for (int i = 0; i < 3; ++i) left += fgtest::exists(dir.sub("module/b/extra" + std::to_string(i)));
        QCOMPARE(left, 2);
    }

    // Every flag the help lists is in the README's table, so neither falls
    // behind the other.
    void readmeListsEveryFlag()
    {
        QFile readme(QStringLiteral(FG_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const QStringList flags = helpFlags();
        QVERIFY2(flags.size() > 20, qPrintable(flags.join(u' ')));
        QStringList missing;
        for (const QString& f : flags)
            if (!text.contains(u"`--"_s + f)) missing << f;
        QVERIFY2(missing.isEmpty(), qPrintable(u"README.md lacks: "_s + missing.join(u", "_s)));
    }
};

QTEST_GUILESS_MAIN(TestRsyncHabits)
#include "test_rsync_habits.moc"
