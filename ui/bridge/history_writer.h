#pragma once
// Records the window's finished runs in the history (fg::recordRun) on a
// thread of its own: a database another process holds locked would
// otherwise freeze the window for the five seconds SQLite waits.

#include <floodgate/history.h>

#include <QObject>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
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
    // Runs older than this many days are forgotten after each run recorded
    // and by forgetOld(); 0: kept for ever.
    void setRetentionDays(int days);
    // Forgets the runs older than the retention now (at start).
    void forgetOld(std::string stateDir);
    // Blocks until every queued run is written (tests).
    void waitForIdle();

Q_SIGNALS:
    // A run could not be recorded, and why; the run itself is not affected.
    void notRecorded(const QString& why);
    // A run was recorded (an open history view reads again).
    void recorded();

private:
    void loop();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    struct Task {
        std::string stateDir;
        std::optional<fg::RunRecord> run; // none: only forget old runs
    };
    // On the writer's thread: forgets the runs older than the retention.
    void forgetOldIn(const std::string& stateDir);

    std::deque<Task> m_queue;
    int m_retentionDays = 0;
    bool m_busy = false;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace fgui
