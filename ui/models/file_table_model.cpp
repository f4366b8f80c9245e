#include "models/file_table_model.h"

#include "widgets/format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace fgui {
namespace {

// Transfers are what the file table follows; directories only add noise there
// (the Preview tab lists them). Deleting a directory is still worth a row.
bool belongsInFileTable(const fg::PlanItem& item)
{
    if (item.action == fg::FileAction::Delete) return true;
    return !item.isDir && item.action != fg::FileAction::MkDir && item.action != fg::FileAction::Unchanged;
}

bool isTransfer(fg::FileAction action)
{
    return action == fg::FileAction::Copy || action == fg::FileAction::Update;
}

} // namespace

FileTableModel::FileTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FileTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_rowByPath.clear();
    m_rowById.clear();
    m_base = 0;
    m_counts.fill(0);
    m_offRows.fill(0);
    m_rolling = false;
    m_activePositions.clear();
    m_startSeq = 0;
    m_dirtyFirst = m_dirtyLast = -1;
    endResetModel();
}

int FileTableModel::totalFiles() const
{
    int total = int(m_rows.size());
    for (int n : m_offRows) total += n;
    return total;
}

uint64_t FileTableModel::pathKeyOf(std::string_view path)
{
    return std::hash<std::string_view>{}(path);
}

int FileTableModel::rowForPath(const std::string& path) const
{
    auto it = m_rowByPath.find(pathKeyOf(path));
    if (it == m_rowByPath.end()) return -1;
    const int row = int(it->second - m_base);
    // Two paths of one hash: the second has no row by path (found by its id
    // once it starts), never the first's.
    // Compared as they are, UTF-16 with UTF-8: no QString made per lookup.
    return QAnyStringView::equal(m_rows[size_t(row)].name, QUtf8StringView(path)) ? row : -1;
}

int FileTableModel::rowForId(uint32_t id) const
{
    auto it = m_rowById.constFind(id);
    return it == m_rowById.constEnd() ? -1 : int(it.value() - m_base);
}

void FileTableModel::mapId(uint32_t id, int row)
{
    m_rows[size_t(row)].id = id;
    m_rowById.insert(id, m_base + uint64_t(row));
}

void FileTableModel::moveOffRow(FileState from, FileState to)
{
    if (m_offRows[size_t(from)] > 0) --m_offRows[size_t(from)];
    ++m_offRows[size_t(to)];
}

void FileTableModel::planArrived(int row)
{
    Row& r = m_rows[size_t(row)];
    if (!r.tookQueuedCount) return;
    // The count it took was another queued file's.
    r.tookQueuedCount = false;
    ++m_offRows[size_t(FileState::Queued)];
}

void FileTableModel::rollOn()
{
    if (int(m_rows.size()) <= kMaxRows) return;
    // A block at a time: one removal signal, and the maps' entries of what goes.
    const int gone = int(m_rows.size()) - kMaxRows + kMaxRows / 10;
    std::vector<Row> stillActive;
    for (int row = 0; row < gone; ++row) {
        Row& r = m_rows[size_t(row)];
        const uint64_t at = m_base + uint64_t(row);
        if (auto it = m_rowByPath.find(r.pathKey); it != m_rowByPath.end() && it->second == at) m_rowByPath.erase(it);
        if (r.id != kNoId) m_rowById.remove(r.id);
        if (r.state == FileState::Active) {
            m_activePositions.erase(at);
            stillActive.push_back(std::move(r));
            continue;
        }
        --m_counts[size_t(r.state)];
        ++m_offRows[size_t(r.state)];
    }
    beginRemoveRows({}, 0, gone - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + gone);
    m_base += uint64_t(gone);
    endRemoveRows();
    m_dirtyFirst = m_dirtyLast = -1; // what was marked moved: the next tick marks anew
    if (stillActive.empty()) return;
    // Still being sent: to the bottom, beside the files being sent now.
    const int first = appendRows(stillActive.size());
    for (Row& r : stillActive) {
        const uint64_t at = m_base + m_rows.size();
        m_rowByPath.emplace(r.pathKey, at);
        if (r.id != kNoId) m_rowById.insert(r.id, at);
        m_activePositions.insert(at);
        m_rows.push_back(std::move(r));
    }
    (void)first;
    endInsertRows();
}

