#include "client/session.h"
#include "common/clock.h"
#include "job/bandwidth_timetable.h"
#include "diagnosis/job_diagnosis.h"
#include "job/roots.h"
#include "job/stream_tuner.h"
#include "common/path.h"
#include "diagnosis/readings.h"
#include "exec/progress_watchdog.h"
#include "exec/rate_limiter.h"
#include "filter/filter.h"
#include "job/reconnect_policy.h"
#include "metrics/stage_track.h"
#include "net/link_memory.h"
#include "net/socket_tuning.h"
#include "options/transfer_params.h"
#include "platform/fs.h"
#include "platform/process.h"
#include "platform/socket.h"
#include "platform/thread_priority.h"
#include "proto/frame.h"
#include "proto/plain_data.h"
#include "receive/tree_ops.h"
#include "role/observer.h"
#include "role/same_machine.h"
#include "send/sender.h"
#include "transfer/roles.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/job.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace fg {
namespace {

// The server's answer to a job request, read by the role's control thread
// (a push that lists early) and awaited by the thread joining the streams.
class ServerAnswer {
public:
    void give(Result<proto::JobAcceptMsg> answer)
    {
        {
            std::lock_guard lock(m_mutex);
            if (answer.ok()) m_accept = std::move(answer).value();
            m_done = true;
        }
        m_cv.notify_all();
    }
    // The role ended (maybe before it read any answer).
    void abandon()
    {
        {
            std::lock_guard lock(m_mutex);
            m_done = true;
        }
        m_cv.notify_all();
    }
    // The acceptance; nothing if the job was refused or abandoned.
    std::optional<proto::JobAcceptMsg> await()
    {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [&] { return m_done; });
        return m_accept;
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_cv;
    bool m_done = false;
    std::optional<proto::JobAcceptMsg> m_accept;
};

// Auto streams: start with a few data connections and add more (StreamTuner)
// up to kAutoMaxStreams. Field notes: 2-4 tuned streams fill most links; more
// than cores or disks only add contention.
constexpr unsigned kAutoStartStreams = 2;
// A round trip this short to a daemon on this machine means nothing but the
// kernel lies between (loopback, veth: 20-60 us here): one connection then
// carries all the two ends' shared CPUs can make (2.3 GB/s on the benchmark's
// veth), and a second only contends for them. Over an emulated link on the
// same machine (its 0.5 ms LAN) two BBR connections fill the link better than
// one: 2.31 s against 2.33 s for 65,536 files of 4 KiB.
constexpr uint32_t kKernelPathUs = 200;
constexpr unsigned kAutoMaxStreams = 8;
// A probe's measurement of the way to a daemon counts for the diagnosis of
// jobs to it for a week: a path's capacity changes slowly, its load does not
// enter it (the probe keeps its best second).
// A quiet far end's wait is said after this long (or half of a shorter --timeout).
constexpr unsigned kQuietNoticeSec = 30;
// Without a consumer draining events (a script ignoring them), per-file
// events stop being queued past this many; failures, plans and logs always are.
constexpr size_t kMaxQueuedFileEvents = 200000;

class JobImpl final : public Job, private RoleObserver {
public:
    JobImpl(JobSpec spec, Endpoint source, Endpoint destination)
        : m_spec(std::move(spec)), m_source(std::move(source)), m_destination(std::move(destination)),
          m_limiter(m_spec.options.bwlimit.constantRate().value_or(0))
    {
    }

    ~JobImpl() override
    {
        cancel();
        if (m_thread.joinable()) m_thread.join();
    }

    void start() override
    {
        std::lock_guard lock(m_mutex);
        if (m_started) return;
        m_started = true;
        m_startNs = monotonicNs();
        m_diagnosis = std::make_unique<JobDiagnosis>(diagnosisPlace(), remoteEndpoint().kind == Endpoint::Kind::Ssh,
                                                     diagnosisSources());
        m_thread = std::thread([this] { runJob(); });
    }

    void cancel() override
    {
        m_cancelled.store(true);
        {
            std::lock_guard lock(m_roleMutex);
            if (m_roles) m_roles->cancel();
            std::lock_guard links(m_linkMutex);
            if (m_link) m_link->close();
            for (auto& l : m_dataLinks) l->close();
        }
        // A wait to reconnect ends too.
        std::lock_guard lock(m_tunerMutex);
        m_tunerCv.notify_all();
    }

    bool finished() const override { return m_finished.load(); }

    const JobResult& wait() override
    {
        std::unique_lock lock(m_mutex);
        if (!m_started) {
            lock.unlock();
            start();
            lock.lock();
        }
        m_finishedCv.wait(lock, [&] { return m_finished.load(); });
        lock.unlock();
        if (m_thread.joinable() && std::this_thread::get_id() != m_thread.get_id()) m_thread.join();
        return m_result;
    }

    MetricsSnapshot snapshot() const override
    {
        MetricsSnapshot s;
        std::pair<uint64_t, uint64_t> wire;
        {
            std::lock_guard links(m_linkMutex);
            wire = wireBytesSoFarLocked();
            // (Connections in reserve carry nothing yet: not shown.)
            for (size_t i = 0; i < m_dataLinks.size(); ++i)
                if (std::find(m_reserve.begin(), m_reserve.end(), m_dataLinks[i].get()) == m_reserve.end())
                    s.streams.push_back(streamSnapshot(i, *m_dataLinks[i]));
        }
        std::lock_guard lock(m_mutex);
        // A pull: the far end sends, and its kernel's view of each connection
        // (in its Stats) is the one that says what holds the data back.
        if (m_source.isRemote() && m_diagnosis) takeSendersView(s.streams, m_diagnosis->farConnections());
        s.state = m_state;
        uint64_t end = m_finished.load() ? m_endNs : monotonicNs();
        s.elapsedSec = m_startNs ? double(end - m_startNs) / 1e9 : 0;
        s.filesTotal = m_filesTotal;
        s.filesToTransfer = m_filesToTransfer;
        s.filesDone = m_filesDone + m_filesFailed;
        s.bytesToTransfer = m_bytesToTransfer;
        s.bytesDone = m_bytesDone;
        for (const auto& [id, a] : m_active) s.bytesDone += a.done;
        s.wireBytesSent = wire.first;
        s.wireBytesReceived = wire.second;
        s.stages = m_localStages.snapshot(false);
        for (const auto& st : m_remoteStages) s.stages.push_back(st);
        s.active.reserve(m_active.size());
        for (const auto& [id, a] : m_active) s.active.push_back(a);
        if (m_diagnosis) {
            s.bottleneck = m_diagnosis->current();
            s.bottleneckTimeline = m_diagnosis->timeline();
        }
        return s;
    }

    std::vector<Event> takeEvents() override
    {
        std::lock_guard lock(m_mutex);
        std::vector<Event> out;
        out.swap(m_events);
        m_fileEvents = 0;
        m_notifyPending = false;
        return out;
    }

