#include "exec/task_thread.h"

#include "platform/thread_priority.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <vector>

namespace fg::exec {

namespace detail {
struct TaskDone {
    std::mutex mutex;
    std::condition_variable cv;
    bool done = false;
};
} // namespace detail

namespace {

// A reusable thread's slot: the task it is to run next.
struct Worker {
    std::condition_variable wake;
    std::function<void()> task;
    std::shared_ptr<detail::TaskDone> done;
};

class ThreadPool {
public:
    // Never destroyed: idle threads may still wait on it while the process
    // exits.
    static ThreadPool& instance()
    {
        static ThreadPool* pool = new ThreadPool;
        return *pool;
    }

    std::chrono::milliseconds idleTime()
    {
        std::lock_guard lock(m_mutex);
        return m_idle;
    }

    void setIdleTime(std::chrono::milliseconds idle)
    {
        std::lock_guard lock(m_mutex);
        m_idle = idle;
        // Waiting ones look again: with zero they end now.
        for (Worker* w : m_waiting) w->wake.notify_one();
    }

    size_t waiting()
    {
        std::lock_guard lock(m_mutex);
        return m_waiting.size();
    }

    size_t alive()
    {
        std::lock_guard lock(m_mutex);
        return m_alive;
    }

    std::shared_ptr<detail::TaskDone> run(std::function<void()> task)
    {
        auto done = std::make_shared<detail::TaskDone>();
        {
            std::lock_guard lock(m_mutex);
            if (!m_waiting.empty()) {
                Worker* w = m_waiting.back();
                m_waiting.pop_back();
                w->task = std::move(task);
                w->done = done;
                w->wake.notify_one();
                return done;
            }
        }
        auto w = std::make_unique<Worker>();
        w->task = std::move(task);
        w->done = done;
        {
            std::lock_guard lock(m_mutex);
            ++m_alive;
        }
        std::thread([this, w = std::move(w)]() mutable { serve(std::move(w)); }).detach();
        return done;
    }

private:
    void serve(std::unique_ptr<Worker> w)
    {
        for (;;) {
            {
                std::function<void()> task = std::move(w->task);
                w->task = nullptr;
                task();
            } // what the task captured is gone before it counts as done
            {
                std::shared_ptr<detail::TaskDone> done = std::move(w->done);
                std::lock_guard lock(done->mutex);
                done->done = true;
                done->cv.notify_all();
            }
            std::unique_lock lock(m_mutex);
            if (m_idle.count() == 0) {
                --m_alive;
                return;
            }
            m_waiting.push_back(w.get());
            // The wait is measured against the idle time in force now, which
            // setIdleTime may shorten while this thread waits.
            const auto idleSince = std::chrono::steady_clock::now();
            while (!w->task) {
                if (std::chrono::steady_clock::now() >= idleSince + m_idle) {
                    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), w.get()));
                    --m_alive;
                    return;
                }
                w->wake.wait_until(lock, idleSince + m_idle);
            }
            // run() took it off the waiting list and gave it a task.
        }
    }

    std::mutex m_mutex;
    std::chrono::milliseconds m_idle{0};
    std::vector<Worker*> m_waiting;
    size_t m_alive = 0; // threads of the pool, running a task or waiting for one
};

} // namespace

TaskThread::TaskThread(std::function<void()> task)
{
    // A job in the background (Job::setBackground) keeps its threads there:
    // Linux starts a thread with its creator's nice value, Windows at normal.
    if (platform::thisThreadIsInBackground()) {
        task = [task = std::move(task)] {
            (void)platform::moveThisThreadToBackground(); // at worst, as fast as before
            task();
        };
    }
    ThreadPool& pool = ThreadPool::instance();
    if (pool.idleTime().count() == 0) m_own = std::thread(std::move(task));
    else m_done = pool.run(std::move(task));
}

TaskThread::~TaskThread()
{
    if (joinable()) std::terminate();
}

TaskThread::TaskThread(TaskThread&& other) noexcept : m_own(std::move(other.m_own)), m_done(std::move(other.m_done)) {}

TaskThread& TaskThread::operator=(TaskThread&& other) noexcept
{
    if (joinable()) std::terminate();
    m_own = std::move(other.m_own);
    m_done = std::move(other.m_done);
    return *this;
}

void TaskThread::join()
{
    if (m_own.joinable()) return m_own.join();
    if (!m_done) throw std::system_error(std::make_error_code(std::errc::invalid_argument), "TaskThread::join");
    {
        std::unique_lock lock(m_done->mutex);
        m_done->cv.wait(lock, [&] { return m_done->done; });
    }
    m_done.reset();
}

void keepIdleThreads(std::chrono::milliseconds idle) { ThreadPool::instance().setIdleTime(idle); }

size_t idleThreads() { return ThreadPool::instance().waiting(); }

size_t pooledThreads() { return ThreadPool::instance().alive(); }

} // namespace fg::exec
