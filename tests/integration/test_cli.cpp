// End-to-end tests of `floodgate sync` between local paths, driving the real
// CLI binary: usage errors, the --json summary, dry runs, rsync filter rules,
// trailing-slash semantics, single files, --delete, -c, --progress, exit codes.

#include "test_support.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::q;

using namespace Qt::StringLiterals;

namespace {

CliRun sync(const QStringList& args, int timeoutMs = 60000, const QByteArray& stdinData = {})
{
    return fgtest::runCli(QStringList{QStringLiteral("sync")} + args, timeoutMs, stdinData);
}

// Regular files and symlinks under root, relative, sorted.
QStringList filesUnder(const std::string& root)
{
    QStringList out;
    for (const auto& [path, desc] : fgtest::describeTree(root, false))
        if (desc.rfind("dir", 0) != 0) out << q(path);
    out.sort();
    return out;
}

QStringList dirsUnder(const std::string& root)
{
    QStringList out;
    for (const auto& [path, desc] : fgtest::describeTree(root, false))
        if (desc.rfind("dir", 0) == 0) out << q(path);
    out.sort();
    return out;
}

} // namespace

#define VERIFY_SAME_TREE(a, b)                                                                                         \
    do {                                                                                                               \
        const QString d_ = fgtest::diffTrees(fgtest::describeTree(a), fgtest::describeTree(b));                        \
        QVERIFY2(d_.isEmpty(), qPrintable(d_));                                                                        \
    } while (0)

class TestCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- usage errors ------------------------------------------------------

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        // SRC and DST are filled in for rows that need them: @SRC@ / @DST@.
        QTest::newRow("unknown long option")
            << QStringList{u"sync"_s, u"--frobnicate"_s, u"@SRC@"_s, u"@DST@"_s} << "--frobnicate";
        QTest::newRow("unknown short option") << QStringList{u"sync"_s, u"-Z"_s, u"@SRC@"_s, u"@DST@"_s} << "-Z";
        QTest::newRow("missing DST") << QStringList{u"sync"_s, u"@SRC@"_s} << "destination";
        QTest::newRow("no arguments") << QStringList{u"sync"_s} << "source";
        QTest::newRow("three paths") << QStringList{u"sync"_s, u"@SRC@"_s, u"@SRC@"_s, u"@DST@"_s}
                                     << "more than one source";
        QTest::newRow("bwlimit abc") << QStringList{u"sync"_s, u"--bwlimit"_s, u"abc"_s, u"@SRC@"_s, u"@DST@"_s}
                                     << "abc";
        QTest::newRow("bwlimit=abc") << QStringList{u"sync"_s, u"--bwlimit=abc"_s, u"@SRC@"_s, u"@DST@"_s}
                                     << "--bwlimit";
        QTest::newRow("option needs a value")
            << QStringList{u"sync"_s, u"@SRC@"_s, u"@DST@"_s, u"--exclude"_s} << "--exclude";
        QTest::newRow("flag given a value")
            << QStringList{u"sync"_s, u"--delete=yes"_s, u"@SRC@"_s, u"@DST@"_s} << "--delete";
        QTest::newRow("modify-window xyz")
            << QStringList{u"sync"_s, u"--modify-window"_s, u"xyz"_s, u"@SRC@"_s, u"@DST@"_s} << "--modify-window";
        QTest::newRow("bad filter pattern")
            << QStringList{u"sync"_s, u"--exclude"_s, u"[abc"_s, u"@SRC@"_s, u"@DST@"_s} << "[abc";
        QTest::newRow("fsync sometimes")
            << QStringList{u"sync"_s, u"--fsync"_s, u"sometimes"_s, u"@SRC@"_s, u"@DST@"_s} << "end";
        QTest::newRow("compress gzip")
            << QStringList{u"sync"_s, u"--compress"_s, u"gzip"_s, u"@SRC@"_s, u"@DST@"_s} << "choose zstd[:LEVEL]";
        QTest::newRow("compress zstd:42")
            << QStringList{u"sync"_s, u"--compress=zstd:42"_s, u"@SRC@"_s, u"@DST@"_s} << "zstd level 42";
        QTest::newRow("unknown command") << QStringList{u"synk"_s, u"@SRC@"_s, u"@DST@"_s} << "synk";
        QTest::newRow("both remote") << QStringList{u"sync"_s, u"floodgate://127.0.0.1:1/m/a"_s,
                                                    u"floodgate://127.0.0.1:1/m/b"_s}
                                     << "remote";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        for (QString& a : args) {
            a.replace(QStringLiteral("@SRC@"), q(dir.sub("src/")));
            a.replace(QStringLiteral("@DST@"), q(dir.sub("dst/")));
        }
        CliRun r = fgtest::runCli(args, 30000);
        VERIFY_EXIT(r, 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(mentions), explain(r).constData());
        QVERIFY2(!fgtest::exists(dir.sub("dst")), "a usage error must not touch the destination");
    }

    void helpExitsZero()
    {
        CliRun r = fgtest::runCli({u"sync"_s, u"--help"_s}, 30000);
        VERIFY_EXIT(r, 0);
        QVERIFY(r.out.contains("--dry-run"));
    }

    // ---- exit code 3: source / destination problems -----------------------

    void missingSourceExits3()
    {
        ScratchDir dir("fgcli");
        CliRun r = sync({q(dir.sub("no-such-dir/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("no-such-dir"), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("dst")));
    }

    void missingDestinationParentExits3()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        CliRun r = sync({q(dir.sub("src/")), q(dir.sub("missing/parent/dst"))});
        VERIFY_EXIT(r, 3);
        QVERIFY2(r.err.contains("missing"), explain(r).constData());
        QVERIFY(!fgtest::exists(dir.sub("missing")));
    }

    void directoryOntoAFileRefused()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::writeFile(dir.sub("target"), "a file, not a directory");
        for (const QString& source : {q(dir.sub("src/")), q(dir.sub("src"))}) {
            CliRun r = sync({source, q(dir.sub("target"))});
            VERIFY_EXIT(r, 3); // a destination problem, not a usage error
            QVERIFY2(r.err.contains("not a directory"), explain(r).constData());
            QCOMPARE(fgtest::readFile(dir.sub("target")), std::string("a file, not a directory"));
        }
    }

    // ---- --json ------------------------------------------------------------

    // Each mode changes when data reaches the disk, never what lands.
    void everyFsyncModeCopies_data()
    {
        QTest::addColumn<QString>("mode");
        for (const char* m : {"end", "file", "none"}) QTest::newRow(m) << QString::fromLatin1(m);
    }
    void everyFsyncModeCopies()
    {
        QFETCH(QString, mode);
        ScratchDir dir("fgcli");
        const std::string big = fgtest::randomBytes(3 << 20, 5);
        fgtest::writeFile(dir.sub("src/big.bin"), big);
        fgtest::writeFile(dir.sub("src/sub/small.txt"), "small");
        CliRun r = sync({u"--fsync"_s, mode, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/big.bin")), big);
        QCOMPARE(fgtest::readFile(dir.sub("dst/sub/small.txt")), std::string("small"));
    }

    // Compression is chosen per job; a local copy has no wire to compress
    // for, but the flags are read and the copy is whole.
    void compressFlagsAreAccepted_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("-avz") << QStringList{u"-avz"_s};
        QTest::newRow("zstd:19") << QStringList{u"--compress"_s, u"zstd:19"_s};
        QTest::newRow("-z then none") << QStringList{u"-z"_s, u"--compress=none"_s};
    }
    void compressFlagsAreAccepted()
    {
        QFETCH(QStringList, flags);
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), std::string(5000, 'a'));
        CliRun r = sync(flags + QStringList{q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/a.txt")), std::string(5000, 'a'));
    }

    void jsonSummary()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/one.txt"), std::string(10, '1'));
        fgtest::writeFile(dir.sub("src/sub/two.txt"), std::string(200, '2'));
        fgtest::writeFile(dir.sub("src/sub/three.bin"), fgtest::randomBytes(3000, 3));
        QVERIFY(::symlink("one.txt", dir.sub("src/link").c_str()) == 0);
        QDir().mkpath(q(dir.sub("src/emptydir")));

        CliRun r = sync({u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err)); // stdout is exactly one JSON object

        const QStringList numeric
            = {u"exit_code"_s,   u"files_total"_s,       u"files_transferred"_s, u"files_deleted"_s,
               u"bytes_total"_s, u"bytes_transferred"_s, u"wire_bytes"_s,        u"seconds"_s};
        for (const QString& key : numeric)
            QVERIFY2(j.value(key).isDouble(),
                     qPrintable(u"missing or non-numeric field "_s + key + u": "_s + QString::fromUtf8(r.out)));
        QVERIFY2(j.value(u"state"_s).isString(), r.out.constData());
        QVERIFY2(j.value(u"dry_run"_s).isBool(), r.out.constData());
        QVERIFY2(j.value(u"errors"_s).isArray(), r.out.constData());
        QVERIFY2(j.value(u"stages"_s).isArray(), r.out.constData());

        QCOMPARE(j.value(u"state"_s).toString(), QStringLiteral("done"));
        QCOMPARE(j.value(u"exit_code"_s).toInt(), 0);
        QCOMPARE(j.value(u"dry_run"_s).toBool(), false);
        QCOMPARE(j.value(u"files_total"_s).toInt(), 3);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 3);
        QCOMPARE(j.value(u"files_deleted"_s).toInt(), 0);
        QCOMPARE(j.value(u"bytes_total"_s).toInteger(), 3210);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 3210);
        QVERIFY(j.value(u"wire_bytes"_s).toInteger() >= 0);
        QVERIFY(j.value(u"seconds"_s).toDouble() >= 0);
        QVERIFY(j.value(u"seconds"_s).toDouble() < 60);
        QCOMPARE(j.value(u"errors"_s).toArray().size(), 0);
        QVERIFY2(!j.value(u"stages"_s).toArray().isEmpty(), r.out.constData());
        for (const auto& s : j.value(u"stages"_s).toArray())
            QVERIFY2(s.toObject().value(u"name"_s).isString(), r.out.constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));

        // A second run: one file changed, one removed, --delete.
        fgtest::writeFile(dir.sub("src/sub/two.txt"), std::string(250, 'x'));
        QVERIFY(QFile::remove(q(dir.sub("src/one.txt"))));
        QVERIFY(QFile::remove(q(dir.sub("src/link"))));
        r = sync({u"--json"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_total"_s).toInt(), 2);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 1);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 250);
        QCOMPARE(j.value(u"bytes_total"_s).toInteger(), 3250);
        QCOMPARE(j.value(u"files_deleted"_s).toInt(), 2); // one.txt and link
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
    }

    // ---- -n / --dry-run ----------------------------------------------------

    void dryRunPrintsPlanAndChangesNothing()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 1);
        fgtest::makeSampleTree(dir.sub("dst"), 1);
        // Differences: a new file, a changed file, an extraneous file.
        fgtest::writeFile(dir.sub("src/new-file.txt"), "new");
        fgtest::writeFile(dir.sub("src/a.txt"), "changed content, other size");
        fgtest::writeFile(dir.sub("dst/extraneous.txt"), "extra");
        const auto before = fgtest::describeTree(dir.sub("dst"));

        CliRun r = sync({u"-n"_s, u"--delete"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("copy\\s+new-file\\.txt"))), explain(r).constData());
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("update\\s+a\\.txt"))), explain(r).constData());
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("delete\\s+extraneous\\.txt"))),
                 explain(r).constData());
        QVERIFY2(!out.contains(QStringLiteral("run.sh")), "unchanged files are not plan lines");
        const QString d = fgtest::diffTrees(before, fgtest::describeTree(dir.sub("dst")));
        QVERIFY2(d.isEmpty(), qPrintable(u"a dry run changed the destination:\n"_s + d));

        // --json: dry_run true, nothing transferred.
        r = sync({u"--dry-run"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"dry_run"_s).toBool(), true);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(j.value(u"bytes_transferred"_s).toInteger(), 0);
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(dir.sub("dst"))).isEmpty());
    }

    void dryRunIntoMissingDestinationCreatesNothing()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 2);
        CliRun r = sync({u"-n"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("a.txt"), explain(r).constData());
        QVERIFY2(!fgtest::exists(dir.sub("dst")), "a dry run created the destination");
    }

    // ---- filters -----------------------------------------------------------

    void filters_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QStringList>("dirs");
        const QStringList allDirs = {u"other"_s, u"sub"_s, u"sub/deeper"_s};
        QTest::newRow("only *.txt") << QStringList{u"--include=*/"_s, u"--include=*.txt"_s, u"--exclude=*"_s}
                                    << QStringList{u"a.txt"_s, u"sub/c.txt"_s, u"sub/deeper/e.txt"_s} << allDirs;
        QTest::newRow("exclude *.log") << QStringList{u"--exclude"_s, u"*.log"_s}
                                       << QStringList{u"a.txt"_s, u"other/sub"_s, u"sub/c.txt"_s, u"sub/d.bin"_s,
                                                      u"sub/deeper/e.txt"_s}
                                       << allDirs;
        QTest::newRow("anchored /sub") << QStringList{u"--exclude=/sub"_s}
                                       << QStringList{u"a.txt"_s, u"b.log"_s, u"other/f.log"_s, u"other/sub"_s}
                                       << QStringList{u"other"_s};
        QTest::newRow("dir-only sub/") << QStringList{u"--exclude=sub/"_s}
                                       << QStringList{u"a.txt"_s, u"b.log"_s, u"other/f.log"_s, u"other/sub"_s}
                                       << QStringList{u"other"_s};
        QTest::newRow("name anywhere") << QStringList{u"--exclude=sub"_s}
                                       << QStringList{u"a.txt"_s, u"b.log"_s, u"other/f.log"_s}
                                       << QStringList{u"other"_s};
        QTest::newRow("first match wins") << QStringList{u"--include=b.log"_s, u"--exclude=*.log"_s}
                                          << QStringList{u"a.txt"_s,     u"b.log"_s,     u"other/sub"_s,
                                                         u"sub/c.txt"_s, u"sub/d.bin"_s, u"sub/deeper/e.txt"_s}
                                          << allDirs;
        QTest::newRow("path pattern") << QStringList{u"--exclude=sub/deeper/*.txt"_s}
                                      << QStringList{u"a.txt"_s,     u"b.log"_s,     u"other/f.log"_s,
                                                     u"other/sub"_s, u"sub/c.txt"_s, u"sub/d.bin"_s}
                                      << allDirs;
        QTest::newRow("dir/***") << QStringList{u"--include=sub/***"_s, u"--exclude=*"_s}
                                 << QStringList{u"sub/c.txt"_s, u"sub/d.bin"_s, u"sub/deeper/e.txt"_s}
                                 << QStringList{u"sub"_s, u"sub/deeper"_s};
    }
    void filters()
    {
        QFETCH(QStringList, options);
        QFETCH(QStringList, files);
        QFETCH(QStringList, dirs);
        ScratchDir dir("fgcli");
        makeFilterTree(dir.sub("src"));
        CliRun r = sync(options + QStringList{q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")), files);
        QCOMPARE(dirsUnder(dir.sub("dst")), dirs);
        // What was copied is exact.
        for (const QString& f : files)
            QCOMPARE(fgtest::readFile(dir.sub("dst/" + f.toStdString())),
                     fgtest::readFile(dir.sub("src/" + f.toStdString())));
    }

    void excludeFromAndIncludeFrom()
    {
        ScratchDir dir("fgcli");
        makeFilterTree(dir.sub("src"));
        fgtest::writeFile(dir.sub("src/keep.log"), "keep");
        fgtest::writeFile(dir.sub("rules.txt"), "# a comment\n; another comment\n\n+ keep.log\n- *.log\n*.bin\n");
        CliRun r = sync({u"--exclude-from"_s, q(dir.sub("rules.txt")), q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")),
                 (QStringList{u"a.txt"_s, u"keep.log"_s, u"other/sub"_s, u"sub/c.txt"_s, u"sub/deeper/e.txt"_s}));

        fgtest::writeFile(dir.sub("inc.txt"), "*/\n*.txt\n");
        r = sync({u"--include-from"_s, q(dir.sub("inc.txt")), u"--exclude"_s, u"*"_s, q(dir.sub("src/")),
                  q(dir.sub("dst2/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst2")), (QStringList{u"a.txt"_s, u"sub/c.txt"_s, u"sub/deeper/e.txt"_s}));
    }

    void filesFrom()
    {
        ScratchDir dir("fgcli");
        makeFilterTree(dir.sub("src"));
        fgtest::writeFile(dir.sub("list.txt"), "a.txt\nsub/deeper/e.txt\n");
        CliRun r = sync({u"--files-from"_s, q(dir.sub("list.txt")), q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")), (QStringList{u"a.txt"_s, u"sub/deeper/e.txt"_s}));
        QCOMPARE(dirsUnder(dir.sub("dst")), (QStringList{u"sub"_s, u"sub/deeper"_s}));
        QCOMPARE(fgtest::readFile(dir.sub("dst/sub/deeper/e.txt")), fgtest::readFile(dir.sub("src/sub/deeper/e.txt")));

        // From stdin, NUL-separated as `find -print0` writes it.
        r = sync({u"--files-from"_s, u"-"_s, q(dir.sub("src/")), q(dir.sub("dst2/"))}, 60000,
                 QByteArray("b.log\0other/f.log\0", 18));
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst2")), (QStringList{u"b.log"_s, u"other/f.log"_s}));
    }

    // ---- trailing slash, single files ----------------------------------------

    void trailingSlashSemantics()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 3);
        // src/ = the contents
        CliRun r = sync({q(dir.sub("src/")), q(dir.sub("contents"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("contents"));
        // src = the directory itself, inside DST (existing or not)
        QDir().mkpath(q(dir.sub("existing")));
        r = sync({q(dir.sub("src")), q(dir.sub("existing/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(dirsUnder(dir.sub("existing")).filter(QRegularExpression(u"^[^/]+$"_s)), QStringList{u"src"_s});
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("existing/src"));
        r = sync({q(dir.sub("src")), q(dir.sub("created"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("created/src"));
        // The root directory's own mode follows the source for src/.
        ::chmod(dir.sub("src").c_str(), 0711);
        r = sync({q(dir.sub("src/")), q(dir.sub("contents/"))});
        VERIFY_EXIT(r, 0);
        struct stat st{};
        QVERIFY(::stat(dir.sub("contents").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, 0711u);
    }

    void directoryTimesAndModes()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/sub/deep/a.txt"), "a");
        fgtest::writeFile(dir.sub("src/locked/b.txt"), "b");
        QVERIFY(QDir().mkpath(q(dir.sub("src/empty"))));
        ::chmod(dir.sub("src/locked").c_str(), 0555);
        ::chmod(dir.sub("src/sub/deep").c_str(), 0700);
        const char* dirs[] = {"sub", "sub/deep", "locked", "empty"};
        for (int i = 0; i < 4; ++i) fgtest::setMtime(dir.sub("src/") + dirs[i], 1400000000 + i, 100 + i);
        CliRun r = sync({q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        for (int i = 0; i < 4; ++i) {
            struct stat a {
            }, b{};
            QVERIFY(::stat((dir.sub("src/") + dirs[i]).c_str(), &a) == 0);
            QVERIFY(::stat((dir.sub("dst/") + dirs[i]).c_str(), &b) == 0);
            QVERIFY2(S_ISDIR(b.st_mode), dirs[i]);
            QCOMPARE(b.st_mode & 07777, a.st_mode & 07777);
            QCOMPARE(qint64(b.st_mtim.tv_sec), qint64(a.st_mtim.tv_sec));
            QCOMPARE(qint64(b.st_mtim.tv_nsec), qint64(a.st_mtim.tv_nsec));
        }
        QCOMPARE(fgtest::readFile(dir.sub("dst/locked/b.txt")), std::string("b"));
    }

    void singleFile()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/file.txt"), "single file content", 0640);
        fgtest::setMtime(dir.sub("src/file.txt"), 1500000000, 123456789);
        QDir().mkpath(q(dir.sub("dst")));

        // To a new name
        CliRun r = sync({q(dir.sub("src/file.txt")), q(dir.sub("dst/renamed.txt"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")), QStringList{u"renamed.txt"_s});
        QCOMPARE(fgtest::readFile(dir.sub("dst/renamed.txt")), std::string("single file content"));
        struct stat st{};
        QVERIFY(::stat(dir.sub("dst/renamed.txt").c_str(), &st) == 0);
        QCOMPARE(st.st_mode & 07777, 0640u);
        QCOMPARE(qint64(st.st_mtim.tv_sec), qint64(1500000000));
        QCOMPARE(qint64(st.st_mtim.tv_nsec), qint64(123456789));

        // Into an existing directory, with and without a trailing slash
        QDir().mkpath(q(dir.sub("into")));
        r = sync({q(dir.sub("src/file.txt")), q(dir.sub("into/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("into")), QStringList{u"file.txt"_s});
        QDir().mkpath(q(dir.sub("into2")));
        r = sync({q(dir.sub("src/file.txt")), q(dir.sub("into2"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("into2")), QStringList{u"file.txt"_s});
        QCOMPARE(fgtest::readFile(dir.sub("into2/file.txt")), std::string("single file content"));

        // Over an existing older file of the same name
        fgtest::writeFile(dir.sub("dst/renamed.txt"), "old", 0600);
        r = sync({q(dir.sub("src/file.txt")), q(dir.sub("dst/renamed.txt"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/renamed.txt")), std::string("single file content"));
        QCOMPARE(fgtest::tempFilesUnder(dir.sub("dst")), QStringList());
    }

    // ---- --delete ------------------------------------------------------------

    void defaultNeverDeletes()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::writeFile(dir.sub("dst/extra.txt"), "extra");
        CliRun r = sync({q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")), (QStringList{u"a.txt"_s, u"extra.txt"_s}));
    }

    void deleteKeepsExcluded()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/a.txt"), "a");
        fgtest::writeFile(dir.sub("src/sub/b.txt"), "b");
        fgtest::writeFile(dir.sub("dst/extra.txt"), "extra");
        fgtest::writeFile(dir.sub("dst/keep.log"), "excluded: protected");
        fgtest::writeFile(dir.sub("dst/sub/keep2.log"), "excluded too");
        fgtest::writeFile(dir.sub("dst/gone/deep/x.txt"), "x");
        CliRun r
            = sync({u"--delete"_s, u"--exclude"_s, u"*.log"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(filesUnder(dir.sub("dst")),
                 (QStringList{u"a.txt"_s, u"keep.log"_s, u"sub/b.txt"_s, u"sub/keep2.log"_s}));
        QCOMPARE(dirsUnder(dir.sub("dst")), QStringList{u"sub"_s});
        QCOMPARE(fgtest::readFile(dir.sub("dst/keep.log")), std::string("excluded: protected"));
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_deleted"_s).toInt(), 4); // extra.txt, gone, gone/deep, gone/deep/x.txt
    }

    // ---- -c / --checksum, --modify-window -----------------------------------

    void checksumDetectsSameSizeSameMtimeChange()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/f.txt"), "AAAAAAAAAA");
        fgtest::writeFile(dir.sub("dst/f.txt"), "BBBBBBBBBB");
        fgtest::setMtime(dir.sub("src/f.txt"), 1600000000, 5);
        fgtest::setMtime(dir.sub("dst/f.txt"), 1600000000, 5);
        ::chmod(dir.sub("dst/f.txt").c_str(), 0644);
        ::chmod(dir.sub("src/f.txt").c_str(), 0644);

        // The quick check (size + mtime) sees no change, as rsync's does.
        CliRun r = sync({u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/f.txt")), std::string("BBBBBBBBBB"));

        r = sync({u"-c"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 1);
        QCOMPARE(fgtest::readFile(dir.sub("dst/f.txt")), std::string("AAAAAAAAAA"));

        // And -c on equal trees transfers nothing.
        r = sync({u"--checksum"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        j = fgtest::parseJsonObject(r.out, &err);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
    }

    void modifyWindow()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/f.txt"), "new!");
        fgtest::writeFile(dir.sub("dst/f.txt"), "old!");
        fgtest::setMtime(dir.sub("src/f.txt"), 1600000001, 0);
        fgtest::setMtime(dir.sub("dst/f.txt"), 1600000000, 0);
        CliRun r = sync({u"--modify-window"_s, u"2"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/f.txt")), std::string("old!"));
        r = sync({q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QCOMPARE(fgtest::readFile(dir.sub("dst/f.txt")), std::string("new!"));
    }

    // ---- output modes -------------------------------------------------------

    void progressShowsPercent()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 4);
        CliRun r = sync({u"--progress"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains('%'), explain(r).constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
    }

    void progressWhileTransferring()
    {
        // Paced to ~1.5 s so the line is updated while data moves.
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(3u << 20, 9));
        CliRun r = sync({u"--progress"_s, u"--bwlimit"_s, u"2M"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains('%'), explain(r).constData());
        QVERIFY2(r.out.contains("100%"), explain(r).constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
    }

    void bwlimitPaces()
    {
        ScratchDir dir("fgcli");
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(3u << 20, 10));
        CliRun r = sync({u"--json"_s, u"--bwlimit"_s, u"2M"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        // 3 MiB at 2 MiB/s: about 1.5 s (allow a burst of up to one second's worth).
        QVERIFY2(j.value(u"seconds"_s).toDouble() >= 0.9, r.out.constData());
        QVERIFY2(j.value(u"seconds"_s).toDouble() < 10, r.out.constData());
    }

    void verboseAndQuiet()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 5);
        CliRun r = sync({u"-v"_s, q(dir.sub("src/")), q(dir.sub("v/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.contains("a.txt") && r.out.contains("sub/b.bin"), explain(r).constData());
        r = sync({u"-q"_s, q(dir.sub("src/")), q(dir.sub("q/"))});
        VERIFY_EXIT(r, 0);
        QVERIFY2(r.out.isEmpty(), explain(r).constData());
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("q"));
    }

    void archiveFlagsAccepted()
    {
        ScratchDir dir("fgcli");
        fgtest::makeSampleTree(dir.sub("src"), 6);
        CliRun r = sync({u"-av"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        VERIFY_SAME_TREE(dir.sub("src"), dir.sub("dst"));
        // A resync transfers nothing and changes nothing.
        const auto before = fgtest::describeTree(dir.sub("dst"));
        r = sync({u"-a"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        VERIFY_EXIT(r, 0);
        QString err;
        QJsonObject j = fgtest::parseJsonObject(r.out, &err);
        QCOMPARE(j.value(u"files_transferred"_s).toInt(), 0);
        QVERIFY(fgtest::diffTrees(before, fgtest::describeTree(dir.sub("dst"))).isEmpty());
    }

private:
    static void makeFilterTree(const std::string& root)
    {
        fgtest::writeFile(root + "/a.txt", "a");
        fgtest::writeFile(root + "/b.log", "b");
        fgtest::writeFile(root + "/sub/c.txt", "c");
        fgtest::writeFile(root + "/sub/d.bin", "d");
        fgtest::writeFile(root + "/sub/deeper/e.txt", "e");
        fgtest::writeFile(root + "/other/f.log", "f");
        fgtest::writeFile(root + "/other/sub", "a file named sub");
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
