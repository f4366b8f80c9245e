#include "bridge/job_controller.h"
#include "fake_job.h"

#include <QElapsedTimer>
#include <QTest>

#include <thread>

using fgtest::FakeJob;
using FakeFactory = fgtest::FakeJobFactory;
using fgtest::FakeScript;

namespace {


fg::JobSpec someSpec()
{
    fg::JobSpec spec;
    spec.source = "/src/";
    spec.destination = "/dst";
    return spec;
}

// Everything a controller said, in order of arrival.
struct Recorder {
    std::vector<fg::JobState> states;
    std::vector<size_t> plannedBatches, startedBatches, finishedBatches, failedBatches;
    size_t planned = 0, started = 0, finishedFiles = 0, failed = 0, logs = 0, snapshots = 0;
    int finishedSignals = 0;
    fg::JobResult result;
    fg::MetricsSnapshot lastSnapshot;
    bool snapshotAfterFinish = false;

    void attach(fgui::JobController& c)
    {
        QObject::connect(&c, &fgui::JobController::stateChanged, [this](fg::JobState s) { states.push_back(s); });
        QObject::connect(&c, &fgui::JobController::planned, [this](const std::vector<fg::PlanItem>& v) {
            plannedBatches.push_back(v.size());
            planned += v.size();
        });
        QObject::connect(&c, &fgui::JobController::filesStarted, [this](const auto& v) {
            startedBatches.push_back(v.size());
            started += v.size();
        });
        QObject::connect(&c, &fgui::JobController::filesFinished, [this](const auto& v) {
            finishedBatches.push_back(v.size());
            finishedFiles += v.size();
        });
        QObject::connect(&c, &fgui::JobController::filesFailed, [this](const auto& v) {
            failedBatches.push_back(v.size());
            failed += v.size();
        });
        QObject::connect(&c, &fgui::JobController::logged, [this](const auto& v) { logs += v.size(); });
        QObject::connect(&c, &fgui::JobController::snapshotTaken, [this](const fg::MetricsSnapshot& s) {
            ++snapshots;
            lastSnapshot = s;
            if (finishedSignals) snapshotAfterFinish = true;
        });
        QObject::connect(&c, &fgui::JobController::finished, [this](const fg::JobResult& r) {
            ++finishedSignals;
            result = r;
        });
    }
};

} // namespace

