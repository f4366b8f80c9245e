#include "common/path.h"
#include "engine/observer.h"
#include "engine/receiver.h"
#include "engine/role_params.h"
#include "engine/sender.h"
#include "engine/session.h"
#include "exec/rate_limiter.h"
#include "filter/filter.h"
#include "metrics/stage_counters.h"
#include "platform/fs.h"
#include "proto/frame.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/job.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace fg {
namespace {

// In-process jobs join sender and receiver with this much in flight.
constexpr size_t kMemoryLinkBytes = 32u << 20;
// Without a consumer draining events (a script ignoring them), per-file
// events stop being queued past this many; failures, plans and logs always are.
constexpr size_t kMaxQueuedFileEvents = 200000;

// A destination inside the source would copy itself, over and over as the
// scan finds the new copies. Allowed only when the filters exclude it.
Status checkDestinationOutsideSource(const RootSpec& source, const RootSpec& destination, const TransferParams& params)
{
    auto src = platform::canonicalPath(source.base);
    if (!src.ok()) return {}; // the sender reports a missing source
    // The destination may not exist yet: resolve its nearest existing ancestor.
    std::string probe = destination.base;
    std::string rest;
    Result<std::string> dst = platform::canonicalPath(probe);
    while (!dst.ok() && probe != "/" && probe != ".") {
        rest = joinPath(localBaseName(probe), rest);
        probe = localDirName(probe);
        dst = platform::canonicalPath(probe);
    }
    if (!dst.ok()) return {};
    std::string full = joinPath(*dst, rest);
    const std::string& root = *src;
    if (full != root && full.compare(0, root.size() + 1, root + "/") != 0) return {};
    if (full == root) return Error(Errc::InvalidArgument, "the source and the destination are the same directory");
    // The destination's name as the filters see it: below "src/" for a
    // contents copy, below "src/<name>" for a named one.
    std::string inside = full.substr(root.size() + 1);
    std::string name = source.trailingSlash ? inside : joinPath(localBaseName(root), inside);
    auto filters = filter::FilterSet::compile(params.filters);
    if (filters.ok()) {
        // Excluding any directory on the way to it is enough.
        std::string prefix;
        for (std::string_view part : splitPath(name)) {
            prefix = joinPath(prefix, part);
            if (filters->excluded(prefix, true)) return {};
        }
    }
    return Error(Errc::InvalidArgument, "the destination " + destination.base + " is inside the source " + source.base
                                            + ", so the copy would copy itself; choose a destination outside the "
                                              "source, or exclude it with --exclude='/" + name + "/'");
}

RootSpec rootFor(const Endpoint& ep)
{
    RootSpec root;
    root.trailingSlash = ep.trailingSlash();
    std::string path = ep.path;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    root.base = path.empty() ? std::string(".") : path;
    return root;
}

class JobImpl final : public Job, private RoleObserver {
public:
    JobImpl(JobSpec spec, Endpoint source, Endpoint destination)
        : m_spec(std::move(spec)), m_source(std::move(source)), m_destination(std::move(destination)),
          m_limiter(m_spec.options.bwlimitBytesPerSec)
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
        m_thread = std::thread([this] { runJob(); });
    }

