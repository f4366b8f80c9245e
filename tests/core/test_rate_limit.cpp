// --bwlimit: the timetable's rules, and a token bucket that paces smoothly.

#include "exec/rate_limiter.h"

#include <floodgate/options.h>

#include <QTest>

#include <chrono>
#include <thread>

class TestRateLimit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void plainRateIsOneRuleForAllTimes()
    {
        auto s = fg::parseRateSchedule("20M");
        QVERIFY(s.ok());
        QCOMPARE(s->rules.size(), size_t(1));
        QCOMPARE(s->rateAt(0, 0), uint64_t(20) << 20);
        QCOMPARE(s->rateAt(6, 1439), uint64_t(20) << 20);
    }

    void firstMatchingRuleWins()
    {
        auto s = fg::parseRateSchedule("Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        const uint64_t M = 1 << 20;
        QCOMPARE(s->rateAt(0, 9 * 60), 20 * M);      // Monday 09:00
        QCOMPARE(s->rateAt(4, 17 * 60 + 59), 20 * M); // Friday 17:59
        QCOMPARE(s->rateAt(4, 18 * 60), 100 * M);    // Friday 18:00: the end is exclusive
        QCOMPARE(s->rateAt(5, 12 * 60), 2 * M);      // Saturday
        QCOMPARE(s->rateAt(2, 3 * 60), 100 * M);     // Wednesday night
    }

    void rangesWrapPastMidnightAndWeekEnds()
    {
        auto s = fg::parseRateSchedule("Fri-Mon 22:00-06:00 off, 5M");
        QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
        QCOMPARE(s->rateAt(4, 23 * 60), uint64_t(0));      // Friday 23:00: unlimited
        QCOMPARE(s->rateAt(0, 5 * 60), uint64_t(0));       // Monday 05:00
        QCOMPARE(s->rateAt(0, 7 * 60), uint64_t(5) << 20); // Monday 07:00
        QCOMPARE(s->rateAt(2, 23 * 60), uint64_t(5) << 20); // Wednesday is not in Fri-Mon
    }

    void nothingMatchingMeansUnlimited()
    {
        auto s = fg::parseRateSchedule("Sat 10:00-11:00 1M");
        QVERIFY(s.ok());
        QCOMPARE(s->rateAt(5, 10 * 60 + 30), uint64_t(1) << 20);
        QCOMPARE(s->rateAt(5, 12 * 60), uint64_t(0));
    }

    void badTimetablesSayWhy_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("day") << QStringLiteral("Moonday 20M") << QStringLiteral("days are");
        QTest::newRow("hour") << QStringLiteral("Mon 25:00-26:00 1M") << QStringLiteral("times are");
        QTest::newRow("empty range") << QStringLiteral("Mon 08:00-08:00 1M") << QStringLiteral("times are");
        QTest::newRow("no rate") << QStringLiteral("Mon-Fri 08:00-18:00") << QStringLiteral("as a rate");
        QTest::newRow("bad rate") << QStringLiteral("Mon fast") << QStringLiteral("--bwlimit");
        QTest::newRow("empty rule") << QStringLiteral("1M,,2M") << QStringLiteral("empty rule");
    }
    void badTimetablesSayWhy()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        auto s = fg::parseRateSchedule(text.toStdString());
        QVERIFY(!s.ok());
        QVERIFY2(s.error().message.find(why.toStdString()) != std::string::npos, s.error().message.c_str());
    }

    void bucketPacesSmoothlyAcrossSenders()
    {
        // Two senders share 8 MiB/s for ~1 s in 64 KiB pieces; no 100 ms window
        // may carry much more than its share (a burst then sleep would).
        constexpr uint64_t rate = 8 << 20;
        fg::RateLimiter limiter(rate);
        using clock = std::chrono::steady_clock;
        std::mutex mutex;
        std::vector<std::pair<double, uint64_t>> grants;
        const auto start = clock::now();
        auto sender = [&] {
            while (std::chrono::duration<double>(clock::now() - start).count() < 1.0) {
                QVERIFY(limiter.acquire(64 << 10));
                std::lock_guard lock(mutex);
                grants.emplace_back(std::chrono::duration<double>(clock::now() - start).count(), 64 << 10);
            }
        };
        std::thread a(sender);
        std::thread b(sender);
        a.join();
        b.join();
        uint64_t total = 0;
        for (const auto& g : grants) total += g.second;
        const double seconds = grants.back().first;
        QVERIFY2(double(total) < double(rate) * seconds * 1.2 + (256 << 10), "more than the limit went through");
        QVERIFY2(double(total) > double(rate) * seconds * 0.7, "the limiter starved the senders");
        for (double w = 0.1; w + 0.1 <= seconds; w += 0.1) {
            uint64_t inWindow = 0;
            for (const auto& g : grants)
                if (g.first >= w && g.first < w + 0.1) inWindow += g.second;
            QVERIFY2(double(inWindow) < double(rate) * 0.1 * 1.6 + (128 << 10),
                     qPrintable(QStringLiteral("%1 bytes in the 100 ms at %2 s").arg(inWindow).arg(w)));
        }
    }

    void rateChangesTakeEffectAtOnce()
    {
        fg::RateLimiter limiter(1 << 20);
        std::atomic<bool> cancelled{false};
        std::thread t([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            limiter.setRate(0);
        });
        const auto start = std::chrono::steady_clock::now();
        // 4 MiB at 1 MiB/s would take 4 s; lifting the limit ends it early.
        for (int i = 0; i < 64; ++i) QVERIFY(limiter.acquire(64 << 10, &cancelled));
        t.join();
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    }

    // Pause: nothing goes, limited or not, until resumed; a cancel ends the wait.
    void pausedLetsNothingGoUntilResumed()
    {
        for (uint64_t rate : {uint64_t(0), uint64_t(10) << 20}) {
            fg::RateLimiter limiter(rate);
            std::atomic<bool> cancelled{false};
            limiter.setPaused(true);
            std::atomic<bool> through{false};
            std::thread sender([&] { through.store(limiter.acquire(1024, &cancelled)); });
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            QVERIFY(!through.load());
            limiter.setPaused(false);
            sender.join();
            QVERIFY(through.load());
            QVERIFY(limiter.acquire(1024, &cancelled)); // and on it goes

            limiter.setPaused(true);
            std::atomic<bool> answered{false};
            std::atomic<bool> result{true};
            std::thread waiting([&] {
                result.store(limiter.acquire(1024, &cancelled));
                answered.store(true);
            });
            cancelled.store(true);
            waiting.join();
            QVERIFY(answered.load());
            QVERIFY(!result.load());
        }
    }
};

QTEST_GUILESS_MAIN(TestRateLimit)
#include "test_rate_limit.moc"
