// Thin RAII helpers over the sqlite3 C API for the run library: statements, transactions, errors.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>

#include "hashscope/library.hpp"

namespace hashscope::sqlite {

// Throws LibraryError "<what>: <the reason>", the reason said in the user's terms where SQLite's code tells
// it (a full disk, a damaged file, a read-only one, another process holding the lock), else SQLite's message.
[[noreturn]] void fail(sqlite3* db, const std::string& what);
// The reason part of fail() for the last error on `db`.
std::string reason(sqlite3* db);
// How to save what a damaged history file still holds (a shell command and its purpose).
std::string damagedAdvice(const std::string& file);
// Runs SQL without results (may hold several statements).
void exec(sqlite3* db, const char* sql, const char* what);

// A prepared statement; bind from 1, read columns from 0.
class Statement {
public:
  Statement(sqlite3* db, const char* sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& text);
  Statement& bind(int index, std::int64_t number);
  bool step();  // true: a row is ready; false: done. Throws on error.
  void run() { step(); }
  void reset();  // ready to bind and run again

  std::string text(int column) const;
  std::int64_t integer(int column) const;

private:
  sqlite3* m_db;
  sqlite3_stmt* m_stmt = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT; rolls back when destroyed without commit() (an exception on the way).
class Transaction {
public:
  explicit Transaction(sqlite3* db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

private:
  sqlite3* m_db;
  bool m_done = false;
};

// The stored schema version: 0 for an empty database; nullopt when the file holds tables that are not a
// HashScope history (no meta table).
std::optional<int> schemaVersion(sqlite3* db);
// Brings the database from its version to kLibrarySchemaVersion, one transaction per step (migrations.cpp).
void migrate(sqlite3* db);
// For tests: migrates an empty database only up to `version` (the first schema, to test migrations).
void migrateTo(sqlite3* db, int version);

// The per-location fingerprint rows of a run (schema 2): shared by save and the 1 -> 2 migration.
void insertRunLocations(sqlite3* db, std::int64_t runId, const RunDocument& doc);
// The list's summary columns of a run (schema 3): sample size, passes, best end-to-end speed.
void updateRunSummary(sqlite3* db, std::int64_t runId, const RunDocument& doc);

}  // namespace hashscope::sqlite
