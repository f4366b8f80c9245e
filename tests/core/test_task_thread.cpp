// The threads roles run their loops on: one thread per task, joined like a
// std::thread; with reuse on, a thread whose task ended takes the next one,
// and idle threads end after their wait.

#include "exec/task_thread.h"
#include "platform/thread_priority.h"

#include <QTest>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using fg::exec::TaskThread;
using namespace std::chrono_literals;

namespace {
// Sets a flag when destroyed: proves what a task captured is gone.
struct SetsOnDestroy {
    explicit SetsOnDestroy(std::atomic<bool>* target) : m_flag(target) {}
    SetsOnDestroy(SetsOnDestroy&& other) noexcept : m_flag(other.m_flag) { other.m_flag = nullptr; }
    SetsOnDestroy(const SetsOnDestroy& other) : m_flag(other.m_flag) {}
    ~SetsOnDestroy()
    {
        if (m_flag) m_flag->store(true);
    }
    std::atomic<bool>* m_flag;
};

// None waiting, and none about to: a thread whose task just ended is not
// idle yet, and would be once the next test turned reuse on.
void noIdleThreads()
{
    fg::exec::keepIdleThreads(0ms);
    QTRY_COMPARE_WITH_TIMEOUT(fg::exec::pooledThreads(), size_t(0), 10000);
    QCOMPARE(fg::exec::idleThreads(), size_t(0));
}

std::thread::id runAndJoin(std::atomic<int>& ran)
{
    std::thread::id id;
    TaskThread t([&] {
        id = std::this_thread::get_id();
        ++ran;
    });
    const bool joinable = t.joinable();
    t.join();
    if (!joinable) QTest::qFail("a started task is not joinable", __FILE__, __LINE__);
    return id;
}
} // namespace

class TestTaskThread : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Each test starts with no idle thread: an earlier test's end their wait
    // on their own time, and one still waiting would count, or take a task.
    void init() { noIdleThreads(); }
    void cleanup() { noIdleThreads(); }

    // A thread in the background (a front end's job, Job::setBackground)
    // starts its tasks there, with reuse or without, and they theirs; the
    // thread that started it is left as it was.
    void aBackgroundThreadsTasksRunInTheBackground()
    {
        const bool callerWas = fg::platform::thisThreadIsInBackground();
        for (auto idle : {0ms, 5000ms}) {
            fg::exec::keepIdleThreads(idle);
            bool moved = false;
            std::atomic<bool> child{false}, grandchild{false};
            std::thread starter([&] {
                moved = fg::platform::moveThisThreadToBackground().ok();
                TaskThread t([&] {
                    child = fg::platform::thisThreadIsInBackground();
                    TaskThread inner([&] { grandchild = fg::platform::thisThreadIsInBackground(); });
                    inner.join();
                });
                t.join();
            });
            starter.join();
            QVERIFY(moved);
            QVERIFY(child.load());
            QVERIFY(grandchild.load());
            noIdleThreads(); // a pooled thread in the background stays there
        }
        QCOMPARE(fg::platform::thisThreadIsInBackground(), callerWas);
        if (callerWas) return; // the whole test runs under nice: nothing more to tell
        std::atomic<bool> normalChild{true};
        TaskThread t([&] { normalChild = fg::platform::thisThreadIsInBackground(); });
        t.join();
        QVERIFY2(!normalChild.load(), "a normal thread's task runs at normal priority");
    }

    void withoutReuseEachTaskHasAThreadOfItsOwn()
    {
        std::atomic<int> ran{0};
        const auto first = runAndJoin(ran);
        QCOMPARE(ran.load(), 1);
        QVERIFY(first != std::this_thread::get_id());
        QCOMPARE(fg::exec::idleThreads(), size_t(0));
    }

    void withReuseTheNextTaskTakesTheIdleThread()
    {
        fg::exec::keepIdleThreads(5s);
        std::atomic<int> ran{0};
        const auto first = runAndJoin(ran);
        QTRY_COMPARE_WITH_TIMEOUT(fg::exec::idleThreads(), size_t(1), 2000);
        const auto second = runAndJoin(ran);
        QCOMPARE(ran.load(), 2);
        QVERIFY2(first == second, "the second task ran on the first one's thread");
    }

    void joinReturnsOnceTheCapturesAreGone()
    {
        for (auto idle : {0ms, 5000ms}) {
            fg::exec::keepIdleThreads(idle);
            std::atomic<bool> destroyed{false};
            TaskThread t([guard = SetsOnDestroy(&destroyed)] { std::this_thread::sleep_for(20ms); });
            t.join();
            QVERIFY2(destroyed.load(), "the task's captures are destroyed before join returns");
            QVERIFY(!t.joinable());
        }
    }

    void tasksThatWaitForEachOtherEachGetAThread()
    {
        // Eight tasks that can only end together: were any two put on one
        // thread, this would never end.
        fg::exec::keepIdleThreads(5s);
        constexpr int kTasks = 8;
        std::mutex mutex;
        std::condition_variable cv;
        int arrived = 0;
        std::atomic<int> together{0};
        std::vector<TaskThread> threads;
        for (int i = 0; i < kTasks; ++i)
            threads.emplace_back([&] {
                std::unique_lock lock(mutex);
                ++arrived;
                cv.notify_all();
                if (cv.wait_for(lock, 10s, [&] { return arrived == kTasks; })) ++together;
            });
        for (auto& t : threads) t.join();
        QCOMPARE(together.load(), kTasks);
        QTRY_COMPARE_WITH_TIMEOUT(fg::exec::idleThreads(), size_t(kTasks), 2000);
    }

    void idleThreadsEndAfterTheirWait()
    {
        fg::exec::keepIdleThreads(100ms);
        std::atomic<int> ran{0};
        runAndJoin(ran);
        runAndJoin(ran);
        QTRY_COMPARE_WITH_TIMEOUT(fg::exec::idleThreads(), size_t(0), 3000);
    }

    void turningReuseOffEndsTheIdleThreads()
    {
        fg::exec::keepIdleThreads(60s);
        std::atomic<int> ran{0};
        runAndJoin(ran);
        QTRY_COMPARE_WITH_TIMEOUT(fg::exec::idleThreads(), size_t(1), 2000);
        fg::exec::keepIdleThreads(0ms);
        QTRY_COMPARE_WITH_TIMEOUT(fg::exec::idleThreads(), size_t(0), 2000);
    }

    void aMovedFromThreadIsNotJoinable()
    {
        std::atomic<int> ran{0};
        TaskThread a([&] { ++ran; });
        TaskThread b(std::move(a));
        QVERIFY(!a.joinable());
        QVERIFY(b.joinable());
        b.join();
        QCOMPARE(ran.load(), 1);
    }
};

QTEST_GUILESS_MAIN(TestTaskThread)
#include "test_task_thread.moc"
