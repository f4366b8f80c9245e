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
#include <vector>

namespace fg {

template <class T>
class BoundedQueue {
public:
    explicit BoundedQueue(size_t capacity) : m_capacity(capacity) {}

    // Blocks while full. An item larger than the whole capacity still goes in
    // when the queue is empty, so no item can wedge the pipeline. False once closed.
    bool push(T item, size_t cost = 1) { return put(std::move(item), cost, true); }

    // The same without waking a consumer asleep in pop(): for a producer that
    // has more items at hand and calls wake() once it has none (one wake-up
    // for a run of items, not one each). A push that has to wait for room
    // wakes the consumer first, so the two never wait on each other.
    bool pushQuietly(T item, size_t cost = 1) { return put(std::move(item), cost, false); }

    // Recycling: a consumer done with an item hands it back as it takes the
    // next (tryPop's `spent`, with what it holds, as a push's cost), and a
    // producer's quiet push takes one back (`reuse`, when it holds none) to
    // fill anew. A frame's buffer so goes round between the two threads under
    // this queue's lock, which both take anyway; freed on one thread and
    // allocated on the other it costs malloc's arena locks each time. The
    // spares are kept up to half the capacity: a producer that fills the
    // queue is woken when it is down to half (take()), so that is what a
    // consumer hands back between two refills, and what the refill takes
    // again. (A count of 64 spares, before, left a push of 65,536 small files
    // allocating 10,400 of its frames, each freed on the other thread; 2,700
    // to 5,300 now, most of them the queues' first filling.) The items and the
    // spares together stay about the capacity: each spare was an item.
    bool pushQuietly(T item, size_t cost, std::optional<T>& reuse) { return put(std::move(item), cost, false, &reuse); }

    // Wakes a consumer asleep in pop() if there is something to take.
    void wake()
    {
        std::unique_lock lock(m_mutex);
        const bool wake = m_popWaiting > 0 && !m_items.empty();
        lock.unlock();
        if (wake) m_notEmpty.notify_one();
    }

    // Never blocks: for a small last message that must not wait on a full queue.
    bool pushAlways(T item, size_t cost = 1)
    {
        std::unique_lock lock(m_mutex);
        if (m_closed) return false;
        m_items.push_back({std::move(item), cost});
        m_used += cost;
        const bool wake = m_popWaiting > 0;
        lock.unlock();
        if (wake) m_notEmpty.notify_one();
        return true;
    }

    // Blocks while empty; nullopt once closed and drained.
    std::optional<T> pop()
    {
        std::unique_lock lock(m_mutex);
        if (!m_closed && m_items.empty()) {
            ++m_popWaiting;
            m_notEmpty.wait(lock, [&] { return m_closed || !m_items.empty(); });
            --m_popWaiting;
        }
        return take(lock);
    }

    std::optional<T> tryPop()
    {
        std::unique_lock lock(m_mutex);
        return take(lock);
    }

    // The same, handing back an item done with (left empty; `spentCost` what
    // it holds): see pushQuietly's recycling.
    std::optional<T> tryPop(std::optional<T>& spent, size_t spentCost)
    {
        std::unique_lock lock(m_mutex);
        if (spent && !m_closed && m_sparesCost + spentCost <= m_capacity / 2) {
            m_spares.push_back({std::move(*spent), spentCost});
            m_sparesCost += spentCost;
            spent.reset();
        }
        std::optional<T> item = take(lock);
        if (lock.owns_lock()) lock.unlock();
        spent.reset(); // one not kept is freed outside the lock
        return item;
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
        m_spares.clear();
        m_sparesCost = 0;
        m_used = 0;
        m_notEmpty.notify_all();
        m_notFull.notify_all();
    }

    // Closed (or aborted): pushes fail from now on.
    bool closed() const
    {
        std::lock_guard lock(m_mutex);
        return m_closed;
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
    bool put(T item, size_t cost, bool wakeConsumer, std::optional<T>* reuse = nullptr)
    {
        std::unique_lock lock(m_mutex);
        const auto room = [&] { return m_closed || m_used == 0 || m_used + cost <= m_capacity; };
        if (!room()) {
            if (m_popWaiting > 0) m_notEmpty.notify_one(); // what was pushed quietly
            ++m_pushWaiting;
            m_notFull.wait(lock, room);
            --m_pushWaiting;
        }
        if (m_closed) return false;
        m_items.push_back({std::move(item), cost});
        m_used += cost;
        if (reuse && !*reuse && !m_spares.empty()) {
            reuse->emplace(std::move(m_spares.back().item));
            m_sparesCost -= m_spares.back().cost;
            m_spares.pop_back();
        }
        // Told after the lock is let go: a consumer woken while it is held
        // would only wake to wait for it (two more system calls an item).
        const bool wake = wakeConsumer && m_popWaiting > 0;
        lock.unlock();
        if (wake) m_notEmpty.notify_one();
        return true;
    }

    struct Slot {
        T item;
        size_t cost;
    };

    // Takes the front item and lets the lock go; a producer waiting for room
    // is told after that, once the queue is down to half (or empty, for an
    // item bigger than that): woken at each item taken, a producer that keeps
    // the queue full would wake and sleep again for every item.
    std::optional<T> take(std::unique_lock<std::mutex>& lock)
    {
        if (m_items.empty()) return std::nullopt;
        Slot slot = std::move(m_items.front());
        m_items.pop_front();
        m_used -= slot.cost;
        const bool wake = m_pushWaiting > 0 && m_used <= m_capacity / 2;
        lock.unlock();
        if (wake) m_notFull.notify_all();
        return std::move(slot.item);
    }

    mutable std::mutex m_mutex;
    std::condition_variable m_notEmpty;
    std::condition_variable m_notFull;
    std::deque<Slot> m_items;
    std::vector<Slot> m_spares; // handed back by consumers, for producers to reuse
    size_t m_sparesCost = 0;    // their costs' sum: at most half the capacity
    size_t m_capacity;
    size_t m_used = 0;
    bool m_closed = false;
    // Threads asleep in pop() and push(): nobody to tell, no call made.
    int m_popWaiting = 0;
    int m_pushWaiting = 0;
};

} // namespace fg
