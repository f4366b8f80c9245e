#include "bridge/scheduled_run_watch.h"

#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace fgui {
namespace {

const QString kLastTold = QStringLiteral("notifications/lastScheduledRunTold");
// Enough to see every run since the last look, unless a job runs every
// minute for hours with the window closed; then the newest are told.
constexpr size_t kLookAt = 200;

} // namespace

ScheduledRunWatch::ScheduledRunWatch(std::string stateDir, QObject* parent)
    : QObject(parent), m_stateDir(std::move(stateDir)), m_timer(new QTimer(this))
{
    connect(m_timer, &QTimer::timeout, this, &ScheduledRunWatch::check);
}

void ScheduledRunWatch::start(int everyMs)
{
    check();
    if (everyMs > 0) m_timer->start(everyMs);
}

void ScheduledRunWatch::check()
{
    auto history = fg::History::open(fg::History::pathIn(m_stateDir));
    if (!history.ok()) return; // the history view says why; this only watches
    auto runs = history->runs({}, kLookAt);
    if (!runs.ok() || runs->empty()) return;
    QSettings settings;
    const bool firstLook = !settings.contains(kLastTold);
    const int64_t lastTold = settings.value(kLastTold, 0).toLongLong();
    const int64_t since = fg::unixTimeMs() - kFirstLookBackMs;
    int64_t newest = lastTold;
    // Oldest first, as they happened.
    for (auto r = runs->rbegin(); r != runs->rend(); ++r) {
        newest = std::max(newest, r->id);
        if (r->id <= lastTold || r->origin != "schedule") continue;
        if (firstLook && r->startedAtMs < since) continue;
        if (const fg::RunOutcome o = fg::runOutcome(*r); o == fg::RunOutcome::Ok || o == fg::RunOutcome::DryRun) continue;
        Q_EMIT runFailed(*r);
    }
    if (newest != lastTold || firstLook) settings.setValue(kLastTold, qlonglong(newest));
}

} // namespace fgui
