#pragma once
// Live throughput: the smoothed rate as a filled line, the instantaneous rate as
// a thin one, MB/s against seconds since the job started. A job with data
// connections (a floodgate:// daemon job) adds one thin line per connection in its
// own colour (streamColor()); the legend sums them up as one "N streams" entry,
// since eight named entries would crowd the chart, and the Streams tab tells the
// colours apart.
//
// QtCharts (deprecated from Qt 6.10 in favour of Qt Graphs) is included in
// ui/charts alone: swapping the backend later touches that folder only. Samples
// live in a ring buffer; each tick costs one QLineSeries::replace() per series,
// never an append that makes the chart re-layout point by point.

#include <floodgate/metrics.h>

#include <QPointF>
#include <QWidget>

#include <cstdint>
#include <vector>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QAreaSeries;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

class BottleneckStrip;
class ChartPlaceholder;

class ThroughputChart : public QWidget {
    Q_OBJECT
public:
    // 1200 samples: five minutes at the controller's 4 ticks a second.
    explicit ThroughputChart(QWidget* parent = nullptr, size_t capacity = 1200);
    ~ThroughputChart() override;

    // One data connection's rate at a sample; a stream missing from a sample has no
    // point there (not open yet, or gone).
    struct StreamRate {
        uint32_t index = 0; // the connection's index, as fg::StreamSnapshot numbers it
        double bytesPerSec = 0;
    };

    void clear();
    // Shown over the empty chart, until the first sample (empty: nothing shown).
    void setPlaceholderText(const QString& text);
    void addSample(double seconds, double instantBytesPerSec, double smoothedBytesPerSec,
                   const std::vector<StreamRate>& streams = {});

    // Which layer limited the job when, drawn as a strip under the plot on
    // the same time axis (the engine's bottleneck timeline, in job seconds).
    void setBottleneckTimeline(std::vector<fg::BottleneckSpan> spans);
    size_t bottleneckSpanCount() const;

    // What the chart currently plots, for tests.
    qsizetype plottedPoints() const;
    double yAxisMax() const; // MB/s
    double xAxisMin() const;
    double xAxisMax() const;
    // Lines for data connections, and the points of one (-1: it has no line).
    int streamLineCount() const;
    qsizetype streamPoints(uint32_t index) const;
    // The first plotted point of a stream's line (seconds, MB/s).
    QPointF streamFirstPoint(uint32_t index) const;
    // The legend's summary entry ("4 streams"); empty while there are none.
    QString streamLegendText() const;
    // The chart as a plain QObject, for tests that watch its series' signals
    // without including QtCharts (the series are its descendants).
    QObject* chartObject() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Sample {
        double seconds;
        double instant; // MB/s
        double smoothed;
        // MB/s by stream index; NaN where that stream had no point.
        std::vector<float> streams;
    };

    void replot();
    void updateStripAxis();
    QLineSeries* makeStreamLine(uint32_t index);
    void attach(QAbstractSeries* series);

    std::vector<Sample> m_ring;
    size_t m_head = 0; // next slot to write
    size_t m_size = 0;

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QLineSeries* m_smoothed = nullptr;
    QLineSeries* m_instant = nullptr;
    // The fill under the smoothed line. Its own upper series: an area's outline
    // would also draw the vertical edges at both ends, so the line is drawn apart.
    QLineSeries* m_areaUpper = nullptr;
    QAreaSeries* m_area = nullptr;
    // By stream index, all made up front; used: the job has shown that stream.
    std::vector<QLineSeries*> m_streamLines;
    std::vector<bool> m_streamUsed;
    // Never holds points: it only carries the legend's "N streams" entry.
    QLineSeries* m_streamsLegend = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    ChartPlaceholder* m_placeholder = nullptr;
    BottleneckStrip* m_strip = nullptr;
};

} // namespace fgui
