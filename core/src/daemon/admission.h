#pragma once
#include "internal.h"
// Who gets a daemon's threads. A connection that has not proven who it is yet
// (a TLS handshake, then a paired client's key or a right pairing code) is
// "pending": it has a deadline, and pending connections are bounded per
// address and in all. A full pool makes room for a new connection by dropping
// its oldest, never by refusing the new one, so a flood of connections that
// prove nothing cannot keep a paired client out: its own connection proves
// itself in milliseconds, long before enough newer ones come to push it out.
// Jobs are counted apart, against their own limit (serve --max-sessions).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

struct AdmissionLimits {
    std::chrono::milliseconds proveWithin{10000}; // serve --auth-timeout
    size_t maxPending = 128;                      // serve --max-pending
    // One client opens up to 33 connections at once (a job's control
    // connection and 32 data connections): more than that from one address.
    size_t maxPendingPerAddress = 48;             // serve --max-pending-per-host
    size_t maxJobs = 64;                          // serve --max-sessions
};

class Admission {
public:
    using Clock = std::chrono::steady_clock;
    using Id = uint64_t;

    explicit Admission(AdmissionLimits limits);

    AdmissionLimits limits() const;
    // New limits (a reload): for the connections and jobs that come next;
    // none that is there now is dropped for them.
    void setLimits(AdmissionLimits limits);
    // A new connection from `address`, pending. The connections it pushes
    // out of the pool (oldest of its address when that address has its
    // share, else oldest of all when the pool is full) are appended to
    // `dropped`: the caller closes them.
    Id arrive(const std::string& address, Clock::time_point now, std::vector<Id>* dropped);
    // It proved who it is: no deadline, no place in the pool. Nothing for
    // one that was dropped or is gone.
    void proven(Id id);
    // It ended (whether it proved itself or not).
    void left(Id id);
    // The pending connections past their deadline, each named once: they
    // leave the pool now, and the caller closes them.
    std::vector<Id> overdue(Clock::time_point now);
    size_t pending() const;

    // A job may start unless maxJobs run; each started one is ended once.
    bool tryStartJob();
    void endJob();
    size_t jobs() const;

private:
    struct Pending {
        std::string address;
        Clock::time_point deadline;
    };

    AdmissionLimits m_limits; // guarded by m_mutex
    mutable std::mutex m_mutex;
    Id m_next = 1;
    std::map<Id, Pending> m_pending; // by id: the oldest first
    size_t m_jobs = 0;
};

} // namespace fg
