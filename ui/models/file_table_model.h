#pragma once
// One row per file of a job: the plan's files first (in plan order), then any file the
// engine starts that the plan did not list.
//
// Built for 100k rows: rows live in a vector, ids and paths map to rows in O(1),
// and changes only mark a dirty row range; flush() turns it into a single
// dataChanged per tick instead of one signal per event.

#include <floodgate/job.h>

#include <QAbstractTableModel>
#include <QHash>
#include <QString>

#include <array>
#include <string>
#include <unordered_map>
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

    int count(FileState state) const { return m_counts[size_t(state)]; }
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
        fg::FileAction action = fg::FileAction::Copy;
        FileState state = FileState::Queued;
        fg::TransferMethod method = fg::TransferMethod::None;
        const char* methodReason = "";
    };

    int rowForPath(const std::string& path) const;
    int appendRows(size_t count); // begins the insertion; returns the first new row
    void addRow(const std::string& path, uint64_t size, fg::FileAction action, FileState state);
    void setState(int row, FileState state);
    void touch(int row);
    QString stateText(const Row& row) const;

    std::vector<Row> m_rows;
    std::unordered_map<std::string, int> m_rowByPath;
    QHash<uint32_t, int> m_rowById;
    std::array<int, kStateCount> m_counts{};
    std::vector<int> m_activeRows; // a handful: one per transfer stream
    uint32_t m_startSeq = 0;
    int m_dirtyFirst = -1;
    int m_dirtyLast = -1;
    bool m_dryRun = false;
};

} // namespace fgui
