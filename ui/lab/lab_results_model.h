#pragma once
// The Tuning Lab's table: one row a setting, with its median and spread of
// times, rates measured and predicted, wire bytes, CPU on both ends and the
// bottleneck its runs had; the best marked, those within its spread "~ same"
// (their difference is not measurable), and why a setting was skipped.

#include <floodgate/lab.h>

#include <QAbstractTableModel>

namespace fgui {

class LabResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        MarkColumn,
        SettingColumn,
        RunsColumn,
        MedianColumn,
        SpreadColumn, // fastest-slowest
        RateColumn,
        PredictedColumn,
        WireColumn,
        CpuHereColumn,
        CpuThereColumn,
        BottleneckColumn,
        NoteColumn, // skipped: why; no run finished
        ColumnCount
    };
    // The number behind a cell, for sorting by it (a rate, not its text).
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit LabResultsModel(QObject* parent = nullptr);

    void setReport(const fg::LabReport& report);
    void clear();

    // "best", "fastest" (best, but within the runs' spread), "~ same" or "".
    QString markAt(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant display(int row, int column) const;
    QVariant sortValue(int row, int column) const;
    bool isBest(int row) const;

    fg::LabReport m_report;
};

} // namespace fgui
