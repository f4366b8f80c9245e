// A --bwlimit timetable while a job runs: the rate for now applied at once,
// looked at again on its interval, passed on only when it changes, and the
// thread gone with the timetable.

#include "job/bandwidth_timetable.h"
#include "platform/process.h"

#include <QTest>

#include <atomic>
#include <mutex>
#include <vector>

using namespace fg;
using namespace std::chrono_literals;

class TestBandwidthTimetable : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theRateForNowIsAppliedOnceUntilItChanges()
    {
        // Today's rule first (whatever day this runs), every other day after.
        const platform::LocalTime now = platform::localTimeNow();
        RateSchedule schedule;
        schedule.rules.push_back(RateRule{uint8_t(1u << now.weekday), 0, 1440, 5u << 20});
        schedule.rules.push_back(RateRule{0x7f, 0, 1440, 50u << 20});
        std::mutex mutex;
        std::vector<uint64_t> applied;
        {
            BandwidthTimetable timetable(schedule, [&](uint64_t rate) {
                std::lock_guard lock(mutex);
                applied.push_back(rate);
            }, 10ms);
            {
                std::lock_guard lock(mutex);
                // Applied before the constructor returns: a job's first bytes
                // go at the right rate.
                QCOMPARE(applied, std::vector<uint64_t>{5u << 20});
            }
            QTest::qWait(150); // some fifteen looks, nothing new to say
        }
        std::lock_guard lock(mutex);
        // Unless this ran across midnight, when the rate did change.
        QVERIFY(applied.size() == 1 || (applied.size() == 2 && applied[1] == 50u << 20));
    }

    void aRuleThatDoesNotMatchNowLeavesTheRateUnlimited()
    {
        const platform::LocalTime now = platform::localTimeNow();
        RateSchedule schedule;
        schedule.rules.push_back(RateRule{uint8_t(0x7f & ~(1u << now.weekday)), 0, 1440, 5u << 20});
        std::atomic<int> calls{0};
        std::atomic<uint64_t> last{1};
        {
            BandwidthTimetable timetable(schedule, [&](uint64_t rate) {
                ++calls;
                last = rate;
            }, 10ms);
        }
        QVERIFY(calls >= 1);
        QVERIFY(last == 0 || last == (5u << 20)); // (the latter only across midnight)
    }
};

QTEST_GUILESS_MAIN(TestBandwidthTimetable)
#include "test_bandwidth_timetable.moc"