    void cancel() override
    {
        m_cancelled.store(true);
        std::lock_guard lock(m_roleMutex);
        if (m_sender) m_sender->cancel();
        if (m_receiver) m_receiver->cancel();
        if (m_link) m_link->close();
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
        std::lock_guard lock(m_mutex);
        s.state = m_state;
        uint64_t end = m_finished.load() ? m_endNs : monotonicNs();
        s.elapsedSec = m_startNs ? double(end - m_startNs) / 1e9 : 0;
        s.filesTotal = m_filesTotal;
        s.filesToTransfer = m_filesToTransfer;
        s.filesDone = m_filesDone + m_filesFailed;
        s.bytesToTransfer = m_bytesToTransfer;
        s.bytesDone = m_bytesDone;
        for (const auto& [id, a] : m_active) s.bytesDone += a.done;
        s.wireBytesSent = m_link ? m_link->bytesSent() : m_wireSent;
        s.wireBytesReceived = m_link ? m_link->bytesReceived() : m_wireReceived;
        s.stages = m_localStages.snapshot(false);
        for (const auto& st : m_remoteStages) s.stages.push_back(st);
        s.active.reserve(m_active.size());
        for (const auto& [id, a] : m_active) s.active.push_back(a);
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

private:
    // ---- the job's own thread ----------------------------------------------

    void runJob()
    {
        Status result;
        if (m_source.isRemote() && m_destination.isRemote()) {
            result = Error(Errc::InvalidArgument, "source and destination are both remote; one of them must be a local path");
        } else if (!m_source.isRemote() && !m_destination.isRemote()) {
            result = runLocal();
        } else {
            result = runRemote();
        }
        finish(result);
    }

    Status runLocal()
    {
        TransferParams params = paramsFromOptions(m_spec.options);
        FG_TRY(checkDestinationOutsideSource(rootFor(m_source), rootFor(m_destination), params));
        auto [senderLink, receiverLink] = proto::makeMemoryLinkPair(kMemoryLinkBytes);
        NullObserver quiet;
        StageSet& stages = m_localStages;
        {
            std::lock_guard lock(m_roleMutex);
            if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
            m_sender = std::make_unique<Sender>(rootFor(m_source), params, *senderLink, std::vector<proto::FrameLink*>{}, quiet, stages,
                                                m_limiter.rate() ? &m_limiter : nullptr);
            m_receiver = std::make_unique<Receiver>(rootFor(m_destination), params, *receiverLink, std::vector<proto::FrameLink*>{},
                                                    static_cast<RoleObserver&>(*this), stages);
        }
        Status sent;
        std::thread senderThread([&] { sent = m_sender->run(); });
        Status received = m_receiver->run();
        senderThread.join();
        {
            std::lock_guard lock(m_roleMutex);
            m_sender.reset();
            m_receiver.reset();
        }
        // The receiver's error tells the story (it sees the sender's); the
        // sender's own counts when the receiver merely saw the link go.
        if (!received && !sent && received.error().code == Errc::Network) return sent;
        if (!received) return received;
        return sent;
    }

    Status runRemote()
    {
        setState(JobState::Connecting);
        const bool push = m_destination.isRemote();
        const Endpoint& remote = push ? m_destination : m_source;
        const Endpoint& local = push ? m_source : m_destination;
        std::string stateDir = m_spec.options.stateDir.empty() ? defaultStateDir() : m_spec.options.stateDir;

        Result<proto::FrameLinkPtr> link = Error(Errc::Internal, "no link");
        if (remote.kind == Endpoint::Kind::Daemon) {
            link = connectDaemon(remote, stateDir, [this](const std::string& line) {
                pushEvent(event::Log{event::Log::Level::Info, line}, false);
            });
        } else {
            link = connectSsh(remote, m_spec.options);
        }
        if (!link.ok()) return link.error();
        {
            // snapshot() reads the link under m_mutex, cancel() under m_roleMutex.
            std::lock_guard lock(m_roleMutex);
            std::lock_guard lock2(m_mutex);
            m_link = std::move(link).value();
            if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
        }
        TransferParams params = paramsFromOptions(m_spec.options);
        proto::JobRequestMsg request;
        request.direction = push ? proto::Direction::Push : proto::Direction::Pull;
        request.path = remote.kind == Endpoint::Kind::Daemon
                     ? (remote.path.empty() ? remote.module : remote.module + "/" + remote.path)
                     : remote.path;
        fillRequest(request, params);
        // A sender applies --files-from itself; the list travels only to a remote sender.
        if (push) {
            request.filesFrom.clear();
            request.hasFilesFrom = false;
        }
        if (Status st = requestJob(*m_link, request); !st) return st;

        Status result;
        if (push) {
            {
                std::lock_guard lock(m_roleMutex);
                if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
                m_sender = std::make_unique<Sender>(rootFor(local), params, *m_link, std::vector<proto::FrameLink*>{}, static_cast<RoleObserver&>(*this),
                                                    m_localStages, m_limiter.rate() ? &m_limiter : nullptr);
            }
            result = m_sender->run();
        } else {
            {
                std::lock_guard lock(m_roleMutex);
                if (m_cancelled.load()) return Error(Errc::Cancelled, "cancelled");
                m_receiver = std::make_unique<Receiver>(rootFor(local), params, *m_link, std::vector<proto::FrameLink*>{},
                                                        static_cast<RoleObserver&>(*this), m_localStages);
            }
            result = m_receiver->run();
        }
        std::lock_guard lock(m_roleMutex);
        m_link->close();
        {
            std::lock_guard lock2(m_mutex);
            m_wireSent = m_link->bytesSent();
            m_wireReceived = m_link->bytesReceived();
        }
        m_sender.reset();
        m_receiver.reset();
        {
            std::lock_guard lock2(m_mutex);
            m_link.reset();
        }
        return result;
    }

    void finish(const Status& status)
    {
        JobState final = JobState::Done;
        Error fatal(Errc::Ok, "");
        if (m_cancelled.load()) {
            final = JobState::Cancelled;
            fatal = Error(Errc::Cancelled, "cancelled");
        } else if (!status) {
            final = status.error().code == Errc::Cancelled ? JobState::Cancelled : JobState::Failed;
            fatal = status.error();
        }
        setState(final);
        {
            std::lock_guard lock(m_mutex);
            m_endNs = monotonicNs();
            m_result.state = final;
            m_result.fatal = fatal;
            m_result.filesTotal = m_filesTotal;
            m_result.filesTransferred = m_filesDone;
            m_result.filesDeleted = m_filesDeleted;
            m_result.bytesTotal = m_bytesTotal;
            m_result.bytesTransferred = m_bytesTransferred;
            m_result.wireBytes = m_wireSent + m_wireReceived;
            m_result.seconds = double(m_endNs - m_startNs) / 1e9;
            m_result.errors = m_errors;
            m_result.vanishedOnly = !m_errors.empty();
            for (const auto& e : m_errors)
                if (e.error.code != Errc::Vanished) m_result.vanishedOnly = false;
            m_result.stages = m_localStages.snapshot(false);
            for (const auto& st : m_remoteStages) m_result.stages.push_back(st);
            m_active.clear();
            m_finished.store(true);
        }
        m_finishedCv.notify_all();
        notifyNow();
    }

    // ---- events ------------------------------------------------------------

    void pushEvent(Event ev, bool isFileEvent)
    {
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

    void setState(JobState state)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_state == state) return;
            // Once past planning, a role's late "scanning" must not move us back.
            if (state < m_state && state != JobState::Pending) return;
            m_state = state;
        }
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

