// The daemon's registry of sessions that data connections join: a join may
// come before its session is registered (it waits), or after the session
// ended (it must be refused at once, not after the full wait: a client that
// started a join as its job finished waits for the answer).

#include "engine/stream_registry.h"

#include <QTest>

#include <chrono>
#include <thread>

using namespace fg;
using Clock = std::chrono::steady_clock;

namespace {
proto::SessionToken token(uint8_t b)
{
    proto::SessionToken t{};
    t.fill(b);
    return t;
}

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
} // namespace

class TestStreamRegistry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aJoinWaitsForItsSessionToOpen()
    {
        StreamRegistry registry;
        bool opened = false;
        std::thread opener([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            opened = registry.open(token(1), "client", 2).ok();
        });
        QVERIFY(registry.awaitSession(token(1), std::chrono::seconds(10)));
        opener.join();
        QVERIFY(opened);
        QVERIFY(registry.check(token(1), "client", 1).ok());
        QVERIFY(!registry.check(token(1), "someone else", 1).ok());
    }

    void aJoinForASessionThatNeverCameGivesUpAtTheTimeout()
    {
        StreamRegistry registry;
        const auto t0 = Clock::now();
        QVERIFY(!registry.awaitSession(token(2), std::chrono::milliseconds(100)));
        QVERIFY(secondsSince(t0) >= 0.09);
    }

    void aJoinForAnEndedSessionIsRefusedAtOnce()
    {
        StreamRegistry registry;
        QVERIFY(registry.open(token(3), "client", 2).ok());
        registry.close(token(3));
        const auto t0 = Clock::now();
        QVERIFY(!registry.awaitSession(token(3), std::chrono::seconds(10)));
        QVERIFY2(secondsSince(t0) < 5, "the join waited for a session that had ended");
        QVERIFY(!registry.check(token(3), "client", 1).ok());
    }

    void endedSessionsAreRememberedAmongTheLastFew()
    {
        StreamRegistry registry;
        QVERIFY(registry.open(token(4), "client", 2).ok());
        registry.close(token(4));
        // Sessions that end after it do not push it out of memory yet.
        for (uint8_t b = 10; b < 10 + 20; ++b) {
            QVERIFY(registry.open(token(b), "client", 1).ok());
            registry.close(token(b));
        }
        const auto t0 = Clock::now();
        QVERIFY(!registry.awaitSession(token(4), std::chrono::seconds(10)));
        QVERIFY(secondsSince(t0) < 5);
    }
};

QTEST_GUILESS_MAIN(TestStreamRegistry)
#include "test_stream_registry.moc"
