// `hashscope-cli history ...` and `plan`: bench saves its run, list/show/compare/export/import/remove in
// table, CSV and JSON, the newer-schema refusal, and the planner's example. Each test has its own file
// (--history-db), looked at with the system's sqlite3 where it is installed.
#include "catch.hpp"
#include "cli_helpers.hpp"
#include "skip.hpp"
#include "json_helpers.hpp"

using namespace clitest;
namespace fs = std::filesystem;

namespace {

const fs::path kRuns = fs::path(HASHSCOPE_TEST_DATA_DIR) / "runs";

ProcessResult history(const fs::path& db, std::vector<std::string> args)
{
  args.insert(args.begin(), "history");
  args.push_back("--history-db");
  args.push_back(db.string());
  return runCli(args);
}

std::string sqlite(const fs::path& db, const std::string& sql)
{
  const ProcessResult r = run({"sqlite3", db.string(), sql});
  REQUIRE(r.exitCode == 0);
  return r.out;
}

} // namespace

TEST_CASE("bench saves its run in the history unless --no-save", "[cli][history]")
{
  TempDir dir;
  const fs::path db = dir / "history.sqlite";
  const std::vector<std::string> bench = {"bench", "--location", dir.path().string(), "-a", "md5", "-w",
                                          "hash-memory", "--duration", "0.1", "--sample-hz", "0",
                                          "--history-db", db.string()};
  ProcessResult r = runCli(bench);
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  auto withNoSave = bench;
  withNoSave.push_back("--no-save");
  REQUIRE(runCli(withNoSave).exitCode == 0);

  r = history(db, {"list", "--format", "json"});
  REQUIRE(r.exitCode == 0);
  const Json list = parseJson(r.out);
  REQUIRE(list["runs"].array.size() == 1);
  const Json& saved = list["runs"].array[0];
  CHECK(saved["status"].string == "finished");
  CHECK(saved["origin"].string == "local");
  CHECK(saved["started_at"].string.size() == 20);  // 2026-11-22T12:51:37Z
  CHECK(saved["started_at"].string <= saved["finished_at"].string);
  CHECK(saved["algorithms"].array.at(0).string == "md5");

  // The stored document is the bench JSON plus the timestamps and the machine's fingerprint.
  r = history(db, {"show", "1", "--format", "json"});
  REQUIRE(r.exitCode == 0);
  const Json doc = parseJson(r.out);
  CHECK(doc["schema"].string.rfind("hashscope.run/", 0) == 0);
  CHECK(doc["status"].string == "finished");
  CHECK(doc["machine"]["memory_bytes"].number > 0);
  CHECK(doc["results"].array.at(0)["mb_per_s"].number > 0);
  if (toolExists("sqlite3")) {
    CHECK(sqlite(db, "PRAGMA integrity_check;") == "ok\n");
    CHECK(sqlite(db, "SELECT count(*) FROM runs;") == "1\n");
  } else {
    HASHSCOPE_SKIP_PART("sqlite3 is not on PATH: the history file's integrity not checked with it");
  }
}

TEST_CASE("history import, list, compare, export, rename, baseline, remove", "[cli][history]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  ProcessResult r = history(db, {"import", (kRuns / "run_a.json").string(), (kRuns / "run_b.json").string()});
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("as run 2") != std::string::npos);

  r = history(db, {"list"});
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("Other CPU 16C (16 cores, 32 GB)") != std::string::npos);
  r = history(db, {"list", "--format", "csv"});
  REQUIRE(r.exitCode == 0);
  CHECK(splitLines(r.out).size() == 3);
  CHECK(r.out.rfind("id,started_at,", 0) == 0);

  r = history(db, {"compare", "1", "2", "--format", "json"});
  REQUIRE(r.exitCode == 0);
  const Json c = parseJson(r.out);
  CHECK(c["faster"].number == 1);
  CHECK(c["slower"].number == 1);
  CHECK(c["within"].number == 2);
  CHECK(c["tiles"].array.at(0)["delta_pct"].number == Approx(10.0));
  CHECK(c["tiles"].array.at(0)["change"].string == "faster");
  r = history(db, {"compare", "1", "2"});
  CHECK(r.out.find("+10.0%") != std::string::npos);
  CHECK(r.out.find("1 faster, 1 slower, 2 within the spread") != std::string::npos);
  r = history(db, {"compare", "1", "2", "--format", "csv"});
  CHECK(r.out.find("hash-memory sha256,hash-memory,sha256,,,1,400,360,-10,3,true,slower") != std::string::npos);

  // One id: compared with the baseline.
  CHECK(history(db, {"compare", "2"}).exitCode == 2);  // no baseline yet: usage error
  REQUIRE(history(db, {"baseline", "1"}).exitCode == 0);
  r = history(db, {"compare", "2", "--format", "json"});
  REQUIRE(r.exitCode == 0);
  CHECK(parseJson(r.out)["base"].number == 1);

  // Export writes the stored document; importing it again (when asked to) gives an identical run.
  const fs::path exported = dir / "run2.json";
  REQUIRE(history(db, {"export", "2", "-o", exported.string()}).exitCode == 0);
  CHECK(readTextFile(exported) == readTextFile(kRuns / "run_b.json"));
  r = history(db, {"export", "2", "-o", exported.string()});
  CHECK(r.exitCode == 1);  // never overwrites
  CHECK(isOneErrorLine(r.err));
  r = history(db, {"import", exported.string(), "--name", "copy"});  // the same run: not stored twice
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("already in the history as run 2") != std::string::npos);
  REQUIRE(history(db, {"import", exported.string(), "--name", "copy", "--allow-duplicate"}).exitCode == 0);
  CHECK(history(db, {"show", "3", "--format", "json"}).out == readTextFile(kRuns / "run_b.json"));

  REQUIRE(history(db, {"rename", "1", "old kernel"}).exitCode == 0);
  REQUIRE(history(db, {"remove", "2"}).exitCode == 0);
  r = history(db, {"list", "--format", "json"});
  const Json left = parseJson(r.out);
  REQUIRE(left["runs"].array.size() == 2);
  CHECK(left["runs"].array[0]["name"].string == "copy");
  CHECK(left["runs"].array[1]["name"].string == "old kernel");
  CHECK(left["runs"].array[1]["baseline"].boolean);
  r = history(db, {"remove", "2"});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
}

