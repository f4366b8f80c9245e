#include "models/plan_model.h"

#include "widgets/format.h"

#include <QBrush>
#include <QColor>
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
    m_collisions = 0;
    m_unholdable = 0;
    endResetModel();
}

void PlanModel::addItems(const std::vector<fg::PlanItem>& items)
{
    if (items.empty()) return;
    const int first = int(m_items.size());
    beginInsertRows({}, first, first + int(items.size()) - 1);
    for (const auto& item : items) {
        Item row;
        row.path = QString::fromStdString(item.path);
        if (item.isDir) row.path += QLatin1Char('/');
        row.size = item.size;
        row.action = item.action;
        row.isDir = item.isDir;
        m_items.push_back(std::move(row));
        ++m_counts[size_t(item.action)];
        m_bytes[size_t(item.action)] += item.isDir ? 0 : item.size;
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

QVariant PlanModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_items.size())) return {};
    const Item& item = m_items[size_t(index.row())];
    if (role == ProblemRole) return item.problem;
    if (item.problem) return problemData(item, index.column(), role);
    const bool deletion = item.action == fg::FileAction::Delete;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
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
        case SizeColumn: return item.isDir || deletion ? QVariant() : QVariant(formatBytes(item.size));
        }
        return {};
    case Qt::ForegroundRole:
        if (deletion) return QBrush(QColor(0xc6, 0x28, 0x28));
        return {};
    case Qt::FontRole:
        if (deletion && index.column() == ActionColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return item.path;
    default:
        return {};
    }
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
        return section == SizeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case ActionColumn: return tr("Action");
    case PathColumn: return tr("Path");
    case SizeColumn: return tr("Size");
    }
    return {};
}

} // namespace fgui
