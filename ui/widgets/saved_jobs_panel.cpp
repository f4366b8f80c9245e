#include "widgets/saved_jobs_panel.h"

#include "sync_args_writer.h"
#include "sync_flags.h"

#include "models/history_model.h"
#include "widgets/schedule_dialog.h"

#include <floodgate/history.h>
#include <floodgate/schedule.h>

#include <QDateTime>
#include <QFileInfo>

#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace fgui {

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

} // namespace

SavedJobsPanel::SavedJobsPanel(QWidget* parent) : QWidget(parent), m_store(fg::JobStore::inStateDir({}))
{
    setObjectName(QStringLiteral("savedJobsPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);

    // The title on a line of its own and the buttons under the list: the
    // sidebar is narrow, and in Spanish or German the title and three
    // buttons do not fit on one line.
    layout->addWidget(new QLabel(tr("<b>Saved jobs</b>")));
    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("savedJobsList"));
    m_list->setMaximumHeight(150);
    // A job's second line (schedule, next run, last result) is wider than
    // the sidebar: wrapped, not cut to "name…" with a sideways scroll bar.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setToolTip(tr("The jobs `floodgate job` keeps: choose one to fill the form; "
                          "`floodgate job run NAME` runs it from a script or a timer"));
    layout->addWidget(m_list);
    auto* buttons = new QHBoxLayout;
    auto makeButton = [&](const QString& text, const QString& tip, const char* name) {
        auto* b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setObjectName(QLatin1String(name));
        buttons->addWidget(b);
        return b;
    };
    m_saveButton = makeButton(tr("Save"), tr("Write the form into the chosen job"), "saveJobButton");
    m_saveAsButton = makeButton(tr("Save as\u2026"), tr("Save the form as a new job (a copy of the chosen one)"),
                                "saveJobAsButton");
    m_deleteButton = makeButton(tr("Delete"), tr("Delete the chosen job (and its schedule)"), "deleteJobButton");
    buttons->addStretch(1);
    layout->addLayout(buttons);
    // A second row: the sidebar is narrow (see above).
    auto* more = new QHBoxLayout;
    buttons = more;
    m_scheduleButton = makeButton(tr("Schedule…"), tr("Run the chosen job by itself: daily, weekly, every few hours"),
                                  "scheduleJobButton");
    m_historyButton = makeButton(tr("History"), tr("The chosen job's runs: results, rates, errors and logs"),
                                 "jobHistoryButton");
    more->addStretch(1);
    layout->addLayout(more);
    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("savedJobsProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_problem->hide();
    layout->addWidget(m_problem);

    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (item) choose(item->data(Qt::UserRole).toString());
    });
    connect(m_saveButton, &QToolButton::clicked, this, &SavedJobsPanel::save);
    connect(m_saveAsButton, &QToolButton::clicked, this, &SavedJobsPanel::saveAs);
    connect(m_deleteButton, &QToolButton::clicked, this, &SavedJobsPanel::remove);
    connect(m_scheduleButton, &QToolButton::clicked, this, &SavedJobsPanel::editSchedule);
    connect(m_historyButton, &QToolButton::clicked, this, [this] { Q_EMIT historyRequested(m_current); });
    m_askSchedule = [this](const QString& job, const QString& current) -> std::optional<std::optional<fg::Schedule>> {
        ScheduleDialog dialog(job, current, this);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        if (dialog.removeChosen()) return std::optional<fg::Schedule>();
        return dialog.schedule();
    };

    m_askName = [this](const QString& dialogTitle, const QString& label, const QString& suggestion) -> std::optional<QString> {
        bool ok = false;
        const QString name = QInputDialog::getText(this, dialogTitle, label, QLineEdit::Normal, suggestion, &ok);
        if (!ok) return std::nullopt;
        return name.trimmed();
    };
    reload();
}

void SavedJobsPanel::setStore(fg::JobStore store)
{
    m_store = std::move(store);
    m_current.clear();
    reload();
}

int SavedJobsPanel::jobCount() const { return m_list->count(); }

