#pragma once
// Axis ranges a person reads at a glance: maxima on round values and grid lines
// on round values too, shared by every chart so their scales look alike.

namespace fgui {

struct NiceAxis {
    double max;
    int ticks;
};

// The next "round" axis maximum at or above v (> 0), and a tick count that puts
// the grid lines on round values too (80 -> 0, 20, 40, 60, 80).
NiceAxis niceAxis(double v);

} // namespace fgui