TEST_CASE("history refuses bad input with one line and changes nothing", "[cli][history]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  writeTextFile(dir / "not-a-run.json", "{\"hello\": 1}");
  ProcessResult r = history(db, {"import", (dir / "not-a-run.json").string()});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
  CHECK(r.err.find("not a HashScope run file") != std::string::npos);
  CHECK(history(db, {"show", "x"}).exitCode == 2);
  CHECK(history(db, {"fly"}).exitCode == 2);
  CHECK(history(db, {"list", "--format", "xml"}).exitCode == 2);

  if (toolExists("sqlite3")) {
    REQUIRE(history(db, {"import", (kRuns / "run_a.json").string()}).exitCode == 0);
    sqlite(db, "UPDATE meta SET value = '99' WHERE key = 'schema_version'; PRAGMA wal_checkpoint(TRUNCATE);");
    const std::string before = readTextFile(db);
    r = history(db, {"list"});
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("written by a newer HashScope (schema 99") != std::string::npos);
    CHECK(readTextFile(db) == before);
  } else {
    HASHSCOPE_SKIP_PART("sqlite3 is not installed: the newer-schema refusal is tested in the core tests only");
  }
}

TEST_CASE("plan: 1 TB in a minute with md5 from a recorded run", "[cli][plan]")
{
  TempDir dir;
  const fs::path db = dir / "h.sqlite";
  REQUIRE(history(db, {"import", (kRuns / "run_a.json").string()}).exitCode == 0);
  ProcessResult r = runCli({"plan", "--data", "1T", "--time", "1m", "-a", "md5", "--history-db", db.string()});
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("throughput needed   16.7 GB/s") != std::string::npos);
  // The median pass of md5's hash-memory runs, with their spread.
  CHECK(r.out.find("about 27 cores at 610 MB/s per core (27.3; 28 to be sure; passes 600 MB/s to 620 MB/s)") !=
        std::string::npos);
  CHECK(r.out.find("reads at 16.7 GB/s") != std::string::npos);
  CHECK(r.out.find("limited by storage") != std::string::npos);

  r = runCli({"plan", "--data", "50G", "--time", "60s", "--file", (kRuns / "run_a.json").string(), "-f", "json"});
  REQUIRE(r.exitCode == 0);
  const Json plan = parseJson(r.out);
  CHECK(plan["needed_mb_per_s"].number == Approx(833.333));
  CHECK(plan["meeting"].array.size() == 2);

  CHECK(runCli({"plan", "--data", "1X", "--time", "1m", "--history-db", db.string()}).exitCode == 2);
  CHECK(runCli({"plan", "--data", "1T", "--history-db", db.string()}).exitCode == 2);
  CHECK(runCli({"plan", "--data", "1T", "--time", "1m", "--run", "first", "--history-db", db.string()}).exitCode == 2);
  CHECK(runCli({"plan", "--data", "1T", "--time", "1m", "--run", "9", "--history-db", db.string()}).exitCode == 1);
  r = runCli({"plan", "--data", "1T", "--time", "1m", "-a", "sha1", "--history-db", db.string()});
  CHECK(r.exitCode == 1);  // not measured in that run: said, and the exit status tells
  CHECK(r.out.find("sha1 has no hash-memory result") != std::string::npos);
  r = runCli({"plan", "--data", "1T", "--time", "1m", "--history-db", (dir / "empty.sqlite").string()});
  CHECK(r.exitCode == 1);
  CHECK(isOneErrorLine(r.err));
}
