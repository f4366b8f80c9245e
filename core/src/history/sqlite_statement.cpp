#include "history/sqlite_statement.h"

namespace fg::history {

Error sqliteError(sqlite3* db, const std::string& doing)
{
    const int code = db ? sqlite3_errcode(db) : SQLITE_ERROR;
    const std::string said = db ? sqlite3_errmsg(db) : "out of memory";
    const int primary = code & 0xff;
    Errc kind = Errc::Io;
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) kind = Errc::Busy;
    else if (primary == SQLITE_PERM || primary == SQLITE_READONLY || primary == SQLITE_AUTH) kind = Errc::PermissionDenied;
    else if (primary == SQLITE_FULL) kind = Errc::NoSpace;
    return Error(kind, doing + ": " + said);
}

Statement::Statement(sqlite3* db, std::string_view sql)
{
    if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &m_stmt, nullptr) != SQLITE_OK) m_stmt = nullptr;
}

Statement::~Statement() { sqlite3_finalize(m_stmt); }

Statement& Statement::bind(int index, std::string_view text)
{
    sqlite3_bind_text(m_stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
    return *this;
}

Statement& Statement::bind(int index, int64_t value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    sqlite3_bind_double(m_stmt, index, value);
    return *this;
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

int Statement::step() { return m_stmt ? sqlite3_step(m_stmt) : SQLITE_MISUSE; }

std::string Statement::text(int column) const
{
    const auto* p = sqlite3_column_text(m_stmt, column);
    return p ? std::string(reinterpret_cast<const char*>(p), size_t(sqlite3_column_bytes(m_stmt, column))) : std::string();
}

int64_t Statement::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

double Statement::real(int column) const { return sqlite3_column_double(m_stmt, column); }

Status execute(sqlite3* db, const char* sql, const std::string& doing)
{
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return sqliteError(db, doing);
    return {};
}

void executeBestEffort(sqlite3* db, const char* sql) { sqlite3_exec(db, sql, nullptr, nullptr, nullptr); }

} // namespace fg::history
