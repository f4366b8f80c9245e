#pragma once
// Axis ranges a person reads at a glance: maxima on round values and grid lines
// on round values too, shared by every chart so their scales look alike.

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QValueAxis;
QT_END_NAMESPACE

namespace fgui {

struct NiceAxis {
    double max;
    int ticks;
};

// The next "round" axis maximum at or above v (> 0), and a tick count that puts
// the grid lines on round values too (80 -> 0, 20, 40, 60, 80).
NiceAxis niceAxis(double v);

// `axis` from zero to niceAxis(top), its grid lines on the round values.
void setNiceRange(QValueAxis* axis, double top);

} // namespace fgui