QString SavedJobsPanel::problem() const { return m_problem->isHidden() ? QString() : m_problem->text(); }

void SavedJobsPanel::showProblem(const QString& text)
{
    m_problem->setText(text);
    m_problem->setVisible(!text.isEmpty());
}

void SavedJobsPanel::reload()
{
    m_list->clear();
    auto listing = m_store.list();
    QStringList problems;
    if (!listing.ok()) {
        problems << qs(listing.error().message);
    } else {
        // One look at the history for every job's last run.
        const auto history = fg::History::open(fg::History::pathIn(stateDir()));
        for (const fg::SavedJob& job : listing->jobs) {
            QString text = qs(job.name);
            if (const QString details = detailsOf(job, history.ok() ? &*history : nullptr); !details.isEmpty())
                text += QLatin1Char('\n') + details;
            auto* item = new QListWidgetItem(text, m_list);
            item->setData(Qt::UserRole, qs(job.name));
            const auto& a = job.syncArgs;
            item->setToolTip(qs(a[a.size() - 2]) + QStringLiteral(" \u2192 ") + qs(a.back()));
            if (qs(job.name) == m_current) m_list->setCurrentItem(item);
        }
        for (const fg::Error& e : listing->unreadable) problems << qs(e.message);
    }
    if (m_list->currentItem() == nullptr) m_current.clear();
    showProblem(problems.join(QLatin1Char('\n')));
    updateButtons();
}

void SavedJobsPanel::updateButtons()
{
    for (QToolButton* b : {m_saveButton, m_deleteButton, m_scheduleButton, m_historyButton})
        b->setEnabled(!m_current.isEmpty());
    if (m_announced != m_current) {
        m_announced = m_current;
        Q_EMIT currentJobChanged(m_current);
    }
}

std::string SavedJobsPanel::stateDir() const
{
    // JobStore::inStateDir(X) keeps its jobs in X/jobs.
    return QFileInfo(qs(m_store.dir())).path().toStdString();
}

QString SavedJobsPanel::jobDetails(const QString& name) const
{
    auto job = m_store.load(name.toStdString());
    if (!job.ok()) return {};
    const auto history = fg::History::open(fg::History::pathIn(stateDir()));
    return detailsOf(*job, history.ok() ? &*history : nullptr);
}

QString SavedJobsPanel::detailsOf(const fg::SavedJob& job, const fg::History* history)
{
    QStringList parts;
    if (!job.schedule.empty()) {
        parts << qs(job.schedule);
        if (auto schedule = fg::parseSchedule(job.schedule); schedule.ok())
            parts << tr("next %1").arg(ScheduleDialog::whenText(
                         ScheduleDialog::nextRunAfter(*schedule, QDateTime::currentDateTime())));
    }
    if (history) {
        if (auto runs = history->runs(job.name, 1); runs.ok() && !runs->empty())
            parts << tr("last run: %1").arg(HistoryModel::resultText(runs->front()));
    }
    return parts.join(QStringLiteral(" \u00b7 "));
}

bool SavedJobsPanel::editSchedule()
{
    if (m_current.isEmpty() || !m_askSchedule) return false;
    const auto answer = m_askSchedule(m_current, qs(m_loaded.schedule));
    if (!answer) return false;
    return setSchedule(*answer);
}

bool SavedJobsPanel::setSchedule(const std::optional<fg::Schedule>& schedule)
{
    if (m_current.isEmpty()) return false;
    auto job = fg::setJobSchedule(stateDir(), m_current.toStdString(), schedule);
    reload(); // the schedule is in the file even when the timer failed
    if (!job.ok()) {
        showProblem(qs(job.error().message));
        return false;
    }
    m_loaded.schedule = job->schedule;
    return true;
}

