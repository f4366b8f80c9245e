#pragma once
// One colour per data connection, shared by the chart's stream lines and the
// Streams tab's swatches so a row and its line can be matched at a glance.

#include <QColor>

#include <cstdint>

namespace fgui {

// Distinct on white and from the chart's blue total line; after eight the colours
// repeat (auto never opens more than eight; a fixed 9-32 is rare and the Streams
// tab names each row).
QColor streamColor(uint32_t streamIndex);

} // namespace fgui
