#include "charts/history_chart.h"

#include "charts/chart_placeholder.h"
#include "charts/chart_style.h"
#include "charts/nice_axis.h"

#include "widgets/format.h"

#include <QChart>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace fgui {
namespace {

const QColor kRateColour(0x15, 0x65, 0xc0);
const QColor kDurationColour(0x8d, 0x6e, 0x63);
const QColor kFailedColour(0xc6, 0x28, 0x28);
constexpr QMargins kPlaceholderInset(50, 20, 50, 40);

QLineSeries* lineSeries(const QString& name, const QColor& colour, qreal width)
{
    auto* series = new QLineSeries;
    series->setName(name);
    QPen pen(colour);
    pen.setWidthF(width);
    series->setPen(pen);
    series->setPointsVisible(true);
    return series;
}

} // namespace

HistoryChart::HistoryChart(QWidget* parent) : QWidget(parent)
{
    const QFont small = chartSmallFont(font());
    m_chart = makeStyledChart(small);
    m_rate = lineSeries(tr("Rate (MB/s)"), kRateColour, 2.0);
    m_duration = lineSeries(tr("Duration (s)"), kDurationColour, 1.2);
    m_failed = new QScatterSeries;
    m_failed->setName(tr("Failed or cancelled"));
    m_failed->setColor(kFailedColour);
    m_failed->setBorderColor(kFailedColour);
    m_failed->setMarkerSize(9);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{m_duration, m_rate, m_failed}) m_chart->addSeries(s);

    m_axisTime = new QDateTimeAxis;
    m_axisTime->setLabelsFont(small);
    m_axisTime->setGridLineVisible(false);
    m_axisTime->setFormat(QStringLiteral("MM-dd HH:mm"));
    m_axisTime->setTickCount(5);
    m_axisRate = makeStyledValueAxis(QStringLiteral("%g"), small, tr("MB/s"));
    m_axisSeconds = makeStyledValueAxis(QStringLiteral("%g"), small, tr("seconds"));
    m_axisSeconds->setGridLineVisible(false);
    m_chart->addAxis(m_axisTime, Qt::AlignBottom);
    m_chart->addAxis(m_axisRate, Qt::AlignLeft);
    m_chart->addAxis(m_axisSeconds, Qt::AlignRight);
    m_rate->attachAxis(m_axisTime);
    m_rate->attachAxis(m_axisRate);
    for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{m_duration, m_failed}) {
        s->attachAxis(m_axisTime);
        s->attachAxis(m_axisSeconds);
    }
    addStyledChartView(m_chart, this);
    m_placeholder = new ChartPlaceholder(this, kPlaceholderInset);
    setMinimumHeight(170);
    setRuns({});
}

HistoryChart::~HistoryChart() = default;

void HistoryChart::setRuns(const std::vector<fg::RunRecord>& runs)
{
    std::vector<const fg::RunRecord*> order;
    for (const fg::RunRecord& r : runs)
        if (!r.dryRun) order.push_back(&r);
    std::sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->startedAtMs < b->startedAtMs; });

    QList<QPointF> rate, duration, failed;
    double fastest = 0, longest = 0;
    for (const fg::RunRecord* r : order) {
        const double x = double(r->startedAtMs);
        const double seconds = std::max(r->seconds, 0.0);
        longest = std::max(longest, seconds);
        // Done (partial too: it moved data at a rate); failed or cancelled: a mark.
        const fg::RunOutcome outcome = fg::runOutcome(*r);
        if (outcome != fg::RunOutcome::Failed && outcome != fg::RunOutcome::Cancelled) {
            const double mbps = seconds > 0 ? double(r->bytesTransferred) / seconds / bytesPerMegabyte() : 0;
            rate.append({x, mbps});
            duration.append({x, seconds});
            fastest = std::max(fastest, mbps);
        } else {
            failed.append({x, seconds});
        }
    }
    m_rate->replace(rate);
    m_duration->replace(duration);
    m_failed->replace(failed);

    if (order.empty()) {
        const QDateTime now = QDateTime::currentDateTime();
        m_axisTime->setRange(now.addDays(-7), now);
    } else {
        // A lone run, or runs a minute apart, still get an axis a person can read.
        const qint64 first = order.front()->startedAtMs, last = order.back()->startedAtMs;
        const qint64 pad = std::max<qint64>((last - first) / 20, 30 * 60 * 1000);
        m_axisTime->setRange(QDateTime::fromMSecsSinceEpoch(first - pad), QDateTime::fromMSecsSinceEpoch(last + pad));
        // Whole days apart: the date says enough.
        m_axisTime->setFormat(last - first > 3LL * 86400 * 1000 ? QStringLiteral("yyyy-MM-dd")
                                                                : QStringLiteral("MM-dd HH:mm"));
    }
    setNiceRange(m_axisRate, std::max(fastest * 1.1, 1.0));
    setNiceRange(m_axisSeconds, std::max(longest * 1.1, 1.0));
    m_placeholder->setChartEmpty(order.empty());
}

void HistoryChart::setPlaceholderText(const QString& text) { m_placeholder->setText(text); }

int HistoryChart::ratePointCount() const { return int(m_rate->count()); }
int HistoryChart::durationPointCount() const { return int(m_duration->count()); }
int HistoryChart::failedPointCount() const { return int(m_failed->count()); }
double HistoryChart::rateAxisMax() const { return m_axisRate->max(); }
double HistoryChart::durationAxisMax() const { return m_axisSeconds->max(); }

} // namespace fgui
