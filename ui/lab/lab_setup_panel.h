#pragma once
// The Tuning Lab's set-up: which factors vary and their levels (each checked
// as typed with fg::parseLabFactor), the workload, the runs of each setting,
// the time budget and the seed; under them the size of the matrix, how long it
// will take and the Start button, which stays disabled while anything is wrong.

#include <floodgate/error.h>
#include <floodgate/lab.h>

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
QT_END_NAMESPACE

namespace fgui {

class LabSetupPanel : public QWidget {
    Q_OBJECT
public:
    explicit LabSetupPanel(QWidget* parent = nullptr);

    // Where the trials go. A local folder cannot be a target: the panel says so
    // and Start stays disabled.
    void setTarget(const QString& target);
    QString target() const { return m_target; }
    // The rate the last probe of the target measured (unset: none in the last
    // week), for the estimate.
    void setRememberedRate(std::optional<double> bytesPerSec);

    // The experiment as set up, target included and `base` left default; or
    // the first thing wrong with it.
    fg::Result<fg::LabOptions> options() const;
    bool isValid() const { return m_problem.isEmpty(); }
    // Locks the fields while an experiment runs: it runs what they show.
    void setRunning(bool running);

    // "6 settings × 3 runs = 18 trials"; empty while the matrix is empty.
    QString matrixText() const;
    QString estimateText() const;
    // What keeps Start disabled, in a sentence (empty: nothing).
    QString problemText() const { return m_problem; }

    // The levels a factor starts with, before the user changes them.
    static QString defaultLevels(const QString& factor);

Q_SIGNALS:
    void startRequested();
    // Any field changed.
    void changed();

private:
    struct FactorRow {
        QString name;
        QString help; // "--streams: 1..32 or auto"
        QCheckBox* check = nullptr;
        QLineEdit* levels = nullptr;
        QLabel* hint = nullptr;
        std::optional<fg::LabFactor> parsed; // the levels as the lab reads them; unset: they are wrong
    };

    QWidget* buildTarget();
    QWidget* buildFactors();
    QWidget* buildWorkload();
    QWidget* buildRunsAndTime();
    QWidget* buildFooter();
    void validateFactor(FactorRow& row);
    void validateWorkload();
    // What is wrong (the first thing), the matrix, the estimate and Start, from the fields.
    void updateVerdict();
    QString workloadText() const;
    std::vector<fg::LabFactor> checkedFactors() const;
    bool factorsValid() const; // every checked factor's levels read
    uint64_t workloadBytes() const;
    std::optional<double> estimateSeconds() const;

    QString m_target;
    QString m_targetProblem;
    bool m_sshTarget = false; // [user@]host:path: one pipe, no data streams
    std::optional<double> m_rememberedRate;
    std::vector<FactorRow> m_factors;
    std::optional<fg::LabWorkload> m_workload; // unset: the fields are wrong
    QString m_problem;
    bool m_running = false;

    QLabel* m_targetLabel = nullptr;
    QLabel* m_targetHint = nullptr;
    QComboBox* m_workloadKind = nullptr;
    QLineEdit* m_workloadSize = nullptr;
    QWidget* m_folderRow = nullptr;
    QLineEdit* m_folder = nullptr;
    QPushButton* m_browse = nullptr;
    QLabel* m_workloadHint = nullptr;
    QSpinBox* m_runs = nullptr;
    QSpinBox* m_budget = nullptr; // minutes
    QLineEdit* m_seed = nullptr;
    QWidget* m_fields = nullptr; // everything the user sets, locked while running
    QLabel* m_matrix = nullptr;
    QLabel* m_estimate = nullptr;
    QLabel* m_problemLabel = nullptr;
    QPushButton* m_start = nullptr;
};

} // namespace fgui
