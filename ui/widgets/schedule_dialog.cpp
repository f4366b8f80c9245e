#include "widgets/schedule_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace fgui {

ScheduleDialog::ScheduleDialog(const QString& job, const QString& current, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("scheduleDialog"));
    setWindowTitle(tr("Schedule \u2014 %1").arg(job));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("When should '%1' run by itself? For example: <i>daily 02:00</i>, "
                                "<i>Mon-Fri 18:30</i>, <i>Sat,Sun 09:00</i>, <i>weekly Sun 03:00</i>, "
                                "<i>monthly 15 04:00</i>, <i>hourly</i>, <i>every 15m</i>, <i>every 4h</i>.")
                                 .arg(job.toHtmlEscaped()));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_edit = new QLineEdit;
    m_edit->setObjectName(QStringLiteral("scheduleEdit"));
    m_edit->setPlaceholderText(QStringLiteral("daily 02:00"));
    layout->addWidget(m_edit);
    m_feedback = new QLabel;
    m_feedback->setObjectName(QStringLiteral("scheduleFeedback"));
    m_feedback->setWordWrap(true);
    m_feedback->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_feedback);
    auto* note = new QLabel(tr("A systemd timer runs it, also while this window is closed; a run missed while the "
                               "computer was off happens when it is next on. Each run is in the history."));
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    layout->addWidget(note);

    auto* buttons = new QDialogButtonBox;
    m_set = buttons->addButton(tr("Set schedule"), QDialogButtonBox::AcceptRole);
    m_set->setObjectName(QStringLiteral("scheduleSetButton"));
    if (!current.isEmpty()) {
        QPushButton* off = buttons->addButton(tr("Run only when asked"), QDialogButtonBox::DestructiveRole);
        off->setObjectName(QStringLiteral("scheduleOffButton"));
        connect(off, &QPushButton::clicked, this, [this] {
            m_remove = true;
            accept();
        });
    }
    buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (m_schedule) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_edit, &QLineEdit::textChanged, this, &ScheduleDialog::check);
    setText(current);
    resize(480, sizeHint().height());
}

void ScheduleDialog::setText(const QString& text)
{
    m_edit->setText(text);
    check();
}

QString ScheduleDialog::feedback() const { return m_feedback->text(); }

void ScheduleDialog::check()
{
    m_schedule.reset();
    const QString text = m_edit->text().trimmed();
    if (text.isEmpty()) {
        m_feedback->clear();
        m_set->setEnabled(false);
        return;
    }
    auto parsed = fg::parseSchedule(text.toStdString());
    if (!parsed.ok()) {
        m_feedback->setStyleSheet(QStringLiteral("color: #b3261e;"));
        m_feedback->setText(QString::fromStdString(parsed.error().message));
        m_set->setEnabled(false);
        return;
    }
    m_schedule = *parsed;
    m_feedback->setStyleSheet({});
    m_feedback->setText(tr("Runs %1; next: %2")
                            .arg(QString::fromStdString(fg::scheduleText(*parsed)),
                                 whenText(nextRunAfter(*parsed, QDateTime::currentDateTime()))));
    m_set->setEnabled(true);
}

QDateTime ScheduleDialog::nextRunAfter(const fg::Schedule& s, const QDateTime& after)
{
    // From the next whole minute: a timer fires on minutes.
    QDateTime t(after.date(), QTime(after.time().hour(), after.time().minute()));
    t = t.addSecs(60);
    switch (s.kind) {
    case fg::Schedule::Kind::EveryMinutes:
        for (int i = 0; i < 120; ++i, t = t.addSecs(60))
            if (s.every && t.time().minute() % int(s.every) == 0) return t;
        return {};
    case fg::Schedule::Kind::EveryHours:
        // "00/4:00:00": on the hours 0, 4, 8, ... of each day.
        t = QDateTime(t.date(), QTime(t.time().hour(), 0));
        if (t <= after) t = t.addSecs(3600);
        for (int i = 0; i < 48; ++i, t = t.addSecs(3600))
            if (s.every && t.time().hour() % int(s.every) == 0) return t;
        return {};
    case fg::Schedule::Kind::Monthly: {
        const QTime at(s.minuteOfDay / 60, s.minuteOfDay % 60);
        for (int m = 0; m < 3; ++m) {
            const QDate month = after.date().addMonths(m);
            const QDateTime candidate(QDate(month.year(), month.month(), s.dayOfMonth), at);
            if (candidate > after) return candidate;
        }
        return {};
    }
    case fg::Schedule::Kind::Days: break;
    }
    const QTime at(s.minuteOfDay / 60, s.minuteOfDay % 60);
    for (int d = 0; d < 8; ++d) {
        const QDate day = after.date().addDays(d);
        if (!(s.days & (1u << (day.dayOfWeek() - 1)))) continue; // Qt: 1 = Monday, as the mask's bit 0
        const QDateTime candidate(day, at);
        if (candidate > after) return candidate;
    }
    return {};
}

QString ScheduleDialog::whenText(const QDateTime& when)
{
    if (!when.isValid()) return tr("unknown");
    const QLocale locale;
    return locale.toString(when.date(), QLocale::ShortFormat) + QLatin1Char(' ') +
           locale.toString(when.time(), QLocale::ShortFormat) + QStringLiteral(" (") +
           locale.dayName(when.date().dayOfWeek(), QLocale::ShortFormat) + QLatin1Char(')');
}

} // namespace fgui
