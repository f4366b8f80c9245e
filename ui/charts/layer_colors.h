#pragma once
// One colour per bottleneck layer (docs/DIAGNOSIS.md), by family, so the strip
// under the chart reads at a glance: the network in blues, the CPU's work in
// oranges, the disks in greens, per-file work in purple, the user's own limit
// in grey; "unknown" is left pale.

#include <QColor>
#include <QString>

namespace fgui {

QColor layerColor(const QString& layer);

} // namespace fgui
