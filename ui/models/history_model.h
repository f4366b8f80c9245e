#pragma once
// The recorded runs as a table, newest first: when, which job, how it ended,
// how long, how much, how fast, what limited it, and who started it. A row
// that failed is red, a partial one amber; the tooltip of the result holds
// the error that stopped it.

#include <floodgate/history.h>

#include <QAbstractTableModel>
#include <QString>

#include <vector>

namespace fgui {

class HistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StartedColumn,
        JobColumn,
        ResultColumn,
        DurationColumn,
        FilesColumn,
        DataColumn,
        RateColumn,
        LimitedColumn,
        OriginColumn,
        ColumnCount
    };

    explicit HistoryModel(QObject* parent = nullptr);

    void setRuns(std::vector<fg::RunRecord> runs);
    const std::vector<fg::RunRecord>& runs() const { return m_runs; }
    // The run on `row`, or null.
    const fg::RunRecord* runAt(int row) const;
    // The row of run `id`, or -1.
    int rowOf(int64_t id) const;

    // "OK", "Dry run", "Partial (exit 23)", "Failed (exit 10)", "Cancelled".
    static QString resultText(const fg::RunRecord& run);
    // "By hand", "Window", "Schedule".
    static QString originText(const std::string& origin);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const fg::RunRecord& run, int column) const;

    std::vector<fg::RunRecord> m_runs;
};

} // namespace fgui
