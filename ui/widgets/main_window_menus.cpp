// The window's menus and shortcuts, its tray icon and notifications, the
// settings and what the window remembers between runs of the app: the parts
// of MainWindow around the job itself (main_window.cpp).

#include "widgets/main_window.h"

#include "bridge/history_writer.h"
#include "bridge/scheduled_run_watch.h"
#include "widgets/elided_label.h"
#include "widgets/format.h"
#include "widgets/history_window.h"
#include "widgets/job_tray.h"
#include "widgets/saved_jobs_panel.h"
#include "widgets/settings_dialog.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QLocale>
#include <QDesktopServices>
#include <QDir>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QUrl>

namespace fgui {
namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kLastJob = QStringLiteral("window/lastJob");
// A minute: a timer's run that failed is told within one of its end.
constexpr int kScheduledRunCheckMs = 60 * 1000;

// The documentation installed with the package (Linux), or beside the
// program (the Windows installer); empty when neither is there.
QString documentationFolder()
{
    for (const QString& dir : {QStringLiteral("/usr/share/doc/floodgate"),
                               QApplication::applicationDirPath() + QStringLiteral("/../share/doc/floodgate"),
                               QApplication::applicationDirPath() + QStringLiteral("/doc")}) {
        if (QDir(dir).exists()) return QDir(dir).absolutePath();
    }
    return {};
}

QAction* menuAction(QMenu* menu, const QString& text, const QKeySequence& keys, const char* name)
{
    QAction* action = menu->addAction(text);
    action->setShortcut(keys);
    action->setObjectName(QLatin1String(name));
    return action;
}

} // namespace

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* save = menuAction(file, tr("&Save job"), QKeySequence::Save, "saveJobAction");
    QAction* saveAs = menuAction(file, tr("Save job &as\u2026"), QKeySequence::SaveAs, "saveJobAsAction");
    file->addSeparator();
    QAction* settings = menuAction(file, tr("Se&ttings\u2026"), QKeySequence::Preferences, "settingsAction");
    if (settings->shortcut().isEmpty()) settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
    file->addSeparator();
    QAction* quit = menuAction(file, tr("&Quit"), QKeySequence::Quit, "quitAction");
    quit->setMenuRole(QAction::QuitRole);

    QMenu* job = menuBar()->addMenu(tr("&Job"));
    m_previewAction = menuAction(job, tr("&Preview"), QKeySequence(Qt::CTRL | Qt::Key_P), "previewAction");
    m_runAction = menuAction(job, tr("&Run"), QKeySequence(Qt::CTRL | Qt::Key_R), "runAction");
    m_pauseAction = menuAction(job, tr("P&ause"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), "pauseAction");
    m_cancelAction = menuAction(job, tr("&Cancel"), QKeySequence(Qt::CTRL | Qt::Key_Period), "cancelAction");
    job->addSeparator();
    QAction* schedule = menuAction(job, tr("S&chedule\u2026"), {}, "scheduleAction");
    QAction* remove = menuAction(job, tr("&Delete job\u2026"), {}, "deleteJobAction");

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* history = menuAction(view, tr("&History"), QKeySequence(Qt::CTRL | Qt::Key_H), "historyAction");
    QAction* lab = menuAction(view, tr("Tuning &Lab\u2026"), QKeySequence(Qt::CTRL | Qt::Key_L), "labAction");

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* docs = menuAction(help, tr("&Documentation"), QKeySequence::HelpContents, "docsAction");
    QAction* about = menuAction(help, tr("&About Floodgate"), {}, "aboutAction");
    about->setMenuRole(QAction::AboutRole);
    QAction* aboutQt = menuAction(help, tr("About &Qt"), {}, "aboutQtAction");

    connect(save, &QAction::triggered, m_savedJobs, &SavedJobsPanel::save);
    connect(saveAs, &QAction::triggered, m_savedJobs, &SavedJobsPanel::saveAs);
    connect(settings, &QAction::triggered, this, &MainWindow::openSettings);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    connect(m_previewAction, &QAction::triggered, this, &MainWindow::preview);
    connect(m_runAction, &QAction::triggered, this, &MainWindow::run);
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancel);
    connect(m_pauseAction, &QAction::triggered, this, &MainWindow::togglePause);
    connect(schedule, &QAction::triggered, m_savedJobs, &SavedJobsPanel::editSchedule);
    connect(remove, &QAction::triggered, m_savedJobs, &SavedJobsPanel::remove);
    connect(history, &QAction::triggered, this, [this] { openHistory(); });
    connect(lab, &QAction::triggered, this, &MainWindow::openLab);
    connect(docs, &QAction::triggered, this, [this] {
        const QString folder = documentationFolder();
        if (!folder.isEmpty() && QDesktopServices::openUrl(QUrl::fromLocalFile(folder))) return;
        QMessageBox::information(this, tr("Documentation"),
                                 tr("Every command and option is described by <code>floodgate --help</code>, "
                                    "<code>floodgate sync --help</code> and <code>man floodgate</code>; the "
                                    "package puts the guides in /usr/share/doc/floodgate."));
    });
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About Floodgate"),
                           tr("<h3>Floodgate %1</h3><p>Fast, observable folder sync: delta, whole-file and "
                              "parallel transfers over TLS or ssh, with the layer that limits each job named "
                              "and how to fix it.</p><p>Built with Qt %2, OpenSSL, zstd, lz4, xxHash and "
                              "SQLite.</p>")
                               .arg(QApplication::applicationVersion(), QString::fromLatin1(qVersion())));
    });
    connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    const auto jobChosen = [save, schedule, remove](bool chosen) {
        for (QAction* a : {save, schedule, remove}) a->setEnabled(chosen);
    };
    jobChosen(false);
    connect(m_savedJobs, &SavedJobsPanel::currentJobChanged, this,
            [jobChosen](const QString& name) { jobChosen(!name.isEmpty()); });
    connect(m_savedJobs, &SavedJobsPanel::historyRequested, this, [this](const QString& name) { openHistory(name); });
    connect(m_savedJobs, &SavedJobsPanel::currentJobChanged, this, [](const QString& name) {
        if (!name.isEmpty()) QSettings().setValue(kLastJob, name);
    });
}

