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
    endResetModel();
}

void PlanModel::addItems(const std::vector<fg::PlanItem>& items)
{
    if (items.empty()) return;
    const int first = int(m_items.size());
    beginInsertRows({}, first, first + int(items.size()) - 1);
    for (const auto& item : items) {
        QString path = QString::fromStdString(item.path);
        if (item.isDir) path += QLatin1Char('/');
        m_items.push_back({std::move(path), item.size, item.action, item.isDir});
        ++m_counts[size_t(item.action)];
        m_bytes[size_t(item.action)] += item.isDir ? 0 : item.size;
    }
    endInsertRows();
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
    add(fg::FileAction::MkDir, tr("%1 folders to create"), false);
    add(fg::FileAction::Symlink, tr("%1 links"), false);
    add(fg::FileAction::Attrs, tr("%1 attribute fixes"), false);
    add(fg::FileAction::Delete, tr("%1 to delete"), false);
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
