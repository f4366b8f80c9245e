#include "charts/stream_colors.h"

#include <iterator>

namespace fgui {

QColor streamColor(uint32_t streamIndex)
{
    // Tableau 10 without its blue (the total line's colour) and grey (the
    // instantaneous line's), yellow and pink darkened to stay legible as thin lines.
    static constexpr QRgb kColors[] = {
        0xf28e2b, // orange
        0x59a14f, // green
        0xe15759, // red
        0xb07aa1, // purple
        0x76b7b2, // teal
        0x9c755f, // brown
        0xc9a227, // ochre
        0xd3609f, // pink
    };
    return QColor(kColors[streamIndex % std::size(kColors)]);
}

} // namespace fgui