int FileTableModel::appendRows(size_t count)
{
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(count) - 1);
    // No exact reserve(): growing to just this batch would copy every row on every
    // batch (quadratic over a 100k-file plan); push_back's doubling is amortised.
    return first;
}

void FileTableModel::addRow(const std::string& path, uint64_t size, fg::FileAction action, FileState state)
{
    Row row;
    row.name = QString::fromStdString(path);
    row.size = size;
    row.action = action;
    row.state = state;
    row.pathKey = pathKeyOf(path);
    m_rowByPath.emplace(row.pathKey, m_base + m_rows.size());
    m_rows.push_back(std::move(row));
    ++m_counts[size_t(state)];
}

void FileTableModel::addPlanned(const std::vector<fg::PlanItem>& items)
{
    auto stateOf = [&](const fg::PlanItem& item) {
        return !m_dryRun && isTransfer(item.action) ? FileState::Queued : FileState::Planned;
    };
    std::vector<const fg::PlanItem*> wanted;
    std::unordered_set<std::string_view> seen;
    for (const auto& item : items) {
        if (!belongsInFileTable(item)) continue;
        // A file can have a row already: a small file's sender may start it
        // before the plan that names it is told.
        if (const int row = rowForPath(item.path); row >= 0) planArrived(row);
        else if (seen.insert(item.path).second) wanted.push_back(&item);
    }
    if (wanted.empty()) return;
    // Past kMaxRows the plan's files are counted, not listed: the table rolls.
    const size_t room = m_rolling ? 0 : size_t(std::max(0, kMaxRows - int(m_rows.size())));
    const size_t listed = std::min(room, wanted.size());
    if (listed > 0) {
        appendRows(listed);
        for (size_t i = 0; i < listed; ++i) {
            const fg::PlanItem* item = wanted[i];
            addRow(item->path, item->size, item->action, stateOf(*item));
            m_rows.back().method = item->method;
            m_rows.back().methodReason = item->methodReason;
        }
        endInsertRows();
    }
    if (listed < wanted.size()) m_rolling = true;
    for (size_t i = listed; i < wanted.size(); ++i) ++m_offRows[size_t(stateOf(*wanted[i]))];
}

void FileTableModel::markStarted(const std::vector<fg::event::FileStarted>& files)
{
    // Files the plan did not list (or a rolling table did not) get rows
    // first, in one insertion.
    // Each file's row by its id, else by its path (it then gets the id): -1
    // for none yet. Looked up once: a job of millions starts them all.
    struct Found {
        int row = -1;
        bool byId = false;
    };
    std::vector<Found> found(files.size());
    std::vector<const fg::event::FileStarted*> unknown;
    std::unordered_set<std::string_view> seen;
    for (size_t i = 0; i < files.size(); ++i) {
        const auto& f = files[i];
        if (const int row = rowForId(f.id); row >= 0) found[i] = {row, true};
        else if (const int byPath = rowForPath(f.path); byPath >= 0) found[i] = {byPath, false};
        else if (seen.insert(f.path).second) unknown.push_back(&f);
    }
    if (!unknown.empty()) {
        appendRows(unknown.size());
        for (const auto* f : unknown) {
            // Counted as queued when the plan came: it has a row now.
            const bool took = m_rolling && m_offRows[size_t(FileState::Queued)] > 0;
            if (took) --m_offRows[size_t(FileState::Queued)];
            addRow(f->path, f->size, fg::FileAction::Copy, FileState::Queued);
            m_rows.back().tookQueuedCount = took;
        }
        endInsertRows();
    }
    for (size_t i = 0; i < files.size(); ++i) {
        const auto& f = files[i];
        int row = found[i].row;
        // New just now (or a second start of a path in this batch): by path.
        if (row < 0) row = rowForPath(f.path);
        if (!found[i].byId) mapId(f.id, row);
        Row& r = m_rows[size_t(row)];
        if (r.state == FileState::Done || r.state == FileState::Failed) continue;
        r.size = f.size;
        r.done = 0;
        r.startSeq = ++m_startSeq;
        setState(row, FileState::Active);
    }
    rollOn();
}

