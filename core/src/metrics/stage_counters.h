#pragma once
#include "internal.h"
// Per-stage counters: bytes, items, and where the stage's time went (busy,
// waiting on its input, waiting on its output). Written by one stage thread,
// read by anyone through snapshot(): relaxed atomics are enough.

#include "common/clock.h"

#include <floodgate/metrics.h>

#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

class StageCounters {
public:
    explicit StageCounters(std::string name) : m_name(std::move(name)) {}

    const std::string& name() const { return m_name; }
    void addBytes(uint64_t n) { m_bytes.fetch_add(n, std::memory_order_relaxed); }
    void addItems(uint64_t n) { m_items.fetch_add(n, std::memory_order_relaxed); }
    void addBusy(uint64_t ns) { m_busyNs.fetch_add(ns, std::memory_order_relaxed); }
    void addWaitInput(uint64_t ns) { m_waitInputNs.fetch_add(ns, std::memory_order_relaxed); }
    void addWaitOutput(uint64_t ns) { m_waitOutputNs.fetch_add(ns, std::memory_order_relaxed); }

    StageSnapshot snapshot() const
    {
        StageSnapshot s;
        s.name = m_name;
        s.bytes = m_bytes.load(std::memory_order_relaxed);
        s.items = m_items.load(std::memory_order_relaxed);
        s.busyNs = m_busyNs.load(std::memory_order_relaxed);
        s.waitInputNs = m_waitInputNs.load(std::memory_order_relaxed);
        s.waitOutputNs = m_waitOutputNs.load(std::memory_order_relaxed);
        return s;
    }

private:
    std::string m_name;
    std::atomic<uint64_t> m_bytes{0};
    std::atomic<uint64_t> m_items{0};
    std::atomic<uint64_t> m_busyNs{0};
    std::atomic<uint64_t> m_waitInputNs{0};
    std::atomic<uint64_t> m_waitOutputNs{0};
};

// Adds the time from construction to destruction to one of a stage's buckets.
class StageTimer {
public:
    enum class Bucket { Busy, WaitInput, WaitOutput };
    StageTimer(StageCounters& counters, Bucket bucket) : m_counters(counters), m_bucket(bucket), m_start(monotonicNs()) {}
    ~StageTimer()
    {
        uint64_t ns = monotonicNs() - m_start;
        switch (m_bucket) {
        case Bucket::Busy: m_counters.addBusy(ns); break;
        case Bucket::WaitInput: m_counters.addWaitInput(ns); break;
        case Bucket::WaitOutput: m_counters.addWaitOutput(ns); break;
        }
    }
    StageTimer(const StageTimer&) = delete;
    StageTimer& operator=(const StageTimer&) = delete;

private:
    StageCounters& m_counters;
    Bucket m_bucket;
    uint64_t m_start;
};

// The stages of one end, with stable addresses (deque) so threads can hold
// references while others are added.
class StageSet {
public:
    StageCounters& add(const std::string& name)
    {
        std::lock_guard lock(m_mutex);
        return m_stages.emplace_back(name);
    }
    std::vector<StageSnapshot> snapshot(bool remote) const
    {
        std::lock_guard lock(m_mutex);
        std::vector<StageSnapshot> out;
        for (const auto& s : m_stages) {
            out.push_back(s.snapshot());
            out.back().remote = remote;
        }
        return out;
    }

private:
    mutable std::mutex m_mutex;
    std::deque<StageCounters> m_stages;
};

} // namespace fg
