#pragma once
// The Tuning Lab: a matrix of settings tried against the job's destination,
// with the answer in a table and three charts (docs/LAB.md, issue 18).
//
// On the left the set-up (LabSetupPanel); on the right the experiment: its
// progress while it runs (fg::runLab on a worker thread, LabSession), then
// the conclusion, the line that reproduces the best setting, the table and the
// charts: time per setting, a heat map when two factors vary, and every
// trial's throughput curve. Experiments are saved as the JSON `floodgate lab
// --json` prints, reopened, and compared with an earlier one; "Apply to this
// job" hands the best setting's options to the main window's form.

#include "lab/lab_session.h"

#include <floodgate/error.h>
#include <floodgate/lab.h>
#include <floodgate/options.h>

#include <QElapsedTimer>
#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <optional>
#include <string>

QT_BEGIN_NAMESPACE
class QAction;
class QFrame;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
QT_END_NAMESPACE

namespace fgui {

class LabComparisonView;
class LabCurveChart;
class LabHeatMap;
class LabResultsModel;
class LabSetupPanel;
class LabTimeChart;

class LabWindow : public QMainWindow {
    Q_OBJECT
public:
    using RunFunction = LabSession::RunFunction;
    // fg::rememberedLinkRate in the app; a fake in tests.
    using RateLookup = std::function<std::optional<double>(const std::string& target, const fg::SyncOptions& connection)>;
    // What the window does outside itself; empty members: the real thing.
    struct Hooks {
        RunFunction run;
        RateLookup rememberedRate;
    };

    // `target` is the job's destination, `base` the job's options: what the
    // experiment does not vary, and how the target is reached.
    LabWindow(const QString& target, fg::SyncOptions base, Hooks hooks = {}, QWidget* parent = nullptr);
    ~LabWindow() override;

    LabSetupPanel* setup() const { return m_setup; }
    LabResultsModel* resultsModel() const { return m_results; }
    QTableView* resultsTable() const { return m_table; }
    LabTimeChart* timeChart() const { return m_timeChart; }
    LabHeatMap* heatMap() const { return m_heatMap; }
    LabCurveChart* curveChart() const { return m_curveChart; }
    LabComparisonView* comparisonView() const { return m_comparison; }
    QProgressBar* progressBar() const { return m_progress; }
    QTabWidget* chartTabs() const { return m_tabs; }
    // Whether the heat map's tab is offered (exactly two factors vary).
    bool isHeatMapShown() const;
    QString statusText() const;
    QString conclusionText() const;
    QString reproduceText() const;
    bool isRunning() const { return m_session->isRunning(); }
    // The experiment shown: the one that ran last, or the one opened.
    const std::optional<fg::LabReport>& report() const { return m_report; }

    // A setting's levels as the settings fg::applyOptionSetting takes one at
    // a time: {"--streams 4", "--cipher aes128-gcm"}.
    static QStringList optionSettings(const fg::LabSetting& setting);

    // Save and open without a file dialog (the dialogs call these): the error
    // also shows in the window's status line.
    fg::Status saveExperiment(const QString& path);
    fg::Status openExperiment(const QString& path);
    fg::Status compareWith(const QString& path);

public Q_SLOTS:
    void start();
    void cancel();
    // Shows a finished (or cancelled) experiment; `origin` says where it came
    // from when it was not run here (a file name).
    void showReport(const fg::LabReport& report, const QString& origin = QString());
    // Emits applySettings() with the best setting's options.
    void applyBest();

Q_SIGNALS:
    // The best setting, for the job form: {"--streams 4", "--cipher aes128-gcm"}.
    void applySettings(const QStringList& settings);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* buildStatusPane();
    QWidget* buildResultsPane();
    void buildToolBar();
    void onProgress(const fg::LabProgress& progress);
    void onFinished(const fg::Result<fg::LabReport>& result);
    void setRunning(bool running);
    void updateActions();
    void clearResults();
    void setStatus(const QString& text, bool error = false);

    fg::SyncOptions m_base;
    LabSession* m_session = nullptr;
    std::optional<fg::LabReport> m_report;
    // The matrix of the experiment running: names its live curves by what varies.
    fg::LabReport m_planned;
    // Closed while running: the window goes once the lab has cleaned up.
    bool m_closeWhenDone = false;
    QElapsedTimer m_runClock;   // since Start
    QElapsedTimer m_trialClock; // since the first timed trial began: the time left from the pace so far

    LabSetupPanel* m_setup = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_lastTrial = nullptr;
    QStackedWidget* m_resultsStack = nullptr; // the intro, or the results
    QLabel* m_intro = nullptr;
    QFrame* m_answer = nullptr;
    QLabel* m_conclusion = nullptr;
    QLabel* m_experimentLine = nullptr;
    QWidget* m_reproduceRow = nullptr;
    QLineEdit* m_reproduce = nullptr;
    QLabel* m_notes = nullptr;
    LabResultsModel* m_results = nullptr;
    QSortFilterProxyModel* m_sorted = nullptr;
    QTableView* m_table = nullptr;
    QTabWidget* m_tabs = nullptr;
    LabTimeChart* m_timeChart = nullptr;
    LabHeatMap* m_heatMap = nullptr;
    int m_heatMapTab = -1;
    LabCurveChart* m_curveChart = nullptr;
    LabComparisonView* m_comparison = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_applyAction = nullptr;
};

} // namespace fgui