    void setNotify(std::function<void()> notify) override
    {
        std::lock_guard lock(m_mutex);
        m_notify = std::move(notify);
    }

    void setFileEvents(bool wanted) override { m_fileEventsWanted.store(wanted, std::memory_order_relaxed); }

    void setBackground(bool background) override { m_background.store(background, std::memory_order_relaxed); }

private:
    // ---- the job's own thread ----------------------------------------------

    void runJob()
    {
        // Before any thread of the job starts: they begin where this one is.
        if (m_background.load(std::memory_order_relaxed)) {
            if (Status st = platform::moveThisThreadToBackground(); !st) {
                pushEvent(event::Log{event::Log::Level::Info, "running at normal priority: " + st.error().message}, false);
            }
        }
        std::optional<BandwidthTimetable> timetable;
        if (!m_spec.options.bwlimit.constantRate())
            timetable.emplace(m_spec.options.bwlimit, [this](uint64_t rate) { applyRate(rate); });
        Status result;
        if (m_source.isRemote() && m_destination.isRemote()) {
            result = Error(Errc::InvalidArgument, "source and destination are both remote; one of them must be a local path");
        } else if (!m_source.isRemote() && !m_destination.isRemote()) {
            result = runLocal();
        } else {
            result = runRemoteReconnecting();
        }
        timetable.reset();
        std::vector<std::string> streamWarnings;
        {
            std::lock_guard lock(m_mutex);
            streamWarnings.swap(m_streamWarnings);
        }
        if (result)
            for (auto& w : streamWarnings) pushEvent(event::Log{event::Log::Level::Warning, std::move(w)}, false);
        finish(result);
    }

    // What moves while the far end is alive (for --timeout and the default
    // limit). Its stats come four
    // times a second whatever it is doing, so only a far end that is stopped,
    // hung or cut off leaves this still. What we send does not count: our own
    // stats go into the socket's buffer for a long while after the far end
    // stopped reading.
    uint64_t progressMark() const
    {
        uint64_t mark = receivedFromFarEnd();
        std::lock_guard lock(m_mutex);
        mark += m_filesTotal + m_filesToTransfer + m_filesDone + m_filesFailed + m_filesDeleted + m_bytesDone;
        for (const auto& [id, a] : m_active) mark += a.done;
        return mark;
    }

    // How long the far end may say nothing: --timeout, or a default for a
    // peer that is gone (stopped, or a link down without a reset) and
    // would otherwise be waited for for ever.
    std::chrono::milliseconds silenceLimit() const
    {
        const unsigned sec = m_spec.options.ioTimeoutSec > 0 ? m_spec.options.ioTimeoutSec : kDefaultSilenceSec;
        return std::chrono::seconds(sec);
    }
    // When the wait is said while it lasts: 30 s, or half a shorter limit.
    std::chrono::milliseconds quietNoticeAfter() const
    {
        return std::min<std::chrono::milliseconds>(std::chrono::seconds(kQuietNoticeSec), silenceLimit() / 2);
    }

    ProgressWatchdog::Events watchEvents()
    {
        ProgressWatchdog::Events e;
        e.mark = [this] { return progressMark(); };
        // The default counts from the far end's first word, not before: a
        // password typed into ssh may take its time. --timeout counts from
        // the start, as rsync's.
        if (m_spec.options.ioTimeoutSec == 0) e.armed = [this] { return farEndSpoke(); };
        e.quiet = [this](std::chrono::milliseconds still) {
            const std::string limit = std::to_string(silenceLimit().count() / 1000);
            pushEvent(event::Log{event::Log::Level::Warning,
                                 "no word from " + farEnd() + " for " + std::to_string(still.count() / 1000)
                                     + " s: it may be stopped, or the link down (not a slow disk or network: its "
                                       "reports would still come); waiting, and giving up after " + limit + " s"
                                     + (m_spec.options.ioTimeoutSec ? std::string(" (--timeout)")
                                                                    : std::string(" (--timeout SEC sets another limit)"))
                                     + (reconnects() ? ", then reconnecting for up to "
                                                           + std::to_string(m_spec.options.retryForSec) + " s (--retry-for)"
                                                     : std::string())},
                      false);
        };
        e.movingAgain = [this](std::chrono::milliseconds still) {
            pushEvent(event::Log{event::Log::Level::Warning, farEnd() + " answers again, after "
                                                                 + std::to_string(still.count() / 1000) + " s of silence"},
                      false);
        };
        e.stalled = [this] {
            m_stalled.store(true);
            dropConnections(Error(Errc::Timeout, "the far end went silent"));
        };
        return e;
    }

    // Whether a job whose connections drop goes on over new ones: only to a
    // daemon (ssh would ask for a password again, where nobody may be typing).
    bool reconnects() const
    {
        const Endpoint& remote = m_source.isRemote() ? m_source : m_destination;
        return remote.kind == Endpoint::Kind::Daemon && m_spec.options.retryForSec > 0
            && whyNotRetried(m_spec.options).empty();
    }

    const std::string& farEnd() const { return m_source.isRemote() ? m_spec.source : m_spec.destination; }

    bool farEndSpoke() const { return receivedFromFarEnd() > 0; }

    uint64_t receivedFromFarEnd() const
    {
        std::lock_guard links(m_linkMutex);
        return m_link ? wireBytesLocked().second : 0;
    }

    // The connections are dead to us (--timeout ran out): the roles stop
    // without a word to the far end, which would never read it.
    void dropConnections(const Error& why)
    {
        std::lock_guard lock(m_roleMutex);
        if (m_roles) m_roles->abandon(why);
        std::lock_guard links(m_linkMutex);
        if (m_link) m_link->close();
        for (auto& l : m_dataLinks) l->close();
    }

    // The job's connections are closed, their bytes kept in the job's count.
    void retireConnections()
    {
        std::lock_guard links(m_linkMutex);
        if (m_link) m_link->close();
        for (auto& l : m_dataLinks) l->close();
        const auto wire = wireBytesLocked();
        m_wireEarlier.first += wire.first;
        m_wireEarlier.second += wire.second;
        m_link.reset();
        m_reserve.clear();
        m_dataLinks.clear();
    }

    // ---- reconnecting (--retry-for) ------------------------------------------

