#include "widgets/progress_delegate.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace fgui {

ProgressDelegate::ProgressDelegate(int fractionRole, QObject* parent)
    : QStyledItemDelegate(parent), m_role(fractionRole)
{
}

void ProgressDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QVariant value = index.data(m_role);
    const double fraction = value.isValid() ? value.toDouble() : -1.0;
    if (fraction < 0) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }

    // Background and selection as the style draws them, without the text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QRect cell = option.rect.adjusted(6, 0, -6, 0);
    const int barHeight = std::min(14, cell.height() - 8);
    const QRectF bar(cell.left(), cell.center().y() - barHeight / 2.0 + 0.5, cell.width(), barHeight);
    const bool complete = fraction >= 1.0;

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, 18));
    painter->drawRoundedRect(bar, 3, 3);
    if (fraction > 0) {
        QRectF filled = bar;
        filled.setWidth(std::max(2.0, bar.width() * std::min(fraction, 1.0)));
        painter->setBrush(complete ? QColor(0x66, 0xbb, 0x6a) : QColor(0x42, 0x9b, 0xe8));
        painter->drawRoundedRect(filled, 3, 3);
    }
    QFont small = opt.font;
    small.setPointSizeF(small.pointSizeF() * 0.85);
    painter->setFont(small);
    painter->setPen(option.palette.color(QPalette::Text));
    painter->drawText(bar, Qt::AlignCenter, text);
    painter->restore();
}

} // namespace fgui