void FileTableModel::markFinished(const std::vector<fg::event::FileFinished>& files)
{
    for (const auto& f : files) {
        int row = rowForId(f.id);
        if (row < 0) row = rowForPath(f.path);
        if (row < 0 && m_rolling) {
            // Never started here, or gone from the top already: counted.
            moveOffRow(FileState::Queued, FileState::Done);
            continue;
        }
        if (row < 0) {
            appendRows(1);
            addRow(f.path, f.size, fg::FileAction::Copy, FileState::Queued);
            endInsertRows();
            row = int(m_rows.size()) - 1;
        }
        Row& r = m_rows[size_t(row)];
        if (r.state == FileState::Failed) continue;
        r.size = f.size;
        r.done = f.size;
        setState(row, FileState::Done);
    }
}

void FileTableModel::markFailed(const std::vector<fg::event::FileFailed>& files)
{
    for (const auto& f : files) {
        int row = rowForPath(f.path);
        if (row < 0) {
            // A failure is worth a row, also in a rolling table (which only
            // counted it, queued).
            if (m_rolling && m_offRows[size_t(FileState::Queued)] > 0) --m_offRows[size_t(FileState::Queued)];
            appendRows(1);
            addRow(f.path, 0, fg::FileAction::Copy, FileState::Queued);
            endInsertRows();
            row = int(m_rows.size()) - 1;
        }
        m_rows[size_t(row)].error = QString::fromStdString(f.error.message);
        setState(row, FileState::Failed);
    }
    rollOn();
}

void FileTableModel::applyActive(const std::vector<fg::ActiveFile>& active)
{
    for (const auto& a : active) {
        int row = rowForId(a.id);
        if (row < 0) {
            // The snapshot can be read before the FileStarted event is drained.
            row = rowForPath(a.path);
            if (row < 0) continue;
            mapId(a.id, row);
        }
        Row& r = m_rows[size_t(row)];
        // A snapshot may trail the events: never move a finished row backwards.
        if (r.state != FileState::Active && r.state != FileState::Queued) continue;
        if (r.state == FileState::Queued) {
            r.startSeq = ++m_startSeq;
            setState(row, FileState::Active);
        }
        if (r.done != a.done || r.size != a.size) {
            r.done = a.done;
            r.size = a.size;
            touch(row);
        }
    }
}

void FileTableModel::finishJob(fg::JobState state)
{
    if (m_dryRun) return;
    // The files a rolling table only counted end as the listed ones do.
    if (state == fg::JobState::Done) {
        m_offRows[size_t(FileState::Done)] += std::exchange(m_offRows[size_t(FileState::Planned)], 0);
    } else {
        m_offRows[size_t(FileState::Stopped)] += std::exchange(m_offRows[size_t(FileState::Active)], 0);
        m_offRows[size_t(FileState::Skipped)] += std::exchange(m_offRows[size_t(FileState::Queued)], 0);
    }
    for (int row = 0; row < int(m_rows.size()); ++row) {
        const FileState s = m_rows[size_t(row)].state;
        if (state == fg::JobState::Done) {
            // The engine reports per-file events for transfers only; on success the
            // other planned actions (deletions, attributes, links) were carried out.
            if (s == FileState::Planned) setState(row, FileState::Done);
        } else if (s == FileState::Active) {
            setState(row, FileState::Stopped);
        } else if (s == FileState::Queued) {
            setState(row, FileState::Skipped);
        }
    }
}

void FileTableModel::setState(int row, FileState state)
{
    Row& r = m_rows[size_t(row)];
    if (r.state == state) return;
    --m_counts[size_t(r.state)];
    ++m_counts[size_t(state)];
    if (r.state == FileState::Active) m_activePositions.erase(m_base + uint64_t(row));
    if (state == FileState::Active) m_activePositions.insert(m_base + uint64_t(row));
    r.state = state;
    touch(row);
}

void FileTableModel::touch(int row)
{
    if (m_dirtyFirst < 0 || row < m_dirtyFirst) m_dirtyFirst = row;
    if (row > m_dirtyLast) m_dirtyLast = row;
}

