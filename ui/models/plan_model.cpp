#include "models/plan_model.h"

#include "widgets/format.h"

#include <QBrush>
#include <QColor>
#include <QDateTime>
#include <QLocale>
#include <QFont>
#include <QStringList>

namespace fgui {

PlanModel::PlanModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlanModel::clear()
{
    beginResetModel();
    m_items.clear();
    m_counts.fill(0);
    m_bytes.fill(0);
    m_problems = 0;
    m_leftOut = 0;
    m_deletionsLeftOut = 0;
    m_leftOutFolders.clear();
    m_collisions = 0;
    m_unholdable = 0;
    m_notShown = 0;
    m_deletionRows = 0;
    endResetModel();
}

void PlanModel::addItems(const std::vector<fg::PlanItem>& items)
{
    if (items.empty()) return;
    // Every item counts; rows up to the budgets (kMaxRows for deletions and
    // for the rest apart).
    std::vector<const fg::PlanItem*> shown;
    int otherRows = int(m_items.size()) - m_deletionRows - m_problems;
    for (const auto& item : items) {
        ++m_counts[size_t(item.action)];
        m_bytes[size_t(item.action)] += item.isDir ? 0 : item.size;
        int& rows = item.action == fg::FileAction::Delete ? m_deletionRows : otherRows;
        if (rows >= kMaxRows) {
            ++m_notShown;
            continue;
        }
        ++rows;
        shown.push_back(&item);
    }
    if (shown.empty()) return;
    const int first = int(m_items.size());
    beginInsertRows({}, first, first + int(shown.size()) - 1);
    for (const fg::PlanItem* p : shown) {
        const fg::PlanItem& item = *p;
        Item row;
        row.path = QString::fromStdString(item.path);
        if (item.isDir) row.path += QLatin1Char('/');
        row.destinationName = item.path;
        row.sourceName = item.sourcePath.empty() ? item.path : item.sourcePath;
        row.root = item.isTransferRoot;
        row.size = item.size;
        row.mtimeNs = item.mtimeNs;
        row.destinationExists = item.destinationExists;
        row.destinationSize = item.destinationSize;
        row.destinationMtimeNs = item.destinationMtimeNs;
        row.action = item.action;
        row.isDir = item.isDir;
        m_items.push_back(std::move(row));
    }
    endInsertRows();
}

void PlanModel::addProblems(const std::vector<fg::FileError>& errors)
{
    std::vector<Item> rows;
    for (const auto& e : errors) {
        if (e.path.empty()) continue;
        Item item;
        item.path = QString::fromStdString(e.path);
        item.problem = true;
        item.code = e.error.code;
        item.message = QString::fromStdString(e.error.message);
        rows.push_back(std::move(item));
    }
    if (rows.empty()) return;
    // First, above the plan: a preview of 10,000 files must not hide them at its end.
    const int first = m_problems;
    beginInsertRows({}, first, first + int(rows.size()) - 1);
    for (const auto& item : rows) {
        ++m_problems;
        if (item.code == fg::Errc::NameCollision) ++m_collisions;
        if (item.code == fg::Errc::UnholdableName) ++m_unholdable;
    }
    m_items.insert(m_items.begin() + first, std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
    endInsertRows();
}

bool PlanModel::isProblem(int row) const
{
    return row >= 0 && row < int(m_items.size()) && m_items[size_t(row)].problem;
}

QString PlanModel::summary() const
{
    QStringList parts;
    auto add = [&](fg::FileAction action, const QString& what, bool withBytes) {
        const int n = count(action);
        if (n == 0) return;
        QString part = what.arg(formatCount(uint64_t(n)));
        if (withBytes && bytes(action) > 0) part += QStringLiteral(" (%1)").arg(formatBytes(bytes(action)));
        parts << part;
    };
    add(fg::FileAction::Copy, tr("%1 to copy"), true);
    add(fg::FileAction::Update, tr("%1 to update"), true);
    const bool oneFolder = count(fg::FileAction::MkDir) == 1;
    add(fg::FileAction::MkDir, oneFolder ? tr("%1 folder to create") : tr("%1 folders to create"), false);
    add(fg::FileAction::Symlink, count(fg::FileAction::Symlink) == 1 ? tr("%1 link") : tr("%1 links"), false);
    add(fg::FileAction::Attrs, tr("%1 attribute fixes"), false);
    add(fg::FileAction::Delete, tr("%1 to delete"), false);
    if (m_problems > 0) {
        parts << (m_problems == 1 ? tr("1 problem") : tr("%1 problems").arg(formatCount(uint64_t(m_problems))));
    }
    if (m_leftOut > 0) parts << tr("%n left out of the run", nullptr, m_leftOut);
    if (m_notShown > 0)
        parts << tr("%1 not listed here (too many to show; `floodgate sync -n` lists them all)")
                     .arg(formatCount(uint64_t(m_notShown)));
    if (parts.isEmpty()) return tr("Nothing to do: the destination is up to date");
    return parts.join(QStringLiteral(" \u00b7 "));
}

int PlanModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int PlanModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanModel::displayOf(const Item& item, int column)
{
    const bool deletion = item.action == fg::FileAction::Delete;
    auto when = [](int64_t ns) {
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ns / 1000000), QLocale::ShortFormat);
    };
    switch (column) {
    case ActionColumn:
        switch (item.action) {
        case fg::FileAction::Copy: return tr("copy");
        case fg::FileAction::Update: return tr("update");
        case fg::FileAction::Unchanged: return tr("unchanged");
        case fg::FileAction::Attrs: return tr("attributes");
        case fg::FileAction::MkDir: return tr("create folder");
        case fg::FileAction::Symlink: return tr("link");
        case fg::FileAction::Delete: return tr("delete");
        }
        return {};
    case PathColumn: return item.path;
    case SourceSizeColumn: return item.isDir || deletion ? QVariant() : QVariant(formatBytes(item.size));
    case SourceTimeColumn: return deletion || item.mtimeNs == 0 ? QVariant() : QVariant(when(item.mtimeNs));
    case DestinationSizeColumn:
        return item.isDir || !item.destinationExists ? QVariant() : QVariant(formatBytes(item.destinationSize));
    case DestinationTimeColumn:
        return !item.destinationExists || item.destinationMtimeNs == 0 ? QVariant() : QVariant(when(item.destinationMtimeNs));
    }
    return {};
}

