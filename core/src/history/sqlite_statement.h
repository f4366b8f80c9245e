#pragma once
#include "internal.h"
// A prepared SQLite statement that finalizes itself, with the few binds and
// reads the history needs; errors carry SQLite's own message.

#include <floodgate/error.h>

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace fg::history {

// An Error for what SQLite said about `db`, with what was being done:
// "cannot record the run: database is locked".
Error sqliteError(sqlite3* db, const std::string& doing);

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    bool prepared() const { return m_stmt != nullptr; }
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, int64_t value);
    Statement& bind(int index, double value);
    // Ready to be bound and stepped again.
    void reset();
    // SQLITE_ROW, SQLITE_DONE, or an error code.
    int step();
    std::string text(int column) const;
    int64_t integer(int column) const;
    double real(int column) const;

private:
    sqlite3_stmt* m_stmt = nullptr;
};

// Runs SQL without results (several statements, ';'-separated).
Status execute(sqlite3* db, const char* sql, const std::string& doing);

// For a ROLLBACK on the way out of a failure, or a setting that may be
// missing (WAL on a share that cannot do it): the error that matters is
// the one already in hand, or there is none.
void executeBestEffort(sqlite3* db, const char* sql);

} // namespace fg::history
