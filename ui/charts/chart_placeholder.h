#pragma once
// The quiet sentence over an empty chart ("Throughput appears here while a job
// runs."), shared by the throughput chart and the Tuning Lab's charts: a
// word-wrapped label in the placeholder colour, laid over the chart's plot and
// kept there as the chart resizes, letting the mouse through to the chart. It
// shows only while the chart is empty and has something to say.

#include <QMargins>
#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QLabel;
class QWidget;
QT_END_NAMESPACE

namespace fgui {

class ChartPlaceholder : public QObject {
    Q_OBJECT
public:
    // Over `chart` (its parent too), `inset` from its edges: about where the
    // plot is, clear of the axes' labels.
    ChartPlaceholder(QWidget* chart, QMargins inset);

    // Empty: nothing shown.
    void setText(const QString& text);
    // Whether the chart has nothing to show; it starts empty.
    void setChartEmpty(bool empty);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void update();

    QWidget* m_chart;
    QLabel* m_label;
    QMargins m_inset;
    bool m_empty = true;
};

} // namespace fgui
