#pragma once
// The saved jobs, above the form: the same store `floodgate job` reads and
// writes (fg::JobStore), so a job saved here runs from cron or a timer and
// one added on the command line opens here. Choosing a job fills the form;
// Save writes the form back into it; Save as makes a new one (a copy of
// the chosen job, changed or not); Delete removes it (and its timer).

#include <floodgate/error.h>
#include <floodgate/history.h>
#include <floodgate/job.h>
#include <floodgate/saved_jobs.h>
#include <floodgate/schedule.h>

#include <QWidget>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QListWidget;
class QToolButton;
QT_END_NAMESPACE

namespace fgui {

class SavedJobsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SavedJobsPanel(QWidget* parent = nullptr);

    // The form's job as it stands, or what is wrong with it.
    using SpecSource = std::function<fg::Result<fg::JobSpec>()>;
    void setSpecSource(SpecSource source) { m_specSource = std::move(source); }
    // Asks a name (a dialog in the app, scripted in tests); nullopt: cancelled.
    using NameAsker = std::function<std::optional<QString>(const QString& title, const QString& label,
                                                           const QString& suggestion)>;
    void setNameAsker(NameAsker ask) { m_askName = std::move(ask); }
    // Asks before a deletion (the window's dialog; scripted in tests). Unset: nothing is deleted.
    using Confirm = std::function<bool(const QString& title, const QString& question, const QString& yes)>;
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
    // Asks when the job runs (the schedule dialog; scripted in tests).
    // nullopt: cancelled; an inner nullopt: only when asked.
    using ScheduleAsker = std::function<std::optional<std::optional<fg::Schedule>>(const QString& job,
                                                                                     const QString& current)>;
    void setScheduleAsker(ScheduleAsker ask) { m_askSchedule = std::move(ask); }
    // The line under a job's name: "daily 02:00 · next 12/4/26 2:00 AM (Fri) · last run: OK".
    QString jobDetails(const QString& name) const;

    void setStore(fg::JobStore store);
    const fg::JobStore& store() const { return m_store; }
    // Reads the folder again (jobs another program added or removed).
    void reload();
    // The chosen job's name; empty when none is chosen.
    QString currentJob() const { return m_current; }
    int jobCount() const;
    // What went wrong last (a job that did not read, a save refused), or empty.
    QString problem() const;

public Q_SLOTS:
    // Chooses a job by name and fills the form with it (jobChosen).
    bool choose(const QString& name);
    bool save();
    bool saveAs();
    bool remove();
    // Asks when the chosen job runs by itself (the schedule dialog) and
    // sets it: the job file and its timer (fg::setJobSchedule).
    bool editSchedule();
    // Sets the chosen job's schedule (nullopt: only when asked); what the
    // dialog does once answered.
    bool setSchedule(const std::optional<fg::Schedule>& schedule);

Q_SIGNALS:
    // Fill the form with this job's spec.
    void jobChosen(const QString& name, const fg::JobSpec& spec);
    // The chosen job changed (empty: none).
    void currentJobChanged(const QString& name);
    // Show this job's runs.
    void historyRequested(const QString& name);

private:
    void showProblem(const QString& text);
    void updateButtons();
    // The words to store for the form's job: its options as arguments and,
    // from the job it was opened from, what the form does not hold.
    fg::Result<std::vector<std::string>> argsForForm(const fg::JobSpec& spec) const;

    fg::JobStore m_store;
    SpecSource m_specSource;
    NameAsker m_askName;
    Confirm m_confirm;
    QString m_current;
    // The line under a job's name, from its last run in `history` (none: not read).
    static QString detailsOf(const fg::SavedJob& job, const fg::History* history);
    // The state directory the store is in (the parent of its jobs/).
    std::string stateDir() const;

    ScheduleAsker m_askSchedule;
    QString m_announced; // the chosen job last told by currentJobChanged
    QToolButton* m_scheduleButton = nullptr;
    QToolButton* m_historyButton = nullptr;
    // The chosen job as stored, and the spec it read as: a form left as it
    // was keeps the job's own words.
    fg::SavedJob m_loaded;
    fg::JobSpec m_loadedSpec;
    QListWidget* m_list = nullptr;
    QToolButton* m_saveButton = nullptr;
    QToolButton* m_saveAsButton = nullptr;
    QToolButton* m_deleteButton = nullptr;
    QLabel* m_problem = nullptr;
};

} // namespace fgui