    // A remote job, run again on new connections when the ones it had drop
    // after the daemon took it: the new run finds what the destination
    // already has (files committed are skipped, the file half-received
    // resumes, verified), so it goes on rather than starting over.
    Status runRemoteReconnecting()
    {
        const Endpoint& remote = m_source.isRemote() ? m_source : m_destination;
        const uint64_t budgetNs =
            remote.kind == Endpoint::Kind::Daemon ? uint64_t(m_spec.options.retryForSec) * 1000000000ull : 0;
        uint64_t lostNs = 0; // when the job last stopped moving, 0 while it never dropped
        unsigned tries = 0;
        std::optional<Error> dropped;
        for (;;) {
            m_stalled.store(false);
            m_attemptAccepted.store(false);
            const uint64_t filesBefore = filesDone();
            const uint64_t movedBefore = bytesMoved();
            Status st;
            {
                ProgressWatchdog watchdog(silenceLimit(), quietNoticeAfter(), watchEvents());
                st = runRemote();
                watchdog.stop();
            }
            retireConnections();
            if (m_stalled.load()) st = stalledError();
            if (st || m_cancelled.load()) return st;
            const Error failure = m_stalled.load() ? stalledError(false) : st.error();
            if (m_attemptAccepted.load()) {
                // The job ran again: the clock restarts if it got somewhere
                // that stays got, a file done or enough of one to be kept as
                // its partial file (a daemon that takes the job and drops it
                // at once, every time, is not given for ever).
                if (!dropped || filesDone() != filesBefore || bytesMoved() >= movedBefore + kMinPartialBytes) {
                    lostNs = monotonicNs();
                    tries = 0;
                }
                dropped = failure;
            } else if (!dropped) {
                return st; // it never got as far as a job: no drop to mend
            }
            if (!reconnectCanMend(failure)) return tries ? reconnectRefused(failure) : st;
            if (budgetNs == 0) return st;
            if (const std::string why = whyNotRetried(m_spec.options); !why.empty()) {
                pushEvent(event::Log{event::Log::Level::Warning, why}, false);
                return st;
            }
            const uint64_t spent = monotonicNs() - lostNs;
            if (spent >= budgetNs) return gaveUpReconnecting(*dropped, failure, tries);
            ++tries;
            const auto delay = std::min<std::chrono::milliseconds>(
                reconnectDelay(tries), std::chrono::milliseconds((budgetNs - spent) / 1000000 + 1));
            sayReconnecting(failure, tries, delay, (budgetNs - spent) / 1000000000ull);
            if (!waitToReconnect(delay)) return Error(Errc::Cancelled, "cancelled");
            prepareNextAttempt();
        }
    }

    void sayReconnecting(const Error& failure, unsigned tries, std::chrono::milliseconds delay, uint64_t leftSec)
    {
        const std::string in = std::to_string((delay.count() + 999) / 1000) + " s";
        if (tries == 1 && m_attemptAccepted.load()) {
            pushEvent(event::Log{event::Log::Level::Warning,
                                 "the connection to " + farEnd() + " dropped (" + failure.message + "); reconnecting in " + in
                                     + " to go on from what the destination has (for up to "
                                     + std::to_string(m_spec.options.retryForSec) + " s: --retry-for)"},
                      false);
        } else {
            pushEvent(event::Log{event::Log::Level::Info, "reconnecting to " + farEnd() + ": " + failure.message
                                                             + "; next try in " + in + " (giving up in "
                                                             + std::to_string(leftSec) + " s)"},
                      false);
        }
        setState(JobState::Reconnecting, true);
    }

    // Sleeps until the next try; false if the job was cancelled meanwhile.
    bool waitToReconnect(std::chrono::milliseconds delay)
    {
        std::unique_lock lock(m_tunerMutex);
        return !m_tunerCv.wait_for(lock, delay, [&] { return m_cancelled.load(); });
    }

    // What the last run counted of the tree is counted again by the next;
    // what it moved stays moved.
    void prepareNextAttempt()
    {
        {
            std::lock_guard lock(m_tunerMutex);
            m_tunerStop = false;
            m_tunerJoining = nullptr;
        }
        {
            std::lock_guard links(m_linkMutex);
            m_nextStream = 0;
            m_maxStreams = 0;
        }
        std::lock_guard lock(m_mutex);
        m_filesTotal = 0;
        m_bytesTotal = 0;
        m_filesToTransfer = m_filesDone;
        m_bytesToTransfer = m_bytesDone;
        m_filesFailed = 0;
        m_errors.clear(); // the next run meets the same files and says again what is still wrong
        m_deletedEarlier += m_filesDeleted;
        m_filesDeleted = 0;
        m_active.clear();
        m_remoteStages.clear();
    }

    // The daemon took the job: after a drop, that is the job going on.
    void onJobAccepted(const proto::SessionToken& token)
    {
        const bool again = m_resumes.has_value();
        m_attemptAccepted.store(true);
        if (token != proto::SessionToken{}) m_resumes = token;
        if (again)
            pushEvent(event::Log{event::Log::Level::Warning,
                                 "reconnected to " + farEnd()
                                     + ": going on with the job (files already there are not sent again)"},
                      false);
    }

    Error gaveUpReconnecting(const Error& dropped, const Error& last, unsigned tries) const
    {
        const std::string sec = std::to_string(m_spec.options.retryForSec);
        std::string msg = dropped.message + "; reconnecting for " + sec + " s (" + std::to_string(tries) + " tries";
        if (tries) msg += ", the last: " + last.message;
        msg += ") did not bring it back. What arrived is kept; run the sync again to send the rest (--retry-for SEC "
               "tries for longer)";
        return Error(dropped.code, msg, dropped.sysErrno);
    }

    Error reconnectRefused(const Error& e) const
    {
        return Error(e.code, "reconnecting to " + farEnd() + " after the connection dropped: " + e.message, e.sysErrno);
    }


    // remedy: what the user can do, for a job that ends here (not when it
    // goes on by reconnecting).
    Error stalledError(bool remedy = true) const
    {
        const std::string sec = std::to_string(silenceLimit().count() / 1000);
        const std::string how = m_spec.options.ioTimeoutSec ? " (--timeout " + sec + ")"
                                                            : " (the default limit; --timeout SEC sets another)";
        return Error(Errc::Timeout, "nothing moved to or from " + farEnd() + " for " + sec + " s" + how
                                        + ": the far end stopped answering (stopped, hung, or the link went down "
                                          "without a reset)"
                                        + (remedy ? ". What arrived is kept; run the sync again to send the rest"
                                                  : ""));
    }

    // A --bwlimit timetable's rate for now (see BandwidthTimetable).
    void applyRate(uint64_t rate)
    {
        m_limiter.setRate(rate);
        tellRemoteSender();
        pushEvent(event::Log{event::Log::Level::Info,
                             rate ? "bandwidth limit now " + std::to_string(rate >> 20) + " MB/s (timetable)"
                                  : std::string("bandwidth limit off (timetable)")},
                  false);
    }

