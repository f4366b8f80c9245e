#pragma once
// The Tuning Lab's times: one box per setting, its whiskers the fastest and the
// slowest run, the box the middle half of the runs and the line in it the
// median, so overlapping spreads ("no measurable difference") show as boxes at
// one height. The best setting is green; those within its spread pale green.
//
// QtCharts stays in ui/charts (CONVENTIONS.md): the window hands this class
// plain numbers (ui/lab/lab_chart_data.h turns a report into them).

#include <QString>
#include <QWidget>

#include <vector>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QBoxPlotSeries;
class QChart;
class QChartView;
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

class ChartPlaceholder;

struct LabTimeBox {
    enum class Mark { None, Best, LikeBest };
    QString label;   // under the box: the levels that vary, one a line
    QString tooltip; // the setting in full, with its numbers
    double min = 0, lowerQuartile = 0, median = 0, upperQuartile = 0, max = 0; // seconds
    Mark mark = Mark::None;
};

class LabTimeChart : public QWidget {
    Q_OBJECT
public:
    explicit LabTimeChart(QWidget* parent = nullptr);
    ~LabTimeChart() override;

    // `axisTitle` names what the labels are ("streams / cipher").
    void setBoxes(std::vector<LabTimeBox> boxes, const QString& axisTitle);
    void clear();
    // Shown over the empty chart (empty: nothing shown).
    void setPlaceholderText(const QString& text);

    // What the chart shows, for tests.
    int boxCount() const;
    QString boxLabel(int box) const;
    LabTimeBox::Mark boxMark(int box) const;
    double axisMaxSeconds() const;

private:
    std::vector<LabTimeBox> m_boxes;
    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    QBoxPlotSeries* m_series = nullptr;
    QBarCategoryAxis* m_axisX = nullptr;
    QValueAxis* m_axisY = nullptr;
    ChartPlaceholder* m_placeholder = nullptr;
};

} // namespace fgui
