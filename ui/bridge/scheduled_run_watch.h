#pragma once
// Scheduled runs that did not end well, told to the user the next time the
// window is open: a timer's run has no window of its own, so the history is
// read at start and every minute after, and each scheduled run that failed,
// was cancelled or left files out since the last one told is reported once
// (the last id told is kept in QSettings, so a restart does not repeat them).

#include <floodgate/history.h>

#include <QObject>

#include <string>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace fgui {

class ScheduledRunWatch : public QObject {
    Q_OBJECT
public:
    // Runs older than this at the first look ever are not news.
    static constexpr int64_t kFirstLookBackMs = int64_t(7) * 86400 * 1000;

    explicit ScheduledRunWatch(std::string stateDir, QObject* parent = nullptr);

    // Starts looking now and every `everyMs` (0: only when check() is called).
    void start(int everyMs);
    // Reads the history once; emits runFailed for each new run to tell.
    void check();

Q_SIGNALS:
    void runFailed(const fg::RunRecord& run);

private:
    std::string m_stateDir;
    QTimer* m_timer = nullptr;
};

} // namespace fgui
