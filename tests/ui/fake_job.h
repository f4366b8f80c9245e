#pragma once
// A stand-in for the engine behind fg::Job: a worker thread that scans, plans and
// "transfers" a scripted tree at a set pace, queueing the same events and keeping
// the same snapshot the real job does, so the GUI can be driven without disks or
// sockets. Counters let tests check how the GUI used it.

#include <floodgate/job.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace fgtest {

struct FakeScript {
    std::vector<fg::PlanItem> plan;  // Copy/Update files are transferred, the rest only reported
    uint64_t bytesPerSec = 400ull << 20;
    int streams = 3;                 // files in flight at once
    int stepMs = 10;                 // how often progress moves
    int scanMs = 60;
    int planMs = 20;
    int finishMs = 20;
    size_t planBatch = 256;          // items per event::Planned
    std::set<std::string> failPaths; // these fail half-way through
    // Per-file errors found while planning, as the receiver's name guard reports
    // two names that are one on the destination (Errc::NameCollision): after the
    // plan, in dry runs too, each as an error line and into JobResult::errors,
    // never as a plan item or a FileFailed (the engine's onNotice).
    std::vector<fg::FileError> planErrors;
    // A careless engine that calls notify for every event, not just the first into
    // an empty queue: the controller must still make one queued call per burst.
    bool notifyEveryEvent = false;
    // Wire bytes per payload byte, in thousandths above 1 (framing, TLS).
    uint64_t wireOverheadPermille = 15;
    // Data connections, as a floodgate:// job has them: when each opens, in seconds
    // from the start of the transfer (0: with it; later: one that auto adds mid-job).
    // Empty: none, as in a local or ssh job. The wire bytes are shared among the
    // open ones, unevenly and drifting, so their lines on a chart are told apart.
    std::vector<double> dataStreamStarts;
    uint32_t streamRttUs = 141000;
    std::string streamCongestion = "bbr";
    // The job fails with this error instead of finishing: in Connecting (before the
    // scan, as a job an unpaired daemon refuses does) or in Finishing (after the
    // plan of a preview, or after the transfer of a run).
    std::optional<fg::Error> fatal;
    fg::JobState failIn = fg::JobState::Connecting;
};

// A plausible tree: mostly small files, some medium, a few big, about `totalBytes`
// in all, plus the folders that hold them. Deterministic for a seed.
inline FakeScript makeScript(int files, uint64_t totalBytes, uint64_t seed = 1)
{
    FakeScript script;
    std::mt19937_64 rng(seed);
    std::vector<double> weights;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < files; ++i) {
        const double r = unit(rng);
        // A long tail: 80 % small, 17 % medium, 3 % large.
        weights.push_back(r < 0.80 ? 1 + 20 * unit(rng) : r < 0.97 ? 100 + 400 * unit(rng) : 2000 + 4000 * unit(rng));
    }
    double sum = 0;
    for (double w : weights) sum += w;
    struct Kind {
        const char* dir;
        const char* stem;
        int digits;
        const char* ext;
    };
    static const Kind kKinds[] = {
        {"photos/2024", "IMG_", 4, ".jpg"}, {"photos/2023", "IMG_", 4, ".heic"},
        {"documents/reports", "report-", 3, ".pdf"}, {"music/live-at-the-gate", "track-", 2, ".flac"},
        {"video/holiday", "clip-", 3, ".mp4"}, {"code/floodgate", "src-", 3, ".cpp"},
    };
    std::set<std::string> dirs;
    std::vector<fg::PlanItem> items;
    for (int i = 0; i < files; ++i) {
        const Kind& kind = kKinds[size_t(i) % std::size(kKinds)];
        std::string number = std::to_string(i / int(std::size(kKinds)) + 1);
        if (int(number.size()) < kind.digits) number.insert(0, size_t(kind.digits) - number.size(), '0');
        dirs.insert(kind.dir);
        fg::PlanItem item;
        item.path = std::string(kind.dir) + "/" + kind.stem + number + kind.ext;
        item.size = std::max<uint64_t>(1, uint64_t(double(totalBytes) * weights[size_t(i)] / sum));
        item.action = (i % 11 == 5) ? fg::FileAction::Update : fg::FileAction::Copy;
        items.push_back(std::move(item));
    }
    for (const auto& d : dirs) {
        fg::PlanItem dir;
        dir.path = d;
        dir.isDir = true;
        dir.action = fg::FileAction::MkDir;
        script.plan.push_back(dir);
    }
    script.plan.insert(script.plan.end(), items.begin(), items.end());
    return script;
}