bool SavedJobsPanel::choose(const QString& name)
{
    auto job = m_store.load(name.toStdString());
    if (!job.ok()) {
        showProblem(qs(job.error().message));
        return false;
    }
    fg::cli::SyncCliOptions read;
    const fg::cli::SyncArgsRead outcome = fg::cli::readSyncArgs(job->syncArgs, read);
    if (!outcome.error.empty()) {
        showProblem(tr("Job '%1' does not read: %2").arg(name, qs(outcome.error)));
        return false;
    }
    m_current = name;
    m_loaded = *job;
    m_loadedSpec = read.spec;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->data(Qt::UserRole).toString() == name) m_list->setCurrentRow(i);
    showProblem({});
    updateButtons();
    Q_EMIT jobChosen(name, read.spec);
    return true;
}

fg::Result<std::vector<std::string>> SavedJobsPanel::argsForForm(const fg::JobSpec& spec) const
{
    const bool fromLoaded = !m_current.isEmpty();
    // Unchanged: the job's own words, as its author wrote them.
    if (fromLoaded) {
        fg::JobSpec loaded = m_loadedSpec;
        loaded.options.transfer.filesFrom.reset(); // the form does not hold the list
        if (loaded.source == spec.source && loaded.destination == spec.destination && loaded.options == spec.options)
            return m_loaded.syncArgs;
    }
    FG_TRY_ASSIGN(std::vector<std::string> args, fg::cli::syncArgsFor(spec));
    if (fromLoaded) {
        fg::cli::insertBeforeEndpoints(args, fg::cli::frontEndArgs(m_loaded.syncArgs));
    }
    return args;
}

bool SavedJobsPanel::save()
{
    if (m_current.isEmpty()) return saveAs();
    if (!m_specSource) return false;
    auto spec = m_specSource();
    if (!spec.ok()) {
        showProblem(tr("Not saved: %1").arg(qs(spec.error().message)));
        return false;
    }
    auto args = argsForForm(*spec);
    if (!args.ok()) {
        showProblem(tr("Not saved: %1").arg(qs(args.error().message)));
        return false;
    }
    fg::SavedJob job = m_loaded;
    job.syncArgs = *args;
    if (fg::Status st = m_store.replace(job); !st) {
        showProblem(tr("Not saved: %1").arg(qs(st.error().message)));
        return false;
    }
    reload();
    return choose(m_current);
}

bool SavedJobsPanel::saveAs()
{
    if (!m_specSource || !m_askName) return false;
    auto spec = m_specSource();
    if (!spec.ok()) {
        showProblem(tr("Not saved: %1").arg(qs(spec.error().message)));
        return false;
    }
    const QString suggestion = m_current.isEmpty() ? QString() : tr("%1 (copy)").arg(m_current);
    const auto name = m_askName(tr("Save job as"), tr("Name of the job (for `floodgate job run NAME`):"), suggestion);
    if (!name || name->isEmpty()) return false;
    auto args = argsForForm(*spec);
    if (!args.ok()) {
        showProblem(tr("Not saved: %1").arg(qs(args.error().message)));
        return false;
    }
    // A copy starts without the original's schedule: two timers would run
    // the same transfer twice.
    if (fg::Status st = m_store.add(fg::SavedJob{name->toStdString(), *args, {}}); !st) {
        showProblem(tr("Not saved: %1").arg(qs(st.error().message)));
        return false;
    }
    m_current = *name;
    reload();
    return choose(*name);
}

bool SavedJobsPanel::remove()
{
    if (m_current.isEmpty()) return false;
    // Never without asking: no one to ask (setConfirm not called) deletes nothing.
    if (!m_confirm || !m_confirm(tr("Delete job?"),
                                tr("Delete the saved job '%1'? Its files and history stay; its schedule goes.").arg(m_current),
                                tr("Delete")))
        return false;
    if (!m_loaded.schedule.empty()) {
        if (fg::Status st = fg::removeTimer(m_loaded.name); !st) {
            showProblem(qs(st.error().message));
            return false;
        }
    }
    if (fg::Status st = m_store.remove(m_current.toStdString()); !st) {
        showProblem(qs(st.error().message));
        return false;
    }
    m_current.clear();
    m_loaded = {};
    reload();
    return true;
}

} // namespace fgui
