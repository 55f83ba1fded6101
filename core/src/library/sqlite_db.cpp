// The sqlite3 helpers: every failure becomes a LibraryError with SQLite's own message.
#include "library/sqlite_db.hpp"

#include <cerrno>

namespace hashscope::sqlite {

std::string damagedAdvice(const std::string& file)
{
  return "`sqlite3 " + file + " .recover | sqlite3 recovered.sqlite` saves what it still holds";
}

std::string reason(sqlite3* db)
{
  if (!db)
    return "out of memory";
  const char* name = sqlite3_db_filename(db, "main");
  const std::string file = name && *name ? name : "the history database";
  // A full disk can also surface as an I/O error (growing the -shm file of a WAL database): errno says it.
  if (sqlite3_errcode(db) == SQLITE_FULL || (sqlite3_errcode(db) == SQLITE_IOERR && sqlite3_system_errno(db) == ENOSPC))
    return "the disk holding " + file + " is full: free some space and try again";
  switch (sqlite3_errcode(db)) {
  case SQLITE_CORRUPT:
  case SQLITE_NOTADB: return file + " is damaged (" + damagedAdvice(file) + ")";
  case SQLITE_READONLY: return file + " is read-only here";
  case SQLITE_BUSY:
  case SQLITE_LOCKED: return "another program kept " + file + " busy for more than 10 s: try again";
  default: return sqlite3_errmsg(db);
  }
}

void fail(sqlite3* db, const std::string& what) { throw LibraryError(what + ": " + reason(db)); }

void exec(sqlite3* db, const char* sql, const char* what)
{
  if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
    fail(db, what);
}

Statement::Statement(sqlite3* db, const char* sql) : m_db(db)
{
  if (sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) != SQLITE_OK)
    fail(db, "cannot read the history database");
}

Statement::~Statement() { sqlite3_finalize(m_stmt); }

Statement& Statement::bind(int index, const std::string& text)
{
  if (sqlite3_bind_text(m_stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT) != SQLITE_OK)
    fail(m_db, "cannot store in the history database");
  return *this;
}

Statement& Statement::bind(int index, std::int64_t number)
{
  if (sqlite3_bind_int64(m_stmt, index, number) != SQLITE_OK)
    fail(m_db, "cannot store in the history database");
  return *this;
}

bool Statement::step()
{
  const int rc = sqlite3_step(m_stmt);
  if (rc == SQLITE_ROW)
    return true;
  if (rc == SQLITE_DONE)
    return false;
  fail(m_db, "history database error");
}

void Statement::reset()
{
  sqlite3_reset(m_stmt);
  sqlite3_clear_bindings(m_stmt);
}

std::string Statement::text(int column) const
{
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, column));
  return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column))) : std::string();
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(m_stmt, column); }

Transaction::Transaction(sqlite3* db) : m_db(db)
{
  // IMMEDIATE takes the write lock now, so two savers queue (busy timeout) instead of deadlocking.
  exec(db, "BEGIN IMMEDIATE", "cannot start a change to the history database");
}

Transaction::~Transaction()
{
  if (!m_done)
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit()
{
  exec(m_db, "COMMIT", "cannot save to the history database");
  m_done = true;
}

std::optional<int> schemaVersion(sqlite3* db)
{
  Statement tables(db, "SELECT count(*), sum(name = 'meta') FROM sqlite_master WHERE type = 'table'");
  tables.step();
  if (tables.integer(0) == 0)
    return 0;
  if (tables.integer(1) == 0)
    return std::nullopt;
  Statement version(db, "SELECT value FROM meta WHERE key = 'schema_version'");
  if (!version.step())
    return std::nullopt;
  return static_cast<int>(version.integer(0));
}

}  // namespace hashscope::sqlite
