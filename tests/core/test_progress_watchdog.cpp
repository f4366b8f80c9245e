// The watchdog behind --timeout and the default limit for a silent far end:
// it says the wait once, says when things move again, gives up at the limit,
// and does not count before it is armed.

#include "exec/progress_watchdog.h"

#include <QTest>

#include <atomic>
#include <mutex>
#include <vector>

using fg::ProgressWatchdog;
using namespace std::chrono_literals;

class TestProgressWatchdog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void saysTheWaitThenGivesUp()
    {
        std::atomic<uint64_t> mark{0};
        std::atomic<int> quiet{0}, again{0}, stalled{0};
        ProgressWatchdog::Events e;
        e.mark = [&] { return mark.load(); };
        e.quiet = [&](std::chrono::milliseconds) { ++quiet; };
        e.movingAgain = [&](std::chrono::milliseconds) { ++again; };
        e.stalled = [&] { ++stalled; };
        ProgressWatchdog w(600ms, 200ms, e, 20ms);
        QTRY_COMPARE_WITH_TIMEOUT(quiet.load(), 1, 2000);
        QCOMPARE(stalled.load(), 0);
        mark = 1; // it moves: said, and the count starts again
        QTRY_COMPARE_WITH_TIMEOUT(again.load(), 1, 2000);
        QTRY_COMPARE_WITH_TIMEOUT(stalled.load(), 1, 3000);
        QCOMPARE(quiet.load(), 2); // once for each quiet spell
        w.stop();
    }

    void countsOnlyOnceArmed()
    {
        std::atomic<bool> armed{false};
        std::atomic<int> stalled{0}, quiet{0};
        ProgressWatchdog::Events e;
        e.mark = [] { return uint64_t(7); };
        e.armed = [&] { return armed.load(); };
        e.quiet = [&](std::chrono::milliseconds) { ++quiet; };
        e.stalled = [&] { ++stalled; };
        ProgressWatchdog w(300ms, 0ms, e, 20ms);
        QTest::qWait(700); // longer than the limit, but not armed
        QCOMPARE(stalled.load(), 0);
        armed = true;
        QTRY_COMPARE_WITH_TIMEOUT(stalled.load(), 1, 2000);
        QCOMPARE(quiet.load(), 0); // no quiet time given: never said
    }
};

QTEST_GUILESS_MAIN(TestProgressWatchdog)
#include "test_progress_watchdog.moc"
