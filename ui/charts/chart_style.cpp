#include "charts/chart_style.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLegend>
#include <QValueAxis>
#include <QVBoxLayout>

namespace fgui {
namespace {

// Grid lines a reader finds when looking for them and otherwise does not see.
const QColor kGridLine(0, 0, 0, 22);

} // namespace

QFont chartSmallFont(QFont base)
{
    base.setPointSizeF(base.pointSizeF() * 0.9);
    return base;
}

QChart* makeStyledChart(const QFont& small)
{
    auto* chart = new QChart;
    chart->setBackgroundVisible(false);
    chart->setMargins(QMargins(2, 2, 6, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->legend()->setFont(small);
    return chart;
}

QValueAxis* makeStyledValueAxis(const QString& labelFormat, const QFont& small, const QString& title)
{
    auto* axis = new QValueAxis;
    axis->setLabelFormat(labelFormat);
    if (!title.isEmpty()) {
        axis->setTitleText(title);
        axis->setTitleFont(small);
    }
    axis->setLabelsFont(small);
    axis->setGridLineColor(kGridLine);
    return axis;
}

QChartView* addStyledChartView(QChart* chart, QWidget* host)
{
    auto* view = new QChartView(chart, host);
    view->setRenderHint(QPainter::Antialiasing);
    view->setFrameShape(QFrame::NoFrame);
    view->setStyleSheet(QStringLiteral("background: transparent"));
    auto* layout = new QVBoxLayout(host);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(view);
    return view;
}

} // namespace fgui
