// The everyday desktop around a job: the history window (runs, chart, one
// run whole, export), schedules from the saved-jobs list (the job file and a
// timer, next run), notifications (a job's end, a scheduled run that failed
// while the window was closed), the menus' shortcuts and the settings kept.

#include "bridge/scheduled_run_watch.h"
#include "charts/history_chart.h"
#include "fake_job.h"
#include "models/history_model.h"
#include "models/plan_filter_model.h"
#include "models/plan_model.h"
#include "test_support.h"
#include "widgets/app_settings.h"
#include "widgets/format.h"
#include "widgets/history_window.h"
#include "widgets/job_tray.h"
#include "widgets/main_window.h"
#include "widgets/saved_jobs_panel.h"
#include "widgets/schedule_dialog.h"
#include "widgets/settings_dialog.h"

#include <floodgate/history.h>
#include <floodgate/saved_jobs.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

namespace {

fg::RunRecord run(const std::string& job, int64_t startedAtMs, const std::string& state, int exitCode,
                  const std::string& origin = "cli")
{
    fg::RunRecord r;
    r.job = job;
    r.origin = origin;
    r.source = "/home/ann/photos/";
    r.destination = "floodgate://nas/photos/";
    r.command = "-a /home/ann/photos/ floodgate://nas/photos/";
    r.startedAtMs = startedAtMs;
    r.seconds = 20;
    r.state = state;
    r.exitCode = exitCode;
    r.filesTransferred = 10;
    r.bytesTransferred = uint64_t(200) << 20; // 10 MB/s over 20 s
    if (state == "failed") r.fatal = "connection refused by nas:7878";
    r.log = {{fg::RunLogLine::Level::Warning, "a warning of run at " + std::to_string(startedAtMs)}};
    return r;
}

void grab(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("FG_UI_GRAB_DIR");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    widget.grab().save(dir + QLatin1Char('/') + name);
}

} // namespace

