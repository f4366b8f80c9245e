#pragma once
// The look every chart shares, so the main window's throughput and the Tuning
// Lab's charts read as one family: drawn on the card behind them (no background
// of their own), tight margins, small type for the legend and the axes, faint
// grid lines, and no animation (a chart replotted four times a second would
// never settle).
//
// Only forward declarations here: the QtCharts includes stay in the .cpp files
// of ui/charts (CONVENTIONS.md), and the heat map, which draws itself, can share
// the small type without them.

#include <QFont>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QValueAxis;
class QWidget;
QT_END_NAMESPACE

namespace fgui {

// The charts' small type: a tenth smaller than `base` (the chart widget's font).
QFont chartSmallFont(QFont base);

// A chart with the shared look; its legend (where shown) in `small` type, its
// markers the series' own line.
QChart* makeStyledChart(const QFont& small);

// A value axis in `small` type with faint grid lines, its labels printf-formatted
// by `labelFormat` ("%g"), and `title` beside it (empty: no title).
QValueAxis* makeStyledValueAxis(const QString& labelFormat, const QFont& small, const QString& title = {});

// The view that shows `chart`, antialiased, frameless and transparent (the card
// shows through), filling `host` edge to edge: first in a new layout of `host`
// with no margins or spacing, where a widget added next sits right under it.
QChartView* addStyledChartView(QChart* chart, QWidget* host);

} // namespace fgui
