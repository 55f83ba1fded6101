// RunLibrary: opening (refusing what it must not touch), saving in one transaction, listing, editing.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "library/sqlite_db.hpp"

namespace hashscope {

using sqlite::Statement;
using sqlite::Transaction;

struct RunLibrary::Db {
  sqlite3* handle = nullptr;
};

namespace {

std::string joinLines(const std::vector<std::string>& items)
{
  std::string out;
  for (const std::string& item : items)
    out += (out.empty() ? "" : "\n") + item;
  return out;
}

std::vector<std::string> splitLines(const std::string& text)
{
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return out;
}

// Test hook for the kill -9 test: HASHSCOPE_TEST_PAUSE_IN_SAVE=FILE makes save() create FILE once its rows
// are written, then wait inside the open transaction until the process is killed.
void pauseInSaveForTests()
{
  const char* marker = std::getenv("HASHSCOPE_TEST_PAUSE_IN_SAVE");
  if (!marker || !*marker)
    return;
  std::ofstream(marker) << "in transaction\n";
  for (;;)
    std::this_thread::sleep_for(std::chrono::seconds(1));
}

constexpr const char* kRecordColumns =
    "SELECT id, started_at, finished_at, saved_at, name, status, origin, cpu, logical_cores, memory_bytes, "
    "os, kernel, hashscope_version, locations, algorithms, "
    "id = (SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'baseline'), "
    "sample_bytes, passes, headline_algorithm, headline_kbps FROM runs ";

RunRecord readRecord(const Statement& s)
{
  RunRecord r;
  r.id = s.integer(0);
  r.startedAt = s.text(1);
  r.finishedAt = s.text(2);
  r.savedAt = s.text(3);
  r.name = s.text(4);
  r.status = s.text(5);
  r.origin = s.text(6);
  r.machine.cpu = s.text(7);
  r.machine.logicalCores = static_cast<int>(s.integer(8));
  r.machine.memoryBytes = static_cast<std::uint64_t>(s.integer(9));
  r.machine.os = s.text(10);
  r.machine.kernel = s.text(11);
  r.version = s.text(12);
  r.locations = splitLines(s.text(13));
  r.algorithms = splitLines(s.text(14));
  r.baseline = s.integer(15) != 0;
  r.sampleBytes = static_cast<std::uint64_t>(s.integer(16));
  r.passes = static_cast<int>(s.integer(17));
  r.headline.algorithm = s.text(18);
  r.headline.mbps = static_cast<double>(s.integer(19)) / 1000.0;
  return r;
}

}  // namespace

void sqlite::insertRunLocations(sqlite3* db, std::int64_t runId, const RunDocument& doc)
{
  for (const std::string& location : doc.locations()) {
    const RunTile* tile = nullptr;
    for (const RunTile& t : doc.tiles)
      if (t.key.location == location && (!tile || tile->deviceModel.empty()))
        tile = &t;
    Statement insert(db, "INSERT INTO run_locations (run_id, location, device_model, filesystem, kind) "
                         "VALUES (?1, ?2, ?3, ?4, ?5)");
    insert.bind(1, runId).bind(2, location).bind(3, tile->deviceModel).bind(4, tile->filesystem);
    insert.bind(5, tile->deviceKind).run();
  }
}

void sqlite::updateRunSummary(sqlite3* db, std::int64_t runId, const RunDocument& doc)
{
  const RunSettings settings = runSettings(doc);
  const RunHeadline headline = runHeadline(doc);
  Statement update(db, "UPDATE runs SET sample_bytes = ?1, passes = ?2, headline_algorithm = ?3, headline_kbps = ?4 "
                       "WHERE id = ?5");
  update.bind(1, static_cast<std::int64_t>(settings.sampleBytes)).bind(2, static_cast<std::int64_t>(settings.passes));
  update.bind(3, headline.algorithm).bind(4, static_cast<std::int64_t>(std::llround(headline.mbps * 1000)));
  update.bind(5, runId).run();
}

RunLibrary::RunLibrary(const std::filesystem::path& file) : m_db(new Db), m_path(file)
{
  try {
    std::error_code ec;
    if (file.has_parent_path())
      std::filesystem::create_directories(file.parent_path(), ec);
    const std::u8string name = file.u8string();
    if (sqlite3_open_v2(reinterpret_cast<const char*>(name.c_str()), &m_db->handle,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK)
      sqlite::fail(m_db->handle, "cannot open the history database " + std::string(name.begin(), name.end()));
    sqlite3* db = m_db->handle;
    sqlite3_busy_timeout(db, 10000);
    // Look before writing anything: a newer or foreign database must stay exactly as it is.
    std::optional<int> version;
    try {
      version = sqlite::schemaVersion(db);
    } catch (const LibraryError&) {
      throw LibraryError("the file " + std::string(name.begin(), name.end()) +
                         " is not a HashScope history database (not changed): choose another file");
    }
    if (!version)
      throw LibraryError("the file " + std::string(name.begin(), name.end()) +
                         " is not a HashScope history database (not changed): choose another file");
    if (*version > kLibrarySchemaVersion)
      throw LibraryError("this history database was written by a newer HashScope (schema " +
                         std::to_string(*version) + ", this version knows " +
                         std::to_string(kLibrarySchemaVersion) + "): update HashScope to use it; " +
                         std::string(name.begin(), name.end()) + " was not changed");
    // WAL + NORMAL: a committed transaction survives a killed process (kill -9, a crash): only an OS crash
    // or power loss could roll back the last few commits, and never corrupts the file.
    sqlite::exec(db, "PRAGMA journal_mode = WAL", "cannot open the history database");
    sqlite::exec(db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON", "cannot open the history database");
    sqlite::migrate(db);
  } catch (...) {
    sqlite3_close(m_db->handle);
    delete m_db;
    throw;
  }
}

RunLibrary::~RunLibrary()
{
  sqlite3_close(m_db->handle);
  delete m_db;
}

std::int64_t RunLibrary::save(const std::string& json, const std::string& name, const std::string& origin)
{
  const RunDocument doc = readRunDocument(json);
  sqlite3* db = m_db->handle;
  Transaction tx(db);
  Statement insert(db,
                   "INSERT INTO runs (started_at, finished_at, saved_at, name, status, origin, cpu, "
                   "logical_cores, memory_bytes, os, kernel, hashscope_version, locations, algorithms, "
                   "document) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)");
  insert.bind(1, doc.startedAt).bind(2, doc.finishedAt).bind(3, utcTimestamp()).bind(4, name);
  insert.bind(5, doc.status).bind(6, origin).bind(7, doc.machine.cpu);
  insert.bind(8, static_cast<std::int64_t>(doc.machine.logicalCores));
  insert.bind(9, static_cast<std::int64_t>(doc.machine.memoryBytes)).bind(10, doc.machine.os);
  insert.bind(11, doc.machine.kernel).bind(12, doc.version).bind(13, joinLines(doc.locations()));
  insert.bind(14, joinLines(doc.algorithms())).bind(15, json).run();
  const std::int64_t id = sqlite3_last_insert_rowid(db);
  sqlite::insertRunLocations(db, id, doc);
  sqlite::updateRunSummary(db, id, doc);
  pauseInSaveForTests();
  tx.commit();
  return id;
}

std::vector<RunRecord> RunLibrary::list() const
{
  Statement s(m_db->handle, (std::string(kRecordColumns) + "ORDER BY id DESC").c_str());
  std::vector<RunRecord> out;
  while (s.step())
    out.push_back(readRecord(s));
  return out;
}

std::optional<RunRecord> RunLibrary::record(std::int64_t id) const
{
  Statement s(m_db->handle, (std::string(kRecordColumns) + "WHERE id = ?1").c_str());
  s.bind(1, id);
  if (!s.step())
    return std::nullopt;
  return readRecord(s);
}

std::string RunLibrary::document(std::int64_t id) const
{
  Statement s(m_db->handle, "SELECT document FROM runs WHERE id = ?1");
  s.bind(1, id);
  if (!s.step())
    throw LibraryError("there is no run " + std::to_string(id) + " in the history");
  return s.text(0);
}

void RunLibrary::rename(std::int64_t id, const std::string& name)
{
  Transaction tx(m_db->handle);
  Statement s(m_db->handle, "UPDATE runs SET name = ?1 WHERE id = ?2");
  s.bind(1, name).bind(2, id).run();
  if (sqlite3_changes(m_db->handle) == 0)
    throw LibraryError("there is no run " + std::to_string(id) + " in the history");
  tx.commit();
}

void RunLibrary::remove(std::int64_t id)
{
  Transaction tx(m_db->handle);
  Statement s(m_db->handle, "DELETE FROM runs WHERE id = ?1");
  s.bind(1, id).run();
  if (sqlite3_changes(m_db->handle) == 0)
    throw LibraryError("there is no run " + std::to_string(id) + " in the history");
  Statement clear(m_db->handle, "DELETE FROM settings WHERE key = 'baseline' AND value = ?1");
  clear.bind(1, std::to_string(id)).run();
  tx.commit();
}

void RunLibrary::setBaseline(std::optional<std::int64_t> id)
{
  if (id && !record(*id))
    throw LibraryError("there is no run " + std::to_string(*id) + " in the history");
  Transaction tx(m_db->handle);
  if (id) {
    Statement s(m_db->handle, "INSERT OR REPLACE INTO settings (key, value) VALUES ('baseline', ?1)");
    s.bind(1, std::to_string(*id)).run();
  } else {
    sqlite::exec(m_db->handle, "DELETE FROM settings WHERE key = 'baseline'", "cannot clear the baseline");
  }
  tx.commit();
}

std::optional<std::int64_t> RunLibrary::baseline() const
{
  Statement s(m_db->handle, "SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'baseline'");
  if (!s.step())
    return std::nullopt;
  return s.integer(0);
}

}  // namespace hashscope
