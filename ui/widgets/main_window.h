#pragma once
// The window: the job form on the left; on the right the job's status line and
// progress, the live throughput chart and the Files | Preview | Streams | Log tabs.
// All engine work happens on the engine's threads; this class only reacts to the
// JobController's batched signals, so the window never waits on a transfer.

#include "bridge/job_controller.h"
#include "models/rate_meter.h"
#include "widgets/app_settings.h"

#include <floodgate/history.h>
#include <floodgate/job.h>

#include <QMainWindow>
#include <QPointer>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>

QT_BEGIN_NAMESPACE
class QAction;
class QCheckBox;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTableView;
class QTabWidget;
QT_END_NAMESPACE

namespace fgui {

class ElidedLabel;
class FileTableModel;
class HistoryWindow;
class HistoryWriter;
class JobTray;
class JobForm;
class LabWindow;
class PipelineView;
class PlanFilterModel;
class PlanModel;
class SavedJobsPanel;
class ScheduledRunWatch;
class StreamTableModel;
class ThroughputChart;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // A question with a yes/no answer; a dialog in the app, scripted in tests.
    using ConfirmHandler = std::function<bool(const QString& title, const QString& question, const QString& yes)>;

    explicit MainWindow(QWidget* parent = nullptr);
    explicit MainWindow(JobFactory factory, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Pairs this install with a daemon: fg::pairWithServer in the app, a fake in
    // tests. Called on a worker thread, never the GUI thread.
    using PairFunction = std::function<fg::Result<std::string>(const std::string& host, uint16_t port,
                                                               const std::string& code, const std::string& stateDir)>;

    void setConfirmHandler(ConfirmHandler handler) { m_confirm = std::move(handler); }
    void setPairFunction(PairFunction pair) { m_pair = std::move(pair); }

    JobForm* form() const { return m_form; }
    SavedJobsPanel* savedJobs() const { return m_savedJobs; }
    JobController* controller() const { return m_controller; }
    FileTableModel* fileModel() const { return m_fileModel; }
    PlanModel* planModel() const { return m_planModel; }
    StreamTableModel* streamModel() const { return m_streamModel; }
    // What the Streams tab says while it has no rows.
    QString streamsEmptyText() const;
    ThroughputChart* chart() const { return m_chart; }
    PipelineView* pipeline() const { return m_pipeline; }
    QProgressBar* progressBar() const { return m_progress; }
    QString statusText() const;
    // The final summary as plain text; empty until a job ends.
    QString summaryText() const { return m_summaryPlain; }
    bool isRunning() const;
    bool isPaused() const { return m_controller->isPaused(); }
    const std::optional<fg::JobResult>& lastResult() const { return m_lastResult; }
    // Where finished runs are recorded (fg::recordRun, off the GUI thread).
    HistoryWriter* historyWriter() const { return m_history; }
    JobTray* tray() const { return m_tray; }
    ScheduledRunWatch* scheduledRunWatch() const { return m_runWatch; }
    const AppSettings& appSettings() const { return m_settings; }
    // The history window, while it is open; null otherwise.
    HistoryWindow* historyWindow() const;

public Q_SLOTS:
    // Plans and reports, changes nothing.
    void preview();
    // Runs the job in the form (a dry run if the form says so).
    void run();
    void cancel();
    // Pauses the running job's data, or resumes it.
    void togglePause();
    // The Tuning Lab on the form's destination, with the form's options as what
    // it does not vary.
    void openLab();
    // Fills the form from `spec` and presses Run (the --demo path).
    void runSpec(const fg::JobSpec& spec);
    // A line in the status area while no job runs ("Preparing the demo…").
    void showNotice(const QString& text);
    void showError(const QString& title, const QString& text);
    // The history window (one, raised when open), showing `job`'s runs
    // (empty: the chosen saved job's, or every run).
    HistoryWindow* openHistory(const QString& job = {});
    void openSettings();
    // Puts settings in force (those that can be without a restart) and keeps them.
    void applyAppSettings(const AppSettings& settings);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    enum class LogLevel { Info, Warning, Error, Detail };

    // main_window_menus.cpp: the menu bar and its shortcuts, the tray, the
    // notifications, settings and the window's remembered geometry.
    void buildMenus();
    void buildTray();
    void notifyEnd(const fg::JobResult& result);
    // The job in flight as the tray and notifications name it: the saved
    // job's name, else its route.
    QString runName() const;
    void notifyScheduledFailure(const fg::RunRecord& run);
    void restoreWindowState();
    void saveWindowState();

    QWidget* buildStatusPane();
    QWidget* buildPairPanel();
    QWidget* buildFilesTab();
    QWidget* buildPreviewTab();
    QWidget* buildStreamsTab();
    void updateStreamsView();
    void startJob(bool forceDryRun);
    void setRunning(bool running);
    void showPaused(bool paused);
    void updateButtons();
    void resetViews(const fg::JobSpec& spec);

    void onStateChanged(fg::JobState state);
    void onPlanned(const std::vector<fg::PlanItem>& items);
    void onFilesFailed(const std::vector<fg::event::FileFailed>& files);
    void onLogged(const std::vector<fg::event::Log>& lines);
    void onSnapshot(const fg::MetricsSnapshot& snapshot);
    void onFinished(const fg::JobResult& result);
    // The finished job's record in the history (origin "gui").
    void recordInHistory(const fg::JobResult& result);

    void updateProgress(const fg::MetricsSnapshot& snapshot);
    void updateFileCounts();
    void updatePreviewHeadline();
    void showSummary(const fg::JobResult& result);
    // The bottleneck view's fix, put into the form for the next run.
    void applySetting(const QString& setting);
    // Several at once ("--streams 4", "--cipher aes128-gcm"): the lab's best.
    void applySettings(const QStringList& settings);
    void showStartFailure(const QString& message);
    void showProgressFailed();
    void offerPairing(const fg::Error& error, const fg::JobSpec& spec, bool dryRun);
    void hidePairing();
    void startPairing();
    void onPaired(int generation, const fg::Result<std::string>& result);
    void updatePairButton();
    void setSummary(const QString& title, const QString& colour, const QString& html, const QString& plain);
    void appendLog(LogLevel level, const QString& text);
    void appendLogLines(const std::vector<std::pair<LogLevel, QString>>& lines);
    bool confirm(const QString& title, const QString& question, const QString& yes);

    JobController* m_controller = nullptr;
    HistoryWriter* m_history = nullptr;
    AppSettings m_settings;
    JobTray* m_tray = nullptr;
    ScheduledRunWatch* m_runWatch = nullptr;
    QPointer<HistoryWindow> m_historyWindow;
    QAction* m_previewAction = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_pauseAction = nullptr;
    // What the history keeps of the job in flight besides its figures.
    int64_t m_startedAtMs = 0;
    std::string m_runJobName; // the saved job the run in flight was started from
    std::vector<fg::RunLogLine> m_runLog;
    FileTableModel* m_fileModel = nullptr;
    PlanModel* m_planModel = nullptr;
    StreamTableModel* m_streamModel = nullptr;

    JobForm* m_form = nullptr;
    SavedJobsPanel* m_savedJobs = nullptr;
    ElidedLabel* m_title = nullptr;
    QPushButton* m_previewButton = nullptr;
    QPushButton* m_runButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_pauseButton = nullptr;
    QPushButton* m_labButton = nullptr;
    QPointer<LabWindow> m_lab; // the one lab window, while it is open
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QFrame* m_summary = nullptr;
    QLabel* m_summaryTitle = nullptr;
    QLabel* m_summaryBody = nullptr;
    // Pairing, offered in the summary when a job fails because the daemon does not
    // know this computer.
    QWidget* m_pairPanel = nullptr;
    QLabel* m_pairPrompt = nullptr;
    QLineEdit* m_pairCode = nullptr;
    QPushButton* m_pairButton = nullptr;
    QLabel* m_pairStatus = nullptr;
    QPushButton* m_rerunButton = nullptr;
    ThroughputChart* m_chart = nullptr;
    PipelineView* m_pipeline = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_fileTable = nullptr;
    QLabel* m_fileCounts = nullptr;
    QCheckBox* m_follow = nullptr;
    QTableView* m_planTable = nullptr;
    PlanFilterModel* m_planFilter = nullptr;
    QComboBox* m_planShow = nullptr;
    QLabel* m_planHeadline = nullptr;
    QStackedWidget* m_streamsStack = nullptr; // the empty-state text, or the table
    QLabel* m_streamsEmpty = nullptr;
    QTableView* m_streamTable = nullptr;
    QPlainTextEdit* m_log = nullptr;

    ConfirmHandler m_confirm;
    PairFunction m_pair;
    // The daemon the pair panel is about, and how to run the failed job again.
    struct PairTarget {
        std::string host;
        uint16_t port = 0;
        std::string stateDir;
        bool dryRun = false;
    };
    std::optional<PairTarget> m_pairTarget;
    // Bumped whenever the panel is offered or hidden: a pairing that reports after
    // its panel is gone only logs.
    int m_pairGeneration = 0;
    bool m_pairing = false; // a pairing thread runs; at most one at a time
    std::thread m_pairThread;
    RateMeter m_rate;
    fg::MetricsSnapshot m_lastSnapshot;
    std::optional<fg::JobResult> m_lastResult;
    QString m_summaryPlain;
    bool m_dryRun = false; // the job in flight (or last run) plans only
    bool m_sawPlan = false;
    bool m_dataStreams = false; // the job in flight (or last run) is a floodgate:// one
    // The last preview that finished: Run asks before deleting what it found,
    // and leaves out what its table had cleared (PlanModel::exclusionRules).
    // Taken from the table at the first Run and kept until a run gets done:
    // a run that failed to connect must not forget what was left out.
    struct PreviewRecord {
        std::string source;
        std::string destination;
        bool taken = false;
        std::vector<fg::FilterSpec> leftOut;
        int leftOutCount = 0;
        int deletions = 0;
    };
    std::optional<PreviewRecord> m_preview;
};

} // namespace fgui
