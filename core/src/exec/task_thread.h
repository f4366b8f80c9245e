#pragma once
#include "internal.h"
// The threads a role starts for its loops (network readers, writers, the
// signer, the stats reporter). A TaskThread is used as a std::thread is: it
// runs one task, and whoever started it joins it.
//
// By default each one is a std::thread of its own, started and ended with its
// task. A process that runs many short jobs one after another and may keep
// idle threads around can turn on reuse (keepIdleThreads): a thread whose
// task ended then waits a while for the next task instead of ending. The
// fuzz targets do: a receiver starts about ten threads per input, and under
// ASan a thread costs some 0.5 ms to create (measured on the development
// machine, where it was nine tenths of each input's time).
//
// With reuse on, a reused thread keeps its thread_local state from one task
// to the next (buffers, compressor tables): a task must not rely on meeting
// fresh thread_local objects.

#include <chrono>
#include <functional>
#include <memory>
#include <thread>

namespace fg::exec {

namespace detail {
struct TaskDone;
} // namespace detail

class TaskThread {
public:
    TaskThread() = default;
    // Starts `task` at once, on a thread of its own or an idle reused one.
    explicit TaskThread(std::function<void()> task);
    // Like std::thread: destroying or replacing a joinable one is a bug
    // (std::terminate).
    ~TaskThread();
    TaskThread(TaskThread&& other) noexcept;
    TaskThread& operator=(TaskThread&& other) noexcept;
    TaskThread(const TaskThread&) = delete;
    TaskThread& operator=(const TaskThread&) = delete;

    bool joinable() const { return m_own.joinable() || m_done != nullptr; }
    // Waits until the task has returned and everything it captured is
    // destroyed.
    void join();

private:
    std::thread m_own;                         // reuse off: the task's own thread
    std::shared_ptr<detail::TaskDone> m_done;  // reuse on: set once the task is over
};

// From now on, a thread whose task ended waits up to `idle` for another task
// before it ends; zero (the default) turns reuse off again for threads started
// from then on (idle ones end when their wait is over).
void keepIdleThreads(std::chrono::milliseconds idle);

// Threads now waiting for a task (for tests).
size_t idleThreads();
// Threads of the reuse pool, running a task or waiting for one (for tests:
// one that just finished a task is not idle yet, but may be a moment later).
size_t pooledThreads();

} // namespace fg::exec
