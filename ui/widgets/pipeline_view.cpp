#include "widgets/pipeline_view.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace fgui {

namespace {
const QColor kLimit(0xe5, 0x39, 0x35);
const QColor kBar(0x1e, 0x88, 0xe5);
const QColor kLinkFill(0xe8, 0xf5, 0xe9);
constexpr int kGap = 6;
constexpr int kHeading = 16;
constexpr int kBoxHeight = 46;

QString sideName(PipelineBox::Side side)
{
    switch (side) {
    case PipelineBox::Side::Sender: return PipelineView::tr("sender");
    case PipelineBox::Side::Receiver: return PipelineView::tr("receiver");
    case PipelineBox::Side::Link: return PipelineView::tr("link");
    }
    return {};
}
} // namespace

// The row of boxes, painted: a layout of a dozen small widgets would cost
// more and draw no arrows.
class PipelineRow : public QWidget {
public:
    explicit PipelineRow(const PipelineModel& model, QWidget* parent) : QWidget(parent), m_model(model)
    {
        setMinimumHeight(kHeading + kBoxHeight + 2);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

protected:
    QSize sizeHint() const override { return {600, kHeading + kBoxHeight + 2}; }

    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::ToolTip) {
            const auto* help = static_cast<QHelpEvent*>(e);
            const int i = boxAt(help->pos());
            if (i < 0) {
                QToolTip::hideText();
                e->ignore();
                return true;
            }
            QToolTip::showText(help->globalPos(), tooltipFor(m_model.boxes()[size_t(i)]), this);
            return true;
        }
        return QWidget::event(e);
    }

    void paintEvent(QPaintEvent*) override
    {
        const auto& boxes = m_model.boxes();
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        if (boxes.empty()) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(rect(), Qt::AlignCenter, PipelineView::tr("The pipeline appears here while a job moves data."));
            return;
        }
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        // The headings over each end's group of boxes.
        for (PipelineBox::Side side : {PipelineBox::Side::Sender, PipelineBox::Side::Receiver}) {
            int first = -1, last = -1;
            for (size_t i = 0; i < boxes.size(); ++i)
                if (boxes[i].side == side) {
                    if (first < 0) first = int(i);
                    last = int(i);
                }
            if (first < 0) continue;
            const QRect span = boxRect(first).united(boxRect(last));
            p.setFont(small);
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(QRect(span.left(), 0, span.width(), kHeading - 2), Qt::AlignLeft | Qt::AlignVCenter,
                       side == PipelineBox::Side::Sender ? PipelineView::tr("Sender") : PipelineView::tr("Receiver"));
        }
        for (size_t i = 0; i < boxes.size(); ++i) {
            const PipelineBox& box = boxes[i];
            const QRectF r = QRectF(boxRect(int(i))).adjusted(1, 1, -1, -1);
            // An arrow to the next box.
            if (i + 1 < boxes.size()) {
                const QRectF next = QRectF(boxRect(int(i) + 1)).adjusted(1, 1, -1, -1);
                p.setPen(QPen(palette().color(QPalette::Mid), 1.2));
                const double y = r.center().y();
                p.drawLine(QPointF(r.right(), y), QPointF(next.left() - 1, y));
            }
            QPainterPath path;
            path.addRoundedRect(r, 5, 5);
            p.fillPath(path, box.side == PipelineBox::Side::Link ? kLinkFill : palette().color(QPalette::Base));
            // How busy: a bar along the bottom, as wide as the share.
            if (box.busy > 0) {
                const QRectF bar(r.left() + 3, r.bottom() - 7, (r.width() - 6) * std::clamp(box.busy, 0.0, 1.0), 4);
                p.fillRect(bar, box.limiting ? kLimit : kBar);
            }
            p.setPen(QPen(box.limiting ? kLimit : palette().color(QPalette::Mid), box.limiting ? 2.5 : 1.0,
                          box.side == PipelineBox::Side::Link ? Qt::DashLine : Qt::SolidLine));
            p.drawPath(path);
            QFont labelFont = font();
            labelFont.setPointSizeF(labelFont.pointSizeF() * 0.92);
            labelFont.setBold(box.limiting);
            const QRectF text = r.adjusted(2, 2, -2, -9);
            // The full name where it fits, a little smaller if that makes it
            // fit, else the short one (the tooltip has the full name).
            QString label = box.label;
            if (QFontMetrics(labelFont).horizontalAdvance(label) > text.width()) {
                labelFont.setPointSizeF(labelFont.pointSizeF() * 0.85);
                if (QFontMetrics(labelFont).horizontalAdvance(label) > text.width()) label = box.shortLabel;
            }
            p.setFont(labelFont);
            p.setPen(box.limiting ? kLimit : palette().color(QPalette::Text));
            p.drawText(QRectF(text.left(), text.top(), text.width(), text.height() / 2), Qt::AlignCenter,
                       p.fontMetrics().elidedText(label, Qt::ElideRight, int(text.width())));
            p.setFont(small);
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(QRectF(text.left(), text.center().y(), text.width(), text.height() / 2), Qt::AlignCenter,
                       QFontMetrics(small).elidedText(box.detail, Qt::ElideRight, int(text.width())));
        }
    }

