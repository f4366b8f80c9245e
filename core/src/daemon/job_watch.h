#pragma once
#include "internal.h"
// A daemon job watched for `floodgate status`: the role's events counted into
// its JobBoard entry (planned, done, failed, in flight), and the same
// diagnosis a client runs (job/job_diagnosis.h) on this end's stages and
// the client's Stats, so that the status names the layer limiting each job.

#include "daemon/job_board.h"
#include "diagnosis/job_diagnosis.h"
#include "metrics/stage_set.h"
#include "options/transfer_params.h"
#include "role/observer.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace fg {

class JobWatch final : public RoleObserver {
public:
    // `push`: the client sends and this end receives. `connections` reads
    // the connections this end sends on (none for a push).
    JobWatch(std::shared_ptr<JobBoard::Entry> entry, bool push, StageSet& stages, const TransferParams& params,
             std::function<std::vector<diagnosis::ConnectionReading>()> connections);
    ~JobWatch() override;
    JobWatch(const JobWatch&) = delete;
    JobWatch& operator=(const JobWatch&) = delete;

    // The job is over: a last reading; what limited it (empty layer when
    // it moved too little data to say).
    Bottleneck finish();

    void onState(JobState state) override;
    void onPlanned(std::vector<PlanItem> items) override;
    void onFileStarted(uint32_t id, const std::string& path, uint64_t size) override;
    void onFileProgress(uint32_t id, uint64_t bytes) override;
    void onFileDone(uint32_t id, const std::string& path, uint64_t size, uint64_t moved) override;
    void onFileFailed(uint32_t id, const std::string& path, const Error& error) override;
    void onRemoteStats(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections) override;

private:
    JobDiagnosis::Sources::Moved moved() const;
    // The counters into the board's entry, with m_mutex held: always when
    // `now`, else unless the last report was less than kReportEvery ago
    // (job_watch.cpp); one left out is made by reportSkipped(), at the
    // diagnosis's next tick.
    void reportLocked(bool now = false);
    void reportSkipped();
    void forgetInFlightLocked(uint32_t id);

    std::shared_ptr<JobBoard::Entry> m_entry;
    mutable std::mutex m_mutex; // guards the counters
    uint64_t m_filesPlanned = 0;
    uint64_t m_bytesPlanned = 0;
    uint64_t m_filesDone = 0;
    uint64_t m_bytesDone = 0;  // sizes of the files done
    uint64_t m_bytesMoved = 0; // what crossed for them
    uint64_t m_filesFailed = 0;
    std::map<uint32_t, uint64_t> m_inFlight; // a started file's bytes so far
    uint64_t m_inFlightBytes = 0;            // their sum
    std::chrono::steady_clock::time_point m_reported; // the last report's time
    bool m_skipped = false;                           // an event since then was not reported
    std::unique_ptr<JobDiagnosis> m_diagnosis; // last: its thread reads the above
};

} // namespace fg