    // A remote sender (a pull) keeps its own limiter: it is told the rate
    // and whether the user paused.
    void tellRemoteSender()
    {
        {
            // The far end reads control frames once its sender runs, which
            // our Transferring means; before that a frame it does not expect
            // would fail the job. The change to Transferring sends it then.
            std::lock_guard lock(m_mutex);
            if (m_state != JobState::Transferring && m_state != JobState::Finishing) return;
        }
        std::lock_guard links(m_linkMutex);
        if (m_link && m_source.isRemote()) {
            proto::RateChangeMsg change;
            change.bytesPerSec = m_limiter.rate();
            change.paused = m_limiter.paused();
            (void)m_link->send(proto::toFrame(change));
        }
    }

    Status setPaused(bool paused) override
    {
        if (m_limiter.paused() == paused) return {};
        m_limiter.setPaused(paused);
        tellRemoteSender();
        pushEvent(event::Log{event::Log::Level::Info,
                             paused ? std::string("paused: no data moves until resumed; the connections stay open")
                                    : std::string("resumed")},
                  false);
        return {};
    }

    Status runLocal()
    {
        // Nothing crosses a network: compressing would only cost CPU on both
        // ends of an in-process link (see effectiveOptions).
        TransferParams params = paramsFromOptions(effectiveOptions(m_spec));
        params.localCopy = true;
        if (params.compress != m_spec.options.transfer.compress)
            pushEvent(event::Log{event::Log::Level::Info,
                                 "compression: not used for a local copy (nothing crosses a network)"},
                      false);
        FG_TRY(checkDestinationOutsideSource(rootFor(m_source), rootFor(m_destination), params));
        {
            std::lock_guard lock(m_roleMutex);
            if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
            m_roles = Roles::local(rootFor(m_source), rootFor(m_destination), params, static_cast<RoleObserver&>(*this),
                                   m_localStages, &m_limiter);
        }
        Status result = m_roles->run();
        {
            std::lock_guard lock(m_roleMutex);
            m_roles.reset();
        }
        return result;
    }

    Status runRemote()
    {
        setState(JobState::Connecting);
        const bool push = m_destination.isRemote();
        const Endpoint& remote = push ? m_destination : m_source;
        const Endpoint& local = push ? m_source : m_destination;
        const std::string stateDir = m_spec.options.stateDir.empty() ? defaultStateDir() : m_spec.options.stateDir;
        const bool daemon = remote.kind == Endpoint::Kind::Daemon;

        // Data connections: only to a daemon (an ssh pipe is one stream). With
        // auto, the server is told the most we may open and we start with few.
        const bool autoStreams = daemon && m_spec.options.streams == 0;
        const auto firstStreams = uint16_t(autoStreams ? kAutoStartStreams : m_spec.options.streams);
        std::optional<EarlyStreams> early;
        const CipherChoice cipher = m_spec.options.cipher;
        proto::SessionToken token{};
        if (daemon) {
            FG_TRY_ASSIGN(token, newSessionToken());
            if (firstStreams > 0) early.emplace(remote, stateDir, firstStreams, token, cipher, 0, m_spec.options.connectTimeoutSec);
        }

        Result<proto::FrameLinkPtr> link = Error(Errc::Internal, "no link");
        if (daemon) {
            DaemonConnect how;
            how.awaitHello = false; // the job request follows our Hello at once
            how.cipher = cipher;
            how.timeoutSec = m_spec.options.connectTimeoutSec;
            link = connectDaemon(remote, stateDir, [this](const std::string& line) {
                pushEvent(event::Log{event::Log::Level::Info, line}, false);
            }, how);
        } else {
            link = connectSsh(remote, m_spec.options);
        }
        if (!link.ok()) return link.error();
        {
            std::lock_guard lock(m_roleMutex);
            std::lock_guard links(m_linkMutex);
            m_link = std::move(link).value();
            if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
        }
        TransferParams params = paramsFromOptions(m_spec.options);
        params.bwlimitBytesPerSec = m_limiter.rate(); // a timetable's rate for now
        proto::JobRequestMsg request;
        request.direction = push ? proto::Direction::Push : proto::Direction::Pull;
        request.path = daemon ? (remote.path.empty() ? remote.module : remote.module + "/" + remote.path) : remote.path;
        request.transfer = params;
        request.bwlimit = params.bwlimitBytesPerSec;
        // A sender applies --files-from itself; the list travels only to a remote sender.
        if (push) request.transfer.filesFrom.reset();
        if (daemon) {
            request.streams = uint16_t(autoStreams ? kAutoMaxStreams : m_spec.options.streams);
            request.token = token;
            request.resumes = m_resumes;
        }
        request.ioTimeoutSec = m_spec.options.ioTimeoutSec;
        request.plainData = daemon && cipher == CipherChoice::None;

        // A push to a daemon sends its list right behind the request
        // (protocol 6): the sender starts at once and reads the server's
        // answer first, while the data connections finish joining.
        const bool listEarly = daemon && push;
        std::vector<proto::FrameLink*> data;
        if (listEarly) {
            FG_TRY(m_link->send(proto::toFrame(request)));
        } else {
            FG_TRY_ASSIGN(proto::JobAcceptMsg accept, requestJob(*m_link, request, daemon));
            onJobAccepted(request.token);
            if (accept.streams > 0 && early) {
                auto taken = takeEarlyStreams(*early, accept, firstStreams, autoStreams, params.congestion, true);
                if (!taken.ok()) return taken.error();
                data = std::move(taken).value();
            }
            early.reset();
            if (daemon) reportDataProtection(data);
        }

        RoleBase* role = nullptr;
        {
            std::lock_guard lock(m_roleMutex);
            if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
            RoleSetup setup;
            setup.root = rootFor(local);
            setup.params = params;
            setup.control = m_link.get();
            setup.data = data;
            setup.observer = static_cast<RoleObserver*>(this);
            setup.stages = &m_localStages;
            setup.limiter = &m_limiter;
            m_roles = Roles::one(push ? RoleSide::Send : RoleSide::Receive, std::move(setup));
            role = &m_roles->main();
        }
        std::thread tuner;
        auto answer = std::make_shared<ServerAnswer>();
        Sender* sender = m_roles->sender();
        if (listEarly) {
            sender->expectDataLinks();
            sender->awaitGreeting([this, answer, request]() -> Status {
                auto accept = awaitJobAccept(*m_link, request, true);
                if (accept.ok()) onJobAccepted(request.token);
                Status st = accept.ok() ? Status() : Status(accept.error());
                answer->give(std::move(accept));
                return st;
            });
            // The data connections, once the job is accepted (then auto
            // streams go on adding more here).
            tuner = std::thread([&, answer] {
                std::optional<proto::JobAcceptMsg> accept = answer->await();
                std::vector<proto::FrameLink*> joined;
                if (accept && accept->streams > 0 && early) {
                    auto taken = takeEarlyStreams(*early, *accept, firstStreams, autoStreams, params.congestion, false);
                    if (taken.ok()) joined = std::move(taken).value();
                }
                early.reset();
                if (!accept) return sender->noDataLinks();
                reportDataProtection(joined);
                if (joined.empty()) return sender->noDataLinks();
                const size_t use = autoStreams ? startingStreams(joined.size()) : joined.size();
                {
                    std::lock_guard lock(m_linkMutex);
                    m_reserve.assign(joined.begin() + ptrdiff_t(use), joined.end());
                }
                for (size_t i = 0; i < use; ++i) sender->addDataLink(joined[i]);
                if (autoStreams && (m_maxStreams > m_nextStream || use < joined.size()))
                    tuneStreams(*sender, remote, stateDir);
            });
        } else if (autoStreams && !data.empty() && m_maxStreams > m_nextStream) {
            tuner = std::thread([this, role, remote, stateDir] { tuneStreams(*role, remote, stateDir); });
        }
        Status result = m_roles->run();
        answer->abandon();
        {
            std::lock_guard lock(m_tunerMutex);
            m_tunerStop = true;
            if (m_tunerJoining) m_tunerJoining->abandon();
        }
        m_tunerCv.notify_all();
        if (tuner.joinable()) tuner.join();

        {
            std::lock_guard lock(m_roleMutex);
            {
                std::lock_guard links(m_linkMutex);
                m_link->close();
                for (auto& l : m_dataLinks) l->close();
            }
            // The roles hold the links: they go first.
            m_roles.reset();
        }
        retireConnections();
        return result;
    }