void MainWindow::buildTray()
{
    m_tray = new JobTray(this);
    connect(m_tray, &JobTray::cancelRequested, this, &MainWindow::cancel);
    connect(m_tray, &JobTray::pauseRequested, this, &MainWindow::togglePause);
    // Without a tray the window is where the news is: its status line and
    // summary say how the job ended already, and the log keeps the line.
    connect(m_tray, &JobTray::notificationFallback, this, [this](const QString& title, const QString& text) {
        appendLog(LogLevel::Info, title + QStringLiteral(": ") + text);
    });
    connect(m_history, &HistoryWriter::recorded, this, [this] {
        if (m_historyWindow) m_historyWindow->reload();
    });
    m_runWatch = new ScheduledRunWatch({}, this);
    connect(m_runWatch, &ScheduledRunWatch::runFailed, this, &MainWindow::notifyScheduledFailure);
    // After the window is up, so a notification has somewhere to go.
    QMetaObject::invokeMethod(this, [this] { m_runWatch->start(kScheduledRunCheckMs); }, Qt::QueuedConnection);
}

void MainWindow::notifyEnd(const fg::JobResult& result)
{
    const bool problem = result.state != fg::JobState::Done || !result.errors.empty();
    if (m_dryRun && !problem) return; // a preview's answer is on screen already
    if (!shouldNotify(m_settings.notify, problem)) return;
    const QString name = runName();
    JobTray::Kind kind = JobTray::Kind::Ok;
    QString title;
    if (result.state == fg::JobState::Failed) {
        kind = JobTray::Kind::Failed;
        title = tr("%1 failed").arg(name);
    } else if (result.state == fg::JobState::Cancelled) {
        kind = JobTray::Kind::Warning;
        title = tr("%1 was cancelled").arg(name);
    } else if (!result.errors.empty()) {
        kind = JobTray::Kind::Warning;
        title = tr("%1 finished with %n file(s) not synced", nullptr, int(result.errors.size())).arg(name);
    } else {
        title = tr("%1 is done").arg(name);
    }
    const QString text = result.state == fg::JobState::Failed ? QString::fromStdString(result.fatal.message)
                                                              : resultLine(result, m_dryRun);
    m_tray->notify(kind, title, text);
}

void MainWindow::notifyScheduledFailure(const fg::RunRecord& run)
{
    if (m_settings.notify == AppSettings::Notify::Never) return;
    const QString name = QString::fromStdString(run.job.empty() ? run.destination : run.job);
    const QString when = QLocale().toString(QDateTime::fromMSecsSinceEpoch(run.startedAtMs), QLocale::ShortFormat);
    QString text = run.fatal.empty() ? tr("Exit code %1.").arg(run.exitCode)
                                     : tr("Exit code %1: %2").arg(run.exitCode).arg(QString::fromStdString(run.fatal));
    text += QLatin1Char(' ') + tr("View \u2192 History has its log.");
    const bool failed = fg::runOutcome(run) == fg::RunOutcome::Failed;
    m_tray->notify(failed ? JobTray::Kind::Failed : JobTray::Kind::Warning,
                   failed ? tr("Scheduled run of %1 failed (%2)").arg(name, when)
                          : tr("Scheduled run of %1 did not finish cleanly (%2)").arg(name, when),
                   text);
}

HistoryWindow* MainWindow::historyWindow() const { return m_historyWindow; }

QString MainWindow::runName() const
{
    return m_runJobName.empty() ? m_title->text() : QString::fromStdString(m_runJobName);
}

HistoryWindow* MainWindow::openHistory(const QString& job)
{
    if (!m_historyWindow) {
        m_historyWindow = new HistoryWindow(this);
        m_historyWindow->setAttribute(Qt::WA_DeleteOnClose);
        m_historyWindow->setStateDir({});
    }
    m_historyWindow->showJob(job.isEmpty() ? m_savedJobs->currentJob() : job);
    m_historyWindow->show();
    m_historyWindow->raise();
    m_historyWindow->activateWindow();
    return m_historyWindow;
}

void MainWindow::openSettings()
{
    SettingsDialog dialog(m_settings, this);
    if (dialog.exec() == QDialog::Accepted) applyAppSettings(dialog.settings());
}

void MainWindow::applyAppSettings(const AppSettings& settings)
{
    const bool restart = settings.language != m_settings.language || settings.stateDir != m_settings.stateDir;
    m_settings = settings;
    m_settings.save();
    applyDisplaySettings(settings);
    m_history->setRetentionDays(settings.historyDays);
    m_history->forgetOld({});
    if (restart) showNotice(tr("The new language or folder takes effect when Floodgate starts again."));
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometry).toByteArray());
    const QString last = settings.value(kLastJob).toString();
    if (!last.isEmpty()) m_savedJobs->choose(last);
}

void MainWindow::saveWindowState()
{
    QSettings().setValue(kGeometry, saveGeometry());
}

} // namespace fgui
