#include "bridge/history_writer.h"

#include <QMetaObject>
#include <QPointer>

namespace fgui {

HistoryWriter::HistoryWriter(QObject* parent) : QObject(parent), m_thread([this] { loop(); }) {}

HistoryWriter::~HistoryWriter()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
}

void HistoryWriter::record(std::string stateDir, fg::RunRecord run)
{
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back({std::move(stateDir), std::move(run)});
    }
    m_wake.notify_one();
}

void HistoryWriter::setRetentionDays(int days)
{
    std::lock_guard lock(m_mutex);
    m_retentionDays = std::max(0, days);
}

void HistoryWriter::forgetOld(std::string stateDir)
{
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back({std::move(stateDir), std::nullopt});
    }
    m_wake.notify_one();
}

void HistoryWriter::forgetOldIn(const std::string& stateDir)
{
    int days = 0;
    {
        std::lock_guard lock(m_mutex);
        days = m_retentionDays;
    }
    if (days <= 0) return;
    // Housekeeping: a database that does not open, or a removal that fails,
    // is left for the next run to retry, never said over a run's own report.
    if (auto history = fg::History::open(fg::History::pathIn(stateDir)); history.ok())
        (void)history->removeBefore(fg::unixTimeMs() - int64_t(days) * 86400000);
}

void HistoryWriter::waitForIdle()
{
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_queue.empty() && !m_busy; });
}

void HistoryWriter::loop()
{
    std::unique_lock lock(m_mutex);
    while (true) {
        m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
        if (m_queue.empty()) return; // stopping, and everything is written
        Task task = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        // Reports go to the GUI thread; dropped if the writer is gone by then.
        QPointer<HistoryWriter> self(this);
        if (task.run) {
            const std::string why = fg::recordRun(task.stateDir, *task.run);
            if (!why.empty()) {
                QMetaObject::invokeMethod(
                    this, [self, message = QString::fromStdString(why)] { if (self) Q_EMIT self->notRecorded(message); },
                    Qt::QueuedConnection);
            } else {
                QMetaObject::invokeMethod(this, [self] { if (self) Q_EMIT self->recorded(); }, Qt::QueuedConnection);
            }
        }
        forgetOldIn(task.stateDir);
        lock.lock();
        m_busy = false;
        m_idle.notify_all();
    }
}

} // namespace fgui