    // The early data connections that joined, taken into this job; their
    // numbers go to the server in StreamsReady when it waits for them (a pull).
    Result<std::vector<proto::FrameLink*>> takeEarlyStreams(EarlyStreams& early, const proto::JobAcceptMsg& accept,
                                                            uint16_t firstStreams, bool autoStreams,
                                                            const std::string& congestion, bool sendReady)
    {
        // A daemon on this machine shares its CPUs with us: where nothing but
        // the kernel lies between (loopback, a veth pair: a round trip under
        // kKernelPathUs) a push with auto streams starts on one connection
        // (role/same_machine.h) and keeps the others in reserve for the tuner
        // (startingStreams). A pull takes what it opened: closing an early
        // stream that may have joined already left a pull from a FUSE module
        // hanging under ASan once (its server counts late joiners in).
        const bool sameMachine =
            autoStreams && !sendReady && isThisMachine(accept.machine) && controlRttUs() < kKernelPathUs;
        m_sameMachine = sameMachine;
        const auto first = std::min<uint16_t>(firstStreams, accept.streams);
        uint32_t joined = 0;
        std::vector<Error> errors;
        auto links = early.join(first, &joined, &errors);
        {
            // Said once the job is over, and only if it did not fail: a
            // server that ended the job refuses the connections still
            // joining it, and that is no news beside why it ended.
            std::lock_guard lock(m_mutex);
            for (const auto& e : errors) m_streamWarnings.push_back("a data connection could not be opened: " + e.message);
        }
        if (sendReady) {
            proto::StreamsReadyMsg ready;
            ready.streams = joined;
            FG_TRY(m_link->send(proto::toFrame(ready)));
        }
        tuneControlConnection(m_link->socketFd());
        std::vector<proto::FrameLink*> data;
        std::lock_guard lock(m_linkMutex);
        for (auto& l : links) {
            m_congestionInForce = tuneDataConnection(l->socketFd(), congestion);
            data.push_back(l.get());
            m_dataLinks.push_back(std::move(l));
        }
        m_nextStream = first;
        m_streamToken = accept.token;
        m_maxStreams = accept.streams;
        pushEvent(event::Log{event::Log::Level::Info,
                             (sameMachine && !data.empty() ? std::string("one data connection at work to start with, as the daemon runs on "
                                                        "this machine and more would only contend for the cores "
                                                        "both ends share")
                                          : std::to_string(data.size()) + " data connection(s)")
                                 + (autoStreams ? std::string(sameMachine && !data.empty() ? "" : " to start with")
                                                      + " (auto: more while the rate rises, up to "
                                                      + std::to_string(accept.streams) + ")"
                                                : std::string())
                                 + (m_congestionInForce.empty() ? std::string() : ", congestion control " + m_congestionInForce)},
                  false);
        return data;
    }

    // Auto streams: more data connections while the total rate still rises
    // by a worthwhile step; none once it does not (each costs CPU and memory
    // on both ends, and on a 2-core machine the cipher is the limit soon).
    // Auto streams (see StreamTuner): the job's side of adding connections.
    void tuneStreams(RoleBase& role, const Endpoint& remote, const std::string& stateDir)
    {
        StreamTuner::Hooks hooks;
        hooks.wait = [this](std::chrono::milliseconds d) {
            std::unique_lock lock(m_tunerMutex);
            return !m_tunerCv.wait_for(lock, d, [&] { return m_tunerStop; });
        };
        hooks.bytesMoved = [this] { return bytesMoved(); };
        hooks.bytesRemaining = [this] {
            std::lock_guard lock(m_mutex);
            uint64_t done = m_bytesDone;
            for (const auto& [id, a] : m_active) done += a.done;
            return m_bytesToTransfer > done ? m_bytesToTransfer - done : 0;
        };
        hooks.addStreams = [&](unsigned want) -> std::optional<unsigned> {
            uint16_t first = 0;
            uint16_t count = 0;
            {
                std::lock_guard lock(m_linkMutex);
                // Connections opened at the start and kept in reserve go first.
                if (!m_reserve.empty()) {
                    const size_t take = std::min<size_t>(want, m_reserve.size());
                    for (size_t i = 0; i < take; ++i) role.addDataLink(m_reserve[i]);
                    m_reserve.erase(m_reserve.begin(), m_reserve.begin() + ptrdiff_t(take));
                    return unsigned(m_dataLinks.size() - m_reserve.size());
                }
                first = m_nextStream;
                count = uint16_t(std::min<unsigned>(want, m_maxStreams - m_nextStream));
                m_nextStream = uint16_t(m_nextStream + count);
            }
            if (count == 0) return std::nullopt;
            // Cut short if the job ends meanwhile: its server refuses the
            // join, but the answer must not keep the job's end waiting.
            std::optional<EarlyStreams> joining;
            {
                std::lock_guard lock(m_tunerMutex);
                if (m_tunerStop) return std::nullopt;
                joining.emplace(remote, stateDir, count, m_streamToken, m_spec.options.cipher, first,
                                m_spec.options.connectTimeoutSec);
                m_tunerJoining = &*joining;
            }
            uint32_t joined = 0;
            auto links = joining->join(count, &joined, nullptr);
            {
                std::lock_guard lock(m_tunerMutex);
                m_tunerJoining = nullptr;
            }
            // None joined (the server refused, or the job is ending): no
            // more tries, and no count that claims streams we do not have.
            if (links.empty()) return std::nullopt;
            std::lock_guard lock(m_linkMutex);
            for (auto& l : links) {
                tuneDataConnection(l->socketFd(), m_spec.options.transfer.congestion);
                role.addDataLink(l.get());
                m_dataLinks.push_back(std::move(l));
            }
            return unsigned(m_dataLinks.size() - m_reserve.size());
        };
        hooks.log = [this](const std::string& line) { pushEvent(event::Log{event::Log::Level::Info, line}, false); };
        hooks.advice = [this](std::string* why) {
            const std::string layer = m_diagnosis ? m_diagnosis->current().layer : std::string();
            std::string congestion;
            {
                std::lock_guard lock(m_linkMutex);
                congestion = m_congestionInForce;
            }
            return streamAdviceFor(layer, congestion, why);
        };
        StreamTuner::run(hooks);
    }

