#pragma once
// A column that elides most text in one way and some rows in another, by a
// boolean role. The plan's Path column: paths elide in the middle (the top
// folder and the file name stay), a problem row ("name.txt — not written: ...")
// at the end, so its path and the start of its message stay.

#include <QStyledItemDelegate>

namespace fgui {

class ElideRoleDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // Rows whose `role` is true elide with `mode`; the rest as the view says.
    ElideRoleDelegate(int role, Qt::TextElideMode mode, QObject* parent = nullptr);

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_role;
    Qt::TextElideMode m_mode;
};

} // namespace fgui
