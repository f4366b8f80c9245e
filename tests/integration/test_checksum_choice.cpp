// --checksum-choice through the real CLI: a daemon on 127.0.0.1 (push and
// pull, several streams and chunks) and local copies. Every choice must
// deliver every file byte for byte, whole, chunked or as a delta, and -c
// must compare by the chosen hash.

#include "test_support.h"

#include <QJsonObject>
#include <QTest>

using namespace fgtest;

namespace {

QString choiceOf(const CliRun& run)
{
    return parseJsonObject(run.out, nullptr).value(QStringLiteral("checksum_choice")).toString();
}

// Sizes that take every path: one SmallFile frame, a whole file of several
// frames, a file cut into 1 MiB chunks, an empty file.
void writeTree(const std::string& root)
{
    writeFile(root + "/small.bin", randomBytes(3000, 1));
    std::string text;
    for (int i = 0; text.size() < 20000; ++i) text += "line " + std::to_string(i % 97) + " of a small text file\n";
    writeFile(root + "/small.txt", text);
    writeFile(root + "/dir/several-frames.bin", randomBytes(700 << 10, 2));
    writeFile(root + "/big.bin", randomBytes(3 << 20, 3));
    writeFile(root + "/empty", "");
}

} // namespace

class TestChecksumChoice : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyChoiceDeliversEveryFile_data()
    {
        QTest::addColumn<QString>("choice");
        QTest::addColumn<QStringList>("extra");
        QTest::newRow("xxh128") << QStringLiteral("xxh128") << QStringList{};
        QTest::newRow("xxh3") << QStringLiteral("xxh3") << QStringList{};
        QTest::newRow("sha256") << QStringLiteral("sha256") << QStringList{};
        // Compressed SmallFile frames: their header (with the digest) is
        // read before the payload is expanded.
        QTest::newRow("xxh3, zstd") << QStringLiteral("xxh3") << QStringList{QStringLiteral("--compress"), QStringLiteral("zstd")};
        QTest::newRow("sha256, zstd") << QStringLiteral("sha256") << QStringList{QStringLiteral("--compress"), QStringLiteral("zstd")};
    }
    void everyChoiceDeliversEveryFile()
    {
        QFETCH(QString, choice);
        QFETCH(QStringList, extra);
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeTree(dir.sub("src"));
        const QStringList how = QStringList{QStringLiteral("--checksum-choice"), choice, QStringLiteral("--streams"),
                                            QStringLiteral("3"), QStringLiteral("--chunk-size"), QStringLiteral("1M")}
                                + extra;
        auto check = [&](const CliRun& run, const std::string& copy) {
            QVERIFY2(run.exitCode == 0, (run.err + run.out).constData());
            QCOMPARE(choiceOf(run), choice);
            const QString diff = diffTrees(describeTree(dir.sub("src")), describeTree(copy));
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
            QVERIFY(tempFilesUnder(copy).isEmpty());
        };
        check(f.sync(how + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))}),
              dir.sub("module/copy"));
        if (QTest::currentTestFailed()) return;
        check(f.sync(how + QStringList{f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))}), dir.sub("back"));
        if (QTest::currentTestFailed()) return;
        check(f.sync(how + QStringList{q(dir.sub("src/")), q(dir.sub("local"))}), dir.sub("local"));
        if (QTest::currentTestFailed()) return;

        // A changed big file goes as a delta, verified with the same choice.
        std::string big = readFile(dir.sub("src/big.bin"));
        big.replace(1'500'000, 5000, randomBytes(5000, 4));
        big.insert(2'000'000, "inserted");
        writeFile(dir.sub("src/big.bin"), big);
        const CliRun delta = f.sync(how + QStringList{QStringLiteral("--no-whole-file"), q(dir.sub("src/")),
                                                      f.daemon.url(QStringLiteral("m/copy/"))});
        check(delta, dir.sub("module/copy"));
        QVERIFY2(parseJsonObject(delta.out, nullptr).value(QStringLiteral("wire_bytes")).toDouble() < 1e6, delta.out.constData());
    }

    // -c compares by content with the chosen hash: a file changed without a
    // change of size or time is found, an identical one is left alone.
    void checksumComparesByTheChoice()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        writeFile(dir.sub("src/same.txt"), "identical content");
        writeFile(dir.sub("src/changed.txt"), "new content, same size");
        writeFile(dir.sub("module/copy/same.txt"), "identical content");
        writeFile(dir.sub("module/copy/changed.txt"), "old content, same size");
        for (const char* name : {"same.txt", "changed.txt"}) {
            setMtime(dir.sub("src/") + name, 1'700'000'000);
            setMtime(dir.sub("module/copy/") + name, 1'700'000'000);
        }
        const CliRun run = f.sync({QStringLiteral("-c"), QStringLiteral("--checksum-choice"), QStringLiteral("sha256"),
                                   QStringLiteral("-v"), q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(readFile(dir.sub("module/copy/changed.txt")), std::string("new content, same size"));
        QCOMPARE(parseJsonObject(run.out, nullptr).value(QStringLiteral("files_transferred")).toDouble(), 1.0);
    }

    void anUnknownChoiceIsAUsageError()
    {
        ScratchDir dir;
        const CliRun run = runCli({QStringLiteral("sync"), QStringLiteral("--checksum-choice"), QStringLiteral("md5"),
                                   q(dir.sub("a/")), q(dir.sub("b"))});
        QCOMPARE(run.exitCode, 1); // a usage error
        QVERIFY2(run.err.contains("--checksum-choice") && run.err.contains("sha256"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestChecksumChoice)
#include "test_checksum_choice.moc"

using fgtest::q;
