#pragma once
#include "internal.h"
// What a daemon's jobs are doing and did, for `floodgate status`: each
// running job's client, module, progress, rate and current bottleneck; the
// last 50 that ended, with their results; and when each paired client was
// last heard from (kept in the state directory across restarts, to the
// minute).

#include <floodgate/metrics.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

// One job as the status shows it.
struct JobRecord {
    uint64_t id = 0;
    std::string client;      // its name, or its fingerprint when it has none
    std::string peer;        // address:port
    std::string module;      // empty when the request named none that exists
    std::string path;        // below the module
    bool push = true;        // the client sends (the daemon receives)
    bool dryRun = false;
    int64_t startedUnix = 0; // seconds since 1970
    std::string state;       // "scanning", "transferring", ...; "ended" for a finished one
    uint64_t filesPlanned = 0;
    uint64_t bytesPlanned = 0;
    uint64_t filesDone = 0;
    uint64_t bytesMoved = 0; // payload bytes that crossed, in flight included
    uint64_t filesFailed = 0;
    double rate = 0;         // bytes/s over the last few seconds (running), or the job's mean (ended)
    Bottleneck bottleneck;   // now (running), or the job's verdict (ended)
    // Ended jobs only:
    double seconds = 0;
    bool ok = false;
    std::string result;      // "ok", or the error that ended it, or what failed
};

// What the jobs of one module came to since the daemon started (the
// metrics endpoint's counters; refusals before a module was known count
// under "").
struct ModuleTotals {
    uint64_t jobsOk = 0;
    uint64_t jobsFailed = 0;
    uint64_t bytesReceived = 0; // pushes: file data the daemon took in
    uint64_t bytesSent = 0;     // pulls
};

class JobBoard {
public:
    // A running job's entry; its owner (the job's session) updates it from
    // any thread and ends it once.
    class Entry {
    public:
        void setState(const std::string& state);
        void planned(uint64_t files, uint64_t bytes);
        void progress(uint64_t filesDone, uint64_t bytesMoved, uint64_t filesFailed);
        void setBottleneck(const Bottleneck& b);
        JobRecord record() const;

    private:
        friend class JobBoard;
        mutable std::mutex m_mutex;
        JobRecord m_record;
        std::chrono::steady_clock::time_point m_started;
        // (when, bytes) a second or more apart, the last few seconds: the rate now.
        std::deque<std::pair<std::chrono::steady_clock::time_point, uint64_t>> m_samples;
    };

    static constexpr size_t kKeptEnded = 50;

    // `stateDir` keeps the clients' last contacts ("" keeps them in memory only).
    explicit JobBoard(std::string stateDir);

    // A job begins for `record`'s client (id and start are set here).
    std::shared_ptr<Entry> begin(JobRecord record, const std::string& fingerprint);
    // It ended: ok, or why not. The entry moves to the ended list; a second
    // call does nothing.
    void end(const std::shared_ptr<Entry>& entry, bool ok, const std::string& result);

    std::vector<JobRecord> running() const;
    std::vector<JobRecord> ended() const; // the newest first
    std::map<std::string, ModuleTotals> totals() const; // by module
    // Each client heard from: fingerprint -> seconds since 1970.
    std::map<std::string, int64_t> lastContacts() const;
    // A client was heard from now (a job or a probe began).
    void contact(const std::string& fingerprint);

private:
    void noteContactLocked(const std::string& fingerprint, int64_t when);
    void saveContactsLocked() const;

    const std::string m_stateDir;
    mutable std::mutex m_mutex;
    uint64_t m_nextId = 1;
    std::vector<std::shared_ptr<Entry>> m_running;
    std::deque<JobRecord> m_ended;
    std::map<std::string, ModuleTotals> m_totals;
    std::map<std::string, int64_t> m_contacts;
};

} // namespace fg
