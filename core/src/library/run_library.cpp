// RunLibrary: opening (refusing what it must not touch, reading what it may not write), saving in one
// short transaction, importing without duplicates, listing, editing.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <unordered_map>

#include "library/sqlite_db.hpp"

namespace hashscope {

using sqlite::Statement;
using sqlite::Transaction;

namespace {

namespace fs = std::filesystem;

template <class T>
std::string joined(const std::vector<T>& items, const char* separator)
{
  std::string out;
  for (const T& item : items) {
    if constexpr (std::is_same_v<T, std::string>)
      out += (out.empty() ? "" : separator) + item;
    else
      out += (out.empty() ? "" : separator) + std::to_string(item);
  }
  return out;
}

std::vector<std::string> splitLines(const std::string& text)
{
  std::vector<std::string> out;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
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

bool cannotWrite(int code)
{
  return code == SQLITE_CANTOPEN || code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_AUTH;
}

// "file:PATH?mode=ro[&immutable=1]": a URI for a read-only open. immutable is for files on read-only media
// in WAL mode, which SQLite cannot otherwise read without creating the -shm file beside them.
std::string readOnlyUri(const std::string& name, bool immutable)
{
  std::string uri = "file:";
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '%' || c == '?' || c == '#' || u < 0x20 || u == 0x7f) {
      static const char* const kHex = "0123456789ABCDEF";
      uri += '%';
      uri += kHex[u >> 4];
      uri += kHex[u & 0xf];
    } else {
      uri += c;
    }
  }
  return uri + (immutable ? "?mode=ro&immutable=1" : "?mode=ro");
}

}  // namespace

