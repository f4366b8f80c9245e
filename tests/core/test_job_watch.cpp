// A daemon job's counts for `floodgate status`: the files done, failed and in
// flight add up exactly, though the watch tells the board only every so
// often while thousands of files end from several threads at once; what it
// left out reaches the board without waiting for more events.

#include "daemon/job_board.h"
#include "daemon/job_watch.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace fg;

namespace {

struct Watched {
    JobBoard board{""};
    std::shared_ptr<JobBoard::Entry> entry = board.begin(JobRecord{}, "fingerprint");
    StageSet stages;
    TransferParams params;
    JobWatch watch{entry, true, stages, params, [] { return std::vector<diagnosis::ConnectionReading>{}; }};
};

} // namespace

class TestJobWatch : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void manyFilesFromSeveralThreadsAddUp()
    {
        Watched w;
        constexpr uint32_t kThreads = 4, kEach = 5000;
        std::vector<std::thread> writers;
        for (uint32_t t = 0; t < kThreads; ++t)
            writers.emplace_back([&, t] {
                for (uint32_t i = 0; i < kEach; ++i) {
                    const uint32_t id = t * kEach + i;
                    w.watch.onFileStarted(id, "f", 100);
                    if (i % 10 == 9) w.watch.onFileFailed(id, "f", Error(Errc::Io, "no"));
                    else w.watch.onFileDone(id, "f", 100, 60);
                }
            });
        for (auto& t : writers) t.join();
        (void)w.watch.finish();
        const JobRecord r = w.entry->record();
        QCOMPARE(r.filesDone, uint64_t(kThreads * kEach * 9 / 10));
        QCOMPARE(r.filesFailed, uint64_t(kThreads * kEach / 10));
        QCOMPARE(r.bytesMoved, uint64_t(kThreads * kEach * 9 / 10) * 100);
    }

    void bytesInFlightCountUntilTheFileEnds()
    {
        Watched w;
        w.watch.onFileStarted(1, "big", 1000);
        w.watch.onFileStarted(2, "other", 1000);
        w.watch.onFileProgress(1, 300);
        w.watch.onFileProgress(1, 700); // a later reading replaces the earlier
        w.watch.onFileProgress(2, 200);
        (void)w.watch.finish();
        QCOMPARE(w.entry->record().bytesMoved, uint64_t(900));

        w.watch.onFileDone(1, "big", 1000, 1000);
        w.watch.onFileFailed(2, "other", Error(Errc::Io, "cut"));
        // A reading that comes after its file ended counts for nothing.
        w.watch.onFileProgress(2, 500);
        (void)w.watch.finish();
        const JobRecord r = w.entry->record();
        QCOMPARE(r.bytesMoved, uint64_t(1000));
        QCOMPARE(r.filesDone, uint64_t(1));
        QCOMPARE(r.filesFailed, uint64_t(1));
    }

    void aFileStartedAgainCountsItsBytesOnce()
    {
        Watched w;
        w.watch.onFileStarted(7, "big", 1000);
        w.watch.onFileProgress(7, 600);
        // Its connection broke: it is sent anew from the start.
        w.watch.onFileStarted(7, "big", 1000);
        w.watch.onFileProgress(7, 100);
        (void)w.watch.finish();
        QCOMPARE(w.entry->record().bytesMoved, uint64_t(100));
        w.watch.onFileDone(7, "big", 1000, 1000);
        (void)w.watch.finish();
        QCOMPARE(w.entry->record().bytesMoved, uint64_t(1000));
    }

    void whatWasNotReportedReachesTheBoardWithoutMoreEvents()
    {
        Watched w;
        w.watch.onState(JobState::Transferring); // the diagnosis ticks from here
        constexpr uint64_t kFiles = 2000;
        for (uint32_t id = 0; id < kFiles; ++id) {
            w.watch.onFileStarted(id, "f", 10);
            w.watch.onFileDone(id, "f", 10, 10);
        }
        // No event and no finish(): the job could be stalled here for minutes.
        QTRY_COMPARE_WITH_TIMEOUT(w.entry->record().filesDone, kFiles, 5000);
        (void)w.watch.finish();
    }
};

QTEST_GUILESS_MAIN(TestJobWatch)
#include "test_job_watch.moc"
