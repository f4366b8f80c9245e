// The pipeline's accounting on real runs: every stage's busy and waiting
// times add up to the time of the threads that ran it, on both ends; the
// cipher is a stage of its own (encrypt, decrypt) where TLS carries the data,
// and is not where nothing encrypts (a local copy, --cipher none).

#include "test_support.h"
#include "verdict_checks.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;
using namespace Qt::StringLiterals;

using fgtest::reportOf;
using fgtest::q;

namespace {

// A tree of both kinds of work: many small files (packed into SmallFile
// frames) and a few big ones (sent in pieces).
void makeTree(const std::string& root)
{
    fgtest::makeSampleTree(root, 5);
    for (int i = 0; i < 3; ++i)
        fgtest::writeFile(root + "/big" + std::to_string(i) + ".bin", fgtest::randomBytes(6 << 20, uint64_t(40 + i)));
}

qint64 treeBytes(const std::string& root)
{
    qint64 total = 0;
    for (const auto& [path, what] : fgtest::describeTree(root, false)) {
        (void)what;
        QFileInfo info(q(root + "/" + path));
        if (info.isFile() && !info.isSymLink()) total += info.size();
    }
    return total;
}
} // namespace

class TestStageTimes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aLocalCopyAddsUpAndEncryptsNothing()
    {
        ScratchDir dir("fgstages");
        makeTree(dir.sub("src"));
        CliRun r = fgtest::runCli({u"sync"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        QVERIFY2(r.exitCode == 0, explain(r).constData());
        const QJsonObject report = reportOf(r);
        const QString mismatch = fgtest::stageTimesMismatch(report);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        const auto stages = fgtest::stageBytes(report);
        for (const char* stage : {"scan", "read", "hash", "send", "receive", "write", "verify", "commit"})
            QVERIFY2(stages.count(QString::fromLatin1(stage)), stage);
        QVERIFY(!stages.count(u"encrypt"_s));
        QVERIFY(!stages.count(u"decrypt"_s));
        QCOMPARE(stages.at(u"write"_s), treeBytes(dir.sub("src")));
    }

    void aDaemonJobCountsTheCipherOnBothEnds_data()
    {
        QTest::addColumn<bool>("push");
        QTest::newRow("push") << true;
        QTest::newRow("pull") << false;
    }
    void aDaemonJobCountsTheCipherOnBothEnds()
    {
        QFETCH(bool, push);
        ScratchDir dir("fgstages");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        const std::string src = push ? dir.sub("src") : dir.sub("module/src");
        makeTree(src);
        const QString remote = QStringLiteral("floodgate://127.0.0.1:%1/m/").arg(d.daemon.port());
        CliRun r = push ? d.sync({q(src + "/"), remote + u"dst/"_s}) : d.sync({remote + u"src/"_s, q(dir.sub("pulled/"))});
        QVERIFY2(r.exitCode == 0, explain(r).constData());
        const QJsonObject report = reportOf(r);
        const QString mismatch = fgtest::stageTimesMismatch(report);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        // The sender encrypts what it sends, the receiver decrypts it: at
        // least the files' bytes (the list and framing come on top).
        const auto stages = fgtest::stageBytes(report);
        const QString senderSide = push ? QString() : u"@remote"_s;
        const QString receiverSide = push ? u"@remote"_s : QString();
        const qint64 data = treeBytes(src);
        QVERIFY2(stages.count(u"encrypt"_s + senderSide) && stages.at(u"encrypt"_s + senderSide) >= data,
                 r.out.constData());
        QVERIFY2(stages.count(u"decrypt"_s + receiverSide) && stages.at(u"decrypt"_s + receiverSide) >= data,
                 r.out.constData());
        QVERIFY2(stages.count(u"write"_s + receiverSide) && stages.at(u"write"_s + receiverSide) == data,
                 r.out.constData());
    }

    void unencryptedDataConnectionsHaveNoCipherStage()
    {
        ScratchDir dir("fgstages");
        fgtest::PairedDaemon d(dir, {}, {u"--allow-plaintext"_s, u"m"_s});
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        makeTree(dir.sub("src"));
        const QString remote = QStringLiteral("floodgate://127.0.0.1:%1/m/dst/").arg(d.daemon.port());
        CliRun r = d.sync({u"--cipher"_s, u"none"_s, u"--streams"_s, u"2"_s, q(dir.sub("src/")), remote});
        QVERIFY2(r.exitCode == 0, explain(r).constData());
        const QJsonObject report = reportOf(r);
        const QString mismatch = fgtest::stageTimesMismatch(report);
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
        const auto stages = fgtest::stageBytes(report);
        // The data went plain; only the control connection (the list, the
        // receiver's answers) is TLS, and no worker's data goes through it.
        QVERIFY2(!stages.count(u"encrypt"_s), r.out.constData());
        QVERIFY2(!stages.count(u"decrypt@remote"_s), r.out.constData());
        QVERIFY2(stages.count(u"send"_s) && stages.at(u"send"_s) >= treeBytes(dir.sub("src")), r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestStageTimes)
#include "test_stage_times.moc"
