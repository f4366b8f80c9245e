#include "lab/lab_session.h"

namespace fgui {

LabSession::LabSession(RunFunction run, QObject* parent) : QObject(parent), m_run(std::move(run))
{
    if (!m_run) m_run = fg::runLab;
}

LabSession::~LabSession()
{
    m_cancel.store(true);
    // The thread's last act is to post finished(); posted calls to an object
    // are dropped when it goes, so none reaches a destroyed session.
    if (m_thread.joinable()) m_thread.join();
}

bool LabSession::start(fg::LabOptions options)
{
    if (m_running) return false;
    // The previous experiment's thread has posted its finished() (that is how
    // m_running became false): it ends at once, if it has not already.
    if (m_thread.joinable()) m_thread.join();
    m_cancel.store(false);
    m_running = true;
    m_thread = std::thread([this, run = m_run, options = std::move(options)] {
        auto progress = [this](const fg::LabProgress& p) {
            QMetaObject::invokeMethod(this, [this, p] { Q_EMIT progressed(p); }, Qt::QueuedConnection);
        };
        fg::Result<fg::LabReport> result = run(options, progress, &m_cancel);
        QMetaObject::invokeMethod(
            this, [this, result = std::move(result)] { onFinished(result); }, Qt::QueuedConnection);
    });
    return true;
}

void LabSession::cancel()
{
    if (m_running) m_cancel.store(true);
}

void LabSession::onFinished(const fg::Result<fg::LabReport>& result)
{
    m_running = false;
    if (m_thread.joinable()) m_thread.join(); // it has nothing left to do but return
    Q_EMIT finished(result);
}

} // namespace fgui
