#include "charts/throughput_chart.h"

#include "charts/bottleneck_strip.h"
#include "charts/chart_placeholder.h"
#include "charts/chart_style.h"
#include "charts/nice_axis.h"
#include "charts/stream_colors.h"

#include "widgets/format.h"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLayout>
#include <QLegendMarker>
#include <QLinearGradient>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <floodgate/options.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace fgui {
namespace {

// MB as formatBytes() counts it, so the axis and the status line agree.
// Nobody wants a 0.2 MB/s scale for a job that has not started moving yet.
constexpr double kMinRateAxis = 1.0;
// Thirty seconds of axis from the start, so the first samples do not fill the width.
constexpr double kMinSpanSeconds = 30.0;
// A line for every stream a job may have, made up front: a series added later
// would be drawn over the totals, and QtCharts has no z-order for series.
constexpr uint32_t kMaxStreamLines = fg::kMaxStreamsOption;
// Thinner than the instantaneous total: up to eight of them share the plot.
constexpr double kStreamLineWidth = 1.1;
// Clear of the legend above, the y labels on the left and the x labels below.
constexpr QMargins kPlaceholderInset(40, 30, 10, 30);

// A tick every 5, 10, 15, 30 s, ... so a span shows 4 to 8 labels.
double niceSecondsStep(double span)
{
    static constexpr double kSteps[] = {5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600};
    for (double step : kSteps) {
        if (span / step <= 8) return step;
    }
    return 7200;
}

} // namespace

ThroughputChart::ThroughputChart(QWidget* parent, size_t capacity)
    : QWidget(parent), m_ring(std::max<size_t>(capacity, 2))
{
    const QColor accent(0x1e, 0x88, 0xe5);

    const QFont small = chartSmallFont(font());
    m_chart = makeStyledChart(small);
    m_chart->legend()->setAlignment(Qt::AlignTop);

    m_instant = new QLineSeries;
    m_instant->setName(tr("Instantaneous"));
    QPen thin(QColor(0x90, 0xa4, 0xae));
    thin.setWidthF(1.2);
    m_instant->setPen(thin);

    m_smoothed = new QLineSeries;
    m_smoothed->setName(tr("Smoothed"));
    QPen thick(accent);
    thick.setWidthF(2.4);
    m_smoothed->setPen(thick);

    m_areaUpper = new QLineSeries(this);
    m_area = new QAreaSeries(m_areaUpper);
    m_area->setPen(Qt::NoPen);
    QColor fill = accent;
    fill.setAlpha(40);
    m_area->setBrush(fill);

    // The legend's one entry for all stream lines: a short line banded in the
    // streams' colours, so it reads as "the coloured thin lines".
    m_streamsLegend = new QLineSeries;
    QLinearGradient bands(0, 0, 1, 0);
    bands.setCoordinateMode(QGradient::ObjectBoundingMode);
    constexpr int kBands = 4;
    for (int i = 0; i < kBands; ++i) {
        bands.setColorAt(double(i) / kBands, streamColor(uint32_t(i)));
        bands.setColorAt(double(i + 1) / kBands - 0.001, streamColor(uint32_t(i)));
    }
    QPen banded(QBrush(bands), 2.4);
    banded.setCapStyle(Qt::FlatCap);
    m_streamsLegend->setPen(banded);

    // Back to front: the fill, the thin stream lines, the jagged instantaneous
    // line, the smoothed line on top.
    m_chart->addSeries(m_area);
    for (uint32_t index = 0; index < kMaxStreamLines; ++index) m_streamLines.push_back(makeStreamLine(index));
    m_streamUsed.assign(m_streamLines.size(), false);
    m_chart->addSeries(m_instant);
    m_chart->addSeries(m_smoothed);
    m_chart->addSeries(m_streamsLegend);
    m_chart->legend()->markers(m_area).constFirst()->setVisible(false);
    m_chart->legend()->markers(m_streamsLegend).constFirst()->setVisible(false);

    m_axisX = makeStyledValueAxis(QStringLiteral("%.0f s"), small);
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisY = makeStyledValueAxis(QStringLiteral("%g"), small, tr("MB/s"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QAbstractSeries* series : m_chart->series()) attach(series);

    m_view = addStyledChartView(m_chart, this);
    m_strip = new BottleneckStrip(this);
    m_strip->setObjectName(QStringLiteral("bottleneckStrip"));
    layout()->addWidget(m_strip); // under the plot, on its time axis
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { updateStripAxis(); });

    m_placeholder = new ChartPlaceholder(this, kPlaceholderInset);

    setMinimumHeight(180);
    replot();
}

void ThroughputChart::setPlaceholderText(const QString& text) { m_placeholder->setText(text); }

void ThroughputChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateStripAxis();
}

void ThroughputChart::setBottleneckTimeline(std::vector<fg::BottleneckSpan> spans) { m_strip->setSpans(std::move(spans)); }

size_t ThroughputChart::bottleneckSpanCount() const { return m_strip->spanCount(); }

void ThroughputChart::updateStripAxis()
{
    // The plot area is in the chart's scene, which fills the view from its
    // left edge: the same x in the strip below it.
    const QRectF plot = m_chart->plotArea();
    const double left = m_view->mapTo(this, m_view->mapFromScene(plot.topLeft())).x();
    const double right = m_view->mapTo(this, m_view->mapFromScene(plot.topRight())).x();
    m_strip->setAxis(left, right, m_axisX->min(), m_axisX->max());
}

ThroughputChart::~ThroughputChart() = default;

