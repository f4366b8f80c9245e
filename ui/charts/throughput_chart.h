#pragma once
// Live throughput: the smoothed rate as a filled line, the instantaneous rate as
// a thin one, MB/s against seconds since the job started.
//
// The only place that includes QtCharts (deprecated from Qt 6.10 in favour of Qt
// Graphs): swapping the backend later touches this class alone. Samples live in a
// ring buffer; each tick costs one QLineSeries::replace() per series, never an
// append that makes the chart re-layout point by point.

#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QAreaSeries;
class QLabel;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

class ThroughputChart : public QWidget {
    Q_OBJECT
public:
    // 1200 samples: five minutes at the controller's 4 ticks a second.
    explicit ThroughputChart(QWidget* parent = nullptr, size_t capacity = 1200);
    ~ThroughputChart() override;

    void clear();
    // Shown over the empty chart, until the first sample (empty: nothing shown).
    void setPlaceholderText(const QString& text);
    void addSample(double seconds, double instantBytesPerSec, double smoothedBytesPerSec);

    // What the chart currently plots, for tests.
    qsizetype plottedPoints() const;
    double yAxisMax() const; // MB/s
    double xAxisMin() const;
    double xAxisMax() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Sample {
        double seconds;
        double instant; // MB/s
        double smoothed;
    };

    void replot();
    void updatePlaceholder();

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
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    QLabel* m_placeholder = nullptr;
};

} // namespace fgui
