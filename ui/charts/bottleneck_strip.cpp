#include "charts/bottleneck_strip.h"

#include "charts/layer_colors.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace fgui {

namespace {
constexpr int kHeight = 12;
}

BottleneckStrip::BottleneckStrip(QWidget* parent) : QWidget(parent)
{
    setFixedHeight(kHeight);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize BottleneckStrip::sizeHint() const { return {400, kHeight}; }

void BottleneckStrip::setSpans(std::vector<fg::BottleneckSpan> spans)
{
    m_spans = std::move(spans);
    update();
}

void BottleneckStrip::setAxis(double left, double right, double fromSec, double toSec)
{
    m_left = left;
    m_right = right;
    m_fromSec = fromSec;
    m_toSec = toSec > fromSec ? toSec : fromSec + 1;
    update();
}

double BottleneckStrip::xOf(double seconds) const
{
    const double t = (std::clamp(seconds, m_fromSec, m_toSec) - m_fromSec) / (m_toSec - m_fromSec);
    return m_left + t * (m_right - m_left);
}

int BottleneckStrip::spanAt(double x) const
{
    for (size_t i = 0; i < m_spans.size(); ++i)
        if (x >= xOf(m_spans[i].fromSec) && x <= xOf(m_spans[i].toSec)) return int(i);
    return -1;
}

void BottleneckStrip::paintEvent(QPaintEvent*)
{
    if (m_right <= m_left) return;
    QPainter p(this);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.75);
    p.setFont(small);
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(0, 0, std::max(0.0, m_left - 4), height()), Qt::AlignRight | Qt::AlignVCenter, tr("limit"));
    p.fillRect(QRectF(m_left, 3, m_right - m_left, height() - 6), QColor(0, 0, 0, 12));
    for (const fg::BottleneckSpan& s : m_spans) {
        const double x0 = xOf(s.fromSec);
        const double x1 = std::max(xOf(s.toSec), x0 + 1);
        p.fillRect(QRectF(x0, 2, x1 - x0, height() - 4), layerColor(QString::fromStdString(s.layer)));
    }
}

bool BottleneckStrip::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(e);
        const int i = spanAt(help->pos().x());
        if (i < 0) {
            QToolTip::hideText();
            e->ignore();
            return true;
        }
        const fg::BottleneckSpan& s = m_spans[size_t(i)];
        const QString end = s.end.empty() ? QString() : tr(" (%1)").arg(QString::fromStdString(s.end));
        QToolTip::showText(help->globalPos(), tr("%1%2 from %3 s to %4 s")
                                                  .arg(QString::fromStdString(s.layer), end)
                                                  .arg(s.fromSec, 0, 'f', 1)
                                                  .arg(s.toSec, 0, 'f', 1),
                           this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace fgui
