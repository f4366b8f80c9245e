#pragma once
// Paints a slim progress bar in a table cell from a fraction role (0..1; negative
// means "no bar"), with the cell's text on top. Cheaper than a QProgressBar per row
// and fine for 100k rows: only visible cells are painted.

#include <QStyledItemDelegate>

namespace fgui {

class ProgressDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    ProgressDelegate(int fractionRole, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_role;
};

} // namespace fgui