    // How many of the data connections opened at the start a push with auto
    // streams sends on at first. On a long path (20 ms or more) one BBR
    // connection fills the link by itself, and two already kept its queue
    // full: on the benchmark's 141 ms link with 0.1 % loss, 7 % of packets
    // dropped at the queue and 21.8-29.3 s against one TCP stream's 20.3-22.5 s.
    // There the others wait in reserve until the diagnosis names a limit that
    // more connections relieve (StreamTuner); on a short path (a LAN, where a
    // connection's CPU matters more than a queue) all go to work at once,
    // unless the daemon runs on this machine: one, as both ends share its CPUs.
    size_t startingStreams(size_t opened) const
    {
        constexpr uint32_t kLongPathUs = 20'000;
        if (opened <= 1 || !m_link) return opened;
        if (m_sameMachine) return 1;
        const uint32_t rtt = controlRttUs();
        return rtt != UINT32_MAX && rtt >= kLongPathUs ? 1 : opened; // (not known: as before, all)
    }

    // The control connection's shortest round trip so far (its handshakes
    // gave it several); UINT32_MAX where the OS does not say.
    uint32_t controlRttUs() const
    {
        if (!m_link) return UINT32_MAX;
        auto info = platform::tcpInfo(m_link->socketFd());
        if (!info.ok()) return UINT32_MAX;
        const uint32_t rtt = info->minRttUs ? info->minRttUs : info->rttUs;
        return rtt ? rtt : UINT32_MAX;
    }

    // What protects the file data, said once per job: the negotiated TLS
    // suite, or a warning when it crosses the network in the clear.
    void reportDataProtection(const std::vector<proto::FrameLink*>& data)
    {
        if (data.empty()) {
            pushEvent(event::Log{event::Log::Level::Info,
                                 "no data connections: file data goes on the control connection ("
                                     + linkProtection(*m_link) + ")"},
                      false);
            return;
        }
        const std::string protection = linkProtection(*data.front());
        if (protection == kUnencrypted)
            pushEvent(event::Log{event::Log::Level::Warning, "data connections: unencrypted (module allows it)"}, false);
        else
            pushEvent(event::Log{event::Log::Level::Info, "data connections: " + protection}, false);
    }

    uint64_t filesDone() const
    {
        std::lock_guard lock(m_mutex);
        return m_filesDone;
    }

    uint64_t bytesMoved() const { return movedSoFar().bytes; }

    // Payload bytes of files finished and in flight, the files finished and
    // their sizes, read under one lock.
    JobDiagnosis::Sources::Moved movedSoFar() const
    {
        JobDiagnosis::Sources::Moved m;
        std::lock_guard lock(m_mutex);
        m.bytes = m_bytesDone;
        for (const auto& [id, a] : m_active) m.bytes += a.done;
        m.files = m_filesDone;
        m.fileBytes = m_fileBytesTransferred;
        return m;
    }

    // The sending end numbers its data connections as they joined it, in
    // stream order, as this end does.
    static void takeSendersView(std::vector<StreamSnapshot>& streams,
                                const std::vector<diagnosis::ConnectionReading>& sender)
    {
        for (auto& st : streams) {
            const auto far = std::find_if(sender.begin(), sender.end(), [&](const auto& c) { return c.id == st.index; });
            if (far == sender.end()) continue;
            const diagnosis::ConnectionEvidence& e = far->sinceOpened;
            st.rttUs = e.rttUs;
            st.minRttUs = e.minRttUs;
            st.cwndSegments = e.cwndSegments;
            st.deliveryRate = e.deliveryRate;
            st.congestion = e.congestion;
            st.busyUs = e.busyUs;
            st.rwndLimitedUs = e.rwndLimitedUs;
            st.sndbufLimitedUs = e.sndbufLimitedUs;
            st.senderView = true;
        }
    }

    static StreamSnapshot streamSnapshot(size_t index, const proto::FrameLink& link)
    {
        StreamSnapshot st;
        st.index = uint32_t(index);
        st.bytesSent = link.bytesSent();
        st.bytesReceived = link.bytesReceived();
        const int fd = link.socketFd();
        if (fd >= 0) {
            if (auto info = platform::tcpInfo(fd); info.ok()) {
                st.rttUs = info->rttUs;
                st.cwndSegments = info->cwndSegments;
                st.deliveryRate = info->deliveryRate;
                st.retransmits = info->totalRetrans;
                st.minRttUs = info->minRttUs;
                st.busyUs = info->busyUs;
                st.rwndLimitedUs = info->rwndLimitedUs;
                st.sndbufLimitedUs = info->sndbufLimitedUs;
            }
            st.congestion = platform::congestionControl(fd);
        }
        return st;
    }

    // Bytes on every connection of the job, the closed ones too; m_linkMutex held.
    std::pair<uint64_t, uint64_t> wireBytesSoFarLocked() const
    {
        auto wire = m_link ? wireBytesLocked() : std::pair<uint64_t, uint64_t>{0, 0};
        return {wire.first + m_wireEarlier.first, wire.second + m_wireEarlier.second};
    }

    // Bytes on the connections open now; m_linkMutex held.
    std::pair<uint64_t, uint64_t> wireBytesLocked() const
    {
        uint64_t sent = 0;
        uint64_t received = 0;
        if (m_link) {
            sent += m_link->bytesSent();
            received += m_link->bytesReceived();
        }
        for (const auto& l : m_dataLinks) {
            sent += l->bytesSent();
            received += l->bytesReceived();
        }
        return {sent, received};
    }

