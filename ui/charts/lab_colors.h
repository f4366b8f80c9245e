#pragma once
// One colour per setting of a Tuning Lab experiment, shared by the curves chart
// and the results table's swatches, so a row and its lines match at a glance.
// The best setting's mark is green everywhere (box, heat-map cell, table row).

#include <QColor>

namespace fgui {

// Tableau 10: ten colours told apart on white, also as thin lines. After ten
// they repeat; the legend and the table name each setting.
QColor labSettingColor(int setting);

// The best setting, and the ones whose runs overlap it ("~ same").
QColor labBestColor();
QColor labLikeBestColor();

} // namespace fgui
