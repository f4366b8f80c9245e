#pragma once
// What a job will do, from event::Planned, as a comparison of the two sides:
// each row a path, its size and time on the source, the action between them,
// and its size and time on the destination (deletions in red). Each row has a
// check box: cleared, the item is left out of the next run (exclusionRules(),
// which the window adds to that run's filters; a folder takes what is under
// it along). Also keeps the totals the Preview tab's headline and the Run
// confirmation need.
// A preview's per-file errors (two names that are one on the destination, a
// folder that cannot be read) are rows too, in red with their message: what a run
// would not write belongs with what it would.

#include <floodgate/job.h>
#include <floodgate/options.h>

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>

#include <array>
#include <vector>

namespace fgui {

class PlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        PathColumn,
        SourceSizeColumn,
        SourceTimeColumn,
        ActionColumn,
        DestinationSizeColumn,
        DestinationTimeColumn,
        ColumnCount
    };
    // True on a problem row (addProblems()), for a view that shows them differently.
    static constexpr int ProblemRole = Qt::UserRole + 1;
    // The row's fg::FileAction as an int; -1 on a problem row (for filters).
    static constexpr int ActionRole = Qt::UserRole + 2;
    // True on a row left out of the next run.
    static constexpr int LeftOutRole = Qt::UserRole + 3;

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
    // A plan of more items than this (ten million files) keeps rows for the
    // first ones only and counts the rest: each row holds its paths twice,
    // some 300 bytes. Deletions have a budget of their own, so that a plan
    // whose copies fill the table still shows what it would delete.
    static constexpr int kMaxRows = 200000;
    // Items counted but not shown (the summary says so).
    int notShown() const { return m_notShown; }
    int collisionCount() const { return m_collisions; }
    int nameProblemCount() const { return m_collisions + m_unholdable; }
    // Whether `row` is a problem row (one from addProblems()).
    bool isProblem(int row) const;
    // "120 to copy (1.2 GB) · 8 to update (40 MB) · 3 to delete · 2 problems", or
    // "Nothing to do".
    QString summary() const;

    // Whether rows can be left out: a preview's table, not a run's own plan.
    void setCheckable(bool checkable);
    // Whether `row` can be left out: not a problem, not the transfer's own
    // top, not under a folder left out (the folder decides for it).
    bool canLeaveOut(int row) const;
    // Leaves a row (and, for a folder, what is under it) out of the next run,
    // or puts it back. A deletion inside a folder to be deleted takes that
    // folder along: the folder cannot go while something in it stays.
    bool setLeftOut(int row, bool leftOut);
    int leftOutCount() const { return m_leftOut; }
    // Deletions that a run would still make (those not left out).
    int deletionsKept() const;
    // The rules that leave the cleared rows out of a run, for each row whose
    // folder is not left out already: a protect rule for its name on the
    // destination (never deleted, also with --delete-excluded), and for what
    // the source has, an exclude rule for the sender's name (not written).
    std::vector<fg::FilterSpec> exclusionRules() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Item {
        QString path;
        std::string destinationName; // the path's bytes as the destination has them
        std::string sourceName;      // the sender's name for it
        bool root = false;           // the transfer's own top
        uint64_t size = 0;
        int64_t mtimeNs = 0;
        bool destinationExists = false;
        uint64_t destinationSize = 0;
        int64_t destinationMtimeNs = 0;
        fg::FileAction action = fg::FileAction::Copy;
        bool isDir = false;
        bool leftOut = false;
        // A problem row: the error, and no action.
        bool problem = false;
        fg::Errc code = fg::Errc::Ok;
        QString message;
    };
    static QVariant problemData(const Item& item, int column, int role);
    static QVariant displayOf(const Item& item, int column);
    static constexpr size_t kActionCount = size_t(fg::FileAction::Delete) + 1;

    std::vector<Item> m_items;
    std::array<int, kActionCount> m_counts{};
    std::array<uint64_t, kActionCount> m_bytes{};
    // The folder rows left out, each ending in '/': rows under them follow them.
    bool underLeftOutFolder(const QString& path) const;

    int m_problems = 0;
    int m_notShown = 0;
    int m_deletionRows = 0;
    int m_leftOut = 0;
    // Deletion rows left out: deletionsKept() is asked after every batch of a
    // plan, and counting them anew walked every row each time.
    int m_deletionsLeftOut = 0;
    bool m_checkable = true;
    QStringList m_leftOutFolders;
    int m_collisions = 0;
    int m_unholdable = 0;
};

} // namespace fgui
