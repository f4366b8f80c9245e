#pragma once
// The history of runs, in a window of its own: one saved job's runs (or every
// run) as a chart of rate and duration over time and a table, newest first;
// choosing a run shows it whole (the text `floodgate history --run ID` prints:
// command, result, figures, errors, log), which Export writes to a file. Runs
// the history could not record are named above the table with the reason.
// It reads the same database as the CLI, so a scheduled run shows up on
// Refresh (and after each run the window starts).

#include <floodgate/history.h>

#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <string>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
QT_END_NAMESPACE

namespace fgui {

class HistoryChart;
class HistoryModel;

class HistoryWindow : public QWidget {
    Q_OBJECT
public:
    explicit HistoryWindow(QWidget* parent = nullptr);
    ~HistoryWindow() override;

    // Whose history: a state directory (empty: the default one).
    void setStateDir(std::string stateDir);
    // Where Export writes (a save dialog in the app, scripted in tests);
    // empty: cancelled.
    using SavePathAsker = std::function<QString(const QString& suggestion)>;
    void setSavePathAsker(SavePathAsker ask) { m_askPath = std::move(ask); }

    HistoryModel* model() const { return m_model; }
    HistoryChart* chart() const { return m_chart; }
    QTableView* table() const { return m_table; }
    // The job whose runs are shown; empty: every run.
    QString job() const;
    // The jobs the chooser offers (without "All jobs").
    QStringList jobChoices() const;
    // The chosen run's text; empty when none is chosen.
    QString reportText() const;
    // What is wrong (the database did not open, runs are missing), or empty.
    QString problem() const;

public Q_SLOTS:
    // Shows `job`'s runs (empty: every run), reading them again.
    void showJob(const QString& job);
    // Reads the database again, keeping the chosen run where it still is.
    void reload();
    bool selectRun(int64_t id);
    // Writes the chosen run's text to a file the user picks.
    bool exportRun();

private:
    void fillJobChoices(const std::vector<fg::RunRecord>& everyRun);
    void showChosenRun();
    void setProblem(const QString& text);
    void cannotRead(const fg::Error& why);
    std::optional<fg::History>& database();

    std::string m_stateDir;
    std::optional<fg::History> m_db;
    SavePathAsker m_askPath;
    std::optional<fg::RunRecord> m_chosen; // with its errors and log
    HistoryModel* m_model = nullptr;
    HistoryChart* m_chart = nullptr;
    QComboBox* m_jobs = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_problem = nullptr;
    QTableView* m_table = nullptr;
    QPlainTextEdit* m_report = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace fgui
