#pragma once
// The Tuning Lab's trials as throughput over time, overlaid: one thin line a
// trial in its setting's colour (labSettingColor), one legend entry a setting,
// beside the plot (a row of ten settings below it would be cut short).
// A setting whose lines ramp up slowly or sag in the middle shows it here,
// where its median time alone would not say why.

#include <QPointF>
#include <QString>
#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

class ChartPlaceholder;

struct LabCurve {
    int setting = 0;      // picks the colour; the lines of one setting share it
    QString settingLabel; // "streams=4 cipher=aes128-gcm", in the tooltip
    QString legendLabel;  // "4 · aes128-gcm": what varies only (empty: the setting's label)
    unsigned run = 0;
    std::vector<QPointF> points; // (seconds since the trial began, bytes/s)
};

class LabCurveChart : public QWidget {
    Q_OBJECT
public:
    explicit LabCurveChart(QWidget* parent = nullptr);
    ~LabCurveChart() override;

    void clear();
    void setCurves(const std::vector<LabCurve>& curves);
    // One more trial, as it finishes while the experiment runs.
    void addCurve(const LabCurve& curve);
    void setPlaceholderText(const QString& text);

    // What the chart shows, for tests.
    int curveCount() const;
    // Legend entries shown: one a setting.
    int legendEntryCount() const;
    double axisMaxSeconds() const;
    double axisMaxRate() const; // MB/s

private:
    void rescale();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QValueAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    ChartPlaceholder* m_placeholder = nullptr;
    std::vector<QLineSeries*> m_lines;
    std::vector<int> m_legendSettings; // the settings that have their legend entry
    double m_maxSeconds = 0;
    double m_maxRate = 0; // MB/s
};

} // namespace fgui
