#pragma once
// The one door between the engine's threads and the GUI thread (docs/ARCHITECTURE.md,
// "The GUI").
//
// The engine calls the notify hook from a worker thread; the controller answers
// with at most one queued drain in flight, so a burst of thousands of events costs
// one trip through the event loop. Events are emitted in batches per kind; byte
// counters are not events: a timer reads the metrics snapshot 4x a second.
// Every signal is emitted on the GUI thread.
//
// A drain hands the window at most kItemsPerTurn events (a plan's items each
// count) and leaves the rest for the next turn of the event loop: a plan of
// 200,000 files arrives in slices, with input and painting between them, not
// as one stall. On a machine whose cores the engine's threads keep busy, the
// GUI thread gets a fraction of a core, and a slice's few milliseconds of work
// become several times that in wall time.

#include <floodgate/job.h>

#include <QObject>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace fgui {

// Makes a job from a spec; fg::Job::create in the application, a fake in tests.
using JobFactory = std::function<fg::Result<std::unique_ptr<fg::Job>>(fg::JobSpec)>;
JobFactory defaultJobFactory();

class JobController : public QObject {
    Q_OBJECT
public:
    // The real engine, or `factory` when given (tests).
    explicit JobController(QObject* parent = nullptr);
    explicit JobController(JobFactory factory, QObject* parent = nullptr);
    // Cancels a running job and waits for it: the job's threads must not outlive
    // the hook they call.
    ~JobController() override;

    // Creates and starts a job. Fails when the factory refuses the spec or a
    // job is still running; no signal is emitted then.
    fg::Status start(fg::JobSpec spec);
    // Asks the job to stop; finished(Cancelled) follows once it has.
    void cancel();

    // Pauses the job's data or resumes it (fg::Job::setPaused); false, with
    // the reason logged by the job or refused here, when it cannot.
    fg::Status setPaused(bool paused);

    bool isRunning() const { return m_job != nullptr; }
    bool cancelRequested() const { return m_cancelRequested; }
    bool isPaused() const { return m_paused; }
    const fg::JobSpec& spec() const { return m_spec; }

    // How often the snapshot is read; 250 ms unless a test wants it faster.
    void setSnapshotInterval(int ms) { m_timer.setInterval(ms); }
    // Queued drains run so far; tests check that bursts coalesce.
    int drainCount() const { return m_drains; }

    // Events a drain emits at most before it yields to the event loop (a
    // Planned event counts its items): some 25 ms of the models' work on
    // this project's 2-core machines.
    static constexpr size_t kItemsPerTurn = 4096;

Q_SIGNALS:
    void started();
    // Events in batches. Within one drain the order is: planned, started, finished,
    // failed, log; a state change is a barrier, so everything that happened before
    // it is emitted before it.
    void stateChanged(fg::JobState state);
    void planned(const std::vector<fg::PlanItem>& items);
    void filesStarted(const std::vector<fg::event::FileStarted>& files);
    void filesFinished(const std::vector<fg::event::FileFinished>& files);
    void filesFailed(const std::vector<fg::event::FileFailed>& files);
    void logged(const std::vector<fg::event::Log>& lines);
    // About 4x a second while running, and once more just before finished().
    void snapshotTaken(const fg::MetricsSnapshot& snapshot);
    // Exactly once per started job, after its last event and snapshot.
    void finished(const fg::JobResult& result);

private:
    struct NotifyGate;
    struct Batch;

    void drainEvents();
    // Emits the backlog's oldest events, at most kItemsPerTurn of them.
    void dispatchSlice();
    void emitBatch(Batch& batch);
    // Asks for another drain on the next turn of the event loop.
    void postDrain();
    void tick();
    void finish();
    void detachJob();

    JobFactory m_factory;
    std::unique_ptr<fg::Job> m_job;
    std::shared_ptr<NotifyGate> m_gate;
    fg::JobSpec m_spec;
    QTimer m_timer;
    bool m_cancelRequested = false;
    bool m_paused = false;
    bool m_draining = false;
    int m_drains = 0;
    // Taken from the job, not emitted yet, oldest first.
    std::deque<fg::Event> m_backlog;
};

} // namespace fgui