    void onFileDone(uint32_t id, const std::string& path, uint64_t size) override
    {
        {
            std::lock_guard lock(m_mutex);
            m_active.erase(id);
            ++m_filesDone;
            m_bytesDone += size;
            m_bytesTransferred += size;
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

    void onDeleted(uint64_t count) override
    {
        std::lock_guard lock(m_mutex);
        m_filesDeleted = count;
    }

    void onRemoteStats(std::vector<StageSnapshot> stages) override
    {
        // In-process, both roles count into m_localStages already.
        if (!m_source.isRemote() && !m_destination.isRemote()) return;
        std::lock_guard lock(m_mutex);
        m_remoteStages = std::move(stages);
    }

    JobSpec m_spec;
    Endpoint m_source;
    Endpoint m_destination;
    RateLimiter m_limiter;

    std::thread m_thread;
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_finished{false};

    std::mutex m_roleMutex; // guards the role pointers and the link against cancel()
    std::unique_ptr<Sender> m_sender;
    std::unique_ptr<Receiver> m_receiver;
    proto::FrameLinkPtr m_link;

    mutable std::mutex m_mutex; // everything below
    std::condition_variable m_finishedCv;
    bool m_started = false;
    uint64_t m_startNs = 0;
    uint64_t m_endNs = 0;
    JobState m_state = JobState::Pending;
    std::vector<Event> m_events;
    size_t m_fileEvents = 0;
    bool m_notifyPending = false;
    std::function<void()> m_notify;
    uint64_t m_filesTotal = 0;
    uint64_t m_bytesTotal = 0;
    uint64_t m_filesToTransfer = 0;
    uint64_t m_bytesToTransfer = 0;
    uint64_t m_filesDone = 0;
    uint64_t m_filesFailed = 0;
    uint64_t m_bytesDone = 0;
    uint64_t m_bytesTransferred = 0;
    uint64_t m_filesDeleted = 0;
    uint64_t m_wireSent = 0;
    uint64_t m_wireReceived = 0;
    std::map<uint32_t, ActiveFile> m_active;
    std::vector<FileError> m_errors;
    StageSet m_localStages;
    std::vector<StageSnapshot> m_remoteStages;
    JobResult m_result;
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

int exitCodeFor(const JobResult& result)
{
    switch (result.state) {
    case JobState::Cancelled: return 20;
    case JobState::Failed:
        switch (result.fatal.code) {
        // Usage errors are caught before a job exists (Job::create); one that
        // comes up while the job runs is about a path: source or destination.
        case Errc::InvalidArgument:
        case Errc::NotFound:
        case Errc::PermissionDenied:
        case Errc::UnsafePath: return 3;
        case Errc::NotPaired:
        case Errc::AuthFailed:
        case Errc::ReadOnly: return 5;
        case Errc::NoSpace:
        case Errc::Io:
        case Errc::Vanished:
        case Errc::VerifyFailed: return 11;
        case Errc::Network:
        case Errc::Tls: return 10;
        case Errc::Protocol: return 12;
        case Errc::Cancelled: return 20;
        case Errc::Ok:
        case Errc::Internal: return 14;
        }
        return 14;
    default: break;
    }
    if (result.errors.empty()) return 0;
    return result.vanishedOnly ? 24 : 23;
}

} // namespace fg
