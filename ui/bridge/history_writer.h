#pragma once
// Records the window's finished runs in the history (fg::recordRun) on a
// thread of its own: a database another process holds locked would
// otherwise freeze the window for the five seconds SQLite waits.

#include <floodgate/history.h>

#include <QObject>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace fgui {

class HistoryWriter : public QObject {
    Q_OBJECT
public:
    explicit HistoryWriter(QObject* parent = nullptr);
    // Writes what is queued, then ends its thread.
    ~HistoryWriter() override;

    // `stateDir` empty: the default one ($FLOODGATE_HOME, ~/.config/floodgate).
    void record(std::string stateDir, fg::RunRecord run);
    // Blocks until every queued run is written (tests).
    void waitForIdle();

Q_SIGNALS:
    // A run could not be recorded, and why; the run itself is not affected.
    void notRecorded(const QString& why);

private:
    void loop();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<std::pair<std::string, fg::RunRecord>> m_queue;
    bool m_busy = false;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace fgui
