#pragma once
// One row per file of a job: the plan's files first (in plan order), then any file the
// engine starts that the plan did not list.
//
// Built for 100k rows: rows live in a deque, ids and paths map to rows in O(1),
// and changes only mark a dirty row range; flush() turns it into a single
// dataChanged per tick instead of one signal per event.
//
// A job of more files than kMaxRows (ten million tiny files) is not listed
// file by file, which would take gigabytes: the table then becomes a window
// that rolls on. The plan's files past the first kMaxRows are counted, not
// listed; a file that starts gets a row at the bottom; once there are more
// than kMaxRows rows, the oldest ones go from the top, a block at a time (a
// file still active among them moves to the bottom). Counts stay whole
// (count() includes the files without a row), failures are in the log.

#include <floodgate/job.h>

#include <QAbstractTableModel>
#include <QHash>
#include <QString>

#include <array>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fgui {

class FileTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Method: whole or delta for a transferred file (why, in the tooltip).
    enum Column { NameColumn, SizeColumn, StateColumn, MethodColumn, ProgressColumn, ColumnCount };

    enum class FileState : uint8_t {
        Planned, // a non-transfer action (delete, attrs, symlink), or any action in a dry run
        Queued,  // waiting to be transferred
        Active,  // being transferred
        Done,    // transferred (or its planned action carried out)
        Failed,  // the engine reported an error for it
        Stopped, // was active when the job was cancelled or failed
        Skipped, // still queued when the job was cancelled or failed
    };
    static constexpr int kStateCount = 7;
    // Rows kept at most (about 40 MB of them); past it the table rolls.
    static constexpr int kMaxRows = 100000;

    // The fraction done, 0..1, or -1 where a progress bar makes no sense.
    static constexpr int ProgressRole = Qt::UserRole + 1;
    // The FileState, as an int.
    static constexpr int StateRole = Qt::UserRole + 2;

    explicit FileTableModel(QObject* parent = nullptr);

    void clear();
    // In a dry run nothing will happen to the rows: they show their planned action.
    void setDryRun(bool dryRun) { m_dryRun = dryRun; }

    void addPlanned(const std::vector<fg::PlanItem>& items);
    void markStarted(const std::vector<fg::event::FileStarted>& files);
    void markFinished(const std::vector<fg::event::FileFinished>& files);
    void markFailed(const std::vector<fg::event::FileFailed>& files);
    // Bytes done of the files in flight, from a metrics snapshot.
    void applyActive(const std::vector<fg::ActiveFile>& active);
    // Settles what the end of the job means for rows still waiting.
    void finishJob(fg::JobState state);
    // Emits the one dataChanged covering every row changed since the last flush.
    void flush();

    // Files in a state, with or without a row.
    int count(FileState state) const { return m_counts[size_t(state)] + m_offRows[size_t(state)]; }
    // Every file of the job, with or without a row.
    int totalFiles() const;
    // Whether the job has more files than rows: the table is a rolling window.
    bool rolling() const { return m_rolling; }
    FileState stateAt(int row) const { return m_rows[size_t(row)].state; }
    // The active row that started last, or -1: the one a "follow" view shows.
    int lastActiveRow() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        QString error;
        uint64_t size = 0;
        uint64_t done = 0;
        uint32_t startSeq = 0; // order of FileStarted, 0 = not started
        uint32_t id = kNoId;   // the engine's file id, once it started
        fg::FileAction action = fg::FileAction::Copy;
        FileState state = FileState::Queued;
        fg::TransferMethod method = fg::TransferMethod::None;
        const char* methodReason = "";
        uint64_t pathKey = 0; // its key in m_rowByPath
        // Started in a rolling table without a row: it took its count from
        // the queued files without one, which is right unless its plan
        // comes later (planArrived gives the count back).
        bool tookQueuedCount = false;
    };

    static constexpr uint32_t kNoId = UINT32_MAX;
    static uint64_t pathKeyOf(std::string_view path);
    int rowForPath(const std::string& path) const;
    int rowForId(uint32_t id) const;
    void mapId(uint32_t id, int row);
    int appendRows(size_t count); // begins the insertion; returns the first new row
    void addRow(const std::string& path, uint64_t size, fg::FileAction action, FileState state);
    // A rolling table's file without a row (its plan row was never made,
    // or has gone) changes state: only the counts know it.
    void moveOffRow(FileState from, FileState to);
    // The plan names a file that has a row already.
    void planArrived(int row);
    // A rolling table over kMaxRows: the oldest block of rows goes.
    void rollOn();
    void setState(int row, FileState state);
    void touch(int row);
    QString stateText(const Row& row) const;

    std::deque<Row> m_rows;
    // Rows by path and by id, as positions since the table began: a row's
    // index is its position less m_base, the rows that went from the top.
    // By a hash of the path, checked against the row's name when found: a
    // job of millions looks up every file's path several times, mostly to
    // find it has no row, and keys of whole paths cost a copy and an
    // allocation a row and a cache miss a lookup.
    std::unordered_map<uint64_t, uint64_t> m_rowByPath;
    QHash<uint32_t, uint64_t> m_rowById;
    uint64_t m_base = 0;
    std::array<int, kStateCount> m_counts{};
    std::array<int, kStateCount> m_offRows{}; // files without a row, by state
    bool m_rolling = false;
    // Positions of the active rows: as many as the engine has files out
    // (thousands of small ones in flight at once).
    std::unordered_set<uint64_t> m_activePositions;
    uint32_t m_startSeq = 0;
    int m_dirtyFirst = -1;
    int m_dirtyLast = -1;
    bool m_dryRun = false;
};

} // namespace fgui
