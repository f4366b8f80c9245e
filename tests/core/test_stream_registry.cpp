// The daemon's registry of sessions that data connections join: a join may
// come before its session is registered (it waits), or after the session
// ended (it must be refused at once, not after the full wait: a client that
// started a join as its job finished waits for the answer).

#include "daemon/stream_registry.h"

#include <QTest>

#include <atomic>
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

    // A client that reconnected ends its old session (still waiting on dead
    // connections) and waits for it to close, so that its files are free.
    void aReconnectedClientEndsItsOldSession()
    {
        StreamRegistry registry;
        QVERIFY(registry.open(token(5), "client", 2).ok());
        std::atomic<bool> stopped{false};
        registry.setStopper(token(5), [&] { stopped.store(true); });
        // The session ends a little after it is told to.
        std::thread session([&] {
            while (!stopped.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            registry.close(token(5));
        });
        const auto t0 = Clock::now();
        QVERIFY(registry.supersede(token(5), "client", std::chrono::seconds(10)));
        QVERIFY(secondsSince(t0) >= 0.09); // it waited for the close
        QVERIFY(stopped.load());
        session.join();
    }

    // Only the session's own client may end it; and one superseded before it
    // could be stopped is stopped as soon as it can be.
    void anotherClientCannotEndASession()
    {
        StreamRegistry registry;
        QVERIFY(registry.open(token(6), "client", 2).ok());
        bool stopped = false;
        registry.setStopper(token(6), [&] { stopped = true; });
        QVERIFY(registry.supersede(token(6), "someone else", std::chrono::milliseconds(50)));
        QVERIFY(!stopped);
        QVERIFY(registry.check(token(6), "client", 0).ok());

        QVERIFY(registry.open(token(7), "client", 2).ok());
        QVERIFY(!registry.supersede(token(7), "client", std::chrono::milliseconds(50))); // not closed yet
        bool late = false;
        registry.setStopper(token(7), [&] { late = true; });
        QVERIFY2(late, "a session superseded before it set its stopper must stop when it does");
    }

    void supersedingASessionThatEndedAlreadyReturnsAtOnce()
    {
        StreamRegistry registry;
        QVERIFY(registry.open(token(8), "client", 2).ok());
        registry.close(token(8));
        const auto t0 = Clock::now();
        QVERIFY(registry.supersede(token(8), "client", std::chrono::seconds(10)));
        QVERIFY(secondsSince(t0) < 5);
    }
};

QTEST_GUILESS_MAIN(TestStreamRegistry)
#include "test_stream_registry.moc"