private:
    // The link's box is wider: it says a rate and a round trip.
    static constexpr double kLinkWeight = 1.8;

    QRect boxRect(int i) const
    {
        const auto& boxes = m_model.boxes();
        const int n = int(boxes.size());
        double weights = 0;
        for (const auto& b : boxes) weights += b.side == PipelineBox::Side::Link ? kLinkWeight : 1.0;
        const double unit = std::max(30.0, (this->width() - kGap * (n - 1)) / std::max(1.0, weights));
        double x = 0;
        for (int k = 0; k < i; ++k) x += unit * (boxes[size_t(k)].side == PipelineBox::Side::Link ? kLinkWeight : 1.0) + kGap;
        const double w = unit * (boxes[size_t(i)].side == PipelineBox::Side::Link ? kLinkWeight : 1.0);
        return QRect(int(x), kHeading, int(w), kBoxHeight);
    }

    int boxAt(const QPoint& pos) const
    {
        for (size_t i = 0; i < m_model.boxes().size(); ++i)
            if (boxRect(int(i)).contains(pos)) return int(i);
        return -1;
    }

    QString tooltipFor(const PipelineBox& box) const
    {
        QString text;
        if (box.side == PipelineBox::Side::Link) {
            text = PipelineView::tr("The link between the two ends") + (box.detail.isEmpty() ? QString() : QStringLiteral(": ") + box.detail);
        } else {
            text = PipelineView::tr("%1 on the %2: busy %3 of the time %4")
                       .arg(box.label, sideName(box.side), box.detail,
                            m_model.finished() ? PipelineView::tr("over the whole job")
                                               : PipelineView::tr("over the last two seconds"));
        }
        if (box.limiting) text += QStringLiteral("\n") + PipelineView::tr("This is what limits the job.");
        return text;
    }

    const PipelineModel& m_model;
};

PipelineView::PipelineView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_row = new PipelineRow(m_model, this);
    m_row->setObjectName(QStringLiteral("pipelineRow"));
    layout->addWidget(m_row);
    auto* bottom = new QHBoxLayout;
    m_verdict = new QLabel;
    m_verdict->setObjectName(QStringLiteral("bottleneckVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_apply = new QPushButton;
    m_apply->setObjectName(QStringLiteral("applyFixButton"));
    m_apply->hide();
    connect(m_apply, &QPushButton::clicked, this,
            [this] { Q_EMIT applySetting(QString::fromStdString(m_model.bottleneck().setting)); });
    bottom->addWidget(m_verdict, 1);
    bottom->addWidget(m_apply, 0, Qt::AlignTop);
    layout->addLayout(bottom);
    refresh();
}

void PipelineView::clear(const QString& linkLabel)
{
    m_model.clear();
    m_model.setLinkLabel(linkLabel);
    refresh();
}

void PipelineView::applySnapshot(const fg::MetricsSnapshot& snapshot, double bytesPerSec)
{
    m_model.applySnapshot(snapshot, bytesPerSec);
    refresh();
}

void PipelineView::applyResult(const fg::JobResult& result)
{
    m_model.applyResult(result);
    refresh();
}

void PipelineView::setRunning(bool running)
{
    m_running = running;
    refresh();
}

void PipelineView::refresh()
{
    const fg::Bottleneck& b = m_model.bottleneck();
    const QString evidence = QString::fromStdString(b.evidence);
    const QString fix = QString::fromStdString(b.fix);
    QString headline; // said in bold
    QString rest;
    if (b.layer.empty()) {
        rest = m_model.boxes().empty() ? QString() : tr("Measuring where the time goes…");
    } else if (b.layer == "unknown") {
        headline = tr("No single layer limits the job");
        rest = evidence;
    } else {
        const QString where = b.end.empty() ? QString() : tr(" on the %1").arg(QString::fromStdString(b.end));
        const QString share = m_model.finished() ? tr(" (%1 % of the time)").arg(std::lround(100 * b.share)) : QString();
        headline = tr("Limited by %1").arg(QString::fromStdString(b.layer));
        rest = where + share + QStringLiteral(": ") + evidence;
    }
    if (headline.isEmpty()) {
        m_plain = rest;
        m_verdict->setText(rest.toHtmlEscaped());
    } else {
        const bool unknown = b.layer == "unknown";
        m_plain = headline + (unknown ? QStringLiteral(": ") : QString()) + rest;
        QString html = QStringLiteral("<b%1>%2</b>%3%4")
                           .arg(unknown ? QString() : QStringLiteral(" style=\"color:#e53935\""), headline.toHtmlEscaped(),
                                unknown ? QStringLiteral(": ") : QString(), rest.toHtmlEscaped());
        if (!fix.isEmpty()) {
            m_plain += QStringLiteral("\n") + tr("Fix: %1").arg(fix);
            html += QStringLiteral("<br><b>%1</b> %2").arg(tr("Fix:"), fix.toHtmlEscaped());
        }
        m_verdict->setText(html);
    }
    m_verdict->setVisible(!m_plain.isEmpty());
    const bool settable = !b.setting.empty();
    m_apply->setVisible(settable);
    m_apply->setEnabled(settable && !m_running);
    m_apply->setText(tr("Use %1").arg(QString::fromStdString(b.setting)));
    m_apply->setToolTip(m_running ? tr("A running job keeps its settings: this applies to the form once it ends")
                                  : tr("Puts %1 into the form for the next run").arg(QString::fromStdString(b.setting)));
    m_row->update();
}

QString PipelineView::verdictText() const { return m_plain; }

QString PipelineView::applyButtonText() const { return m_apply->text(); }
bool PipelineView::applyButtonEnabled() const { return m_apply->isEnabled(); }
bool PipelineView::applyButtonVisible() const { return !m_apply->isHidden(); }

} // namespace fgui
