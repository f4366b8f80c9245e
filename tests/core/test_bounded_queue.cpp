// The queue between pipeline stages: bounded by cost, blocking both ways, and
// the quiet pushes a producer with a run of items at hand makes (one wake-up
// for the run). What must never happen: a consumer left asleep with items
// queued, or a producer and consumer each waiting on the other.

#include "exec/bounded_queue.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

using fg::BoundedQueue;
using namespace std::chrono_literals;

class TestBoundedQueue : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void itemsComeOutInOrderAndCloseDrains()
    {
        BoundedQueue<int> q(10);
        QVERIFY(q.push(1));
        QVERIFY(q.push(2, 3));
        QCOMPARE(q.used(), size_t(4));
        q.close();
        QVERIFY(!q.push(3)); // closed: refused
        QCOMPARE(*q.pop(), 1);
        QCOMPARE(*q.pop(), 2);
        QVERIFY(!q.pop().has_value());
        QVERIFY(!q.tryPop().has_value());
    }

    void aQuietPushWakesNobodyUntilWake()
    {
        BoundedQueue<int> q(100);
        std::atomic<int> got{-1};
        std::thread consumer([&] { got = q.pop().value_or(-2); });
        std::this_thread::sleep_for(50ms); // asleep in pop()
        const bool in = q.pushQuietly(7);
        std::this_thread::sleep_for(100ms);
        const int beforeWake = got.load();
        q.wake();
        consumer.join();
        QVERIFY(in);
        QCOMPARE(beforeWake, -1); // not told
        QCOMPARE(got.load(), 7);
    }

    void aQuietPushIntoAFullQueueWakesTheConsumerFirst()
    {
        // Capacity for two: the third quiet push has to wait for room, and
        // the consumer asleep since the first must be woken to make it.
        BoundedQueue<int> q(2);
        std::atomic<int> taken{0};
        std::thread consumer([&] {
            while (q.pop()) ++taken;
        });
        std::this_thread::sleep_for(50ms);
        std::atomic<bool> pushed{false};
        std::thread producer([&] {
            bool all = true;
            for (int i = 0; i < 100; ++i) all = q.pushQuietly(i) && all;
            pushed = all;
        });
        QTRY_VERIFY_WITH_TIMEOUT(pushed.load(), 5000);
        producer.join();
        q.wake();
        QTRY_COMPARE_WITH_TIMEOUT(taken.load(), 100, 5000);
        q.close();
        consumer.join();
    }

    void aProducerWaitingForRoomGetsItOnceTheQueueIsDownToHalf()
    {
        BoundedQueue<int> q(4);
        for (int i = 0; i < 4; ++i) QVERIFY(q.push(i));
        std::atomic<bool> pushed{false};
        std::thread producer([&] { pushed = q.push(4); });
        std::this_thread::sleep_for(50ms);
        QVERIFY(!pushed.load());
        QCOMPARE(*q.tryPop(), 0); // three left: room, but not yet told
        QCOMPARE(*q.tryPop(), 1); // two left: half, told
        QTRY_VERIFY_WITH_TIMEOUT(pushed.load(), 5000);
        producer.join();
        QCOMPARE(q.used(), size_t(3));
    }

    void anItemBiggerThanTheQueueGoesInOnceItIsEmpty()
    {
        BoundedQueue<int> q(4);
        QVERIFY(q.push(1, 3));
        std::atomic<bool> pushed{false};
        std::thread producer([&] { pushed = q.push(2, 10); });
        std::this_thread::sleep_for(50ms);
        QVERIFY(!pushed.load());
        QCOMPARE(*q.pop(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(pushed.load(), 5000);
        producer.join();
        QCOMPARE(*q.pop(), 2);
    }

    void manyItemsThroughTwoThreadsArriveAllInOrder()
    {
        // Quiet pushes with a wake now and then, as a network thread makes
        // them, against a consumer as fast as it can go.
        BoundedQueue<int> q(64);
        constexpr int kItems = 200000;
        std::atomic<bool> ordered{true};
        std::thread consumer([&] {
            int expect = 0;
            while (auto v = q.pop()) {
                if (*v != expect) ordered = false;
                ++expect;
            }
            if (expect != kItems) ordered = false;
        });
        bool allIn = true;
        for (int i = 0; i < kItems; ++i) {
            allIn = q.pushQuietly(i, 1 + i % 5) && allIn;
            if (i % 7 == 0) q.wake();
        }
        q.wake();
        q.close();
        consumer.join();
        QVERIFY(allIn);
        QVERIFY(ordered.load());
    }

    // Recycling: what a consumer hands back as it takes the next item comes
    // back to a producer's quiet push (one it holds none of), never more than
    // half the capacity's worth of them, none after an abort, and never into a
    // closed queue.
    void itemsHandedBackComeBackToTheProducer()
    {
        using Q = BoundedQueue<std::vector<int>>;
        Q q(1000);
        std::optional<std::vector<int>> spent;
        std::optional<std::vector<int>> reuse;
        QVERIFY(q.pushQuietly({1}, 1, reuse));
        QVERIFY(!reuse.has_value()); // nothing handed back yet
        spent = std::vector<int>{7, 7, 7};
        auto got = q.tryPop(spent, 3);
        QVERIFY(!spent.has_value()); // taken by the queue
        QCOMPARE(got->front(), 1);
        QVERIFY(q.pushQuietly({2}, 1, reuse));
        QVERIFY(reuse.has_value());
        QCOMPARE(reuse->size(), size_t(3));
        // A producer that holds a spare already is given none.
        spent = std::vector<int>{8};
        (void)q.tryPop(spent, 1);
        QVERIFY(q.pushQuietly({3}, 1, reuse));
        QCOMPARE(reuse->size(), size_t(3));
        reuse.reset();
        QVERIFY(q.pushQuietly({4}, 1, reuse));
        QCOMPARE(reuse->front(), 8);
        // Kept up to half the capacity (500 here): four of 120 and then one
        // of 10; the three of 120 that would go past it are freed.
        for (int i = 0; i < 8; ++i) {
            spent = std::vector<int>{int(i)};
            (void)q.tryPop(spent, i < 7 ? 120 : 10);
            QVERIFY(!spent.has_value()); // kept or freed, never left with the consumer
        }
        size_t back = 0;
        for (int i = 0; i < 9; ++i) {
            reuse.reset();
            QVERIFY(q.pushQuietly({0}, 1, reuse));
            back += reuse.has_value() ? 1 : 0;
        }
        QCOMPARE(back, size_t(5));
        // What was handed out makes room for as much again.
        for (int i = 0; i < 6; ++i) {
            spent = std::vector<int>{int(i)};
            (void)q.tryPop(spent, 80);
        }
        back = 0;
        for (int i = 0; i < 7; ++i) {
            reuse.reset();
            QVERIFY(q.pushQuietly({0}, 1, reuse));
            back += reuse.has_value() ? 1 : 0;
        }
        QCOMPARE(back, size_t(6));
        // An abort drops the spares; a closed queue keeps none.
        spent = std::vector<int>{9};
        (void)q.tryPop(spent, 1);
        q.abort();
        spent = std::vector<int>{10};
        (void)q.tryPop(spent, 1);
        QVERIFY(!spent.has_value());
        reuse.reset();
        QVERIFY(!q.pushQuietly({5}, 1, reuse));
        QVERIFY(!reuse.has_value());
    }

    void abortWakesEveryoneAndDropsWhatIsQueued()
    {
        BoundedQueue<int> q(1);
        QVERIFY(q.push(1));
        std::atomic<int> refused{0};
        std::thread producer([&] {
            if (!q.push(2)) ++refused;
        });
        std::this_thread::sleep_for(50ms);
        q.abort();
        producer.join();
        QCOMPARE(refused.load(), 1);
        QVERIFY(!q.pop().has_value());
    }
};

QTEST_GUILESS_MAIN(TestBoundedQueue)
#include "test_bounded_queue.moc"