class FakeJob : public fg::Job {
public:
    FakeJob(fg::JobSpec spec, FakeScript script) : m_spec(std::move(spec)), m_script(std::move(script)) {}
    ~FakeJob() override
    {
        cancel();
        if (m_thread.joinable()) m_thread.join();
    }

    void start() override
    {
        if (m_started.exchange(true)) return;
        m_t0 = std::chrono::steady_clock::now();
        m_thread = std::thread([this] { run(); });
    }
    void cancel() override { cancelCalled = true; }
    bool finished() const override { return m_finished; }
    const fg::JobResult& wait() override
    {
        if (!m_started) finish(fg::JobState::Cancelled);
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [this] { return m_finished.load(); });
        return m_result;
    }
    fg::MetricsSnapshot snapshot() const override
    {
        std::lock_guard lock(m_mutex);
        fg::MetricsSnapshot s = m_snapshot;
        s.elapsedSec = m_finished ? m_result.seconds : elapsed();
        return s;
    }
    std::vector<fg::Event> takeEvents() override
    {
        ++takeCalls;
        std::lock_guard lock(m_mutex);
        std::vector<fg::Event> out(std::make_move_iterator(m_events.begin()), std::make_move_iterator(m_events.end()));
        m_events.clear();
        return out;
    }
    void setNotify(std::function<void()> notify) override
    {
        std::lock_guard lock(m_notifyMutex);
        m_notify = std::move(notify);
    }
    void setFileEvents(bool) override {}
    void setBackground(bool on) override { background = on; }

    // Queues an event as the engine does, from any thread.
    void post(fg::Event event)
    {
        bool wasEmpty = false;
        {
            std::lock_guard lock(m_mutex);
            wasEmpty = m_events.empty();
            m_events.push_back(std::move(event));
        }
        if (wasEmpty || m_script.notifyEveryEvent) {
            ++notifyCalls;
            std::lock_guard lock(m_notifyMutex);
            if (m_notify) m_notify();
        }
    }

    const fg::JobSpec& spec() const { return m_spec; }

    std::atomic<int> notifyCalls{0};
    std::atomic<int> takeCalls{0};
    std::atomic<bool> cancelCalled{false};
    bool background = false; // setBackground, called before start()

