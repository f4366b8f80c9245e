#pragma once
#include "internal.h"
// A blocking queue bounded by a cost (bytes, usually): the back-pressure between
// pipeline stages that keeps memory bounded whatever the speed of each side.
// Waiting time is accounted by the caller's stage counters.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

namespace fg {

template <class T>
class BoundedQueue {
public:
    explicit BoundedQueue(size_t capacity) : m_capacity(capacity) {}

    // Blocks while full. An item larger than the whole capacity still goes in
    // when the queue is empty, so no item can wedge the pipeline. False once closed.
    bool push(T item, size_t cost = 1)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_closed || m_used == 0 || m_used + cost <= m_capacity; });
        if (m_closed) return false;
        m_items.push_back({std::move(item), cost});
        m_used += cost;
        m_notEmpty.notify_one();
        return true;
    }

    // Never blocks: for a small last message that must not wait on a full queue.
    bool pushAlways(T item, size_t cost = 1)
    {
        std::lock_guard lock(m_mutex);
        if (m_closed) return false;
        m_items.push_back({std::move(item), cost});
        m_used += cost;
        m_notEmpty.notify_one();
        return true;
    }

    // Blocks while empty; nullopt once closed and drained.
    std::optional<T> pop()
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return m_closed || !m_items.empty(); });
        return takeLocked();
    }

    std::optional<T> tryPop()
    {
        std::lock_guard lock(m_mutex);
        return takeLocked();
    }

    // No more pushes; pop() drains what is left, then returns nullopt.
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

    // Closes and drops what is queued (cancellation).
    void abort()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_items.clear();
        m_used = 0;
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

    bool empty() const
    {
        std::lock_guard lock(m_mutex);
        return m_items.empty();
    }

    size_t used() const
    {
        std::lock_guard lock(m_mutex);
        return m_used;
    }

private:
    struct Slot {
        T item;
        size_t cost;
    };

    std::optional<T> takeLocked()
    {
        if (m_items.empty()) return std::nullopt;
        Slot slot = std::move(m_items.front());
        m_items.pop_front();
        m_used -= slot.cost;
        m_notFull.notify_all();
        return std::move(slot.item);
    }

    mutable std::mutex m_mutex;
    std::condition_variable m_notEmpty;
    std::condition_variable m_notFull;
    std::deque<Slot> m_items;
    size_t m_capacity;
    size_t m_used = 0;
    bool m_closed = false;
};

} // namespace fg
