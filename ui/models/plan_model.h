#pragma once
// What a job will do, from event::Planned: one row per action, deletions in red.
// Also keeps the totals the Preview tab's headline and the Run confirmation need.

#include <floodgate/job.h>

#include <QAbstractTableModel>
#include <QString>

#include <array>
#include <vector>

namespace fgui {

class PlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ActionColumn, PathColumn, SizeColumn, ColumnCount };

    explicit PlanModel(QObject* parent = nullptr);

    void clear();
    void addItems(const std::vector<fg::PlanItem>& items);

    int count(fg::FileAction action) const { return m_counts[size_t(action)]; }
    uint64_t bytes(fg::FileAction action) const { return m_bytes[size_t(action)]; }
    bool hasDeletions() const { return count(fg::FileAction::Delete) > 0; }
    // "120 to copy (1.2 GB) · 8 to update (40 MB) · 3 to delete", or "Nothing to do".
    QString summary() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Item {
        QString path;
        uint64_t size = 0;
        fg::FileAction action = fg::FileAction::Copy;
        bool isDir = false;
    };
    static constexpr size_t kActionCount = size_t(fg::FileAction::Delete) + 1;

    std::vector<Item> m_items;
    std::array<int, kActionCount> m_counts{};
    std::array<uint64_t, kActionCount> m_bytes{};
};

} // namespace fgui