QVariant PlanModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_items.size())) return {};
    const Item& item = m_items[size_t(index.row())];
    if (role == ProblemRole) return item.problem;
    if (role == ActionRole) return item.problem ? -1 : int(item.action);
    if (role == LeftOutRole) return item.leftOut;
    if (item.problem) return problemData(item, index.column(), role);
    const bool deletion = item.action == fg::FileAction::Delete;
    switch (role) {
    case Qt::DisplayRole: return displayOf(item, index.column());
    case Qt::CheckStateRole:
        if (index.column() == PathColumn && m_checkable) return item.leftOut ? Qt::Unchecked : Qt::Checked;
        return {};
    case Qt::ForegroundRole:
        if (item.leftOut) return QBrush(QColor(0x9e, 0x9e, 0x9e));
        if (deletion) return QBrush(QColor(0xc6, 0x28, 0x28));
        return {};
    case Qt::FontRole:
        if (deletion && index.column() == ActionColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        if (item.leftOut && index.column() == PathColumn) {
            QFont font;
            font.setStrikeOut(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case SourceSizeColumn:
        case DestinationSizeColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case ActionColumn: return QVariant(Qt::AlignCenter);
        default: return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case Qt::ToolTipRole:
        if (item.leftOut) return tr("%1 \u2014 left out of the next run").arg(item.path);
        return item.path;
    default:
        return {};
    }
}

Qt::ItemFlags PlanModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PathColumn && canLeaveOut(index.row())) f |= Qt::ItemIsUserCheckable;
    return f;
}

void PlanModel::setCheckable(bool checkable)
{
    if (checkable == m_checkable) return;
    m_checkable = checkable;
    if (!m_items.empty()) Q_EMIT dataChanged(index(0, PathColumn), index(int(m_items.size()) - 1, PathColumn));
}

bool PlanModel::underLeftOutFolder(const QString& path) const
{
    for (const QString& folder : m_leftOutFolders)
        if (path.size() > folder.size() && path.startsWith(folder)) return true;
    return false;
}

bool PlanModel::canLeaveOut(int row) const
{
    if (!m_checkable || row < 0 || row >= int(m_items.size())) return false;
    const Item& item = m_items[size_t(row)];
    return !item.problem && !item.root && !underLeftOutFolder(item.path);
}

bool PlanModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid() || index.column() != PathColumn) return false;
    return setLeftOut(index.row(), value.toInt() == Qt::Unchecked);
}

