// Several clients pushing the same tree into the same directory of one
// daemon at once: every job must end with success or a real conflict, never
// a spurious failure (a temporary file another job's clean-up took, a
// partial file another job used up), and the directory must end as one
// complete version of each file.

#include "test_support.h"

#include <QProcess>
#include <QTest>

#include <memory>
#include <vector>

using namespace fgtest;
using namespace Qt::StringLiterals;

namespace {

// Small files and big ones (big enough to be resumed from, and sent as
// deltas), new contents each round.
void makeRound(const std::string& root, int round)
{
    for (int i = 0; i < 60; ++i)
        writeFile(root + "/d" + std::to_string(i % 3) + "/f" + std::to_string(i) + ".bin",
                  randomBytes(size_t(1000 + 977 * i), uint64_t(round * 1000 + i)));
    for (int i = 0; i < 3; ++i)
        writeFile(root + "/big" + std::to_string(i) + ".bin", randomBytes(size_t(2 << 20) + size_t(i) * 4096,
                                                                          uint64_t(round * 1000 + 900 + i)));
}

} // namespace

class TestConcurrentJobs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void clientsIntoOneDirectoryNeverFailSpuriously_data()
    {
        QTest::addColumn<QStringList>("options");
        // Streams and delta both on: the paths where jobs meet.
        QTest::newRow("streams and delta") << QStringList{u"--streams"_s, u"2"_s, u"--no-whole-file"_s};
        // -b: each old version is hard-linked to its backup through a
        // temporary that holds no lock, the other jobs' clean-ups around it.
        QTest::newRow("backups") << QStringList{u"-b"_s, u"--streams"_s, u"2"_s};
    }

    void clientsIntoOneDirectoryNeverFailSpuriously()
    {
        QFETCH(QStringList, options);
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        constexpr int kClients = 4;
        constexpr int kRounds = 5;
        for (int round = 0; round < kRounds; ++round) {
            makeRound(dir.sub("src"), round);
            std::vector<std::unique_ptr<QProcess>> jobs;
            for (int c = 0; c < kClients; ++c) {
                auto p = std::make_unique<QProcess>();
                p->start(cliPath(), f.syncArgs(options + QStringList{q(dir.sub("src/")), f.daemon.url(u"m/same/"_s)}));
                QVERIFY(p->waitForStarted(10000));
                jobs.push_back(std::move(p));
            }
            for (int c = 0; c < kClients; ++c) {
                QProcess& p = *jobs[size_t(c)];
                QVERIFY(p.waitForFinished(120000));
                const QByteArray err = p.readAllStandardError();
                QVERIFY2(p.exitCode() == 0, qPrintable(u"round %1, client %2: exit %3\n%4"_s.arg(round).arg(c).arg(
                                                    p.exitCode()).arg(QString::fromUtf8(err))));
            }
            auto landed = describeTree(dir.sub("module/same"));
            // -b's backups (name~) are the older rounds, not this one.
            std::erase_if(landed, [](const auto& entry) { return entry.first.ends_with('~'); });
            const QString diff = diffTrees(describeTree(dir.sub("src")), landed);
            QVERIFY2(diff.isEmpty(), qPrintable(u"round %1: %2"_s.arg(round).arg(diff)));
            QVERIFY2(tempFilesUnder(dir.sub("module/same")).isEmpty(),
                     qPrintable(tempFilesUnder(dir.sub("module/same")).join(u", "_s)));
        }
    }

    // 16 clients at once into one module, each its own folder, half pushing
    // and half pulling, 3 rounds: every job succeeds and every copy is whole
    // (the daemon's default --max-sessions takes them all).
    void sixteenClientsIntoOneModule()
    {
        ScratchDir dir;
        PairedDaemon f(dir);
        QVERIFY2(f.ok, qPrintable(f.daemon.log()));
        constexpr int kClients = 16;
        // What the pulls fetch: a folder nobody writes meanwhile.
        makeRound(dir.sub("fixed"), 99);
        CliRun seeded = f.sync({q(dir.sub("fixed/")), f.daemon.url(u"m/fixed/"_s)});
        QVERIFY2(seeded.exitCode == 0, explain(seeded).constData());
        for (int round = 0; round < 3; ++round) {
            makeRound(dir.sub("src"), round);
            std::vector<std::unique_ptr<QProcess>> jobs;
            for (int c = 0; c < kClients; ++c) {
                auto p = std::make_unique<QProcess>();
                const bool pull = c % 2 == 1;
                const std::string back = dir.sub("back" + std::to_string(c) + "/");
                p->start(cliPath(), pull ? f.syncArgs({f.daemon.url(u"m/fixed/"_s), q(back)})
                                         : f.syncArgs({q(dir.sub("src/")), f.daemon.url(u"m/c%1/"_s.arg(c))}));
                QVERIFY(p->waitForStarted(10000));
                jobs.push_back(std::move(p));
            }
            for (int c = 0; c < kClients; ++c) {
                QProcess& p = *jobs[size_t(c)];
                QVERIFY(p.waitForFinished(180000));
                QVERIFY2(p.exitCode() == 0, qPrintable(u"round %1, client %2: exit %3\n%4"_s.arg(round).arg(c).arg(
                                                    p.exitCode()).arg(QString::fromUtf8(p.readAllStandardError()))));
            }
            for (int c = 0; c < kClients; ++c) {
                const bool pull = c % 2 == 1;
                const QString diff = diffTrees(describeTree(dir.sub(pull ? "fixed" : "src")),
                                               describeTree(pull ? dir.sub("back" + std::to_string(c))
                                                                 : dir.sub("module/c" + std::to_string(c))));
                QVERIFY2(diff.isEmpty(), qPrintable(u"round %1, client %2: %3"_s.arg(round).arg(c).arg(diff)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestConcurrentJobs)
#include "test_concurrent_jobs.moc"

using fgtest::q;
