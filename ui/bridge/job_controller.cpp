#include "bridge/job_controller.h"

#include <atomic>
#include <mutex>
#include <type_traits>

namespace fgui {

// Shared between the controller and the job's notify hook. The hook may run on a
// worker thread after the controller has moved on to another job or is being
// destroyed: the mutex makes "post to the controller" and "forget the controller"
// exclusive, so a post never reaches a dead object.
struct JobController::NotifyGate {
    std::mutex mutex;
    JobController* target = nullptr;
    // True while a drain is queued and has not started yet: the guard that turns a
    // burst of wakeups into one queued call.
    std::atomic<bool> pending{false};
};

struct JobController::Batch {
    std::vector<fg::PlanItem> planned;
    std::vector<fg::event::FileStarted> started;
    std::vector<fg::event::FileFinished> finished;
    std::vector<fg::event::FileFailed> failed;
    std::vector<fg::event::Log> logs;
};

JobFactory defaultJobFactory()
{
    return [](fg::JobSpec spec) { return fg::Job::create(std::move(spec)); };
}

JobController::JobController(QObject* parent) : JobController(JobFactory{}, parent) {}

JobController::JobController(JobFactory factory, QObject* parent)
    : QObject(parent), m_factory(factory ? std::move(factory) : defaultJobFactory())
{
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, &JobController::tick);
}

JobController::~JobController()
{
    if (!m_job) return;
    detachJob();
    m_job->cancel();
    (void)m_job->wait();
}

fg::Status JobController::start(fg::JobSpec spec)
{
    if (m_job) return fg::Error(fg::Errc::InvalidArgument, "a job is already running");
    auto created = m_factory(spec);
    if (!created) return created.error();
    if (!*created) return fg::Error(fg::Errc::Internal, "the job factory returned no job");

    m_job = std::move(created).value();
    m_spec = std::move(spec);
    m_cancelRequested = false;
    m_paused = false;
    m_gate = std::make_shared<NotifyGate>();
    m_gate->target = this;
    m_job->setNotify([gate = m_gate] {
        if (gate->pending.exchange(true, std::memory_order_acq_rel)) return;
        std::lock_guard lock(gate->mutex);
        if (gate->target) {
            QMetaObject::invokeMethod(gate->target, &JobController::drainEvents, Qt::QueuedConnection);
        }
    });
    // The window before the transfer: the job's threads give way to this one
    // (fg::Job::setBackground), or a job that keeps the cores busy freezes it.
    m_job->setBackground(true);
    Q_EMIT started();
    m_job->start();
    m_timer.start();
    return {};
}

void JobController::cancel()
{
    if (!m_job || m_cancelRequested) return;
    m_cancelRequested = true;
    m_job->cancel();
}

fg::Status JobController::setPaused(bool paused)
{
    if (!m_job || m_cancelRequested) return fg::Error(fg::Errc::InvalidArgument, "no job is running");
    FG_TRY(m_job->setPaused(paused));
    m_paused = paused;
    return {};
}

void JobController::detachJob()
{
    m_timer.stop();
    if (!m_gate) return;
    std::lock_guard lock(m_gate->mutex);
    m_gate->target = nullptr;
}

void JobController::drainEvents()
{
    // A slot that opens a dialog spins a nested event loop, which may deliver the
    // next drain inside this one; the outer drain (or the next tick) picks it up.
    if (!m_job || m_draining) return;
    ++m_drains;
    // Cleared before taking: an event queued after takeEvents() then finds the flag
    // down and posts a fresh drain, so no wakeup is lost.
    m_gate->pending.store(false, std::memory_order_release);
    // Read before taking: the engine queues its last events before it reports
    // finished(), so once this is true, what is taken now is the rest.
    const bool jobFinished = m_job->finished();
    for (auto& ev : m_job->takeEvents()) m_backlog.push_back(std::move(ev));
    m_draining = true;
    dispatchSlice();
    m_draining = false;
    if (!m_backlog.empty()) postDrain();
    else if (jobFinished) finish();
}

void JobController::postDrain()
{
    // Posted even when the hook's drain is queued: a nested event loop may have
    // swallowed that one (see drainEvents), and a second drain only emits the
    // next slice sooner. Raised first, so the hook posts none meanwhile.
    m_gate->pending.store(true, std::memory_order_release);
    QMetaObject::invokeMethod(this, &JobController::drainEvents, Qt::QueuedConnection);
}

void JobController::dispatchSlice()
{
    Batch batch;
    size_t budget = kItemsPerTurn;
    while (budget > 0 && !m_backlog.empty()) {
        fg::Event& ev = m_backlog.front();
        auto* plan = std::get_if<fg::event::Planned>(&ev);
        if (plan && plan->items.size() > budget) {
            // A big plan goes in slices of its own: the first `budget` items now.
            const auto cut = plan->items.begin() + std::ptrdiff_t(budget);
            batch.planned.insert(batch.planned.end(), std::make_move_iterator(plan->items.begin()),
                                 std::make_move_iterator(cut));
            plan->items.erase(plan->items.begin(), cut);
            break;
        }
        budget -= plan ? plan->items.size() : 1;
        std::visit(
            [&](auto&& e) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<E, fg::event::StateChanged>) {
                    emitBatch(batch);
                    Q_EMIT stateChanged(e.state);
                } else if constexpr (std::is_same_v<E, fg::event::Planned>) {
                    if (batch.planned.empty()) {
                        batch.planned = std::move(e.items);
                    } else {
                        batch.planned.insert(batch.planned.end(), std::make_move_iterator(e.items.begin()),
                                             std::make_move_iterator(e.items.end()));
                    }
                } else if constexpr (std::is_same_v<E, fg::event::FileStarted>) {
                    batch.started.push_back(std::move(e));
                } else if constexpr (std::is_same_v<E, fg::event::FileFinished>) {
                    batch.finished.push_back(std::move(e));
                } else if constexpr (std::is_same_v<E, fg::event::FileFailed>) {
                    batch.failed.push_back(std::move(e));
                } else if constexpr (std::is_same_v<E, fg::event::Log>) {
                    batch.logs.push_back(std::move(e));
                }
            },
            ev);
        m_backlog.pop_front();
    }
    emitBatch(batch);
}

void JobController::emitBatch(Batch& batch)
{
    if (!batch.planned.empty()) Q_EMIT planned(batch.planned);
    if (!batch.started.empty()) Q_EMIT filesStarted(batch.started);
    if (!batch.finished.empty()) Q_EMIT filesFinished(batch.finished);
    if (!batch.failed.empty()) Q_EMIT filesFailed(batch.failed);
    if (!batch.logs.empty()) Q_EMIT logged(batch.logs);
    batch = Batch{};
}

void JobController::tick()
{
    if (!m_job) return;
    // A drain on every tick as well: cheap, and it keeps the view current even if
    // an engine's notify were ever lossy.
    drainEvents();
    if (!m_job) return; // it finished during the drain
    Q_EMIT snapshotTaken(m_job->snapshot());
}

void JobController::finish()
{
    detachJob();
    Q_EMIT snapshotTaken(m_job->snapshot());

    // Off the member before emitting: a slot may start the next job right away.
    std::unique_ptr<fg::Job> job = std::move(m_job);
    m_gate.reset();
    const fg::JobResult result = job->wait(); // returns at once: the job has finished
    Q_EMIT finished(result);
}

} // namespace fgui
