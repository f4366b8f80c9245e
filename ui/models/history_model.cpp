#include "models/history_model.h"

#include "widgets/format.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QLocale>

namespace fgui {
namespace {

bool isRightAligned(int column)
{
    return column == HistoryModel::DurationColumn || column == HistoryModel::FilesColumn ||
           column == HistoryModel::DataColumn || column == HistoryModel::RateColumn;
}

} // namespace

HistoryModel::HistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void HistoryModel::setRuns(std::vector<fg::RunRecord> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    endResetModel();
}

const fg::RunRecord* HistoryModel::runAt(int row) const
{
    return row >= 0 && row < int(m_runs.size()) ? &m_runs[size_t(row)] : nullptr;
}

int HistoryModel::rowOf(int64_t id) const
{
    for (size_t i = 0; i < m_runs.size(); ++i)
        if (m_runs[i].id == id) return int(i);
    return -1;
}

QString HistoryModel::resultText(const fg::RunRecord& r)
{
    switch (fg::runOutcome(r)) {
    case fg::RunOutcome::Ok: return tr("OK");
    case fg::RunOutcome::DryRun: return tr("Dry run");
    case fg::RunOutcome::Cancelled: return tr("Cancelled");
    case fg::RunOutcome::Partial: return tr("Partial (exit %1)").arg(r.exitCode);
    case fg::RunOutcome::Failed: break;
    }
    return tr("Failed (exit %1)").arg(r.exitCode);
}

QString HistoryModel::originText(const std::string& origin)
{
    if (origin == "gui") return tr("Window");
    if (origin == "schedule") return tr("Schedule");
    if (origin == "cli") return tr("Command line");
    return QString::fromStdString(origin);
}

int HistoryModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_runs.size()); }

int HistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant HistoryModel::display(const fg::RunRecord& r, int column) const
{
    switch (column) {
    case StartedColumn:
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(r.startedAtMs), QLocale::ShortFormat);
    case JobColumn: return r.job.empty() ? tr("(not saved)") : QString::fromStdString(r.job);
    case ResultColumn: return resultText(r);
    case DurationColumn: return formatDuration(r.seconds);
    case FilesColumn: return formatCount(r.filesTransferred);
    case DataColumn: return formatBytes(r.bytesTransferred);
    case RateColumn:
        return r.seconds > 0 && r.bytesTransferred > 0 ? formatRate(double(r.bytesTransferred) / r.seconds) : QString();
    case LimitedColumn:
        return r.bottleneck.empty() || r.bottleneck == "unknown" ? QString() : QString::fromStdString(r.bottleneck);
    case OriginColumn: return originText(r.origin);
    }
    return {};
}

QVariant HistoryModel::data(const QModelIndex& index, int role) const
{
    const fg::RunRecord* r = index.isValid() ? runAt(index.row()) : nullptr;
    if (!r) return {};
    switch (role) {
    case Qt::DisplayRole: return display(*r, index.column());
    case Qt::ForegroundRole:
        if (index.column() != ResultColumn) return {};
        switch (fg::runOutcome(*r)) {
        case fg::RunOutcome::Failed: return QBrush(QColor(0xc6, 0x28, 0x28));
        case fg::RunOutcome::Partial: return QBrush(QColor(0xef, 0x6c, 0x00));
        default: return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == ResultColumn && !r->fatal.empty()) return QString::fromStdString(r->fatal);
        if (index.column() == JobColumn) return QString::fromStdString(r->source + " \u2192 " + r->destination);
        if (index.column() == LimitedColumn && !r->bottleneckFix.empty())
            return tr("Suggested: %1").arg(QString::fromStdString(r->bottleneckFix));
        return {};
    case Qt::TextAlignmentRole:
        return QVariant((isRightAligned(index.column()) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole)
        return QVariant((isRightAligned(section) ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case StartedColumn: return tr("Started");
    case JobColumn: return tr("Job");
    case ResultColumn: return tr("Result");
    case DurationColumn: return tr("Time");
    case FilesColumn: return tr("Files");
    case DataColumn: return tr("Data");
    case RateColumn: return tr("Rate");
    case LimitedColumn: return tr("Limited by");
    case OriginColumn: return tr("Started from");
    }
    return {};
}

} // namespace fgui
