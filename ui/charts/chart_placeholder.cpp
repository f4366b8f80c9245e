#include "charts/chart_placeholder.h"

#include "widgets/form_hints.h"

#include <QEvent>
#include <QLabel>
#include <QWidget>

namespace fgui {

ChartPlaceholder::ChartPlaceholder(QWidget* chart, QMargins inset)
    : QObject(chart), m_chart(chart), m_label(new QLabel(chart)), m_inset(inset)
{
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setWordWrap(true);
    m_label->setAttribute(Qt::WA_TransparentForMouseEvents);
    makeQuiet(m_label);
    // The chart's resizes, seen here: the charts need no resizeEvent of their own.
    m_chart->installEventFilter(this);
    update();
}

void ChartPlaceholder::setText(const QString& text)
{
    m_label->setText(text);
    update();
}

void ChartPlaceholder::setChartEmpty(bool empty)
{
    m_empty = empty;
    update();
}

bool ChartPlaceholder::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_chart && event->type() == QEvent::Resize) update();
    return QObject::eventFilter(watched, event);
}

void ChartPlaceholder::update()
{
    // Laid out whether or not the window is on screen yet: isVisible() is false
    // until it is, and a geometry skipped then would stay wrong after show().
    m_label->setGeometry(m_chart->rect().marginsRemoved(m_inset));
    // Above the chart's view, whichever of them was made first.
    m_label->raise();
    m_label->setVisible(m_empty && !m_label->text().isEmpty());
}

} // namespace fgui