class TestJobController : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsToTheEndAndFinishesOnce()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(300, 30ull << 20);
        factory.script.failPaths = {factory.script.plan[20].path};
        fgui::JobController controller(factory.make());
        Recorder rec;
        rec.attach(controller);

        QVERIFY(controller.start(someSpec()).ok());
        QVERIFY(controller.isRunning());
        // The window's jobs run in the background (fg::Job::setBackground).
        QVERIFY(factory.last->background);
        QTRY_COMPARE_WITH_TIMEOUT(rec.finishedSignals, 1, 20000);
        QVERIFY(!controller.isRunning());

        // Every event arrived, none twice.
        QCOMPARE(rec.planned, factory.script.plan.size());
        const size_t transfers = 300;
        QCOMPARE(rec.started, transfers);
        QCOMPARE(rec.finishedFiles + rec.failed, transfers);
        QCOMPARE(rec.failed, size_t(1));
        QCOMPARE(rec.result.state, fg::JobState::Done);
        QCOMPARE(rec.result.filesTransferred, uint64_t(transfers - 1));
        QCOMPARE(rec.result.errors.size(), size_t(1));
        QCOMPARE(rec.states.front(), fg::JobState::Scanning);
        QCOMPARE(rec.states.back(), fg::JobState::Done);
        // The last snapshot came before finished() and is final.
        QVERIFY(rec.snapshots >= 1);
        QCOMPARE(rec.lastSnapshot.state, fg::JobState::Done);
        QCOMPARE(rec.lastSnapshot.filesDone, uint64_t(transfers));

        // More ticks, more wakeups: still exactly one finished().
        QTest::qWait(700);
        QCOMPARE(rec.finishedSignals, 1);
        QVERIFY(!rec.snapshotAfterFinish);

        // Events came in batches: far fewer signals than events.
        QVERIFY2(rec.startedBatches.size() < transfers / 2,
                 qPrintable(QStringLiteral("%1 batches for %2 starts").arg(rec.startedBatches.size()).arg(transfers)));
    }

    void burstOfWakeupsMakesOneQueuedDrain()
    {
        // A job that scans "forever", to post a burst into by hand.
        FakeFactory factory;
        factory.script.notifyEveryEvent = true;
        factory.script.scanMs = 60000;
        fgui::JobController controller(factory.make());
        controller.setSnapshotInterval(60000); // keep the tick's drain out of this
        Recorder rec;
        rec.attach(controller);
        QVERIFY(controller.start(someSpec()).ok());
        FakeJob* job = factory.last;
        QTRY_VERIFY(!rec.states.empty() && rec.states.back() == fg::JobState::Scanning);
        QTRY_COMPARE(rec.logs, size_t(1)); // "scanning ..."
        const int drainsBefore = controller.drainCount();
        const int notifiesBefore = job->notifyCalls;

        // 2000 events from a worker thread, each with its own wakeup, while the GUI
        // thread is busy elsewhere (it is blocked in join()).
        std::thread worker([job] {
            for (uint32_t i = 0; i < 2000; ++i) {
                job->post(fg::event::FileStarted{i + 1, "f" + std::to_string(i), 100});
            }
        });
        worker.join();
        QCOMPARE(job->notifyCalls - notifiesBefore, 2000);

        QCoreApplication::processEvents();
        QCOMPARE(controller.drainCount() - drainsBefore, 1);
        QCOMPARE(rec.startedBatches.size(), size_t(1));
        QCOMPARE(rec.startedBatches.back(), size_t(2000));

        // Later wakeups still get through: the guard was re-armed by the drain.
        job->post(fg::event::Log{fg::event::Log::Level::Info, "later"});
        QTRY_COMPARE(rec.logs, size_t(2)); // "scanning ..." and "later"
        controller.cancel();
        QTRY_COMPARE(rec.finishedSignals, 1);
        QCOMPARE(rec.result.state, fg::JobState::Cancelled);
    }

    // A plan of many files reaches the window in slices, a turn of the event
    // loop each, in order, and what came after it after it: never one stall.
    void aBigPlanArrivesInSlices()
    {
        FakeFactory factory;
        factory.script.scanMs = 60000; // scans "forever": the plan is posted by hand
        fgui::JobController controller(factory.make());
        controller.setSnapshotInterval(60000);
        Recorder rec;
        rec.attach(controller);
        std::vector<std::string> paths;
        QObject::connect(&controller, &fgui::JobController::planned, [&paths](const std::vector<fg::PlanItem>& v) {
            for (const auto& item : v) paths.push_back(item.path);
        });
        QVERIFY(controller.start(someSpec()).ok());
        QTRY_COMPARE(rec.logs, size_t(1)); // "scanning ..."
        constexpr size_t kItems = 3 * fgui::JobController::kItemsPerTurn + 5;
        fg::event::Planned plan;
        for (size_t i = 0; i < kItems; ++i) {
            fg::PlanItem item;
            item.path = "f" + std::to_string(i);
            item.action = fg::FileAction::Copy;
            plan.items.push_back(std::move(item));
        }
        FakeJob* job = factory.last;
        job->post(std::move(plan));
        job->post(fg::event::Log{fg::event::Log::Level::Info, "after the plan"});

        QTRY_VERIFY(!rec.plannedBatches.empty());
        QCOMPARE(rec.plannedBatches.front(), fgui::JobController::kItemsPerTurn);
        QCOMPARE(rec.logs, size_t(1)); // the log waits behind the rest of the plan
        QTRY_COMPARE(rec.planned, kItems);
        QCOMPARE(rec.plannedBatches.size(), size_t(4));
        QCOMPARE(rec.plannedBatches.back(), size_t(5));
        QTRY_COMPARE(rec.logs, size_t(2));
        for (size_t i = 0; i < kItems; ++i) QCOMPARE(paths[i], "f" + std::to_string(i));
        controller.cancel();
        QTRY_COMPARE(rec.finishedSignals, 1);
    }

    void cancelPropagates()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(50, 500ull << 20);
        factory.script.bytesPerSec = 20ull << 20; // ~25 s: it must be the cancel that ends it
        fgui::JobController controller(factory.make());
        Recorder rec;
        rec.attach(controller);
        QVERIFY(controller.start(someSpec()).ok());
        QTRY_VERIFY(rec.started > 0);

        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        QVERIFY(factory.last->cancelCalled);
        QVERIFY(controller.cancelRequested());
        QTRY_COMPARE_WITH_TIMEOUT(rec.finishedSignals, 1, 5000);
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(rec.result.state, fg::JobState::Cancelled);
        QCOMPARE(rec.states.back(), fg::JobState::Cancelled);
        QVERIFY(rec.result.bytesTransferred < (500ull << 20));
        QTest::qWait(400);
        QCOMPARE(rec.finishedSignals, 1);
    }

    void snapshotsArriveOnTheTimer()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(40, 100ull << 20);
        factory.script.bytesPerSec = 100ull << 20; // about a second
        fgui::JobController controller(factory.make());
        Recorder rec;
        rec.attach(controller);
        QVERIFY(controller.start(someSpec()).ok());
        QTRY_COMPARE_WITH_TIMEOUT(rec.finishedSignals, 1, 10000);
        // 4 a second for about a second, plus the final one.
        QVERIFY2(rec.snapshots >= 3 && rec.snapshots <= 12, qPrintable(QString::number(rec.snapshots)));
        QCOMPARE(rec.lastSnapshot.bytesDone, rec.lastSnapshot.bytesToTransfer);
    }

    void refusedSpecEmitsNothing()
    {
        int calls = 0;
        fgui::JobController controller([&calls](fg::JobSpec) -> fg::Result<std::unique_ptr<fg::Job>> {
            ++calls;
            return fg::Error(fg::Errc::InvalidArgument, "source: no such folder");
        });
        Recorder rec;
        rec.attach(controller);
        bool started = false;
        connect(&controller, &fgui::JobController::started, this, [&started] { started = true; });
        auto status = controller.start(someSpec());
        QVERIFY(!status.ok());
        QCOMPARE(QString::fromStdString(status.error().message), QStringLiteral("source: no such folder"));
        QCOMPARE(calls, 1);
        QVERIFY(!controller.isRunning());
        QTest::qWait(300);
        QVERIFY(!started);
        QCOMPARE(rec.finishedSignals, 0);
        QCOMPARE(rec.snapshots, size_t(0));
    }

    void refusesASecondJobWhileRunning()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(10, 100ull << 20);
        factory.script.bytesPerSec = 10ull << 20;
        fgui::JobController controller(factory.make());
        QVERIFY(controller.start(someSpec()).ok());
        QVERIFY(!controller.start(someSpec()).ok());
        QCOMPARE(factory.calls, 1);
        controller.cancel();
    }

    void destroyedWhileRunningCancelsTheJob()
    {
        FakeFactory factory;
        factory.script = fgtest::makeScript(50, 500ull << 20);
        factory.script.bytesPerSec = 20ull << 20;
        factory.script.notifyEveryEvent = true;
        QElapsedTimer timer;
        {
            fgui::JobController controller(factory.make());
            QVERIFY(controller.start(someSpec()).ok());
            QTest::qWait(150);
            timer.start();
        } // the job's worker keeps notifying until the cancel lands: no post may reach the dead controller
        QVERIFY(timer.elapsed() < 2000);
        // Posted drains for the dead controller were dropped with it.
        QCoreApplication::processEvents();
    }

    void defaultFactoryIsTheEngine()
    {
        // With the real engine an unreadable spec is refused by Job::create itself.
        fgui::JobController controller;
        fg::JobSpec spec;
        spec.source = "";
        spec.destination = "";
        QVERIFY(!controller.start(spec).ok());
        QVERIFY(!controller.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestJobController)
#include "test_job_controller.moc"
