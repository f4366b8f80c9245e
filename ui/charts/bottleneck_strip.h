#pragma once
// The strip under the throughput chart: which layer limited the job when, one
// coloured band per stretch of the engine's bottleneck timeline, on the
// chart's own time axis (the chart tells it where its plot is). Hovering a
// band names its layer and its stretch of time.

#include <floodgate/metrics.h>

#include <QWidget>

#include <vector>

namespace fgui {

class BottleneckStrip : public QWidget {
    Q_OBJECT
public:
    explicit BottleneckStrip(QWidget* parent = nullptr);

    void setSpans(std::vector<fg::BottleneckSpan> spans);
    // The chart's plot runs from pixel `left` to `right` (in this widget's
    // coordinates) for seconds `fromSec` to `toSec`.
    void setAxis(double left, double right, double fromSec, double toSec);
    size_t spanCount() const { return m_spans.size(); }

protected:
    QSize sizeHint() const override;
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    double xOf(double seconds) const;
    int spanAt(double x) const;

    std::vector<fg::BottleneckSpan> m_spans;
    double m_left = 0, m_right = 0, m_fromSec = 0, m_toSec = 1;
};

} // namespace fgui
