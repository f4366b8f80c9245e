#include "models/plan_filter_model.h"

#include "models/plan_model.h"

namespace fgui {

PlanFilterModel::PlanFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {}

void PlanFilterModel::setShow(Show show)
{
    if (show == m_show) return;
    m_show = show;
    invalidateFilter();
}

bool PlanFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_show == Show::All) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const int action = index.data(PlanModel::ActionRole).toInt();
    switch (m_show) {
    case Show::Copies: return action == int(fg::FileAction::Copy);
    case Show::Updates: return action == int(fg::FileAction::Update);
    case Show::Deletions: return action == int(fg::FileAction::Delete);
    case Show::Other:
        return action == int(fg::FileAction::MkDir) || action == int(fg::FileAction::Symlink) ||
               action == int(fg::FileAction::Attrs);
    case Show::Problems: return action < 0;
    case Show::LeftOut: return index.data(PlanModel::LeftOutRole).toBool();
    case Show::All: break;
    }
    return true;
}

} // namespace fgui
