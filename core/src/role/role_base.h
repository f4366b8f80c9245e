#pragma once
#include "internal.h"
// What the sending and the receiving role share: the link and the observer,
// the first error and how the peer hears of it, cancellation, and the Stats
// report sent to the peer every 250 ms.

#include "diagnosis/evidence_window.h"
#include "diagnosis/readings.h"
#include "exec/task_thread.h"
#include "metrics/stage_track.h"
#include "proto/frame.h"
#include "proto/messages.h"
#include "role/linger.h"
#include "role/observer.h"

#include <floodgate/error.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace fg {

class RoleBase {
public:
    virtual ~RoleBase();
    RoleBase(const RoleBase&) = delete;
    RoleBase& operator=(const RoleBase&) = delete;

    // Stops the role from any thread; its run() then returns Cancelled and
    // the peer is told.
    void cancel();
    // Stops the role from any thread without a word to the peer, whose
    // connection is dead or no longer this job's: its run() returns `why`.
    void abandon(Error why) { fail(std::move(why), false); }
    // A data connection that joined while the role runs (auto streams). The
    // link must outlive the role.
    virtual void addDataLink(proto::FrameLink* link) = 0;

protected:
    RoleBase(proto::FrameLink& link, RoleObserver& observer, StageSet& stages);

    // Records the role's first error and stops it: queues are aborted, the
    // peer is told why (unless the error came from it, or the end was already
    // exchanged) and the link is closed once the peer hangs up.
    void fail(Error error, bool tellPeer = true);
    // A failure before the reading thread runs: the peer is told, then what it
    // still sends is read and dropped until it hangs up, so the reason is not
    // lost to a connection reset. Returns the error.
    Error failEarly(Error error);
    // A send that failed. A broken connection is left for the reading thread
    // to explain (the peer has most likely said why, in a frame not read
    // yet); the link is closed after a grace period in case it never does.
    // Anything else fails the role.
    void sendFailed(const Error& error);
    // A problem with one path that does not stop the role: the user hears of
    // it here (observer) and on the peer's side (a Notice frame).
    void notice(bool isError, const std::string& path, const Error& error);
    // Something worth a line in the job's log (not a problem): here
    // (observer) and on the peer's side (an Info Notice).
    void inform(const std::string& message);
    // The peer's Notice, for the user; a malformed one fails the role.
    void relayPeerNotice(const proto::Frame& frame);
    std::optional<Error> firstError() const;
    // Errors about paths so far, this end's and the peer's (files that
    // vanished or changed while read are not counted: rsync's 24).
    uint64_t pathErrors() const { return m_pathErrors.load(); }
    bool cancelled() const { return m_cancelled.load(); }
    const std::atomic<bool>& cancelFlag() const { return m_cancelled; }

    void startStatsReports();
    void stopStatsReports();
    // This role's figures for the peer: its stages, its machine and the
    // connections it sends on (sent every 250 ms and as its last word).
    proto::StatsMsg statsReport() const;
    // The data connections this role sends on, as its kernel sees them (a
    // sender's; a receiver sends only acknowledgements).
    virtual std::vector<diagnosis::ConnectionReading> sendingConnections() const { return {}; }

    // Every stats interval (250 ms) on the stats thread, for periodic checks.
    virtual void onTick() {}
    // Wakes every thread of the role that waits on one of its queues.
    virtual void abortQueues() = 0;
    // True once JobDone went by: nothing is owed to the peer any more.
    virtual bool endExchanged() const = 0;

    proto::FrameLink& m_link;
    RoleObserver& m_observer;
    StageSet& m_stages;
    LingeringClose m_linger{m_link};
    // Read once: the ceilings seldom change during a job, and reading them
    // is six files under /proc/sys.
    const platform::NetLimits m_netLimits;

private:
    // The busiest core's interrupt load between two Stats (the thread's
    // ticks and a role's last word may come from two threads).
    mutable std::mutex m_interruptsMutex;
    mutable diagnosis::InterruptMeter m_interrupts;

    std::atomic<bool> m_cancelled{false};
    std::atomic<uint64_t> m_pathErrors{0};
    mutable std::mutex m_errorMutex;
    std::optional<Error> m_error;
    std::mutex m_statsMutex;
    std::condition_variable m_statsCv;
    bool m_statsStop = false;
    exec::TaskThread m_statsThread;
};

} // namespace fg