private:
    struct InFlight {
        size_t index;
        uint32_t id;
        uint64_t done = 0;
    };

    struct DataStream {
        double opensAt = 0; // seconds into the transfer
        bool open = false;
        double sent = 0;
        double deliveryRate = 0; // a running average, as the kernel's estimate is
    };

    // Shares `wireBytes` among the open streams and refreshes their snapshots; the
    // caller holds m_mutex.
    void moveStreams(std::vector<DataStream>& streams, double transferSec, double stepSec, double wireBytes)
    {
        double total = 0;
        std::vector<double> weights(streams.size(), 0.0);
        for (size_t k = 0; k < streams.size(); ++k) {
            if (!streams[k].open && transferSec >= streams[k].opensAt) streams[k].open = true;
            if (!streams[k].open) continue;
            // Uneven (later streams a little slower) and drifting, as real ones are.
            weights[k] = std::max(0.2, 1.0 - 0.08 * double(k)) * (1.0 + 0.3 * std::sin(0.8 * transferSec + 1.9 * double(k)));
            total += weights[k];
        }
        m_snapshot.streams.clear();
        for (size_t k = 0; k < streams.size(); ++k) {
            DataStream& st = streams[k];
            if (!st.open) continue;
            const double share = total > 0 ? wireBytes * weights[k] / total : 0;
            st.sent += share;
            if (stepSec > 0) st.deliveryRate += 0.1 * (share / stepSec - st.deliveryRate);
            fg::StreamSnapshot snap;
            snap.index = uint32_t(k);
            snap.bytesSent = uint64_t(st.sent);
            snap.bytesReceived = uint64_t(st.sent / 100); // acknowledgements and replies
            snap.rttUs = m_script.streamRttUs + uint32_t(600 * k) +
                         uint32_t(double(m_script.streamRttUs) * 0.02 * (1 + std::sin(3.0 * transferSec + double(k))));
            snap.deliveryRate = uint64_t(st.deliveryRate);
            // A window that carries the delivery rate at this RTT, in 1448-byte segments.
            snap.cwndSegments = std::max<uint32_t>(10, uint32_t(st.deliveryRate * snap.rttUs / 1e6 / 1448));
            snap.retransmits = uint32_t(st.sent / double(48 << 20) * double(1 + k % 3));
            snap.congestion = m_script.streamCongestion;
            m_snapshot.streams.push_back(std::move(snap));
        }
    }

    double elapsed() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_t0).count();
    }

    // Sleeps in small steps; false when cancelled meanwhile.
    bool pause(int ms)
    {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        while (std::chrono::steady_clock::now() < until) {
            if (cancelCalled) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(std::min(ms, 5)));
        }
        return !cancelCalled;
    }

    void setState(fg::JobState state)
    {
        {
            std::lock_guard lock(m_mutex);
            m_snapshot.state = state;
        }
        post(fg::event::StateChanged{state});
    }

    void finish(fg::JobState state)
    {
        {
            std::lock_guard lock(m_mutex);
            if (m_finished) return;
            m_snapshot.state = state;
            m_snapshot.active.clear();
            m_result.state = state;
            m_result.filesTotal = m_snapshot.filesTotal;
            m_result.bytesTotal = m_snapshot.bytesToTransfer;
            m_result.bytesTransferred = m_snapshot.bytesDone;
            m_result.wireBytes = m_snapshot.wireBytesSent + m_snapshot.wireBytesReceived;
            m_result.seconds = m_started ? elapsed() : 0;
            m_result.stages = m_snapshot.stages;
            if (state == fg::JobState::Cancelled) m_result.fatal = fg::Error(fg::Errc::Cancelled, "cancelled by the user");
            if (state == fg::JobState::Failed && m_script.fatal) m_result.fatal = *m_script.fatal;
        }
        // The last event goes out before finished() turns true, as the engine does it.
        post(fg::event::StateChanged{state});
        {
            std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_cv.notify_all();
    }

    void run()
    {
        const bool dryRun = m_spec.options.transfer.dryRun;
        std::vector<size_t> transfers;
        uint64_t bytesToTransfer = 0;
        for (size_t i = 0; i < m_script.plan.size(); ++i) {
            const auto& item = m_script.plan[i];
            if (!item.isDir && (item.action == fg::FileAction::Copy || item.action == fg::FileAction::Update)) {
                transfers.push_back(i);
                bytesToTransfer += item.size;
            }
        }

        const bool jobFails = m_script.fatal.has_value();
        if (jobFails && m_script.failIn == fg::JobState::Connecting) {
            setState(fg::JobState::Connecting);
            if (!pause(m_script.scanMs)) return finish(fg::JobState::Cancelled);
            return finish(fg::JobState::Failed);
        }

        setState(fg::JobState::Scanning);
        post(fg::event::Log{fg::event::Log::Level::Info, "scanning " + m_spec.source});
        const int scanSteps = std::max(1, m_script.scanMs / 10);
        for (int step = 1; step <= scanSteps; ++step) {
            if (!pause(m_script.scanMs / scanSteps)) return finish(fg::JobState::Cancelled);
            std::lock_guard lock(m_mutex);
            m_snapshot.filesTotal = transfers.size() * uint64_t(step) / uint64_t(scanSteps);
        }

        setState(fg::JobState::Planning);
        if (!pause(m_script.planMs)) return finish(fg::JobState::Cancelled);
        for (size_t i = 0; i < m_script.plan.size(); i += m_script.planBatch) {
            const auto end = m_script.plan.begin() + long(std::min(m_script.plan.size(), i + m_script.planBatch));
            post(fg::event::Planned{std::vector<fg::PlanItem>(m_script.plan.begin() + long(i), end)});
        }
        for (const fg::FileError& e : m_script.planErrors) {
            {
                std::lock_guard lock(m_mutex);
                m_result.errors.push_back(e);
            }
            post(fg::event::Log{fg::event::Log::Level::Error, e.path + ": " + e.error.message});
        }
        {
            std::lock_guard lock(m_mutex);
            m_snapshot.filesToTransfer = transfers.size();
            m_snapshot.bytesToTransfer = bytesToTransfer;
        }
        if (dryRun) {
            setState(fg::JobState::Finishing);
            if (!pause(m_script.finishMs)) return finish(fg::JobState::Cancelled);
            return finish(jobFails ? fg::JobState::Failed : fg::JobState::Done);
        }

        setState(fg::JobState::Transferring);
        const auto transferStart = std::chrono::steady_clock::now();
        std::vector<DataStream> dataStreams;
        for (double at : m_script.dataStreamStarts) dataStreams.push_back({at});
        std::deque<size_t> queue(transfers.begin(), transfers.end());
        std::vector<InFlight> active;
        uint32_t nextId = 1;
        auto last = std::chrono::steady_clock::now();
        double carry = 0;
        uint64_t filesDone = 0, filesTransferred = 0, bytesDone = 0;
        while (true) {
            while (int(active.size()) < m_script.streams && !queue.empty()) {
                const size_t index = queue.front();
                queue.pop_front();
                active.push_back({index, nextId++});
                post(fg::event::FileStarted{active.back().id, m_script.plan[index].path, m_script.plan[index].size});
            }
            if (active.empty()) break;
            if (!pause(m_script.stepMs)) return finish(fg::JobState::Cancelled);

            const auto now = std::chrono::steady_clock::now();
            const double stepSec = std::chrono::duration<double>(now - last).count();
            carry += stepSec * double(m_script.bytesPerSec);
            last = now;
            const uint64_t bytesBefore = bytesDone;
            // The streams share the budget; a file that completes hands its share on.
            for (size_t k = 0; k < active.size() && carry >= 1;) {
                InFlight& f = active[k];
                const auto& item = m_script.plan[f.index];
                const uint64_t share = uint64_t(carry / double(active.size() - k));
                const uint64_t take = std::min<uint64_t>(std::max<uint64_t>(share, 1), item.size - f.done);
                f.done += take;
                bytesDone += take;
                carry -= double(take);
                const bool fails = m_script.failPaths.count(item.path) && f.done * 2 >= item.size;
                if (fails || f.done >= item.size) {
                    ++filesDone;
                    if (fails) {
                        fg::Error error(fg::Errc::Io, "read failed: Input/output error", EIO);
                        {
                            std::lock_guard lock(m_mutex);
                            m_result.errors.push_back({item.path, error});
                        }
                        post(fg::event::FileFailed{item.path, error});
                    } else {
                        ++filesTransferred;
                        post(fg::event::FileFinished{f.id, item.path, item.size});
                    }
                    active.erase(active.begin() + long(k));
                } else {
                    ++k;
                }
            }
            std::lock_guard lock(m_mutex);
            m_snapshot.bytesDone = bytesDone;
            m_snapshot.filesDone = filesDone;
            m_snapshot.wireBytesSent = bytesDone + bytesDone * m_script.wireOverheadPermille / 1000;
            m_snapshot.active.clear();
            for (const auto& f : active) {
                m_snapshot.active.push_back({f.id, m_script.plan[f.index].path, m_script.plan[f.index].size, f.done});
            }
            m_snapshot.stages = {{fg::StageId::Read, "read", false, bytesDone, filesDone, 0, 0, 0, 0},
                                 {fg::StageId::Send, "send", false, m_snapshot.wireBytesSent, filesDone, 0, 0, 0, 0}};
            if (!dataStreams.empty()) {
                const double wire = double(bytesDone - bytesBefore) * (1.0 + double(m_script.wireOverheadPermille) / 1000.0);
                moveStreams(dataStreams, std::chrono::duration<double>(now - transferStart).count(), stepSec, wire);
            }
            m_result.filesTransferred = filesTransferred;
        }

        setState(fg::JobState::Finishing);
        uint64_t deleted = 0;
        for (const auto& item : m_script.plan) deleted += item.action == fg::FileAction::Delete ? 1 : 0;
        {
            std::lock_guard lock(m_mutex);
            m_result.filesDeleted = deleted;
        }
        if (!pause(m_script.finishMs)) return finish(fg::JobState::Cancelled);
        finish(jobFails ? fg::JobState::Failed : fg::JobState::Done);
    }

    fg::JobSpec m_spec;
    FakeScript m_script;
    std::thread m_thread;
    std::chrono::steady_clock::time_point m_t0;
    std::atomic<bool> m_started{false};
    std::atomic<bool> m_finished{false};

    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<fg::Event> m_events;
    fg::MetricsSnapshot m_snapshot;
    fg::JobResult m_result;

    std::mutex m_notifyMutex;
    std::function<void()> m_notify;
};

// A job factory for a controller or a window under test: each job it makes
// is a FakeJob playing `script`; the last one stays reachable (its owner is
// whoever asked for it).
struct FakeJobFactory {
    FakeScript script;
    FakeJob* last = nullptr;
    int calls = 0;

    std::function<fg::Result<std::unique_ptr<fg::Job>>(fg::JobSpec)> make()
    {
        return [this](fg::JobSpec spec) -> fg::Result<std::unique_ptr<fg::Job>> {
            ++calls;
            auto job = std::make_unique<FakeJob>(std::move(spec), script);
            last = job.get();
            return std::unique_ptr<fg::Job>(std::move(job));
        };
    }
};

} // namespace fgtest