void ThroughputChart::attach(QAbstractSeries* series)
{
    series->attachAxis(m_axisX);
    series->attachAxis(m_axisY);
}

QLineSeries* ThroughputChart::makeStreamLine(uint32_t index)
{
    auto* line = new QLineSeries;
    line->setName(tr("stream %1").arg(index + 1));
    QPen pen(streamColor(index));
    pen.setWidthF(kStreamLineWidth);
    line->setPen(pen);
    m_chart->addSeries(line);
    // One legend entry sums them all up ("4 streams"); hovering a line names it.
    m_chart->legend()->markers(line).constFirst()->setVisible(false);
    connect(line, &QLineSeries::hovered, this, [line](const QPointF& point, bool entered) {
        if (!entered) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           tr("%1: %2 MB/s").arg(line->name(), QString::number(point.y(), 'f', point.y() < 10 ? 1 : 0)));
    });
    return line;
}

void ThroughputChart::clear()
{
    m_head = 0;
    m_size = 0;
    for (size_t k = 0; k < m_streamLines.size(); ++k) {
        if (m_streamUsed[k]) m_streamLines[k]->clear();
    }
    m_streamUsed.assign(m_streamLines.size(), false);
    m_strip->setSpans({});
    replot();
}

void ThroughputChart::addSample(double seconds, double instantBytesPerSec, double smoothedBytesPerSec,
                                const std::vector<StreamRate>& streams)
{
    auto mb = [](double v) { return std::isfinite(v) && v > 0 ? v / bytesPerMegabyte() : 0.0; };
    Sample& sample = m_ring[m_head];
    sample.seconds = seconds;
    sample.instant = mb(instantBytesPerSec);
    sample.smoothed = mb(smoothedBytesPerSec);
    sample.streams.clear(); // the slot's old vector keeps its capacity
    for (const StreamRate& stream : streams) {
        if (stream.index >= kMaxStreamLines) continue;
        if (sample.streams.size() <= stream.index) {
            sample.streams.resize(stream.index + 1, std::numeric_limits<float>::quiet_NaN());
        }
        sample.streams[stream.index] = float(mb(stream.bytesPerSec));
        m_streamUsed[stream.index] = true;
    }
    m_head = (m_head + 1) % m_ring.size();
    m_size = std::min(m_size + 1, m_ring.size());
    replot();
}

void ThroughputChart::replot()
{
    QList<QPointF> instant, smoothed;
    instant.reserve(qsizetype(m_size));
    smoothed.reserve(qsizetype(m_size));
    std::vector<QList<QPointF>> streams(m_streamLines.size());
    double peak = 0;
    const size_t first = (m_head + m_ring.size() - m_size) % m_ring.size();
    for (size_t i = 0; i < m_size; ++i) {
        const Sample& s = m_ring[(first + i) % m_ring.size()];
        instant.append({s.seconds, s.instant});
        smoothed.append({s.seconds, s.smoothed});
        peak = std::max({peak, s.instant, s.smoothed});
        for (size_t k = 0; k < s.streams.size() && k < streams.size(); ++k) {
            if (std::isnan(s.streams[k])) continue;
            streams[k].append({s.seconds, double(s.streams[k])});
            peak = std::max(peak, double(s.streams[k]));
        }
    }
    m_instant->replace(instant);
    m_areaUpper->replace(smoothed);
    m_smoothed->replace(std::move(smoothed));
    // Only the lines this job has used: the idle ones stay empty and cost nothing.
    int lines = 0;
    for (size_t k = 0; k < m_streamLines.size(); ++k) {
        if (!m_streamUsed[k]) continue;
        m_streamLines[k]->replace(std::move(streams[k]));
        ++lines;
    }
    if (lines > 0) {
        const QString name = lines == 1 ? tr("1 stream") : tr("%1 streams").arg(lines);
        if (m_streamsLegend->name() != name) m_streamsLegend->setName(name);
    }
    m_chart->legend()->markers(m_streamsLegend).constFirst()->setVisible(lines > 0);

    const double start = m_size ? m_ring[first].seconds : 0.0;
    const double end = m_size ? std::max(m_ring[(first + m_size - 1) % m_ring.size()].seconds, start + kMinSpanSeconds)
                              : kMinSpanSeconds;
    m_axisX->setRange(start, end);
    m_axisX->setTickInterval(niceSecondsStep(end - start));
    if (m_strip) updateStripAxis();
    // 15 % headroom keeps the line off the frame; the nice rounding adds some more.
    setNiceRange(m_axisY, std::max(kMinRateAxis, peak * 1.15));
    m_placeholder->setChartEmpty(m_size == 0);
}

qsizetype ThroughputChart::plottedPoints() const { return m_smoothed->count(); }

int ThroughputChart::streamLineCount() const { return int(std::count(m_streamUsed.begin(), m_streamUsed.end(), true)); }

qsizetype ThroughputChart::streamPoints(uint32_t index) const
{
    return index < m_streamLines.size() && m_streamUsed[index] ? m_streamLines[index]->count() : -1;
}

QPointF ThroughputChart::streamFirstPoint(uint32_t index) const
{
    if (streamPoints(index) <= 0) return {};
    return m_streamLines[index]->at(0);
}

QObject* ThroughputChart::chartObject() const { return m_chart; }

QString ThroughputChart::streamLegendText() const { return streamLineCount() > 0 ? m_streamsLegend->name() : QString(); }
double ThroughputChart::yAxisMax() const { return m_axisY->max(); }
double ThroughputChart::xAxisMin() const { return m_axisX->min(); }
double ThroughputChart::xAxisMax() const { return m_axisX->max(); }

} // namespace fgui