    void finish(const Status& status)
    {
        JobState final = JobState::Done;
        Error fatal(Errc::Ok, "");
        if (!status && status.error().code == Errc::Timeout) {
            // --timeout stopped the job through cancel(): a failure, not the user's cancel.
            final = JobState::Failed;
            fatal = status.error();
        } else if (m_cancelled.load()) {
            final = JobState::Cancelled;
            fatal = Error(Errc::Cancelled, "cancelled");
        } else if (!status) {
            final = status.error().code == Errc::Cancelled ? JobState::Cancelled : JobState::Failed;
            fatal = status.error();
        }
        setState(final);
        if (m_diagnosis) m_diagnosis->stop();
        {
            std::lock_guard lock(m_mutex);
            m_endNs = monotonicNs();
            m_result.state = final;
            m_result.fatal = fatal;
            m_result.filesTotal = m_filesTotal;
            m_result.filesTransferred = m_filesDone;
            m_result.filesDeleted = m_deletedEarlier + m_filesDeleted;
            m_result.snapshot = m_snapshot;
            m_result.bytesTotal = m_bytesTotal;
            m_result.bytesTransferred = m_bytesTransferred;
            m_result.fileBytesTransferred = m_fileBytesTransferred;
            m_result.wireBytes = m_wireEarlier.first + m_wireEarlier.second;
            m_result.seconds = double(m_endNs - m_startNs) / 1e9;
            m_result.errors = m_errors;
            m_result.vanishedOnly = !m_errors.empty();
            for (const auto& e : m_errors)
                if (e.error.code != Errc::Vanished) m_result.vanishedOnly = false;
            m_result.stages = m_localStages.snapshot(false);
            for (const auto& st : m_remoteStages) m_result.stages.push_back(st);
            if (m_diagnosis) {
                m_result.bottleneck = m_diagnosis->jobVerdict();
                m_result.bottleneckTimeline = m_diagnosis->timeline();
                const JobDiagnosis::CpuUsed cpu = m_diagnosis->cpuUsed();
                m_result.cpuSeconds = cpu.local;
                m_result.farCpuSeconds = cpu.far;
            }
            m_active.clear();
            m_finished.store(true);
        }
        m_finishedCv.notify_all();
        notifyNow();
    }

    // ---- events ------------------------------------------------------------

    void pushEvent(Event ev, bool isFileEvent)
    {
        if (isFileEvent && !m_fileEventsWanted.load(std::memory_order_relaxed)) return;
        bool wake = false;
        {
            std::lock_guard lock(m_mutex);
            if (isFileEvent) {
                if (m_fileEvents >= kMaxQueuedFileEvents) return;
                ++m_fileEvents;
            }
            m_events.push_back(std::move(ev));
            if (!m_notifyPending && m_notify) {
                m_notifyPending = true;
                wake = true;
            }
        }
        if (wake) notifyNow();
    }

    void notifyNow()
    {
        std::function<void()> notify;
        {
            std::lock_guard lock(m_mutex);
            notify = m_notify;
        }
        if (notify) notify();
    }

