// The run history's database: open and migrate, add a run, read runs back.

#include <floodgate/history.h>
#include <floodgate/identity.h>

#include "history/migrations.h"
#include "history/sqlite_statement.h"
#include "platform/fs.h"

#include <sqlite3.h>

#include <algorithm>

namespace fg {

using history::Statement;
using history::sqliteError;

namespace {

// How long a writer waits for another process's write (a GUI and a timer's
// run ending together) before the record is given up on.
constexpr int kBusyTimeoutMs = 5000;

constexpr const char* kRunColumns =
    "id, job, origin, source, destination, command, started_at, seconds, state, exit_code, dry_run, files_total, "
    "files_transferred, files_deleted, bytes_total, bytes_transferred, file_bytes, wire_bytes, fatal, error_count, "
    "bottleneck, bottleneck_end, bottleneck_share, bottleneck_fix, snapshot";

RunRecord runFromRow(const Statement& s)
{
    RunRecord r;
    int c = 0;
    r.id = s.integer(c++);
    r.job = s.text(c++);
    r.origin = s.text(c++);
    r.source = s.text(c++);
    r.destination = s.text(c++);
    r.command = s.text(c++);
    r.startedAtMs = s.integer(c++);
    r.seconds = s.real(c++);
    r.state = s.text(c++);
    r.exitCode = int(s.integer(c++));
    r.dryRun = s.integer(c++) != 0;
    r.filesTotal = uint64_t(s.integer(c++));
    r.filesTransferred = uint64_t(s.integer(c++));
    r.filesDeleted = uint64_t(s.integer(c++));
    r.bytesTotal = uint64_t(s.integer(c++));
    r.bytesTransferred = uint64_t(s.integer(c++));
    r.fileBytesTransferred = uint64_t(s.integer(c++));
    r.wireBytes = uint64_t(s.integer(c++));
    r.fatal = s.text(c++);
    r.errorCount = uint64_t(s.integer(c++));
    r.bottleneck = s.text(c++);
    r.bottleneckEnd = s.text(c++);
    r.bottleneckShare = s.real(c++);
    r.bottleneckFix = s.text(c++);
    r.snapshot = s.text(c++);
    return r;
}

} // namespace

void History::Closer::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

History::History(sqlite3* db) : m_db(db) {}
History::History(History&&) noexcept = default;
History& History::operator=(History&&) noexcept = default;
History::~History() = default;

std::string History::pathIn(const std::string& stateDir)
{
    return (stateDir.empty() ? defaultStateDir() : stateDir) + "/history.db";
}

Result<History> History::open(const std::string& path)
{
    const std::string folder = path.substr(0, path.find_last_of('/'));
    if (!folder.empty() && folder != path) FG_TRY(platform::makeDirectories(folder, 0700));
    // Private, as the keys beside it: it names hosts, paths and files.
    // SQLite gives its -wal and -shm files the database file's mode.
    FG_TRY(platform::createFileIfMissing(path, 0600));
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                                   nullptr);
    History history(raw); // closes it on every way out
    if (rc != SQLITE_OK) return sqliteError(raw, "cannot open the history " + path);
    sqlite3_busy_timeout(raw, kBusyTimeoutMs);
    sqlite3_extended_result_codes(raw, 1);
    // A file that is not a database (or a damaged one) fails here, on its
    // first read, with SQLite's "file is not a database".
    FG_TRY(history::execute(raw, "PRAGMA foreign_keys = ON", "cannot use the history " + path));
    if (Status st = history::migrate(raw, kSchemaVersion); !st)
        return Error(st.error().code, st.error().message + " (" + path + ")");
    // WAL: readers (the GUI's history view) never block a run's record.
    // Where the file system cannot do it (some network shares) the default
    // journal stays, which is also correct.
    history::executeBestEffort(raw, "PRAGMA journal_mode = WAL");
    // In WAL, NORMAL loses at most the last records to a power cut, never
    // the database; a sync does not wait for a history's flush.
    history::executeBestEffort(raw, "PRAGMA synchronous = NORMAL");
    return history;
}

int History::schemaVersion() const { return history::schemaVersionOf(m_db.get()); }

