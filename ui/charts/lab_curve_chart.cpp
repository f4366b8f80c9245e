#include "charts/lab_curve_chart.h"

#include "charts/chart_placeholder.h"
#include "charts/chart_style.h"
#include "charts/lab_colors.h"
#include "charts/nice_axis.h"

#include "widgets/format.h"

#include <QChart>
#include <QCursor>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace fgui {
namespace {

// MB as formatBytes() counts it, so the axis and the table agree.
// Up to a few dozen lines share the plot: thin, and a little transparent so
// where they cross both stay visible.
constexpr double kLineWidth = 1.3;
constexpr int kLineAlpha = 200;
// Clear of the y labels on the left and the x labels below.
constexpr QMargins kPlaceholderInset(40, 20, 10, 40);

} // namespace

LabCurveChart::LabCurveChart(QWidget* parent) : QWidget(parent)
{
    const QFont small = chartSmallFont(font());
    m_chart = makeStyledChart(small);
    // Beside the plot, one entry a line: below it, QLegend lays the entries
    // in one row and cuts every label short once there are more than a few.
    m_chart->legend()->setAlignment(Qt::AlignRight);

    m_axisX = makeStyledValueAxis(QStringLiteral("%g s"), small);
    m_axisY = makeStyledValueAxis(QStringLiteral("%g"), small, tr("MB/s"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);

    m_view = addStyledChartView(m_chart, this);

    m_placeholder = new ChartPlaceholder(this, kPlaceholderInset);

    setMinimumHeight(160);
    clear();
}

LabCurveChart::~LabCurveChart() = default;

void LabCurveChart::clear()
{
    // The chart owns its series: removeSeries hands one back, to be deleted.
    for (QLineSeries* line : m_lines) {
        m_chart->removeSeries(line);
        delete line;
    }
    m_lines.clear();
    m_legendSettings.clear();
    m_maxSeconds = 0;
    m_maxRate = 0;
    rescale();
}

void LabCurveChart::setCurves(const std::vector<LabCurve>& curves)
{
    clear();
    for (const LabCurve& curve : curves) addCurve(curve);
}

void LabCurveChart::addCurve(const LabCurve& curve)
{
    auto* line = new QLineSeries;
    QColor colour = labSettingColor(curve.setting);
    colour.setAlpha(kLineAlpha);
    QPen pen(colour);
    pen.setWidthF(kLineWidth);
    line->setPen(pen);
    QList<QPointF> points;
    points.reserve(qsizetype(curve.points.size()));
    for (const QPointF& p : curve.points) {
        const double mb = std::isfinite(p.y()) && p.y() > 0 ? p.y() / bytesPerMegabyte() : 0.0;
        points.append({p.x(), mb});
        m_maxSeconds = std::max(m_maxSeconds, p.x());
        m_maxRate = std::max(m_maxRate, mb);
    }
    line->replace(points);
    line->setName(curve.settingLabel);
    m_chart->addSeries(line);
    line->attachAxis(m_axisX);
    line->attachAxis(m_axisY);
    // One legend entry a setting: the first line of each carries it.
    const bool first = std::find(m_legendSettings.begin(), m_legendSettings.end(), curve.setting) == m_legendSettings.end();
    if (first) m_legendSettings.push_back(curve.setting);
    QLegendMarker* marker = m_chart->legend()->markers(line).constFirst();
    marker->setVisible(first);
    if (!curve.legendLabel.isEmpty()) marker->setLabel(curve.legendLabel);
    const QString name = curve.settingLabel;
    const unsigned run = curve.run;
    connect(line, &QLineSeries::hovered, this, [name, run](const QPointF& point, bool entered) {
        if (!entered) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(), tr("%1, run %2: %3 MB/s at %4 s")
                                               .arg(name)
                                               .arg(run)
                                               .arg(QString::number(point.y(), 'f', point.y() < 10 ? 1 : 0),
                                                    QString::number(point.x(), 'f', 1)));
    });
    m_lines.push_back(line);
    rescale();
}

void LabCurveChart::rescale()
{
    setNiceRange(m_axisX, std::max(m_maxSeconds, 1.0));
    // 15 % headroom keeps the peaks off the frame.
    setNiceRange(m_axisY, std::max(m_maxRate * 1.15, 1.0));
    m_placeholder->setChartEmpty(m_lines.empty());
}

void LabCurveChart::setPlaceholderText(const QString& text) { m_placeholder->setText(text); }

int LabCurveChart::curveCount() const { return int(m_lines.size()); }

int LabCurveChart::legendEntryCount() const { return int(m_legendSettings.size()); }

double LabCurveChart::axisMaxSeconds() const { return m_axisX->max(); }

double LabCurveChart::axisMaxRate() const { return m_axisY->max(); }

} // namespace fgui
