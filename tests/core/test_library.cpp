// The run library: save/load round trip, editing, refusals (newer schema, foreign files), migration from
// the first schema. (The default path is tested against Qt's in tests/gui/test_history.cpp.)
#include <catch.hpp>

#include "hashscope/export.hpp"
#include "hashscope/files.hpp"
#include "hashscope/library.hpp"
#include "library/sqlite_db.hpp"
#include "test_engine_support.hpp"
#include "test_library_support.hpp"

using namespace hashscope;
using hashscope::test::RawDb;
using hashscope::test::TempDir;

namespace {

// A full run as the engine makes it: two results with passes' worth of figures and samples.
std::vector<RunResult> fullRun()
{
  RunResult hash;
  hash.workload = Workload::HashMemory;
  hash.algorithm = "md5";
  hash.streams = 2;
  hash.bytes = 512 * MiB;
  hash.seconds = 0.5;
  hash.samples.resize(3);
  for (std::size_t i = 0; i < hash.samples.size(); ++i) {
    hash.samples[i].t = 0.1 * double(i + 1);
    hash.samples[i].totalMBps = 1000 + double(i);
  }
  RunResult read;
  read.workload = Workload::Read;
  read.location = pathFromUtf8("/srv/caf\xc3\xa9");  // UTF-8 text to a path, explicitly (Windows: UTF-16)
  read.cache = CacheMode::Cold;
  read.bytes = 256 * MiB;
  read.seconds = 0.25;
  read.storage.device.model = "Test Disk";
  read.storage.filesystem = "ext4";
  return {hash, read};
}

}  // namespace

TEST_CASE("library: a full run saved and loaded back is the same document, listed with its fingerprint",
          "[library]")
{
  TempDir dir;
  ExportOptions options;
  options.startedAt = "2026-11-22T10:00:00Z";
  options.finishedAt = "2026-11-22T10:01:00Z";
  options.status = "finished";
  const std::string json = toJson(fullRun(), options);
  std::int64_t id = 0;
  {
    RunLibrary library(dir / "history.sqlite");
    id = library.save(json, "before upgrade");
  }
  RunLibrary library(dir / "history.sqlite");  // reopened: it was on disk, not in a cache
  REQUIRE(library.document(id) == json);
  const auto record = library.record(id);
  REQUIRE(record);
  CHECK(record->name == "before upgrade");
  CHECK(record->startedAt == "2026-11-22T10:00:00Z");
  CHECK(record->finishedAt == "2026-11-22T10:01:00Z");
  CHECK(record->status == "finished");
  CHECK(record->origin == "local");
  CHECK(record->version == std::string(version()));
  CHECK(record->machine.logicalCores > 0);
  CHECK(record->machine.memoryBytes > 0);
  CHECK(!record->machine.kernel.empty());
  CHECK(record->algorithms == std::vector<std::string>{"md5"});
  CHECK(record->locations == std::vector<std::string>{"/srv/caf\xc3\xa9"});

  const RunDocument doc = library.run(id);
  REQUIRE(doc.tiles.size() == 2);
  CHECK(doc.tiles[0].key.workload == "hash-memory");
  CHECK(doc.tiles[0].key.streams == 2);
  CHECK(doc.tiles[0].mbps == Approx(megabytesPerSecond(512 * MiB, 0.5)));
  CHECK(doc.tiles[1].deviceModel == "Test Disk");
  RawDb raw(dir / "history.sqlite");
  CHECK(raw.scalar("SELECT device_model || '|' || filesystem FROM run_locations WHERE run_id = " +
                   std::to_string(id)) == "Test Disk|ext4");
  CHECK(raw.scalar("PRAGMA journal_mode") == "wal");
}

TEST_CASE("library: rename, baseline and remove, removing the baseline clears it", "[library]")
{
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  const auto a = library.save(test::recordedRun("run_a.json"));
  const auto b = library.save(test::recordedRun("run_b.json"), {}, "imported");
  CHECK(library.list().size() == 2);
  CHECK(library.list().front().id == b);  // newest first
  library.rename(a, "old kernel");
  CHECK(library.record(a)->name == "old kernel");
  CHECK(library.record(b)->origin == "imported");
  library.setBaseline(a);
  CHECK(library.baseline() == a);
  CHECK(library.record(a)->baseline);
  CHECK_FALSE(library.record(b)->baseline);
  library.remove(a);
  CHECK_FALSE(library.baseline());
  CHECK(library.list().size() == 1);
  CHECK_THROWS_AS(library.remove(a), LibraryError);
  CHECK_THROWS_AS(library.document(a), LibraryError);
  CHECK_THROWS_AS(library.setBaseline(a), LibraryError);
}

TEST_CASE("library: a document that is not a run is refused and nothing is stored", "[library]")
{
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  CHECK_THROWS_AS(library.save("{\"schema\": \"something/1\", \"results\": []}"), RunFormatError);
  CHECK_THROWS_AS(library.save("{\"schema\": \"hashscope.run/1\""), RunFormatError);
  CHECK_THROWS_AS(library.save("[1, 2]"), RunFormatError);
  CHECK(library.list().empty());
}