Result<int64_t> History::add(const RunRecord& r)
{
    sqlite3* db = m_db.get();
    const std::string doing = "cannot record the run";
    FG_TRY(history::execute(db, "BEGIN IMMEDIATE", doing));
    auto rollback = [&](Error e) {
        history::executeBestEffort(db, "ROLLBACK");
        return e;
    };
    Statement insert(db, "INSERT INTO runs (job, origin, source, destination, command, started_at, seconds, state, "
                         "exit_code, dry_run, files_total, files_transferred, files_deleted, bytes_total, "
                         "bytes_transferred, file_bytes, wire_bytes, fatal, error_count, bottleneck, bottleneck_end, "
                         "bottleneck_share, bottleneck_fix, snapshot) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, "
                         "?20, ?21, ?22, ?23, ?24)");
    if (!insert.prepared()) return rollback(sqliteError(db, doing));
    insert.bind(1, r.job).bind(2, r.origin).bind(3, r.source).bind(4, r.destination).bind(5, r.command);
    insert.bind(6, r.startedAtMs).bind(7, r.seconds).bind(8, r.state).bind(9, int64_t(r.exitCode));
    insert.bind(10, int64_t(r.dryRun ? 1 : 0)).bind(11, int64_t(r.filesTotal)).bind(12, int64_t(r.filesTransferred));
    insert.bind(13, int64_t(r.filesDeleted)).bind(14, int64_t(r.bytesTotal)).bind(15, int64_t(r.bytesTransferred));
    insert.bind(16, int64_t(r.fileBytesTransferred)).bind(17, int64_t(r.wireBytes)).bind(18, r.fatal);
    insert.bind(19, int64_t(std::max<uint64_t>(r.errorCount, r.errors.size()))).bind(20, r.bottleneck);
    insert.bind(21, r.bottleneckEnd).bind(22, r.bottleneckShare).bind(23, r.bottleneckFix).bind(24, r.snapshot);
    if (insert.step() != SQLITE_DONE) return rollback(sqliteError(db, doing));
    const int64_t id = sqlite3_last_insert_rowid(db);

    Statement error(db, "INSERT INTO run_errors (run_id, seq, path, message) VALUES (?1, ?2, ?3, ?4)");
    for (size_t n = 0; n < r.errors.size() && n < kMaxRecordedErrors; ++n) {
        Statement& one = error;
        one.reset();
        one.bind(1, id).bind(2, int64_t(n)).bind(3, r.errors[n].path).bind(4, r.errors[n].message);
        if (one.step() != SQLITE_DONE) return rollback(sqliteError(db, doing));
    }
    Statement line(db, "INSERT INTO run_log (run_id, seq, level, message) VALUES (?1, ?2, ?3, ?4)");
    for (size_t n = 0; n < r.log.size() && n < kMaxRecordedLog; ++n) {
        Statement& one = line;
        one.reset();
        one.bind(1, id).bind(2, int64_t(n)).bind(3, int64_t(r.log[n].level)).bind(4, r.log[n].message);
        if (one.step() != SQLITE_DONE) return rollback(sqliteError(db, doing));
    }
    if (Status st = history::execute(db, "COMMIT", doing); !st) return rollback(st.error());
    return id;
}

Result<std::vector<RunRecord>> History::runs(const std::string& job, size_t limit) const
{
    sqlite3* db = m_db.get();
    const std::string sql = std::string("SELECT ") + kRunColumns + " FROM runs"
                            + (job.empty() ? "" : " WHERE job = ?1") + " ORDER BY started_at DESC, id DESC LIMIT "
                            + std::to_string(limit ? limit : size_t(INT32_MAX));
    Statement s(db, sql);
    if (!s.prepared()) return sqliteError(db, "cannot read the history");
    if (!job.empty()) s.bind(1, job);
    std::vector<RunRecord> out;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) out.push_back(runFromRow(s));
    if (rc != SQLITE_DONE) return sqliteError(db, "cannot read the history");
    return out;
}

Result<RunRecord> History::run(int64_t id) const
{
    sqlite3* db = m_db.get();
    Statement s(db, std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?1");
    if (!s.prepared()) return sqliteError(db, "cannot read the history");
    s.bind(1, id);
    const int rc = s.step();
    if (rc == SQLITE_DONE) return Error(Errc::NotFound, "the history has no run " + std::to_string(id));
    if (rc != SQLITE_ROW) return sqliteError(db, "cannot read the history");
    RunRecord r = runFromRow(s);
    Statement errors(db, "SELECT path, message FROM run_errors WHERE run_id = ?1 ORDER BY seq");
    errors.bind(1, id);
    while (errors.step() == SQLITE_ROW) r.errors.push_back({errors.text(0), errors.text(1)});
    Statement log(db, "SELECT level, message FROM run_log WHERE run_id = ?1 ORDER BY seq");
    log.bind(1, id);
    while (log.step() == SQLITE_ROW) r.log.push_back({RunLogLine::Level(std::clamp<int64_t>(log.integer(0), 0, 2)), log.text(1)});
    return r;
}

Result<uint64_t> History::removeBefore(int64_t startedAtMs)
{
    sqlite3* db = m_db.get();
    Statement s(db, "DELETE FROM runs WHERE started_at < ?1");
    if (!s.prepared()) return sqliteError(db, "cannot trim the history");
    s.bind(1, startedAtMs);
    if (s.step() != SQLITE_DONE) return sqliteError(db, "cannot trim the history");
    return uint64_t(sqlite3_changes(db));
}

} // namespace fg
