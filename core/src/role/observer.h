#pragma once
#include "internal.h"
// How a sender or receiver role tells the job what happened. Both roles can
// report every event (each learns the other's through the protocol); a job
// listens to exactly one of them: the one that runs in its own process.

#include "diagnosis/evidence_window.h"

#include <floodgate/error.h>
#include <floodgate/job.h>
#include <floodgate/metrics.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace fg {

class RoleObserver {
public:
    virtual ~RoleObserver() = default;
    virtual void onState(JobState) {}
    // A source entry entered the list (totals grow while the scan runs).
    virtual void onListed(bool isRegular, uint64_t size) { (void)isRegular; (void)size; }
    virtual void onPlanned(std::vector<PlanItem>) {}
    virtual void onUnchanged(uint64_t count) { (void)count; }
    virtual void onFileStarted(uint32_t id, const std::string& path, uint64_t size) { (void)id; (void)path; (void)size; }
    virtual void onFileProgress(uint32_t id, uint64_t bytes) { (void)id; (void)bytes; }
    // moved: the bytes of its data that crossed (its size less what came
    // from its old copy or partial file).
    virtual void onFileDone(uint32_t id, const std::string& path, uint64_t size, uint64_t moved)
    {
        (void)id;
        (void)path;
        (void)size;
        (void)moved;
    }
    virtual void onFileFailed(uint32_t id, const std::string& path, const Error& error) { (void)id; (void)path; (void)error; }
    // A problem not tied to one transferred file (a deletion, a directory's
    // time, a skipped entry).
    virtual void onNotice(bool isError, const std::string& path, const Error& error) { (void)isError; (void)path; (void)error; }
    // Worth a line in the log, not a problem (what compression did).
    virtual void onInfo(const std::string& message) { (void)message; }
    virtual void onDeleted(uint64_t count) { (void)count; }
    // --snapshot: the receiver's last word on the snapshot it wrote.
    virtual void onSnapshot(const SnapshotOutcome& outcome) { (void)outcome; }
    // The far end's figures (its Stats): its stages and machine, and the
    // connections it sends on.
    virtual void onRemoteStats(diagnosis::EndReading, std::vector<diagnosis::ConnectionReading>) {}
};

class NullObserver final : public RoleObserver {};

} // namespace fg
