#include "charts/lab_colors.h"

#include <iterator>

namespace fgui {

QColor labSettingColor(int setting)
{
    static constexpr QRgb kColors[] = {
        0x4e79a7, // blue
        0xf28e2b, // orange
        0xe15759, // red
        0x76b7b2, // teal
        0x59a14f, // green
        0xc9a227, // ochre (Tableau's yellow, darkened to stay legible as a line)
        0xb07aa1, // purple
        0xd3609f, // pink (darkened likewise)
        0x9c755f, // brown
        0x79706e, // grey
    };
    const auto count = int(std::size(kColors));
    return QColor(kColors[((setting % count) + count) % count]);
}

QColor labBestColor() { return QColor(0x2e, 0x7d, 0x32); }

QColor labLikeBestColor() { return QColor(0x81, 0xc7, 0x84); }

} // namespace fgui