void FileTableModel::flush()
{
    if (m_dirtyFirst < 0) return;
    // One range, however scattered the rows: a view repaints only what it shows.
    const QModelIndex first = index(m_dirtyFirst, 0);
    const QModelIndex last = index(m_dirtyLast, ColumnCount - 1);
    m_dirtyFirst = m_dirtyLast = -1;
    Q_EMIT dataChanged(first, last);
}

int FileTableModel::lastActiveRow() const
{
    int best = -1;
    uint32_t bestSeq = 0;
    for (uint64_t at : m_activePositions) {
        const int row = int(at - m_base);
        if (m_rows[size_t(row)].startSeq >= bestSeq) {
            bestSeq = m_rows[size_t(row)].startSeq;
            best = row;
        }
    }
    return best;
}

int FileTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FileTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FileTableModel::stateText(const Row& r) const
{
    switch (r.state) {
    case FileState::Planned:
        switch (r.action) {
        case fg::FileAction::Copy: return tr("copy");
        case fg::FileAction::Update: return tr("update");
        case fg::FileAction::Delete: return tr("delete");
        case fg::FileAction::Attrs: return tr("fix attributes");
        case fg::FileAction::Symlink: return tr("link");
        case fg::FileAction::MkDir: return tr("create folder");
        case fg::FileAction::Unchanged: return tr("unchanged");
        }
        return {};
    case FileState::Queued: return tr("queued");
    case FileState::Active: return tr("active");
    case FileState::Done:
        switch (r.action) {
        case fg::FileAction::Delete: return tr("deleted");
        case fg::FileAction::Attrs: return tr("attributes fixed");
        case fg::FileAction::Symlink: return tr("linked");
        default: return tr("done");
        }
    case FileState::Failed: return tr("failed");
    case FileState::Stopped: return tr("stopped");
    case FileState::Skipped: return tr("not transferred");
    }
    return {};
}

QVariant FileTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size())) return {};
    const Row& r = m_rows[size_t(index.row())];
    const double fraction = r.size == 0 ? 1.0 : std::min(1.0, double(r.done) / double(r.size));
    const bool hasProgress = r.state == FileState::Active || r.state == FileState::Done ||
                             r.state == FileState::Stopped;

    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return r.name;
        case SizeColumn: return r.action == fg::FileAction::Delete ? QVariant() : QVariant(formatBytes(r.size));
        case StateColumn: return stateText(r);
        case MethodColumn:
            return r.method == fg::TransferMethod::None ? QVariant()
                                                         : QVariant(QString::fromUtf8(fg::transferMethodName(r.method)));
        case ProgressColumn:
            return hasProgress ? QVariant(QStringLiteral("%1 %").arg(int(fraction * 100))) : QVariant();
        }
        return {};
    case ProgressRole:
        return hasProgress ? fraction : -1.0;
    case StateRole:
        return int(r.state);
    case Qt::ToolTipRole:
        if (index.column() == MethodColumn && *r.methodReason) return QString::fromUtf8(r.methodReason);
        return r.error.isEmpty() ? r.name : r.name + QLatin1Char('\n') + r.error;
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (r.state == FileState::Failed) return QBrush(QColor(0xc6, 0x28, 0x28));
        if (r.action == fg::FileAction::Delete) return QBrush(QColor(0xc6, 0x28, 0x28));
        if (index.column() == StateColumn) {
            if (r.state == FileState::Done) return QBrush(QColor(0x2e, 0x7d, 0x32));
            if (r.state == FileState::Active) return QBrush(QColor(0x15, 0x65, 0xc0));
            if (r.state == FileState::Skipped || r.state == FileState::Stopped) {
                return QBrush(QColor(0x75, 0x75, 0x75));
            }
        }
        return {};
    case Qt::FontRole:
        if (r.state == FileState::Active && index.column() == StateColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant FileTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::TextAlignmentRole) {
        return section == SizeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                     : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case SizeColumn: return tr("Size");
    case StateColumn: return tr("State");
    case MethodColumn: return tr("Method");
    case ProgressColumn: return tr("Progress");
    }
    return {};
}

} // namespace fgui