void sqlite::insertRunLocations(sqlite3* db, std::int64_t runId, const RunDocument& doc)
{
  // One pass over the tiles: per location the first tile that names its device (else its last tile).
  std::unordered_map<std::string_view, const RunTile*> described;
  for (const RunTile& t : doc.tiles) {
    const RunTile*& tile = described[t.key.location];
    if (!tile || tile->deviceModel.empty())
      tile = &t;
  }
  Statement insert(db, "INSERT INTO run_locations (run_id, location, device_model, filesystem, kind) "
                       "VALUES (?1, ?2, ?3, ?4, ?5)");
  for (const std::string& location : doc.locations()) {
    const RunTile* tile = described.at(location);
    insert.reset();
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

RunLibrary::RunLibrary(const fs::path& file, LibraryOptions options)
    : m_path(file), m_options(std::move(options))
{
  const std::u8string u8name = file.u8string();
  const std::string name(u8name.begin(), u8name.end());
  try {
    // SQLite's names for a database in memory or a temporary file: a history there would keep nothing.
    if (name.empty() || name == ":memory:")
      throw LibraryError("\"" + name + "\" is not a file name: a history there would keep nothing (give a file name)");
    std::error_code ec;
    const fs::file_status status = fs::status(file, ec);
    if (fs::is_directory(status))
      throw LibraryError(name + " is a folder, not a history database: choose a file");
    m_exists = fs::exists(status);
    if (!m_exists && !m_options.create) {
      // A read of a history that does not exist: an empty one, and nothing is created.
      if (sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK)
        sqlite::fail(m_db, "cannot open the history database");
      sqlite::migrate(m_db);
      m_readOnly = true;
      return;
    }
    if (!m_exists && file.has_parent_path() && !fs::is_directory(file.parent_path(), ec)) {
      fs::create_directories(file.parent_path(), ec);
      if (ec)
        throw LibraryError("cannot create the folder " + file.parent_path().string() + " for the history database (" +
                           ec.message() + ")");
    }
    const int flags = SQLITE_OPEN_READWRITE | (m_exists ? 0 : SQLITE_OPEN_CREATE);
    int rc = sqlite3_open_v2(name.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK && !(m_exists && cannotWrite(rc)))
      sqlite::fail(m_db, "cannot open the history database " + name);
    if (rc == SQLITE_OK)
      sqlite3_busy_timeout(m_db, 10000);
    // Look before writing anything: a newer or foreign database must stay exactly as it is.
    int version = -1;  // -1: tables that are not a HashScope history
    auto readVersion = [&] {
      try {
        version = sqlite::schemaVersion(m_db).value_or(-1);
        return SQLITE_OK;
      } catch (const LibraryError&) {
        return sqlite3_errcode(m_db);
      }
    };
    rc = rc == SQLITE_OK ? readVersion() : rc;
    // A history this user may read but not write (a read-only mount, someone else's folder): read-only.
    for (const bool immutable : {false, true}) {
      if (rc == SQLITE_OK || !m_exists || !cannotWrite(rc))
        break;
      sqlite3_close(m_db);
      m_db = nullptr;
      const std::string uri = readOnlyUri(name, immutable);
      rc = sqlite3_open_v2(uri.c_str(), &m_db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
      if (rc == SQLITE_OK) {
        sqlite3_busy_timeout(m_db, 10000);
        rc = readVersion();
      }
      m_readOnly = true;
    }
    if (rc == SQLITE_OK && version < 0)
      throw LibraryError("the file " + name + " is not a HashScope history database (not changed): choose another file");
    if (rc == SQLITE_NOTADB)
      throw LibraryError("the file " + name + " is not a HashScope history database, or its first page is damaged "
                         "(not changed): choose another file; if it held your runs, " + sqlite::damagedAdvice(name));
    if (rc != SQLITE_OK)
      sqlite::fail(m_db, "cannot read the history database " + name);
    if (version > kLibrarySchemaVersion)
      throw LibraryError("this history database was written by a newer HashScope (schema " + std::to_string(version) +
                         ", this version knows " + std::to_string(kLibrarySchemaVersion) +
                         "): update HashScope to use it; " + name + " was not changed");
    m_readOnly = m_readOnly || sqlite3_db_readonly(m_db, "main") == 1;
    if (m_readOnly) {
      if (version < kLibrarySchemaVersion)
        throw LibraryError(name + " was written by an older HashScope and is read-only here, so it cannot be upgraded: "
                           "open it where it can be written once");
      return;
    }
    // WAL + NORMAL: a committed transaction survives a killed process (kill -9, a crash): only an OS crash
    // or power loss could roll back the last few commits, and never corrupts the file. Set once, when the
    // file is new: switching it takes a lock, and it stays in the file.
    const bool wal = [this] {
      Statement mode(m_db, "PRAGMA journal_mode");  // finished before the switch below: no transaction open
      return mode.step() && mode.text(0) == "wal";
    }();
    if (!wal)
      sqlite::exec(m_db, "PRAGMA journal_mode = WAL", "cannot open the history database");
    sqlite::exec(m_db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON",
                 "cannot open the history database");
    // Readers of a current schema take no write lock: only an upgrade (or a new file) needs one.
    if (version < kLibrarySchemaVersion)
      sqlite::migrate(m_db);
  } catch (...) {
    sqlite3_close(m_db);
    throw;
  }
}

RunLibrary::~RunLibrary()
{
  sqlite3_close(m_db);
}

void RunLibrary::requireWritable() const
{
  if (!m_exists && !m_options.create)
    throw LibraryError("there is no history database at " + m_path.string());
  if (m_readOnly)
    throw LibraryError(m_path.string() + " is read-only here (a read-only disk, or a file or folder you cannot "
                                         "write): its runs can be read, not changed");
}

std::int64_t RunLibrary::insert(const RunDocument& doc, std::string_view json, const std::string& name,
                                const std::string& origin)
{
  requireWritable();
  sqlite3* db = m_db;
  // The document was read (parsed and checked) before this: the write lock is held only for the rows.
  Transaction tx(db);
  Statement insert(db,
                   "INSERT INTO runs (started_at, finished_at, saved_at, name, status, origin, cpu, "
                   "logical_cores, memory_bytes, os, kernel, hashscope_version, locations, algorithms, "
                   "document) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)");
  insert.bind(1, doc.startedAt).bind(2, doc.finishedAt).bind(3, utcTimestamp()).bind(4, name);
  insert.bind(5, doc.status).bind(6, origin).bind(7, doc.machine.cpu);
  insert.bind(8, static_cast<std::int64_t>(doc.machine.logicalCores));
  insert.bind(9, static_cast<std::int64_t>(doc.machine.memoryBytes)).bind(10, doc.machine.os);
  insert.bind(11, doc.machine.kernel).bind(12, doc.version).bind(13, joined(doc.locations(), "\n"));
  insert.bind(14, joined(doc.algorithms(), "\n")).bind(15, std::string(json)).run();
  const std::int64_t id = sqlite3_last_insert_rowid(db);
  sqlite::insertRunLocations(db, id, doc);
  sqlite::updateRunSummary(db, id, doc);
  tx.commit();
  return id;
}

std::int64_t RunLibrary::save(const std::string& json, const std::string& name, const std::string& origin)
{
  requireWritable();
  const std::string_view text = withoutByteOrderMark(json);
  return insert(readRunDocument(text), text, name, origin);
}

RunLibrary::Imported RunLibrary::import(const std::string& json, const std::string& name, bool allowDuplicate)
{
  requireWritable();
  const std::string_view text = withoutByteOrderMark(json);
  const RunDocument doc = readRunDocument(text);
  if (!allowDuplicate) {
    // Runs started at the same second (the index), then the very same text.
    Statement same(m_db, "SELECT id FROM runs WHERE started_at = ?1 AND document = ?2 ORDER BY id LIMIT 1");
    same.bind(1, doc.startedAt).bind(2, std::string(text));
    if (same.step())
      return {same.integer(0), true};
  }
  return {insert(doc, text, name, "imported"), false};
}

std::vector<RunRecord> RunLibrary::list() const
{
  Statement s(m_db, (std::string(kRecordColumns) + "ORDER BY id DESC").c_str());
  std::vector<RunRecord> out;
  while (s.step())
    out.push_back(readRecord(s));
  return out;
}

std::optional<RunRecord> RunLibrary::record(std::int64_t id) const
{
  Statement s(m_db, (std::string(kRecordColumns) + "WHERE id = ?1").c_str());
  s.bind(1, id);
  if (!s.step())
    return std::nullopt;
  return readRecord(s);
}

std::string RunLibrary::document(std::int64_t id) const
{
  Statement s(m_db, "SELECT document FROM runs WHERE id = ?1");
  s.bind(1, id);
  if (!s.step())
    throw LibraryError("there is no run " + std::to_string(id) + " in the history");
  return s.text(0);
}

void RunLibrary::rename(std::int64_t id, const std::string& name)
{
  requireWritable();
  Transaction tx(m_db);
  Statement s(m_db, "UPDATE runs SET name = ?1 WHERE id = ?2");
  s.bind(1, name).bind(2, id).run();
  if (sqlite3_changes(m_db) == 0)
    throw LibraryError("there is no run " + std::to_string(id) + " in the history");
  tx.commit();
}

void RunLibrary::remove(const std::vector<std::int64_t>& ids)
{
  requireWritable();
  Transaction tx(m_db);
  std::vector<std::int64_t> missing;
  Statement s(m_db, "DELETE FROM runs WHERE id = ?1");
  Statement clear(m_db, "DELETE FROM settings WHERE key = 'baseline' AND value = ?1");
  for (const std::int64_t id : ids) {
    s.reset();
    s.bind(1, id).run();
    if (sqlite3_changes(m_db) == 0 && std::find(missing.begin(), missing.end(), id) == missing.end())
      missing.push_back(id);
    clear.reset();
    clear.bind(1, std::to_string(id)).run();
  }
  if (!missing.empty())  // the transaction rolls back: all or nothing
    throw LibraryError(std::string(missing.size() == 1 ? "there is no run " : "there are no runs ") +
                       joined(missing, ", ") + " in the history: nothing was removed");
  tx.commit();
}

void RunLibrary::setBaseline(std::optional<std::int64_t> id)
{
  requireWritable();
  if (id && !record(*id))
    throw LibraryError("there is no run " + std::to_string(*id) + " in the history");
  Transaction tx(m_db);
  if (id) {
    Statement s(m_db, "INSERT OR REPLACE INTO settings (key, value) VALUES ('baseline', ?1)");
    s.bind(1, std::to_string(*id)).run();
  } else {
    sqlite::exec(m_db, "DELETE FROM settings WHERE key = 'baseline'", "cannot clear the baseline");
  }
  tx.commit();
}

std::optional<std::int64_t> RunLibrary::baseline() const
{
  Statement s(m_db, "SELECT CAST(value AS INTEGER) FROM settings WHERE key = 'baseline'");
  if (!s.step())
    return std::nullopt;
  return s.integer(0);
}

}  // namespace hashscope
