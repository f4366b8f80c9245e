#include "lab/lab_results_model.h"

#include "charts/lab_colors.h"
#include "widgets/format.h"

#include <QBrush>
#include <QFont>

namespace fgui {
namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString seconds(double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); }

QString cpu(const std::optional<double>& v)
{
    return v ? LabResultsModel::tr("%1 s").arg(seconds(*v)) : QStringLiteral("\u2013");
}

} // namespace

LabResultsModel::LabResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void LabResultsModel::setReport(const fg::LabReport& report)
{
    beginResetModel();
    m_report = report;
    // A report read from a file may be short of summaries: as many rows as both have.
    m_report.settings.resize(std::min(m_report.settings.size(), m_report.summaries.size()));
    endResetModel();
}

void LabResultsModel::clear() { setReport({}); }

int LabResultsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_report.settings.size());
}

int LabResultsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

bool LabResultsModel::isBest(int row) const { return m_report.best && *m_report.best == size_t(row); }

QString LabResultsModel::markAt(int row) const
{
    if (row < 0 || row >= rowCount()) return {};
    // Fastest, but its slowest run did not beat the runner-up's fastest: the
    // CLI's word for it too.
    if (isBest(row)) return m_report.significant ? tr("\u2605 best") : tr("fastest");
    return m_report.summaries[size_t(row)].likeBest ? tr("~ same") : QString();
}

QVariant LabResultsModel::display(int row, int column) const
{
    const fg::LabSummary& s = m_report.summaries[size_t(row)];
    const bool measured = s.runs > 0 && s.skipped.empty();
    const QString none = QStringLiteral("\u2013");
    switch (Column(column)) {
    case MarkColumn: return markAt(row);
    case SettingColumn: return qs(m_report.settings[size_t(row)].label);
    case RunsColumn: return s.runs;
    case MedianColumn: return measured ? tr("%1 s").arg(seconds(s.medianSeconds)) : none;
    case SpreadColumn:
        if (!measured) return none;
        // One run (or runs alike to the hundredth): no spread to write as a range.
        if (seconds(s.minSeconds) == seconds(s.maxSeconds)) return tr("%1 s").arg(seconds(s.minSeconds));
        return tr("%1\u2013%2 s").arg(seconds(s.minSeconds), seconds(s.maxSeconds));
    case RateColumn: return measured ? formatRate(s.medianRate) : none;
    case PredictedColumn: return s.predictedRate ? formatRate(*s.predictedRate) : none;
    case WireColumn: return measured ? formatBytes(s.medianWireBytes) : none;
    case CpuHereColumn: return measured ? cpu(s.medianCpuSeconds) : none;
    case CpuThereColumn: return measured ? cpu(s.medianFarCpuSeconds) : none;
    case BottleneckColumn: return qs(s.bottleneck);
    case NoteColumn:
        if (!s.skipped.empty()) return tr("skipped: %1").arg(qs(s.skipped));
        if (s.runs == 0) return tr("no run finished");
        if (s.runs < m_report.runs) return tr("%1 of %2 runs finished").arg(s.runs).arg(m_report.runs);
        return QString();
    case ColumnCount: break;
    }
    return {};
}

QVariant LabResultsModel::sortValue(int row, int column) const
{
    const fg::LabSummary& s = m_report.summaries[size_t(row)];
    const bool measured = s.runs > 0 && s.skipped.empty();
    switch (Column(column)) {
    // The best first, then its like, then the rest.
    case MarkColumn: return isBest(row) ? 0 : s.likeBest ? 1 : 2;
    case RunsColumn: return s.runs;
    // What did not run sorts last among the slow.
    case MedianColumn: return measured ? s.medianSeconds : 1e300;
    case SpreadColumn: return measured ? s.maxSeconds - s.minSeconds : 1e300;
    case RateColumn: return measured ? s.medianRate : -1.0;
    case PredictedColumn: return s.predictedRate ? *s.predictedRate : -1.0;
    case WireColumn: return measured ? double(s.medianWireBytes) : -1.0;
    case CpuHereColumn: return s.medianCpuSeconds ? *s.medianCpuSeconds : -1.0;
    case CpuThereColumn: return s.medianFarCpuSeconds ? *s.medianFarCpuSeconds : -1.0;
    default: return display(row, column);
    }
}

QVariant LabResultsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const int row = index.row();
    const int column = index.column();
    const fg::LabSummary& s = m_report.summaries[size_t(row)];
    switch (role) {
    case Qt::DisplayRole: return display(row, column);
    case SortRole: return sortValue(row, column);
    case Qt::DecorationRole:
        // The swatch that matches the setting's lines in the curves chart.
        if (column == SettingColumn) return labSettingColor(row);
        return {};
    case Qt::ToolTipRole:
        if (column == PredictedColumn && !s.prediction.empty()) return qs(s.prediction);
        if (column == MarkColumn && isBest(row) && !m_report.significant) {
            return tr("The fastest median, but its runs overlap the runner-up's: no measurable difference");
        }
        if (column == MarkColumn && s.likeBest) return tr("Its runs overlap the best's: no measurable difference");
        return display(row, column);
    case Qt::TextAlignmentRole:
        switch (column) {
        case MarkColumn:
        case SettingColumn:
        case BottleneckColumn:
        case NoteColumn: return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        default: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        }
    case Qt::FontRole:
        if (isBest(row)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ForegroundRole:
        if (column == MarkColumn && (isBest(row) || s.likeBest)) return QBrush(labBestColor());
        if (column == NoteColumn && !s.skipped.empty()) return QBrush(QColor(0xef, 0x6c, 0x00));
        return {};
    default: return {};
    }
}

QVariant LabResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case MedianColumn: return tr("The median time of the setting's runs");
        case SpreadColumn: return tr("The fastest and the slowest run");
        case RateColumn: return tr("File bytes a second, at the median");
        case PredictedColumn: return tr("What the probe's measurements predict for this setting");
        case WireColumn: return tr("Bytes on the network, at the median (after compression)");
        case CpuHereColumn: return tr("CPU time of this computer's process");
        case CpuThereColumn: return tr("CPU time of the far end (a daemon's: all its jobs)");
        case BottleneckColumn: return tr("What limited most of the runs");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (Column(section)) {
    case MarkColumn: return QString();
    case SettingColumn: return tr("Setting");
    case RunsColumn: return tr("Runs");
    case MedianColumn: return tr("Median");
    case SpreadColumn: return tr("Fastest\u2013slowest");
    case RateColumn: return tr("Rate");
    case PredictedColumn: return tr("Predicted");
    case WireColumn: return tr("Wire");
    case CpuHereColumn: return tr("CPU here");
    case CpuThereColumn: return tr("CPU there");
    case BottleneckColumn: return tr("Bottleneck");
    case NoteColumn: return tr("Note");
    case ColumnCount: break;
    }
    return {};
}

} // namespace fgui
