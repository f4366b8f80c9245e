#include "charts/layer_colors.h"

#include <QHash>

namespace fgui {

QColor layerColor(const QString& layer)
{
    static const QHash<QString, QColor> kColors = {
        {QStringLiteral("network-congestion"), QColor(0x15, 0x65, 0xc0)},
        {QStringLiteral("network-loss"), QColor(0x42, 0x8b, 0xe5)},
        {QStringLiteral("receive-window"), QColor(0x00, 0x83, 0x8f)},
        {QStringLiteral("send-buffer"), QColor(0x26, 0xa6, 0x9a)},
        {QStringLiteral("round-trips"), QColor(0x90, 0xca, 0xf9)},
        {QStringLiteral("network-stack"), QColor(0x5c, 0x6b, 0xc0)},
        {QStringLiteral("compression"), QColor(0xef, 0x6c, 0x00)},
        {QStringLiteral("decompression"), QColor(0xff, 0xa7, 0x26)},
        {QStringLiteral("encryption"), QColor(0xd8, 0x43, 0x15)},
        {QStringLiteral("decryption"), QColor(0xff, 0x70, 0x43)},
        {QStringLiteral("hashing"), QColor(0xf9, 0xa8, 0x25)},
        {QStringLiteral("delta-match"), QColor(0xc6, 0x28, 0x28)},
        {QStringLiteral("remote-cpu"), QColor(0x8d, 0x6e, 0x63)},
        {QStringLiteral("source-read"), QColor(0x2e, 0x7d, 0x32)},
        {QStringLiteral("destination-write"), QColor(0x66, 0xbb, 0x6a)},
        {QStringLiteral("per-file-overhead"), QColor(0x8e, 0x24, 0xaa)},
        {QStringLiteral("bandwidth-limit"), QColor(0x75, 0x75, 0x75)},
    };
    return kColors.value(layer, QColor(0xe0, 0xe0, 0xe0));
}

} // namespace fgui
