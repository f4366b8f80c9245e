#pragma once
// Which rows of a preview the table shows: all, or one kind of action, the
// problems, or what is left out of the run. A thousand copies must not bury
// the three deletions a user wants to check.

#include <QSortFilterProxyModel>

namespace fgui {

class PlanFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Show { All, Copies, Updates, Deletions, Other, Problems, LeftOut };

    explicit PlanFilterModel(QObject* parent = nullptr);
    void setShow(Show show);
    Show show() const { return m_show; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    Show m_show = Show::All;
};

} // namespace fgui
