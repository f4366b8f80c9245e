#pragma once
// The data connections of a daemon job, one row each, from the metrics snapshot:
// the rate now (from byte deltas between snapshots), the bytes, and what the
// kernel's TCP_INFO says (RTT, cwnd, delivery rate, retransmits, congestion
// control). Streams that open mid-job (auto adds them) become new rows. Also the
// source of the per-stream rates the chart draws, so the two always agree.

#include "models/rate_meter.h"

#include <floodgate/metrics.h>

#include <QAbstractTableModel>

#include <vector>

namespace fgui {

class StreamTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        StreamColumn,
        RateColumn,
        BytesColumn,
        RttColumn,
        CwndColumn,
        DeliveryColumn,
        RetransmitsColumn,
        CongestionColumn,
        LimitedByColumn,
        ColumnCount
    };

    // 1 s: lighter than the total's 3 s, so a stream that stalls shows within a
    // second or two, yet a 4 MiB write landing in one 250 ms tick does not spike.
    static constexpr double kSmoothingSeconds = 1.0;

    explicit StreamTableModel(QObject* parent = nullptr);

    void clear();
    // One snapshot's streams at `seconds` since the job started.
    void applySnapshot(double seconds, const std::vector<fg::StreamSnapshot>& streams);
    // The job ended: the rows keep their totals, the rate column goes blank.
    void finish();

    // The smoothed rate of a row's stream, bytes/s (wire bytes, both directions).
    double rate(int row) const { return m_rows[size_t(row)].meter.smoothed(); }
    uint32_t streamIndex(int row) const { return m_rows[size_t(row)].stream.index; }
    // Whether a row's rate has a value yet (a stream needs two snapshots for one).
    bool hasRate(int row) const { return m_rows[size_t(row)].meter.hasRate(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        fg::StreamSnapshot stream;
        RateMeter meter{kSmoothingSeconds};
        // What held it over the last interval: the chronographs' differences.
        uint64_t busyUs = 0;
        uint64_t rwndUs = 0;
        uint64_t sndbufUs = 0;
    };
    // "receiver's window 70 %", "send buffer 40 %", "congestion window", or a
    // dash while it sends nothing (or this end only receives on it).
    static QString limitedBy(const Row& row);

    std::vector<Row> m_rows; // by stream index
    double m_lastSeconds = 0; // the snapshot before this one
    bool m_finished = false;
};

// "0.05 ms", "1.4 ms", "141 ms": RTTs span loopback to satellite.
QString formatRtt(uint32_t microseconds);

} // namespace fgui