    // force: a reconnect takes the job back to an earlier state.
    void setState(JobState state, bool force = false)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_state == state) return;
            // Once past planning, a role's late "scanning" must not move us
            // back; a reconnected run starts over from connecting.
            if (state < m_state && state != JobState::Pending && !force && m_state != JobState::Reconnecting) return;
            m_state = state;
        }
        // The verdicts speak of data moving: they start with it.
        if (state == JobState::Transferring && m_diagnosis) {
            uint64_t startNs = 0;
            {
                std::lock_guard lock(m_mutex);
                startNs = m_startNs;
            }
            m_diagnosis->start(double(monotonicNs() - startNs) / 1e9);
        }
        // A pause made before the remote sender ran (or before a reconnect),
        // or a timetable's rate since the request: told now that it listens.
        if (state == JobState::Transferring && (m_limiter.paused() || !m_spec.options.bwlimit.constantRate()))
            tellRemoteSender();
        pushEvent(event::StateChanged{state}, false);
    }

    // ---- RoleObserver --------------------------------------------------------

    void onState(JobState state) override { setState(state); }

    void onListed(bool isRegular, uint64_t size) override
    {
        if (!isRegular) return;
        std::lock_guard lock(m_mutex);
        ++m_filesTotal;
        m_bytesTotal += size;
    }

    void onPlanned(std::vector<PlanItem> items) override
    {
        {
            std::lock_guard lock(m_mutex);
            for (const auto& it : items) {
                if (it.action == FileAction::Copy || it.action == FileAction::Update) {
                    ++m_filesToTransfer;
                    m_bytesToTransfer += it.size;
                }
            }
        }
        pushEvent(event::Planned{std::move(items)}, false);
    }

    void onFileStarted(uint32_t id, const std::string& path, uint64_t size) override
    {
        {
            std::lock_guard lock(m_mutex);
            m_active[id] = ActiveFile{id, path, size, 0};
        }
        pushEvent(event::FileStarted{id, path, size}, true);
    }

    void onFileProgress(uint32_t id, uint64_t bytes) override
    {
        std::lock_guard lock(m_mutex);
        auto it = m_active.find(id);
        if (it != m_active.end()) it->second.done = bytes;
    }

    void onFileDone(uint32_t id, const std::string& path, uint64_t size, uint64_t moved) override
    {
        {
            std::lock_guard lock(m_mutex);
            m_active.erase(id);
            ++m_filesDone;
            m_bytesDone += size;
            m_bytesTransferred += moved;
            m_fileBytesTransferred += size;
        }
        pushEvent(event::FileFinished{id, path, size}, true);
    }

    void onFileFailed(uint32_t id, const std::string& path, const Error& error) override
    {
        {
            std::lock_guard lock(m_mutex);
            auto it = m_active.find(id);
            if (it != m_active.end()) m_active.erase(it);
            ++m_filesFailed;
            m_errors.push_back(FileError{path, error});
        }
        pushEvent(event::FileFailed{path, error}, false);
    }

    void onNotice(bool isError, const std::string& path, const Error& error) override
    {
        if (isError) {
            std::lock_guard lock(m_mutex);
            m_errors.push_back(FileError{path, error});
        }
        auto level = isError ? event::Log::Level::Error : event::Log::Level::Warning;
        pushEvent(event::Log{level, path.empty() ? error.message : path + ": " + error.message}, false);
    }

    void onInfo(const std::string& message) override { pushEvent(event::Log{event::Log::Level::Info, message}, false); }

    void onDeleted(uint64_t count) override
    {
        std::lock_guard lock(m_mutex);
        m_filesDeleted = count;
    }

    void onSnapshot(const SnapshotOutcome& outcome) override
    {
        std::lock_guard lock(m_mutex);
        m_snapshot = outcome;
    }

    void onRemoteStats(diagnosis::EndReading end, std::vector<diagnosis::ConnectionReading> connections) override
    {
        // In-process, both roles count into m_localStages already.
        if (!m_source.isRemote() && !m_destination.isRemote()) return;
        {
            std::lock_guard lock(m_mutex);
            m_remoteStages = end.stages;
        }
        if (m_diagnosis) m_diagnosis->farEnd(std::move(end), std::move(connections));
    }

    // ---- the bottleneck diagnosis ----------------------------------------------

    const Endpoint& remoteEndpoint() const { return m_source.isRemote() ? m_source : m_destination; }

    JobDiagnosis::Here diagnosisPlace() const
    {
        if (!m_source.isRemote() && !m_destination.isRemote()) return JobDiagnosis::Here::BothEnds;
        return m_destination.isRemote() ? JobDiagnosis::Here::Sender : JobDiagnosis::Here::Receiver;
    }

    JobDiagnosis::Sources diagnosisSources()
    {
        JobDiagnosis::Sources s;
        s.stages = [this] { return m_localStages.snapshot(false); };
        s.connections = [this] {
            // A push sends on the data connections, or on the control
            // connection when there are none.
            std::vector<diagnosis::ConnectionReading> out;
            std::lock_guard links(m_linkMutex);
            for (size_t i = 0; i < m_dataLinks.size(); ++i) {
                if (std::find(m_reserve.begin(), m_reserve.end(), m_dataLinks[i].get()) != m_reserve.end()) continue;
                if (auto c = diagnosis::readConnection(uint32_t(i + 1), m_dataLinks[i]->socketFd())) out.push_back(std::move(*c));
            }
            if (out.empty() && m_link)
                if (auto c = diagnosis::readConnection(0, m_link->socketFd())) out.push_back(std::move(*c));
            return out;
        };
        s.moved = [this] { return movedSoFar(); };
        s.settings = [this] {
            const SyncOptions& o = m_spec.options;
            diagnosis::Settings settings;
            settings.cipher = cipherChoiceName(o.cipher);
            settings.compress = compressText(effectiveOptions(m_spec).transfer.compress);
            settings.checksum = checksumChoiceName(o.transfer.checksumChoice);
            settings.fsync = fsyncModeName(o.transfer.fsync);
            settings.bwlimit = m_limiter.rate();
            std::lock_guard links(m_linkMutex);
            settings.streams = unsigned(m_dataLinks.size() - m_reserve.size());
            return settings;
        };
        s.changed = [this](double atSec, const Bottleneck& b) {
            {
                // Auto compression takes its cue from the same verdict.
                std::lock_guard lock(m_roleMutex);
                if (Sender* sender = m_roles ? m_roles->sender() : nullptr) sender->bottleneckIs(b.layer);
            }
            pushEvent(event::BottleneckChanged{atSec, b}, false);
        };
        // What a probe of this daemon measured lately, if one did.
        const Endpoint& remote = remoteEndpoint();
        if (remote.kind == Endpoint::Kind::Daemon) {
            const std::string stateDir = m_spec.options.stateDir.empty() ? defaultStateDir() : m_spec.options.stateDir;
            if (auto link = net::recallLink(stateDir, net::linkKey(hostPortOf(remote.host, remote.port), m_source.isRemote()), net::kLinkMemorySec))
                s.linkRate = link->bytesPerSec;
        }
        return s;
    }

    JobSpec m_spec;
    Endpoint m_source;
    Endpoint m_destination;
    RateLimiter m_limiter;

    std::thread m_thread;
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_stalled{false}; // --timeout ran out (and cancelled the job)
    std::atomic<bool> m_finished{false};

    std::mutex m_roleMutex; // guards the role pointers against cancel()
    std::unique_ptr<Roles> m_roles;
    // Lock order: m_roleMutex, then m_mutex or m_linkMutex; m_linkMutex last.
    mutable std::mutex m_linkMutex; // the connections of a remote job
    proto::FrameLinkPtr m_link;
    std::vector<proto::FrameLinkPtr> m_dataLinks;
    std::pair<uint64_t, uint64_t> m_wireEarlier{0, 0}; // sent, received on connections already closed
    std::atomic<bool> m_attemptAccepted{false}; // the daemon took this run of the job
    std::optional<proto::SessionToken> m_resumes; // the session a reconnected run takes over
    proto::SessionToken m_streamToken{};
    // Data connections opened but not yet sent on (auto streams on a long
    // path, startingStreams); owned by m_dataLinks. Guarded by m_linkMutex.
    std::vector<proto::FrameLink*> m_reserve;
    uint16_t m_nextStream = 0;
    uint16_t m_maxStreams = 0;
    std::string m_congestionInForce;
    std::mutex m_tunerMutex; // also the reconnecting's waits
    EarlyStreams* m_tunerJoining = nullptr; // streams auto streams is adding now
    // The daemon runs on this machine (role/same_machine.h): auto streams
    // starts with one connection.
    bool m_sameMachine = false;
    std::condition_variable m_tunerCv;
    bool m_tunerStop = false;

    mutable std::mutex m_mutex; // everything below
    std::vector<std::string> m_streamWarnings; // data connections that failed to join, said at the end
    std::condition_variable m_finishedCv;
    bool m_started = false;
    uint64_t m_startNs = 0;
    uint64_t m_endNs = 0;
    JobState m_state = JobState::Pending;
    std::vector<Event> m_events;
    size_t m_fileEvents = 0;
    std::atomic<bool> m_fileEventsWanted{true}; // setFileEvents
    std::atomic<bool> m_background{false};      // setBackground
    bool m_notifyPending = false;
    std::function<void()> m_notify;
    uint64_t m_filesTotal = 0;
    uint64_t m_bytesTotal = 0;
    uint64_t m_filesToTransfer = 0;
    uint64_t m_bytesToTransfer = 0;
    uint64_t m_filesDone = 0;
    uint64_t m_filesFailed = 0;
    uint64_t m_bytesDone = 0;
    uint64_t m_bytesTransferred = 0;     // of the files' data, what crossed
    uint64_t m_fileBytesTransferred = 0; // the sizes of the files transferred
    uint64_t m_filesDeleted = 0;
    std::optional<SnapshotOutcome> m_snapshot;
    uint64_t m_deletedEarlier = 0; // by runs before a reconnect
    std::map<uint32_t, ActiveFile> m_active;
    std::vector<FileError> m_errors;
    StageSet m_localStages;
    std::vector<StageSnapshot> m_remoteStages;
    JobResult m_result;
    // Made by start() under m_mutex, before the job's thread: read without a lock after.
    std::unique_ptr<JobDiagnosis> m_diagnosis;
};

} // namespace

Result<std::unique_ptr<Job>> Job::create(JobSpec spec)
{
    FG_TRY(validateOptions(spec.options));
    if (spec.source.empty()) return Error(Errc::InvalidArgument, "no source given");
    if (spec.destination.empty()) return Error(Errc::InvalidArgument, "no destination given");
    FG_TRY_ASSIGN(Endpoint source, parseEndpoint(spec.source));
    FG_TRY_ASSIGN(Endpoint destination, parseEndpoint(spec.destination));
    if (source.isRemote() && destination.isRemote())
        return Error(Errc::InvalidArgument, "source and destination are both remote; one of them must be a local path");
    return std::unique_ptr<Job>(new JobImpl(std::move(spec), std::move(source), std::move(destination)));
}

} // namespace fg
