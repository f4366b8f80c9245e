#pragma once
// What a job will do, from event::Planned: one row per action, deletions in red.
// Also keeps the totals the Preview tab's headline and the Run confirmation need.
// A preview's per-file errors (two names that are one on the destination, a
// folder that cannot be read) are rows too, in red with their message: what a run
// would not write belongs with what it would.

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
    // True on a problem row (addProblems()), for a view that shows them differently.
    static constexpr int ProblemRole = Qt::UserRole + 1;

    explicit PlanModel(QObject* parent = nullptr);

    void clear();
    void addItems(const std::vector<fg::PlanItem>& items);
    // One row per error that names a path (fg::JobResult::errors of a dry run);
    // errors without a path are the job's, not a file's, and are left out.
    void addProblems(const std::vector<fg::FileError>& errors);

    int count(fg::FileAction action) const { return m_counts[size_t(action)]; }
    uint64_t bytes(fg::FileAction action) const { return m_bytes[size_t(action)]; }
    bool hasDeletions() const { return count(fg::FileAction::Delete) > 0; }
    // Rows added by addProblems(); how many of them are name collisions, and
    // how many are names the destination cannot hold (or collisions).
    int problemCount() const { return m_problems; }
    int collisionCount() const { return m_collisions; }
    int nameProblemCount() const { return m_collisions + m_unholdable; }
    // Whether `row` is a problem row (one from addProblems()).
    bool isProblem(int row) const;
    // "120 to copy (1.2 GB) · 8 to update (40 MB) · 3 to delete · 2 problems", or
    // "Nothing to do".
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
        // A problem row: the error, and no action.
        bool problem = false;
        fg::Errc code = fg::Errc::Ok;
        QString message;
    };
    static QVariant problemData(const Item& item, int column, int role);
    static constexpr size_t kActionCount = size_t(fg::FileAction::Delete) + 1;

    std::vector<Item> m_items;
    std::array<int, kActionCount> m_counts{};
    std::array<uint64_t, kActionCount> m_bytes{};
    int m_problems = 0;
    int m_collisions = 0;
    int m_unholdable = 0;
};

} // namespace fgui
