// The command lines rsync users type on their first day, run through the
// real CLI: each flag does what rsync's does, or is refused out loud; none is
// read as something else or silently ignored.

#include "test_support.h"

#include <QFile>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;

using namespace Qt::StringLiterals;

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

CliRun sync(const QStringList& args, int timeoutMs = 60000)
{
    return fgtest::runCli(QStringList{u"sync"_s} + args, timeoutMs);
}

QByteArray explain(const CliRun& r)
{
    return "exit " + QByteArray::number(r.exitCode) + "\n--- stdout:\n" + r.out + "\n--- stderr:\n" + r.err;
}

#define VERIFY_EXIT(run, code) QVERIFY2((run).exitCode == (code), explain(run).constData())

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
        QTest::newRow("--inplace") << u"--inplace"_s << u"--inplace"_s;
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
