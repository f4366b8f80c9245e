// Several data connections to a daemon through the real CLI: --streams N and
// auto, --chunk-size, and the errors for nonsense values.

#include "test_support.h"

#include <QJsonObject>
#include <QTest>

using namespace fgtest;

namespace {

void makeMixedTree(const std::string& root)
{
    writeFile(root + "/video.bin", randomBytes((40 << 20) + 333, 1));
    writeFile(root + "/disk.img", randomBytes(12 << 20, 2));
    for (int i = 0; i < 300; ++i)
        writeFile(root + "/docs/" + std::to_string(i % 7) + "/n" + std::to_string(i), randomBytes(size_t(i) * 31 + 1, uint64_t(i)));
}

} // namespace

class TestStreams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pushAndPullOnSeveralStreams_data()
    {
        QTest::addColumn<QString>("streams");
        QTest::addColumn<QString>("chunk");
        QTest::newRow("1 stream") << QStringLiteral("1") << QString();
        QTest::newRow("4 streams") << QStringLiteral("4") << QString();
        QTest::newRow("auto") << QStringLiteral("auto") << QString();
        QTest::newRow("3 streams, 1M chunks") << QStringLiteral("3") << QStringLiteral("1M");
    }
    void pushAndPullOnSeveralStreams()
    {
        QFETCH(QString, streams);
        QFETCH(QString, chunk);
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        makeMixedTree(dir.sub("src"));
        QStringList extra = {QStringLiteral("--streams"), streams};
        if (!chunk.isEmpty()) extra << QStringLiteral("--chunk-size") << chunk;

        auto push = f.sync(extra + QStringList{q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        auto diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/copy")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        QString error;
        QJsonObject json = parseJsonObject(push.out, &error);
        QCOMPARE(json.value(QStringLiteral("files_transferred")).toInt(), 302);
        // Every payload byte crossed the connections once, plus framing.
        const double bytes = json.value(QStringLiteral("bytes_transferred")).toDouble();
        const double wire = json.value(QStringLiteral("wire_bytes")).toDouble();
        QVERIFY2(wire > bytes && wire < bytes * 1.05, qPrintable(QStringLiteral("wire %1 for %2").arg(wire).arg(bytes)));

        auto pull = f.sync(extra + QStringList{f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        diff = diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("back")));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (streams != QStringLiteral("auto") && streams != QStringLiteral("1"))
            QVERIFY2(f.daemon.log().contains(QStringLiteral("on ") + streams + QStringLiteral(" data connections")),
                     qPrintable(f.daemon.log()));
    }

    // The daemon here runs on the test's own machine, over loopback: a push
    // with auto streams starts on one data connection (role/same_machine.h) and says
    // why; a number the user gives is taken as it is.
    void autoStreamsToADaemonOnThisMachineStartWithOne()
    {
#ifndef __linux__
        QSKIP("no boot id to tell this machine by");
#endif
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        makeMixedTree(dir.sub("src"));
        const QString one = QStringLiteral("one data connection at work to start with, as the daemon runs on this machine");
        auto push = f.sync({QStringLiteral("-v"), q(dir.sub("src/")), f.daemon.url(QStringLiteral("m/copy/"))});
        QVERIFY2(push.exitCode == 0, push.err.constData());
        QVERIFY2(QString::fromUtf8(push.err).contains(one), push.err.constData());
        QVERIFY(diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("module/copy"))).isEmpty());
        // A pull takes the connections it opened, as before.
        auto pull = f.sync({QStringLiteral("-v"), f.daemon.url(QStringLiteral("m/copy/")), q(dir.sub("back"))});
        QVERIFY2(pull.exitCode == 0, pull.err.constData());
        QVERIFY2(!QString::fromUtf8(pull.err).contains(one), pull.err.constData());
        QVERIFY(diffTrees(describeTree(dir.sub("src")), describeTree(dir.sub("back"))).isEmpty());
        auto chosen = f.sync({QStringLiteral("-v"), QStringLiteral("--streams"), QStringLiteral("2"), q(dir.sub("src/")),
                              f.daemon.url(QStringLiteral("m/again/"))});
        QVERIFY2(chosen.exitCode == 0, chosen.err.constData());
        QVERIFY2(QString::fromUtf8(chosen.err).contains(QStringLiteral("2 data connection(s)")), chosen.err.constData());
    }

    void nonsenseValuesAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero streams") << QStringList{QStringLiteral("--streams"), QStringLiteral("0")} << QStringLiteral("--streams");
        QTest::newRow("too many") << QStringList{QStringLiteral("--streams"), QStringLiteral("500")} << QStringLiteral("--streams");
        QTest::newRow("words") << QStringList{QStringLiteral("--streams"), QStringLiteral("lots")} << QStringLiteral("--streams");
        QTest::newRow("tiny chunks") << QStringList{QStringLiteral("--chunk-size"), QStringLiteral("4k")} << QStringLiteral("--chunk-size");
        QTest::newRow("huge chunks") << QStringList{QStringLiteral("--chunk-size"), QStringLiteral("64G")} << QStringLiteral("--chunk-size");
        QTest::newRow("zero chunks") << QStringList{QStringLiteral("--chunk-size"), QStringLiteral("0")} << QStringLiteral("--chunk-size");
    }
    void nonsenseValuesAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        ScratchDir dir;
        writeFile(dir.sub("src/a"), "a");
        auto run = runCli(QStringList{QStringLiteral("sync")} + args + QStringList{q(dir.sub("src/")), q(dir.sub("dst"))});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        QVERIFY(!exists(dir.sub("dst")));
    }
};

QTEST_GUILESS_MAIN(TestStreams)
#include "test_streams.moc"

using fgtest::q;