TEST_CASE("library: a database from a newer HashScope is refused with a clear message and left unchanged",
          "[library]")
{
  TempDir dir;
  const auto path = dir / "h.sqlite";
  { RunLibrary library(path); library.save(test::recordedRun("run_a.json")); }
  {
    RawDb raw(path);
    REQUIRE(raw.exec("UPDATE meta SET value = '7' WHERE key = 'schema_version'"));
    REQUIRE(raw.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
  }
  const std::string before = test::fileBytes(path);
  try {
    RunLibrary library(path);
    FAIL("a newer schema was opened");
  } catch (const LibraryError& e) {
    const std::string message = e.what();
    CHECK(message.find("newer HashScope (schema 7, this version knows " + std::to_string(kLibrarySchemaVersion) +
                       ")") != std::string::npos);
    CHECK(message.find("not changed") != std::string::npos);
  }
  CHECK(test::fileBytes(path) == before);
  RawDb raw(path);
  CHECK(raw.scalar("SELECT count(*) FROM runs") == "1");
}

TEST_CASE("library: a file that is not a history database is refused and left unchanged", "[library]")
{
  TempDir dir;
  const auto text = dir / "notes.txt";
  { std::ofstream(text, std::ios::binary) << "my notes, not a database\n"; }  // LF on Windows too
  CHECK_THROWS_WITH(RunLibrary(text), Catch::Contains("not a HashScope history database"));
  CHECK(test::fileBytes(text) == "my notes, not a database\n");

  const auto other = dir / "other.sqlite";
  { RawDb raw(other); REQUIRE(raw.exec("CREATE TABLE photos (id INTEGER)")); }
  const std::string before = test::fileBytes(other);
  CHECK_THROWS_WITH(RunLibrary(other), Catch::Contains("not a HashScope history database"));
  CHECK(test::fileBytes(other) == before);
}

TEST_CASE("library: a database of the first schema is migrated, its runs kept and filled in", "[library]")
{
  TempDir dir;
  const auto path = dir / "h.sqlite";
  {
    RawDb raw(path);
    sqlite::migrateTo(raw.handle(), 1);
    REQUIRE(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'") == "1");
    sqlite3_stmt* stmt = nullptr;
    const std::string doc = test::recordedRun("run_a.json");
    REQUIRE(sqlite3_prepare_v2(raw.handle(),
                               "INSERT INTO runs (started_at, finished_at, saved_at, name, status, cpu, logical_cores,"
                               " os, hashscope_version, locations, algorithms, document) VALUES ('2026-11-20T10:00:00Z',"
                               " '2026-11-20T10:02:00Z', '2026-11-20T10:02:01Z', 'v1 run', 'finished', 'Example CPU 8C',"
                               " 8, 'Linux', '0.1.0', '/data', 'md5\nsha256', ?1)",
                               -1, &stmt, nullptr) == SQLITE_OK);
    sqlite3_bind_text(stmt, 1, doc.c_str(), -1, SQLITE_TRANSIENT);
    REQUIRE(sqlite3_step(stmt) == SQLITE_DONE);
    sqlite3_finalize(stmt);
  }
  RunLibrary library(path);
  const auto runs = library.list();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].name == "v1 run");
  CHECK(runs[0].origin == "local");
  CHECK(runs[0].machine.memoryBytes == 16000000000ULL);  // filled in from the stored document
  CHECK(runs[0].machine.kernel == "6.1.0-13-amd64");
  CHECK(runs[0].algorithms == std::vector<std::string>{"md5", "sha256"});
  // Schema 3: the list's summary, from the stored document.
  CHECK(runs[0].passes == 3);
  CHECK(runs[0].headline.algorithm == "md5");
  CHECK(runs[0].headline.mbps == Approx(580));
  RawDb raw(path);
  CHECK(raw.scalar("SELECT value FROM meta WHERE key = 'schema_version'") == std::to_string(kLibrarySchemaVersion));
  CHECK(raw.scalar("SELECT device_model FROM run_locations") == "Example NVMe 1TB");
  CHECK(raw.scalar("PRAGMA integrity_check") == "ok");
  library.setBaseline(runs[0].id);  // the schema 2 settings table exists
  CHECK(library.baseline() == runs[0].id);
}

TEST_CASE("library: a run lists its sample size, passes and best end-to-end speed", "[library]")
{
  TempDir dir;
  std::vector<RunResult> results = fullRun();
  RunResult md5;
  md5.workload = Workload::HashFile;
  md5.algorithm = "md5";
  md5.location = "/srv/data";
  md5.cache = CacheMode::Cold;
  md5.bytes = 256 * MiB;
  md5.seconds = 0.45;
  RunResult xxh = md5;
  xxh.algorithm = "xxh3-64";
  xxh.seconds = 0.25;
  RunResult ramp = xxh;
  ramp.streams = 2;
  ramp.seconds = 0.1;  // faster, but not at the run's main stream count
  PassResult pass;
  pass.bytes = md5.bytes;
  pass.seconds = 0.45;
  md5.passes = {pass, pass, pass};
  results.insert(results.end(), {md5, xxh, ramp});
  RunLibrary library(dir / "h.sqlite");
  const std::int64_t id = library.save(toJson(results));
  const auto record = library.record(id);
  REQUIRE(record);
  CHECK(record->sampleBytes == 256 * MiB);
  CHECK(record->passes == 3);
  CHECK(record->headline.algorithm == "xxh3-64");
  CHECK(record->headline.mbps == Approx(256.0 * MiB / 1e6 / 0.25).epsilon(0.001));
  const RunSettings settings = runSettings(library.run(id));
  CHECK(settings.caches == std::vector<std::string>{"cold"});
  CHECK(settings.streams == 1);
  CHECK(settings.referenceSeconds == Approx(0.5));
}
