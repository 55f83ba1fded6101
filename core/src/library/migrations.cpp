// The history schema as an ordered list of steps. Each step runs in its own transaction together with
// the version bump, so a crash leaves the database at the previous version, never half-migrated.
// Never edit a released step: add a new one.
#include <string>

#include "library/sqlite_db.hpp"

namespace hashscope::sqlite {

namespace {

// Calls `fill` with every stored run that reads back as a document (a new column's values for old rows).
template <class Fill>
void backfill(sqlite3* db, Fill fill)
{
  Statement runs(db, "SELECT id, document FROM runs");
  while (runs.step()) {
    RunDocument doc;
    try {
      doc = readRunDocument(runs.text(1));
    } catch (const RunFormatError&) {
      continue;  // keep the row as it is: the document stays readable with `history export`
    }
    fill(runs.integer(0), doc);
  }
}

// 2: the fingerprint grows RAM and kernel, locations get their own rows (device model, filesystem,
// kind), runs know whether they were imported, and settings hold the baseline. Rows of schema 1 are
// filled in from their stored documents.
void backfillVersion2(sqlite3* db)
{
  backfill(db, [db](std::int64_t id, const RunDocument& doc) {
    Statement update(db, "UPDATE runs SET memory_bytes = ?1, kernel = ?2 WHERE id = ?3");
    update.bind(1, static_cast<std::int64_t>(doc.machine.memoryBytes)).bind(2, doc.machine.kernel);
    update.bind(3, id).run();
    insertRunLocations(db, id, doc);
  });
}

// 3: the list shows each run's sample size, passes and best end-to-end speed: kept in columns, filled in
// from the stored documents.
void backfillVersion3(sqlite3* db)
{
  backfill(db, [db](std::int64_t id, const RunDocument& doc) { updateRunSummary(db, id, doc); });
}

struct Step {
  int version;
  const char* sql;
  void (*after)(sqlite3*);
};

const Step kSteps[] = {
    {1,
     "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
     "INSERT INTO meta VALUES ('schema_version', '0');"
     "CREATE TABLE runs ("
     "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
     "  started_at TEXT, finished_at TEXT, saved_at TEXT NOT NULL,"
     "  name TEXT NOT NULL DEFAULT '', status TEXT NOT NULL,"
     "  cpu TEXT, logical_cores INTEGER, os TEXT, hashscope_version TEXT,"
     "  locations TEXT NOT NULL, algorithms TEXT NOT NULL,"
     "  document TEXT NOT NULL);"
     "CREATE INDEX runs_by_start ON runs (started_at);",
     nullptr},
    {2,
     "ALTER TABLE runs ADD COLUMN memory_bytes INTEGER;"
     "ALTER TABLE runs ADD COLUMN kernel TEXT;"
     "ALTER TABLE runs ADD COLUMN origin TEXT NOT NULL DEFAULT 'local';"
     "CREATE TABLE run_locations ("
     "  run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
     "  location TEXT NOT NULL, device_model TEXT, filesystem TEXT, kind TEXT);"
     "CREATE INDEX run_locations_by_run ON run_locations (run_id);"
     "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT);",
     backfillVersion2},
    {3,
     "ALTER TABLE runs ADD COLUMN sample_bytes INTEGER;"
     "ALTER TABLE runs ADD COLUMN passes INTEGER;"
     "ALTER TABLE runs ADD COLUMN headline_algorithm TEXT;"
     "ALTER TABLE runs ADD COLUMN headline_kbps INTEGER;",
     backfillVersion3},
};

static_assert(sizeof kSteps / sizeof kSteps[0] == kLibrarySchemaVersion, "one step per schema version");

}  // namespace

void migrateTo(sqlite3* db, int version)
{
  for (const Step& step : kSteps) {
    if (step.version > version)
      break;
    Transaction tx(db);
    // Read again inside the write lock: another process may have migrated in the meantime.
    const auto current = schemaVersion(db);
    if (!current)
      throw LibraryError("this file is not a HashScope history database: not changed");
    if (*current >= step.version)
      continue;
    exec(db, step.sql, "cannot upgrade the history database");
    if (step.after)
      step.after(db);
    Statement bump(db, "UPDATE meta SET value = ?1 WHERE key = 'schema_version'");
    bump.bind(1, std::to_string(step.version)).run();
    tx.commit();
  }
}

void migrate(sqlite3* db) { migrateTo(db, kLibrarySchemaVersion); }

}  // namespace hashscope::sqlite
