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
        m_queue.emplace_back(std::move(stateDir), std::move(run));
    }
    m_wake.notify_one();
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
        auto [stateDir, run] = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        const std::string why = fg::recordRun(stateDir, run);
        if (!why.empty()) {
            // To the GUI thread; dropped if the writer is gone by then.
            QPointer<HistoryWriter> self(this);
            QMetaObject::invokeMethod(
                this, [self, message = QString::fromStdString(why)] { if (self) Q_EMIT self->notRecorded(message); },
                Qt::QueuedConnection);
        }
        lock.lock();
        m_busy = false;
        m_idle.notify_all();
    }
}

} // namespace fgui
