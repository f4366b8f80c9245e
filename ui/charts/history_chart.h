#pragma once
// A saved job's runs over time: the rate each run moved its data at (MB/s,
// left axis) and how long it took (seconds, right axis), one point per run on
// a time axis, so a job that slows down week by week shows it. Runs that
// failed or were cancelled are red marks on the duration line: their rate is
// not a rate of the job.

#include <floodgate/history.h>

#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QDateTimeAxis;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

class ChartPlaceholder;

class HistoryChart : public QWidget {
    Q_OBJECT
public:
    explicit HistoryChart(QWidget* parent = nullptr);
    ~HistoryChart() override;

    // In any order; dry runs are left out (they move no data).
    void setRuns(const std::vector<fg::RunRecord>& runs);
    void setPlaceholderText(const QString& text);

    // What is drawn, for tests.
    int ratePointCount() const;
    int durationPointCount() const;
    int failedPointCount() const;
    double rateAxisMax() const;
    double durationAxisMax() const;

private:
    QChart* m_chart = nullptr;
    QDateTimeAxis* m_axisTime = nullptr;
    QValueAxis* m_axisRate = nullptr;
    QValueAxis* m_axisSeconds = nullptr;
    QLineSeries* m_rate = nullptr;
    QLineSeries* m_duration = nullptr;
    QScatterSeries* m_failed = nullptr;
    ChartPlaceholder* m_placeholder = nullptr;
};

} // namespace fgui
