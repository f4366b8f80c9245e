#pragma once
// Prepares the built-in demo (a sample tree and an in-process daemon, a few
// seconds of disk work) on a worker thread, hands the ready JobSpec to the GUI
// thread, and tears the demo down when it goes away.

#include <floodgate/demo.h>

#include <QObject>

#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace fgui {

class DemoLauncher : public QObject {
    Q_OBJECT
public:
    explicit DemoLauncher(QObject* parent = nullptr);
    // Waits for a preparation still running, then stops the daemon and removes the
    // sample tree. Destroy it after the job that uses the demo has ended.
    ~DemoLauncher() override;

    // Starts preparing; ready() or failed() follows on the GUI thread.
    void prepare(const fg::DemoOptions& options = {});

Q_SIGNALS:
    void ready(const fg::JobSpec& spec);
    void failed(const QString& message);

private:
    void deliver();

    std::thread m_worker;
    std::mutex m_mutex;
    std::optional<fg::Result<fg::DemoSetup>> m_outcome; // set by the worker
    std::optional<fg::DemoSetup> m_demo;                // owned once delivered
};

} // namespace fgui
