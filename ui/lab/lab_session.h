#pragma once
// One Tuning Lab experiment on a worker thread. fg::runLab blocks for minutes
// and reports on its own thread; this class runs it on a std::thread and
// brings every report to the GUI thread with a queued call, so the window only
// ever handles signals and the GUI thread never waits on the lab.
//
// Progress is not coalesced as the job controller's events are: the lab
// reports a handful of phases and one line a trial (seconds apart), never a
// flood.

#include <floodgate/lab.h>

#include <QObject>

#include <atomic>
#include <functional>
#include <thread>

namespace fgui {

class LabSession : public QObject {
    Q_OBJECT
public:
    // fg::runLab in the app; a fake in tests (it is called on the worker thread).
    using RunFunction = std::function<fg::Result<fg::LabReport>(
        const fg::LabOptions&, const std::function<void(const fg::LabProgress&)>&, const std::atomic<bool>*)>;

    explicit LabSession(RunFunction run, QObject* parent = nullptr);
    // Cancels an experiment still running and waits for it: the lab removes its
    // scratch folder from the target before it returns, and its reports must
    // not outlive this object.
    ~LabSession() override;

    // False (and nothing starts) while an experiment runs.
    bool start(fg::LabOptions options);
    // The trial running is cancelled, the scratch folders are removed and the
    // report so far comes back through finished() with `cancelled` set.
    void cancel();
    bool isRunning() const { return m_running; }
    bool cancelRequested() const { return m_cancel.load(); }

Q_SIGNALS:
    // On the GUI thread, in the order the lab reported.
    void progressed(const fg::LabProgress& progress);
    // Once an experiment, after every progressed() of it.
    void finished(const fg::Result<fg::LabReport>& result);

private:
    void onFinished(const fg::Result<fg::LabReport>& result);

    RunFunction m_run;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    bool m_running = false; // touched on the GUI thread only
};

} // namespace fgui
