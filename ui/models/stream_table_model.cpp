#include "models/stream_table_model.h"

#include "charts/stream_colors.h"
#include "widgets/format.h"

#include <QLocale>

#include <algorithm>

namespace fgui {

QString formatRtt(uint32_t us)
{
    const double ms = double(us) / 1000.0;
    const QLocale locale;
    const int decimals = ms < 1 ? 2 : ms < 10 ? 1 : 0;
    return locale.toString(ms, 'f', decimals) + QStringLiteral(" ms");
}

StreamTableModel::StreamTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void StreamTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_lastSeconds = 0;
    m_finished = false;
    endResetModel();
}

void StreamTableModel::applySnapshot(double seconds, const std::vector<fg::StreamSnapshot>& streams)
{
    for (const fg::StreamSnapshot& s : streams) {
        auto it = std::lower_bound(m_rows.begin(), m_rows.end(), s.index,
                                   [](const Row& row, uint32_t index) { return row.stream.index < index; });
        if (it == m_rows.end() || it->stream.index != s.index) {
            const int at = int(it - m_rows.begin());
            beginInsertRows({}, at, at);
            Row row;
            // Not in the last snapshot, so its counter read 0 then: its first rate
            // is its first bytes over that one interval.
            row.meter.resetAt(m_lastSeconds, 0);
            it = m_rows.insert(it, std::move(row));
            endInsertRows();
        }
        auto grown = [](uint64_t now, uint64_t before) { return now >= before ? now - before : 0; };
        it->busyUs = grown(s.busyUs, it->stream.busyUs);
        it->rwndUs = grown(s.rwndLimitedUs, it->stream.rwndLimitedUs);
        it->sndbufUs = grown(s.sndbufLimitedUs, it->stream.sndbufLimitedUs);
        it->stream = s;
        it->meter.add(seconds, s.bytesSent + s.bytesReceived);
    }
    m_lastSeconds = seconds;
    if (!m_rows.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void StreamTableModel::finish()
{
    m_finished = true;
    if (!m_rows.empty()) Q_EMIT dataChanged(index(0, RateColumn), index(rowCount() - 1, RateColumn));
}

QString StreamTableModel::limitedBy(const Row& row)
{
    // A stall of this share of its sending time is what holds it (the
    // diagnosis's own threshold, docs/DIAGNOSIS.md).
    constexpr double kLimited = 0.3;
    if (row.busyUs == 0) return QStringLiteral("\u2013");
    const double rwnd = double(row.rwndUs) / double(row.busyUs);
    const double sndbuf = double(row.sndbufUs) / double(row.busyUs);
    const auto pct = [](double v) { return QStringLiteral("%1 %").arg(qRound(100 * std::min(v, 1.0))); };
    if (rwnd >= kLimited && rwnd >= sndbuf) return tr("receiver's window %1").arg(pct(rwnd));
    if (sndbuf >= kLimited) return tr("send buffer %1").arg(pct(sndbuf));
    return tr("congestion window");
}

int StreamTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StreamTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant StreamTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = m_rows[size_t(index.row())];
    const fg::StreamSnapshot& s = row.stream;
    const auto column = Column(index.column());
    if (role == Qt::DisplayRole) {
        switch (column) {
        case StreamColumn: return tr("stream %1").arg(s.index + 1);
        case RateColumn:
            if (m_finished || !row.meter.hasRate()) return QStringLiteral("\u2013");
            return formatRate(row.meter.smoothed());
        case BytesColumn: return formatBytes(s.bytesSent + s.bytesReceived);
        // No TCP_INFO (another OS, or a connection without a socket): a dash, not "0 ms".
        case RttColumn: return s.rttUs ? formatRtt(s.rttUs) : QStringLiteral("\u2013");
        case CwndColumn: return s.cwndSegments ? formatCount(s.cwndSegments) : QStringLiteral("\u2013");
        case DeliveryColumn: return s.deliveryRate ? formatRate(double(s.deliveryRate)) : QStringLiteral("\u2013");
        case RetransmitsColumn: return formatCount(s.retransmits);
        case CongestionColumn: return s.congestion.empty() ? QStringLiteral("\u2013") : QString::fromStdString(s.congestion);
        case LimitedByColumn: return m_finished ? QStringLiteral("\u2013") : limitedBy(row);
        case ColumnCount: break;
        }
    } else if (role == Qt::DecorationRole && column == StreamColumn) {
        return streamColor(s.index); // the colour of its line on the chart
    } else if (role == Qt::TextAlignmentRole) {
        const bool numeric = column != StreamColumn && column != CongestionColumn && column != LimitedByColumn;
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && column == BytesColumn) {
        return tr("%1 sent, %2 received").arg(formatBytes(s.bytesSent), formatBytes(s.bytesReceived));
    } else if (role == Qt::ToolTipRole && s.senderView
               && (column == LimitedByColumn || column == CwndColumn || column == DeliveryColumn)) {
        return tr("The far end sends on this connection: these are its kernel's figures, from its reports.");
    } else if (role == Qt::ToolTipRole && column == RttColumn && s.minRttUs) {
        return tr("now %1, the least seen %2").arg(formatRtt(s.rttUs), formatRtt(s.minRttUs));
    }
    return {};
}

QVariant StreamTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    const auto column = Column(section);
    if (role == Qt::DisplayRole) {
        switch (column) {
        case StreamColumn: return tr("Stream");
        case RateColumn: return tr("Rate");
        case BytesColumn: return tr("Bytes");
        case RttColumn: return tr("RTT");
        case CwndColumn: return tr("cwnd");
        case DeliveryColumn: return tr("Delivery rate");
        case RetransmitsColumn: return tr("Retransmits");
        case CongestionColumn: return tr("Congestion");
        case LimitedByColumn: return tr("Limited by");
        case ColumnCount: break;
        }
    } else if (role == Qt::ToolTipRole) {
        switch (column) {
        case StreamColumn: return tr("One data connection; the colour is its line on the chart");
        case RateColumn: return tr("Bytes on this connection per second, both directions, framing included");
        case BytesColumn: return tr("Sent and received on this connection so far");
        case RttColumn: return tr("Round-trip time the kernel measures on this connection");
        case CwndColumn: return tr("Congestion window: packets the sender may have in flight before an answer");
        case DeliveryColumn: return tr("The kernel's estimate of what this connection delivers");
        case RetransmitsColumn: return tr("Packets sent again: loss on the path, or a queue that overflowed");
        case CongestionColumn: return tr("The TCP congestion control this connection uses");
        case LimitedByColumn:
            return tr("What held what this end sends on it over the last moment, from the kernel: the receiver's "
                      "window, our send buffer, or the congestion window (the path itself)");
        case ColumnCount: break;
        }
    } else if (role == Qt::TextAlignmentRole) {
        const bool numeric = column != StreamColumn && column != CongestionColumn && column != LimitedByColumn;
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    return {};
}

} // namespace fgui
