#pragma once
// When a saved job runs by itself, in the words `floodgate job schedule`
// takes ("daily 02:00", "Mon-Fri 18:30", "every 4h"): checked as it is typed,
// with the next run it would give, or what is wrong and the forms it reads.

#include <floodgate/schedule.h>

#include <QDateTime>
#include <QDialog>

#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QPushButton;
QT_END_NAMESPACE

namespace fgui {

class ScheduleDialog : public QDialog {
    Q_OBJECT
public:
    // `current`: the job's schedule now (empty: only when asked).
    ScheduleDialog(const QString& job, const QString& current, QWidget* parent = nullptr);

    void setText(const QString& text);
    // The schedule typed, when it reads; nullopt while it does not.
    std::optional<fg::Schedule> schedule() const { return m_schedule; }
    // Accepted with "Run only when asked".
    bool removeChosen() const { return m_remove; }
    QString feedback() const;

    // The first time after `after` the timer fires (systemd's OnCalendar of
    // the schedule, in local time).
    static QDateTime nextRunAfter(const fg::Schedule& schedule, const QDateTime& after);
    // "Thu 3 Dec 02:00" in the user's language: a next run at a glance.
    static QString whenText(const QDateTime& when);

private:
    void check();

    QLineEdit* m_edit = nullptr;
    QLabel* m_feedback = nullptr;
    QPushButton* m_set = nullptr;
    std::optional<fg::Schedule> m_schedule;
    bool m_remove = false;
};

} // namespace fgui
