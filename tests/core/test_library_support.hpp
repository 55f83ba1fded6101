// Helpers for the run library tests: the recorded run fixtures and raw SQLite access to a history file.
#pragma once

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hashscope::test {

// A recorded run document from tests/data/runs.
inline std::string recordedRun(const std::string& name)
{
  std::ifstream in(std::filesystem::path(HASHSCOPE_TEST_DATA_DIR) / "runs" / name, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string fileBytes(const std::filesystem::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A raw connection for looking at (or forging) a history file behind RunLibrary's back.
class RawDb {
public:
  explicit RawDb(const std::filesystem::path& path) { sqlite3_open(path.string().c_str(), &m_db); }
  ~RawDb() { sqlite3_close(m_db); }
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;
  sqlite3* handle() const { return m_db; }
  bool exec(const std::string& sql) { return sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK; }
  // The first column of the first row as text ("" when none).
  std::string scalar(const std::string& sql)
  {
    sqlite3_stmt* stmt = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
      if (const auto* p = sqlite3_column_text(stmt, 0))
        out = reinterpret_cast<const char*>(p);
    sqlite3_finalize(stmt);
    return out;
  }

private:
  sqlite3* m_db = nullptr;
};

}  // namespace hashscope::test