bool PlanModel::setLeftOut(int row, bool leftOut)
{
    if (!canLeaveOut(row)) return false;
    if (leftOut && m_items[size_t(row)].action == fg::FileAction::Delete) {
        // The outermost folder to be deleted that holds it goes along.
        const QString& path = m_items[size_t(row)].path;
        for (size_t i = 0; i < m_items.size(); ++i) {
            const Item& up = m_items[i];
            if (int(i) == row || up.problem || !up.isDir || up.action != fg::FileAction::Delete) continue;
            const QString folder = up.path.endsWith(QLatin1Char('/')) ? up.path : up.path + QLatin1Char('/');
            if (path.startsWith(folder) && (up.path.size() < m_items[size_t(row)].path.size())) {
                row = int(i);
                break; // deletions are listed parents first: the first found is the outermost
            }
        }
    }
    const Item& chosen = m_items[size_t(row)];
    // A folder's rows go with it: what is under a folder left out is not written.
    const QString under = chosen.isDir ? (chosen.path.endsWith(QLatin1Char('/')) ? chosen.path
                                                                                 : chosen.path + QLatin1Char('/'))
                                       : QString();
    int first = int(m_items.size()), last = -1;
    for (size_t i = 0; i < m_items.size(); ++i) {
        Item& item = m_items[i];
        if (item.problem || item.leftOut == leftOut) continue;
        if (int(i) != row && (under.isEmpty() || !item.path.startsWith(under))) continue;
        item.leftOut = leftOut;
        m_leftOut += leftOut ? 1 : -1;
        if (item.action == fg::FileAction::Delete) m_deletionsLeftOut += leftOut ? 1 : -1;
        first = std::min(first, int(i));
        last = std::max(last, int(i));
    }
    if (chosen.isDir) {
        if (leftOut) m_leftOutFolders << under;
        else m_leftOutFolders.removeAll(under);
    }
    if (last >= 0) Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
    return true;
}

int PlanModel::deletionsKept() const
{
    // The deletions without a row (past the budget) cannot be left out: kept.
    return count(fg::FileAction::Delete) - m_deletionsLeftOut;
}

std::vector<fg::FilterSpec> PlanModel::exclusionRules() const
{
    std::vector<fg::FilterSpec> rules;
    QString coveredBy; // the last folder left out: what is under it needs no rule of its own
    for (const Item& item : m_items) {
        if (item.problem || !item.leftOut) continue;
        if (!coveredBy.isEmpty() && item.path.startsWith(coveredBy)) continue;
        // (Rules from the names' own bytes: a name that is not UTF-8 must
        // not be changed on its way through a QString.)
        rules.push_back(fg::exactPathRule(fg::FilterSpec::Kind::Protect, item.destinationName, item.isDir));
        if (item.action != fg::FileAction::Delete)
            rules.push_back(fg::exactPathRule(fg::FilterSpec::Kind::Exclude, item.sourceName, item.isDir));
        if (item.isDir) coveredBy = item.path.endsWith(QLatin1Char('/')) ? item.path : item.path + QLatin1Char('/');
    }
    return rules;
}

// A problem row: what went wrong in the Action column, the path and the engine's
// message after it (the view elides; the tooltip holds it all, wrapped), in red.
QVariant PlanModel::problemData(const Item& item, int column, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ActionColumn:
            if (item.code == fg::Errc::NameCollision) return tr("name collision");
            if (item.code == fg::Errc::UnholdableName) return tr("name not allowed");
            return tr("error");
        case PathColumn: return item.path + QStringLiteral(" \u2014 ") + item.message;
        }
        return {};
    case Qt::ForegroundRole: return QBrush(QColor(0xc6, 0x28, 0x28));
    case Qt::FontRole:
        if (column == ActionColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        // Rich text, so the tooltip wraps: the messages run to a few sentences.
        return QStringLiteral("<p><b>%1</b><br>%2</p>").arg(item.path.toHtmlEscaped(), item.message.toHtmlEscaped());
    default: return {};
    }
}

QVariant PlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole) {
        switch (section) {
        case SourceSizeColumn:
        case DestinationSizeColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case ActionColumn: return QVariant(Qt::AlignCenter);
        default: return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    if (role == Qt::ToolTipRole && section == PathColumn)
        return tr("Clear a row's box to leave it out of the next run");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case PathColumn: return tr("Path");
    case SourceSizeColumn: return tr("Source size");
    case SourceTimeColumn: return tr("Source modified");
    case ActionColumn: return tr("Action");
    case DestinationSizeColumn: return tr("Destination size");
    case DestinationTimeColumn: return tr("Destination modified");
    }
    return {};
}

} // namespace fgui
