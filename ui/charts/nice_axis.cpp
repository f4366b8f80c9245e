#include "charts/nice_axis.h"

#include <QValueAxis>

#include <cmath>

namespace fgui {

NiceAxis niceAxis(double v)
{
    static constexpr struct { double mantissa; int ticks; } kSteps[] = {
        {1.0, 6}, {1.5, 4}, {2.0, 5}, {2.5, 6}, {3.0, 4}, {4.0, 5}, {5.0, 6}, {6.0, 4}, {8.0, 5}, {10.0, 6},
    };
    const double exponent = std::floor(std::log10(v));
    const double scale = std::pow(10.0, exponent);
    for (const auto& step : kSteps) {
        if (v <= step.mantissa * scale * 1.0000001) return {step.mantissa * scale, step.ticks};
    }
    return {10.0 * scale, 6};
}

void setNiceRange(QValueAxis* axis, double top)
{
    const NiceAxis nice = niceAxis(top);
    axis->setRange(0, nice.max);
    axis->setTickCount(nice.ticks);
}

} // namespace fgui
