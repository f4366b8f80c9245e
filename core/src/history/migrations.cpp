#include "history/migrations.h"

#include "history/sqlite_statement.h"

#include <sqlite3.h>

#include <string>

namespace fg::history {

namespace {

// Index i takes version i to version i + 1. Never edit a step that has
// shipped: add one.
const char* const kSteps[] = {
    // 1: runs and their per-file errors.
    "CREATE TABLE runs ("
    "  id INTEGER PRIMARY KEY,"
    "  job TEXT NOT NULL DEFAULT '',"
    "  origin TEXT NOT NULL,"
    "  source TEXT NOT NULL,"
    "  destination TEXT NOT NULL,"
    "  command TEXT NOT NULL,"
    "  started_at INTEGER NOT NULL,"
    "  seconds REAL NOT NULL,"
    "  state TEXT NOT NULL,"
    "  exit_code INTEGER NOT NULL,"
    "  dry_run INTEGER NOT NULL,"
    "  files_total INTEGER NOT NULL,"
    "  files_transferred INTEGER NOT NULL,"
    "  files_deleted INTEGER NOT NULL,"
    "  bytes_total INTEGER NOT NULL,"
    "  bytes_transferred INTEGER NOT NULL,"
    "  file_bytes INTEGER NOT NULL,"
    "  wire_bytes INTEGER NOT NULL,"
    "  fatal TEXT NOT NULL DEFAULT '',"
    "  error_count INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX runs_by_job ON runs(job, started_at);"
    "CREATE INDEX runs_by_time ON runs(started_at);"
    "CREATE TABLE run_errors ("
    "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL,"
    "  path TEXT NOT NULL,"
    "  message TEXT NOT NULL,"
    "  PRIMARY KEY (run_id, seq));",
    // 2: the bottleneck verdict, the snapshot made, and the run's log.
    "ALTER TABLE runs ADD COLUMN bottleneck TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE runs ADD COLUMN bottleneck_end TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE runs ADD COLUMN bottleneck_share REAL NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN bottleneck_fix TEXT NOT NULL DEFAULT '';"
    "ALTER TABLE runs ADD COLUMN snapshot TEXT NOT NULL DEFAULT '';"
    "CREATE TABLE run_log ("
    "  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL,"
    "  level INTEGER NOT NULL,"
    "  message TEXT NOT NULL,"
    "  PRIMARY KEY (run_id, seq));",
};
constexpr int kStepCount = int(sizeof kSteps / sizeof kSteps[0]);

} // namespace

int schemaVersionOf(sqlite3* db)
{
    Statement s(db, "PRAGMA user_version");
    return s.step() == SQLITE_ROW ? int(s.integer(0)) : -1;
}

Status migrate(sqlite3* db, int upTo)
{
    if (upTo > kStepCount) return Error(Errc::Internal, "no schema step makes version " + std::to_string(upTo));
    const int found = schemaVersionOf(db);
    if (found < 0) return sqliteError(db, "cannot read the history's schema version");
    if (found > upTo)
        return Error(Errc::InvalidArgument, "the history database was written by a newer Floodgate (schema "
                                                + std::to_string(found) + "; this one knows up to "
                                                + std::to_string(upTo) + "): update Floodgate to record runs in it");
    for (int version = found; version < upTo; ++version) {
        // IMMEDIATE: the write lock first, then the version read again, so
        // two processes opening an old database at once migrate it once.
        FG_TRY(execute(db, "BEGIN IMMEDIATE", "cannot start updating the history's schema"));
        const int now = schemaVersionOf(db);
        if (now != version) {
            executeBestEffort(db, "COMMIT");
            if (now > version) {
                version = now - 1;
                continue;
            }
            return Error(Errc::Internal, "the history's schema version went back while it was being updated");
        }
        const std::string sql = std::string(kSteps[version]) + "PRAGMA user_version = " + std::to_string(version + 1) + ";";
        if (Status st = execute(db, sql.c_str(), "cannot update the history's schema to version " + std::to_string(version + 1));
            !st) {
            executeBestEffort(db, "ROLLBACK");
            return st;
        }
        FG_TRY(execute(db, "COMMIT", "cannot update the history's schema"));
    }
    return {};
}

} // namespace fg::history
