#include "widgets/elide_role_delegate.h"

namespace fgui {

ElideRoleDelegate::ElideRoleDelegate(int role, Qt::TextElideMode mode, QObject* parent)
    : QStyledItemDelegate(parent), m_role(role), m_mode(mode)
{
}

void ElideRoleDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(m_role).toBool()) option->textElideMode = m_mode;
}

} // namespace fgui
