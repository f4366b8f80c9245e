#include "bridge/demo_launcher.h"

namespace fgui {

DemoLauncher::DemoLauncher(QObject* parent) : QObject(parent) {}

DemoLauncher::~DemoLauncher()
{
    // The worker posts to this object; joining first keeps that post pointing at a
    // live object (Qt drops it with the object afterwards).
    if (m_worker.joinable()) m_worker.join();
    std::lock_guard lock(m_mutex);
    if (m_outcome && m_outcome->ok()) fg::cleanupDemo(m_outcome->value());
    if (m_demo) fg::cleanupDemo(*m_demo);
}

void DemoLauncher::prepare(const fg::DemoOptions& options)
{
    if (m_worker.joinable()) return; // one demo per launcher
    m_worker = std::thread([this, options] {
        auto outcome = fg::prepareDemo(options);
        {
            std::lock_guard lock(m_mutex);
            m_outcome.emplace(std::move(outcome));
        }
        QMetaObject::invokeMethod(this, &DemoLauncher::deliver, Qt::QueuedConnection);
    });
}

void DemoLauncher::deliver()
{
    std::optional<fg::Result<fg::DemoSetup>> outcome;
    {
        std::lock_guard lock(m_mutex);
        outcome.swap(m_outcome);
    }
    if (!outcome) return;
    if (!outcome->ok()) {
        Q_EMIT failed(QString::fromStdString(outcome->error().message));
        return;
    }
    m_demo.emplace(std::move(*outcome).value());
    Q_EMIT ready(m_demo->spec);
}

} // namespace fgui