class TestDesktop : public QObject {
    Q_OBJECT
private:
    fgtest::ScratchDir m_home{"fgui-desktop"};

private Q_SLOTS:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        qputenv("FLOODGATE_HOME", QByteArray::fromStdString(m_home.path()));
        // Timers written into the scratch home; systemctl never really called.
        qputenv("FLOODGATE_SYSTEMD_UNIT_DIR", QByteArray::fromStdString(m_home.sub("units")));
        qputenv("FLOODGATE_SYSTEMCTL", "true");
        QSettings().clear();
    }

    void historyWindowShowsRunsChartAndOneRunWhole()
    {
        fgtest::ScratchDir state("fgui-history");
        const int64_t day = 86400000;
        const int64_t t0 = fg::unixTimeMs() - 10 * day;
        for (const fg::RunRecord& r : {run("photos", t0, "done", 0), run("photos", t0 + day, "done", 23),
                                        run("photos", t0 + 2 * day, "failed", 10, "schedule"),
                                        run("music", t0 + 3 * day, "done", 0)}) {
            QVERIFY(fg::recordRun(state.path(), r).empty());
        }
        fgui::HistoryWindow window;
        window.setStateDir(state.path());
        QCOMPARE(window.model()->rowCount(), 4);
        QVERIFY(window.jobChoices().contains(QStringLiteral("photos")));
        QVERIFY(window.jobChoices().contains(QStringLiteral("music")));
        window.showJob(QStringLiteral("photos"));
        QCOMPARE(window.model()->rowCount(), 3);
        // Newest first; the failed one in red words.
        QCOMPARE(fgui::HistoryModel::resultText(*window.model()->runAt(0)), QStringLiteral("Failed (exit 10)"));
        QCOMPARE(fgui::HistoryModel::resultText(*window.model()->runAt(1)), QStringLiteral("Partial (exit 23)"));
        QCOMPARE(window.model()->data(window.model()->index(0, fgui::HistoryModel::OriginColumn)).toString(),
                 QStringLiteral("Schedule"));
        QCOMPARE(window.model()->data(window.model()->index(2, fgui::HistoryModel::RateColumn)).toString(),
                 QStringLiteral("10 MB/s"));
        // Two runs with a rate and a duration, the failed one a red mark.
        QCOMPARE(window.chart()->ratePointCount(), 2);
        QCOMPARE(window.chart()->durationPointCount(), 2);
        QCOMPARE(window.chart()->failedPointCount(), 1);
        QVERIFY(window.chart()->rateAxisMax() >= 10);

        // One run whole: the text `floodgate history --run` prints, exported.
        const int64_t failedId = window.model()->runAt(0)->id;
        QVERIFY(window.selectRun(failedId));
        QVERIFY2(window.reportText().contains(QStringLiteral("error:    connection refused by nas:7878")),
                 qPrintable(window.reportText()));
        QVERIFY(window.reportText().contains(QStringLiteral("warning: a warning of run at")));
        const QString exported = QString::fromStdString(state.sub("out/run.txt"));
        QDir().mkpath(QFileInfo(exported).path());
        window.setSavePathAsker([&](const QString& suggestion) {
            return suggestion.endsWith(QStringLiteral("floodgate-run-%1.txt").arg(failedId)) ? exported : QString();
        });
        QVERIFY(window.exportRun());
        QFile file(exported);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()), window.reportText());
        // Cancelled: nothing written, nothing said.
        window.setSavePathAsker([](const QString&) { return QString(); });
        QVERIFY(!window.exportRun());
        // Into a folder that is not there: said, not swallowed.
        window.setSavePathAsker([&](const QString&) { return QString::fromStdString(state.sub("missing/dir/run.txt")); });
        QVERIFY(!window.exportRun());
        QVERIFY2(window.problem().contains(QStringLiteral("could not be exported")), qPrintable(window.problem()));

        // A run recorded meanwhile shows on reload, the chosen run kept.
        QVERIFY(fg::recordRun(state.path(), run("photos", t0 + 4 * day, "done", 0)).empty());
        window.reload();
        QCOMPARE(window.model()->rowCount(), 4);
        QVERIFY(window.reportText().contains(QStringLiteral("connection refused")));

        // Runs the history could not record are named.
        fgtest::writeFile(state.sub("history-missing.log"), "2026/12/01 02:00:00  job 'photos' (schedule, failed, exit 10): not recorded: database is locked\n");
        window.reload();
        QVERIFY2(window.problem().contains(QStringLiteral("database is locked")), qPrintable(window.problem()));
        window.resize(1000, 680);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        grab(window, QStringLiteral("history.png"));
    }

    void aDamagedHistoryIsSaidNotHidden()
    {
        fgtest::ScratchDir state("fgui-history-bad");
        fgtest::writeFile(state.sub("history.db"), std::string(4096, 'x'));
        fgui::HistoryWindow window;
        window.setStateDir(state.path());
        QCOMPARE(window.model()->rowCount(), 0);
        QVERIFY2(window.problem().contains(QStringLiteral("cannot be read")), qPrintable(window.problem()));
    }

    void nextRunsFollowTheTimersCalendar()
    {
        using K = fg::Schedule::Kind;
        const QDateTime thu(QDate(2026, 12, 3), QTime(17, 5, 30)); // a Thursday
        auto next = [&](const char* text) {
            auto s = fg::parseSchedule(text);
            return s.ok() ? fgui::ScheduleDialog::nextRunAfter(*s, thu) : QDateTime();
        };
        QCOMPARE(next("daily 02:00"), QDateTime(QDate(2026, 12, 4), QTime(2, 0)));
        QCOMPARE(next("18:30"), QDateTime(QDate(2026, 12, 3), QTime(18, 30)));
        QCOMPARE(next("Mon-Fri 17:00"), QDateTime(QDate(2026, 12, 4), QTime(17, 0)));
        QCOMPARE(next("Sat,Sun 09:00"), QDateTime(QDate(2026, 12, 5), QTime(9, 0)));
        QCOMPARE(next("weekly Thu 17:06"), QDateTime(QDate(2026, 12, 3), QTime(17, 6)));
        QCOMPARE(next("weekly Thu 17:05"), QDateTime(QDate(2026, 12, 10), QTime(17, 5)));
        QCOMPARE(next("monthly 15 04:00"), QDateTime(QDate(2026, 12, 15), QTime(4, 0)));
        QCOMPARE(next("monthly 2 04:00"), QDateTime(QDate(2027, 1, 2), QTime(4, 0)));
        QCOMPARE(next("every 15m"), QDateTime(QDate(2026, 12, 3), QTime(17, 15)));
        QCOMPARE(next("hourly"), QDateTime(QDate(2026, 12, 3), QTime(18, 0)));
        QCOMPARE(next("every 4h"), QDateTime(QDate(2026, 12, 3), QTime(20, 0)));
        fg::Schedule late{K::EveryHours, 5, 0x7f, 0, 1};
        // 00/5: 0, 5, 10, 15, 20, then 0 the next day.
        QCOMPARE(fgui::ScheduleDialog::nextRunAfter(late, QDateTime(QDate(2026, 12, 3), QTime(20, 0))),
                 QDateTime(QDate(2026, 12, 4), QTime(0, 0)));

        fgui::ScheduleDialog dialog(QStringLiteral("photos"), {});
        dialog.setText(QStringLiteral("Mon-Fri 25:00"));
        QVERIFY(!dialog.schedule());
        QVERIFY(!dialog.feedback().isEmpty());
        dialog.setText(QStringLiteral("mon-fri 18:30"));
        QVERIFY(dialog.schedule());
        QVERIFY2(dialog.feedback().startsWith(QStringLiteral("Runs Mon-Fri 18:30; next: ")), qPrintable(dialog.feedback()));
    }

    void aJobIsScheduledFromTheList()
    {
        fgtest::ScratchDir state("fgui-schedule");
        const fg::JobStore store = fg::JobStore::inStateDir(state.path());
        QVERIFY(store.add({"photos", {"-a", "/home/ann/photos/", "/mnt/usb/photos/"}, {}}));
        fgui::SavedJobsPanel panel;
        panel.setStore(store);
        QVERIFY(panel.choose(QStringLiteral("photos")));
        panel.setScheduleAsker([](const QString& job, const QString& current) -> std::optional<std::optional<fg::Schedule>> {
            if (job != QStringLiteral("photos") || !current.isEmpty()) return std::nullopt;
            return std::optional<fg::Schedule>(*fg::parseSchedule("daily 02:00"));
        });
        QVERIFY2(panel.editSchedule(), qPrintable(panel.problem()));
        QCOMPARE(store.load("photos")->schedule, std::string("daily 02:00"));
        const std::string units = m_home.sub("units/floodgate-job-photos");
        QVERIFY(QFile::exists(QString::fromStdString(units + ".timer")));
        // The service runs this job store's job, wherever it is.
        QVERIFY(fgtest::readFile(units + ".service").find("FLOODGATE_HOME=" + state.path()) != std::string::npos);
        QVERIFY2(panel.jobDetails(QStringLiteral("photos")).startsWith(QStringLiteral("daily 02:00 \u00b7 next ")),
                 qPrintable(panel.jobDetails(QStringLiteral("photos"))));
        QVERIFY(fg::recordRun(state.path(), run("photos", fg::unixTimeMs(), "done", 23, "schedule")).empty());
        QVERIFY2(panel.jobDetails(QStringLiteral("photos")).endsWith(QStringLiteral("last run: Partial (exit 23)")),
                 qPrintable(panel.jobDetails(QStringLiteral("photos"))));

        // Only when asked again: the timer goes, then the schedule.
        panel.setScheduleAsker([](const QString&, const QString& current) -> std::optional<std::optional<fg::Schedule>> {
            if (current != QStringLiteral("daily 02:00")) return std::nullopt;
            return std::optional<fg::Schedule>();
        });
        QVERIFY(panel.editSchedule());
        QVERIFY(store.load("photos")->schedule.empty());
        QVERIFY(!QFile::exists(QString::fromStdString(units + ".timer")));

        // systemd refusing: the schedule is kept in the file, the reason said.
        qputenv("FLOODGATE_SYSTEMCTL", "false");
        QVERIFY(!panel.setSchedule(*fg::parseSchedule("hourly")));
        qputenv("FLOODGATE_SYSTEMCTL", "true");
        QVERIFY2(panel.problem().contains(QStringLiteral("systemd could not be told")), qPrintable(panel.problem()));
        QCOMPARE(store.load("photos")->schedule, std::string("hourly"));
    }

    void aScheduledRunThatFailedIsToldOnce()
    {
        fgtest::ScratchDir state("fgui-watch");
        QSettings().remove(QStringLiteral("notifications"));
        const int64_t now = fg::unixTimeMs();
        QVERIFY(fg::recordRun(state.path(), run("old", now - 30LL * 86400000, "failed", 10, "schedule")).empty());
        QVERIFY(fg::recordRun(state.path(), run("photos", now - 3600000, "failed", 10, "schedule")).empty());
        QVERIFY(fg::recordRun(state.path(), run("photos", now - 1800000, "failed", 10, "gui")).empty());
        QVERIFY(fg::recordRun(state.path(), run("music", now - 600000, "done", 0, "schedule")).empty());
        fgui::ScheduledRunWatch watch(state.path());
        QSignalSpy told(&watch, &fgui::ScheduledRunWatch::runFailed);
        watch.check();
        // The month-old one is not news at the first look; the GUI's own and the good one are not told.
        QCOMPARE(told.count(), 1);
        QCOMPARE(told.at(0).at(0).value<fg::RunRecord>().job, std::string("photos"));
        watch.check();
        QCOMPARE(told.count(), 1);
        QVERIFY(fg::recordRun(state.path(), run("music", now, "done", 24, "schedule")).empty());
        fgui::ScheduledRunWatch afterRestart(state.path());
        QSignalSpy toldAfter(&afterRestart, &fgui::ScheduledRunWatch::runFailed);
        afterRestart.check();
        QCOMPARE(toldAfter.count(), 1);
        QCOMPARE(toldAfter.at(0).at(0).value<fg::RunRecord>().exitCode, 24);
    }

    void theWindowNotifiesAndKeepsItsSettings()
    {
        QSettings().clear();
        fgtest::FakeJobFactory factory;
        factory.script = fgtest::makeScript(4, 4ull << 20);
        factory.script.fatal = fg::Error(fg::Errc::Protocol, "the link went down");
        fgui::MainWindow window(factory.make());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const char* name : {"previewAction", "runAction", "cancelAction", "historyAction", "settingsAction",
                                 "saveJobAction", "quitAction", "aboutAction", "scheduleAction"})
            QVERIFY2(window.findChild<QAction*>(QLatin1String(name)), name);
        QCOMPARE(window.findChild<QAction*>(QStringLiteral("runAction"))->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("runAction"))->isEnabled()); // nothing to run yet

        auto* form = window.form();
        QVERIFY(form);
        fgui::AppSettings settings = window.appSettings();
        settings.notify = fgui::AppSettings::Notify::Problems;
        settings.historyDays = 90;
        window.applyAppSettings(settings);
        QCOMPARE(fgui::AppSettings::load(), settings);

        // Sizes in the units chosen, at once: 1,500,000 bytes are 1.4 MB counted
        // by 1024s, 1.5 MB by 1000s, and the charts' MB/s scale follows.
        QCOMPARE(fgui::formatBytes(1500000), QStringLiteral("1.4 MB"));
        settings.decimalUnits = true;
        window.applyAppSettings(settings);
        QCOMPARE(fgui::formatBytes(1500000), QStringLiteral("1.5 MB"));
        QCOMPARE(fgui::formatBytes(2000), QStringLiteral("2.0 kB"));
        QCOMPARE(fgui::bytesPerMegabyte(), 1e6);
        QVERIFY(fgui::AppSettings::load().decimalUnits);
        settings.decimalUnits = false;
        window.applyAppSettings(settings);
        QCOMPARE(fgui::formatBytes(1500000), QStringLiteral("1.4 MB"));

        fgui::SettingsDialog dialog(settings);
        QCOMPARE(dialog.settings(), settings);
        settings.language = QStringLiteral("ja");
        dialog.setSettings(settings);
        QCOMPARE(dialog.settings().language, QStringLiteral("ja"));
        grab(dialog, QStringLiteral("settings.png"));

        // A job that fails is told (no tray here: in the log, and the tray keeps it).
        QVERIFY(window.historyWindow() == nullptr);
        fgui::HistoryWindow* history = window.openHistory();
        QVERIFY(history && history->isVisible());
        QCOMPARE(window.openHistory(), history); // one window, raised
        QVERIFY(fgui::shouldNotify(fgui::AppSettings::Notify::Problems, true));
        QVERIFY(!fgui::shouldNotify(fgui::AppSettings::Notify::Problems, false));
        QVERIFY(!fgui::shouldNotify(fgui::AppSettings::Notify::Never, true));
    }

    // The preview compares the two sides, filters by action, and a cleared
    // row is left out of the run that follows: not copied, or not deleted
    // (even with --delete-excluded), and a folder with what is under it.
    void aPreviewRowLeftOutStaysOutOfTheRun()
    {
        fgtest::ScratchDir src("fgui-cmp-src"), dst("fgui-cmp-dst"), state("fgui-cmp-state");
        fgtest::writeFile(src.sub("keep.txt"), "new\n");
        fgtest::writeFile(src.sub("we[ir]d*.txt"), "wild\n");
        fgtest::writeFile(src.sub("changed.txt"), "the source's longer text\n");
        fgtest::writeFile(src.sub("later/a.txt"), "a\n");
        fgtest::writeFile(src.sub("later/b.txt"), "b\n");
        fgtest::writeFile(dst.sub("changed.txt"), "old\n");
        fgtest::writeFile(dst.sub("extra.txt"), "only here\n");
        fgtest::writeFile(dst.sub("extra2.txt"), "only here too\n");
        fgtest::writeFile(dst.sub("gone/x.txt"), "x\n");
        fgtest::writeFile(dst.sub("gone/y.txt"), "y\n");

        fgui::MainWindow window; // the real engine
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QLineEdit*>(QStringLiteral("sourceEdit"))->setText(QString::fromStdString(src.path() + "/"));
        window.findChild<QLineEdit*>(QStringLiteral("destinationEdit"))->setText(QString::fromStdString(dst.path()));
        window.findChild<QLineEdit*>(QStringLiteral("stateDirEdit"))->setText(QString::fromStdString(state.path()));
        window.findChild<QCheckBox*>(QStringLiteral("deleteCheck"))->setChecked(true);
        window.findChild<QCheckBox*>(QStringLiteral("deleteExcludedCheck"))->setChecked(true);
        window.preview();
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 30000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);

        fgui::PlanModel& plan = *window.planModel();
        auto rowOf = [&](const QString& path) {
            for (int r = 0; r < plan.rowCount(); ++r)
                if (plan.data(plan.index(r, fgui::PlanModel::PathColumn)).toString() == path) return r;
            return -1;
        };
        const int changed = rowOf(QStringLiteral("changed.txt"));
        QVERIFY(changed >= 0);
        // Both sides: the source's 25 bytes, the destination's 4, and their times.
        QCOMPARE(plan.data(plan.index(changed, fgui::PlanModel::SourceSizeColumn)).toString(), QStringLiteral("25 B"));
        QCOMPARE(plan.data(plan.index(changed, fgui::PlanModel::DestinationSizeColumn)).toString(), QStringLiteral("4 B"));
        QVERIFY(!plan.data(plan.index(changed, fgui::PlanModel::SourceTimeColumn)).toString().isEmpty());
        QVERIFY(!plan.data(plan.index(changed, fgui::PlanModel::DestinationTimeColumn)).toString().isEmpty());
        const int extra = rowOf(QStringLiteral("extra.txt"));
        QVERIFY(extra >= 0);
        QCOMPARE(plan.data(plan.index(extra, fgui::PlanModel::DestinationSizeColumn)).toString(), QStringLiteral("10 B"));
        QVERIFY(plan.data(plan.index(extra, fgui::PlanModel::SourceSizeColumn)).toString().isEmpty());

        // Only the deletions.
        auto* show = window.findChild<QComboBox*>(QStringLiteral("planShow"));
        auto* table = window.findChild<QTableView*>(QStringLiteral("planTable"));
        show->setCurrentIndex(show->findData(int(fgui::PlanFilterModel::Show::Deletions)));
        QCOMPARE(table->model()->rowCount(), 5); // extra, extra2, gone/, gone/x.txt, gone/y.txt

        // Left out: the wildcard-named file, one deletion, and the folder "later" with its files.
        QVERIFY(plan.setData(plan.index(rowOf(QStringLiteral("we[ir]d*.txt")), fgui::PlanModel::PathColumn),
                             Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(plan.setLeftOut(extra, true));
        const int later = rowOf(QStringLiteral("later/"));
        QVERIFY(later >= 0);
        QVERIFY(plan.setLeftOut(later, true));
        QCOMPARE(plan.leftOutCount(), 5); // the folder took its two files along
        // Under a folder left out, the folder decides.
        QVERIFY(!plan.canLeaveOut(rowOf(QStringLiteral("later/a.txt"))));
        QVERIFY(!plan.setLeftOut(rowOf(QStringLiteral("later/a.txt")), false));
        // One file of a folder to be deleted: the folder stays with all of it.
        QVERIFY(plan.setLeftOut(rowOf(QStringLiteral("gone/x.txt")), true));
        QVERIFY(plan.data(plan.index(rowOf(QStringLiteral("gone/")), 0), fgui::PlanModel::LeftOutRole).toBool());
        QVERIFY(plan.data(plan.index(rowOf(QStringLiteral("gone/y.txt")), 0), fgui::PlanModel::LeftOutRole).toBool());
        // An update left out with --delete-excluded on: neither written nor deleted.
        QVERIFY(plan.setLeftOut(changed, true));
        QCOMPARE(plan.leftOutCount(), 9);
        QCOMPARE(plan.deletionsKept(), 1);
        show->setCurrentIndex(show->findData(int(fgui::PlanFilterModel::Show::LeftOut)));
        QCOMPARE(table->model()->rowCount(), 9);
        QVERIFY2(plan.summary().contains(QStringLiteral("9 left out of the run")), qPrintable(plan.summary()));
        grab(window, QStringLiteral("preview-comparison.png"));

        bool asked = false;
        window.setConfirmHandler([&](const QString&, const QString& question, const QString&) {
            asked = question.contains(QStringLiteral("1 item"));
            return true;
        });
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRunning() && window.lastResult().has_value(), 30000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        QVERIFY(asked); // one deletion left to confirm, not two
        QCOMPARE(fgtest::readFile(dst.sub("keep.txt")), std::string("new\n"));
        QCOMPARE(fgtest::readFile(dst.sub("changed.txt")), std::string("old\n")); // left out, and kept
        QCOMPARE(fgtest::readFile(dst.sub("gone/y.txt")), std::string("y\n"));
        QVERIFY(!QFile::exists(QString::fromStdString(dst.sub("we[ir]d*.txt"))));
        QVERIFY(!QFile::exists(QString::fromStdString(dst.sub("later"))));
        QVERIFY(QFile::exists(QString::fromStdString(dst.sub("extra.txt"))));   // protected
        QVERIFY(!QFile::exists(QString::fromStdString(dst.sub("extra2.txt")))); // deleted as asked
    }

    // Pause holds the data where it is, Resume finishes the same job: the
    // file arrives whole, from the window, the Job menu or the tray alike.
    void aPausedJobResumesAndFinishes()
    {
        fgtest::ScratchDir src("fgui-pause-src"), dst("fgui-pause-dst"), state("fgui-pause-state");
        const std::string content = fgtest::randomBytes(3u << 20, 9);
        fgtest::writeFile(src.sub("big.bin"), content);
        fgui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.findChild<QLineEdit*>(QStringLiteral("sourceEdit"))->setText(QString::fromStdString(src.path() + "/"));
        window.findChild<QLineEdit*>(QStringLiteral("destinationEdit"))->setText(QString::fromStdString(dst.path()));
        window.findChild<QLineEdit*>(QStringLiteral("stateDirEdit"))->setText(QString::fromStdString(state.path()));
        window.findChild<QLineEdit*>(QStringLiteral("bwlimitEdit"))->setText(QStringLiteral("1M")); // about 3 s
        auto* pauseAction = window.findChild<QAction*>(QStringLiteral("pauseAction"));
        QVERIFY(!pauseAction->isEnabled());
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(window.progressBar()->value() > 0, 20000);
        QVERIFY(pauseAction->isEnabled());
        pauseAction->trigger();
        QVERIFY(window.isPaused());
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("pauseButton"))->text(), QStringLiteral("Resume"));
        QVERIFY(window.tray()->pauseAction()->text().contains(QStringLiteral("Resume")));
        QTest::qWait(500); // what was already on its way lands
        const int held = window.progressBar()->value();
        QTest::qWait(1500);
        QCOMPARE(window.progressBar()->value(), held);
        QVERIFY2(window.statusText().startsWith(QStringLiteral("Paused")), qPrintable(window.statusText()));
        // No ETA promised while nothing moves.
        QVERIFY2(!window.statusText().contains(QStringLiteral("ETA")), qPrintable(window.statusText()));
        QVERIFY(held < window.progressBar()->maximum());
        window.tray()->pauseAction()->trigger(); // resumed from the tray
        QVERIFY(!window.isPaused());
        QTRY_VERIFY_WITH_TIMEOUT(window.lastResult().has_value(), 30000);
        QCOMPARE(window.lastResult()->state, fg::JobState::Done);
        QVERIFY(fgtest::readFile(dst.sub("big.bin")) == content);
        QVERIFY(!pauseAction->isEnabled());
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("pauseButton"))->text(), QStringLiteral("Pause"));
    }
};

Q_DECLARE_METATYPE(fg::RunRecord)

QTEST_MAIN(TestDesktop)
#include "test_desktop.moc"
