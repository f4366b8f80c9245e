// The pipeline's time accounting: a thread's time counts for every stage of
// its track (busy in one, waiting for the others), so each stage's busy and
// waiting times add up to its lifetime; threads add up; snapshots taken while
// threads run are consistent and never go back.

#include "metrics/stage_track.h"

#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace fg;

namespace {
void sleepMs(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

uint64_t ms(uint64_t ns) { return ns / 1'000'000; }

bool addsUp(const StageSnapshot& s) { return s.busyNs + s.waitInputNs + s.waitOutputNs == s.lifetimeNs; }
} // namespace

class TestStageTrack : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A worker that reads, then sends, then waits for the network: while it
    // reads, send waits for input; while it sends, read waits for its output
    // to be taken; while it waits for the network, both wait on output.
    void aThreadsTimeCountsForEveryStageOfItsTrack()
    {
        StageSet set;
        {
            StageTrack track(set, {StageId::Read, StageId::Send});
            sleepMs(60); // at home: busy reading
            {
                StageScope sending(StageId::Send);
                sleepMs(40);
                StageScope network(StageId::Send, StageState::WaitOutput);
                sleepMs(20);
            }
        }
        const StageSnapshot read = set.snapshotOf(StageId::Read);
        const StageSnapshot send = set.snapshotOf(StageId::Send);
        QVERIFY(addsUp(read));
        QVERIFY(addsUp(send));
        QCOMPARE(read.lifetimeNs, send.lifetimeNs);
        QVERIFY2(ms(read.busyNs) >= 60 && ms(read.busyNs) < 150, qPrintable(QString::number(ms(read.busyNs))));
        QVERIFY(ms(read.waitOutputNs) >= 60);
        QCOMPARE(read.waitInputNs, uint64_t(0));
        QVERIFY(ms(send.busyNs) >= 40);
        QVERIFY(ms(send.waitInputNs) >= 60);  // while it read
        QVERIFY(ms(send.waitOutputNs) >= 20); // the network
        QVERIFY(ms(send.waitOutputNs) < ms(read.waitOutputNs));
    }

    void scopesForStagesTheTrackLacksChangeNothing()
    {
        StageSet set;
        {
            StageTrack track(set, {StageId::Write});
            StageScope other(StageId::Encrypt); // not this thread's
            sleepMs(30);
        }
        const StageSnapshot write = set.snapshotOf(StageId::Write);
        QVERIFY(ms(write.busyNs) >= 30);
        QCOMPARE(set.snapshotOf(StageId::Encrypt).lifetimeNs, uint64_t(0));
        // Nor do scopes on a thread without a track, or bytes counted there.
        StageScope nowhere(StageId::Write, StageState::WaitInput);
        countStageBytes(StageId::Write, 100);
        QCOMPARE(set[StageId::Write].bytes(), uint64_t(0));
    }

    void aTrackStartsAtItsHome()
    {
        StageSet set;
        {
            StageTrack track(set, {StageId::Sign}, StageId::Sign, StageState::WaitInput);
            sleepMs(20);
        }
        const StageSnapshot sign = set.snapshotOf(StageId::Sign);
        QCOMPARE(sign.busyNs, uint64_t(0));
        QVERIFY(ms(sign.waitInputNs) >= 20);
    }

    void threadsAddUpAndEndedOnesAreKept()
    {
        StageSet set;
        std::vector<std::thread> writers;
        for (int i = 0; i < 3; ++i)
            writers.emplace_back([&] {
                StageTrack track(set, {StageId::Write});
                countStageBytes(StageId::Write, 1000);
                sleepMs(30);
            });
        for (auto& t : writers) t.join();
        const StageSnapshot write = set.snapshotOf(StageId::Write);
        QVERIFY(addsUp(write));
        QVERIFY2(ms(write.lifetimeNs) >= 90, qPrintable(QString::number(ms(write.lifetimeNs))));
        QCOMPARE(write.bytes, uint64_t(3000));
        // In the list, only the stages something ran or counted.
        const auto all = set.snapshot(true);
        QCOMPARE(all.size(), size_t(1));
        QCOMPARE(all[0].name, std::string("write"));
        QVERIFY(all[0].remote);
    }

    // Taken from another thread while the tracks move thousands of times:
    // every snapshot adds up, and none goes back.
    void snapshotsWhileThreadsRunAreConsistent()
    {
        StageSet set;
        std::atomic<bool> stop{false};
        std::atomic<uint64_t> moves{0};
        std::vector<std::thread> workers;
        for (int w = 0; w < 2; ++w)
            workers.emplace_back([&] {
                StageTrack track(set, {StageId::Read, StageId::Compress, StageId::Send});
                while (!stop) {
                    StageScope compress(StageId::Compress);
                    std::atomic<int> spin{0};
                    while (spin.fetch_add(1, std::memory_order_relaxed) < 100) {
                    }
                    StageScope send(StageId::Send, StageState::WaitOutput);
                    ++moves;
                }
            });
        StageSnapshot last[3];
        const StageId ids[3] = {StageId::Read, StageId::Compress, StageId::Send};
        QString wrong;
        for (int i = 0; (i < 2000 || moves < 100'000) && wrong.isEmpty(); ++i) {
            for (int k = 0; k < 3; ++k) {
                const StageSnapshot s = set.snapshotOf(ids[k]);
                if (!addsUp(s)) wrong = QStringLiteral("%1 does not add up").arg(QString::fromStdString(s.name));
                if (s.busyNs < last[k].busyNs || s.waitInputNs < last[k].waitInputNs
                    || s.waitOutputNs < last[k].waitOutputNs)
                    wrong = QStringLiteral("%1 went back: busy %2 -> %3, in %4 -> %5, out %6 -> %7")
                                .arg(QString::fromStdString(s.name))
                                .arg(last[k].busyNs).arg(s.busyNs)
                                .arg(last[k].waitInputNs).arg(s.waitInputNs)
                                .arg(last[k].waitOutputNs).arg(s.waitOutputNs);
                last[k] = s;
            }
        }
        stop = true;
        for (auto& t : workers) t.join();
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        QVERIFY(set.snapshotOf(StageId::Compress).busyNs > 0);
        QVERIFY(addsUp(set.snapshotOf(StageId::Send)));
    }
};

QTEST_GUILESS_MAIN(TestStageTrack)
#include "test_stage_track.moc"
