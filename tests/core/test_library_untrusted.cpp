// Runs from elsewhere are untrusted input: the run library validates what comes in (strict JSON, UTF-8,
// finite and plausible numbers), keeps what goes out valid, never creates a file for a read, takes no write
// lock to read, says what is true about a damaged file, removes all or nothing, stores a file imported twice
// once, and has no test hook a release binary would read from its environment.
#include <catch.hpp>

#include <cmath>
#include <fstream>
#include <functional>

#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "hashscope/planner.hpp"
#include "library/json_value.hpp"
#include "test_engine_support.hpp"
#include "skip.hpp"
#include "test_library_support.hpp"

using namespace hashscope;
using hashscope::test::RawDb;
using hashscope::test::TempDir;
namespace fs = std::filesystem;

namespace {

// run_a.json with `from` replaced by `to` (once).
std::string patchedRun(const std::string& from, const std::string& to)
{
  std::string json = test::recordedRun("run_a.json");
  const auto at = json.find(from);
  REQUIRE(at != std::string::npos);
  return json.replace(at, from.size(), to);
}

std::string errorOf(const std::function<void()>& action)
{
  try {
    action();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("run documents: malformed JSON numbers and bytes that are not UTF-8 are refused", "[library][untrusted]")
{
  for (const char* number : {"+02.", "02", "1.", ".5", "-", "1e", "1e+", "0x10", "Infinity", "NaN", "--1", "1.2.3"}) {
    INFO(number);
    CHECK_THROWS_AS(json::parse(std::string("[") + number + "]"), json::ParseError);
  }
  for (const char* number : {"0", "-0", "12.5", "-1e-5", "1E+3", "1e309"})
    CHECK_NOTHROW(json::parse(std::string("[") + number + "]"));
  // Beyond a double: +-infinity (or 0), for the reader of the field to judge.
  CHECK(std::isinf(json::parse("[1e309]").items().front().number()));
  CHECK(json::parse("[-1e309]").items().front().number() < 0);
  CHECK(json::parse("[1e-400]").items().front().number() == 0);
  CHECK(json::parse("[0.000000000000000000000000001e-400]").items().front().number() == 0);
  CHECK(std::isinf(json::parse("[" + std::string(400, '9') + "]").items().front().number()));

  for (const std::string& bad : {std::string("[\"\xff\xfe\"]"), std::string("[\"\xc0\xaf\"]"),  // stray, overlong
                                std::string("[\"\xed\xa0\x80\"]"), std::string("[\"\xe2\x82\"]"),  // surrogate, cut
                                std::string("[\"\\ud800\"]"), std::string("[\"\\udc00\"]"),         // half pairs
                                std::string("[\"\\ud800\\u0041\"]")}) {
    INFO(bad);
    CHECK_THROWS_AS(json::parse(bad), json::ParseError);
  }
  CHECK(json::parse("[\"caf\xc3\xa9 \xf0\x9f\x98\x80 \\ud83d\\ude00\"]").items().front().string() ==
        "caf\xc3\xa9 \xf0\x9f\x98\x80 \xf0\x9f\x98\x80");

  // Through the library: refused, and nothing is stored.
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  CHECK_THROWS_AS(library.save(patchedRun("\"Example CPU 8C\"", "\"\xff\xfe\"")), RunFormatError);
  CHECK_THROWS_AS(library.save(patchedRun("\"logical_cores\": 8", "\"logical_cores\": +02.")), RunFormatError);
  CHECK(library.list().empty());
}

TEST_CASE("run documents: a UTF-8 byte-order mark is accepted and not stored", "[library][untrusted]")
{
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  const std::string json = test::recordedRun("run_a.json");
  const std::int64_t id = library.save("\xEF\xBB\xBF" + json);
  CHECK(library.document(id) == json);
  CHECK(readRunDocument("\xEF\xBB\xBF" + json).tiles.size() == 5);
}

TEST_CASE("run documents: imported numbers must be finite and plausible, and the refusal names the field",
          "[library][untrusted]")
{
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("\"logical_cores\": 8", "\"logical_cores\": 1e309")); }),
             Catch::Contains("machine.logical_cores is infinite"));
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("\"mb_per_s\": 610", "\"mb_per_s\": 1e309")); }),
             Catch::Contains("results[0].mb_per_s is infinite"));
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("\"mb_per_s\": 610", "\"mb_per_s\": -5")); }),
             Catch::Contains("results[0].mb_per_s is -5"));
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("{\"mb_per_s\": 600}", "{\"mb_per_s\": 1e300}")); }),
             Catch::Contains("results[0].passes[0].mb_per_s"));
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("\"streams\": 4", "\"streams\": 1e12")); }),
             Catch::Contains("results[1].streams"));
  CHECK_THAT(errorOf([] { readRunDocument(patchedRun("\"memory_bytes\": 16000000000", "\"memory_bytes\": -1")); }),
             Catch::Contains("machine.memory_bytes"));
  // What a real run holds still reads.
  CHECK(readRunDocument(test::recordedRun("run_a.json")).machine.logicalCores == 8);
}

TEST_CASE("imported runs: each field's type is checked and a refusal names the field", "[library][untrusted][hostile]")
{
  const auto refusal = [](const std::string& from, const std::string& to) {
    return errorOf([&] { readRunDocument(patchedRun(from, to)); });
  };
  CHECK_THAT(refusal("\"streams\": 4", "\"streams\": \"one\""), Catch::Contains("results[1].streams is text, not"));
  CHECK_THAT(refusal("\"streams\": 4", "\"streams\": 1.5"), Catch::Contains("results[1].streams is 1.5, not"));
  CHECK_THAT(refusal("\"mb_per_s\": 610", "\"mb_per_s\": \"NaN\""), Catch::Contains("results[0].mb_per_s is text"));
  CHECK_THAT(refusal("\"started_at\": \"2026-11-20T10:00:00Z\"", "\"started_at\": \"9999-99-99T99:99:99Z\""),
             Catch::Contains("started_at is \"9999-99-99T99:99:99Z\", not a UTC time"));
  CHECK_THAT(refusal("\"started_at\": \"2026-11-20T10:00:00Z\"", "\"started_at\": 5"),
             Catch::Contains("started_at is a number, not text"));
  CHECK_THAT(refusal("\"logical_cores\": 8", "\"logical_cores\": 0"), Catch::Contains("machine.logical_cores is 0"));
  CHECK_THAT(refusal("\"cancelled\": false", "\"cancelled\": \"no\""),
             Catch::Contains("results[0].cancelled is text, not true or false"));
  CHECK_THAT(refusal("\"cpu\": \"Example CPU 8C\"", "\"cpu\": [\"x\"]"), Catch::Contains("machine.cpu is a list, not text"));
  CHECK_THAT(refusal("\"streams\": 4, \"cache\"", "\"streams\": 4, \"streams\": 2, \"cache\""),
             Catch::Contains("\"streams\" is given twice"));
  CHECK_THAT(refusal("\"schema\": \"hashscope.run/2\"", "\"schema\": \"hashscope.run/9\""),
             Catch::Contains("a run file of a newer HashScope (hashscope.run/9)"));
  CHECK_THAT(refusal("\"schema\": \"hashscope.run/2\"", "\"schema\": \"hashscope.run/two\""),
             Catch::Contains("is not hashscope.run/N"));
  // What HashScope itself writes still reads: a recorded run, and this build's own export.
  CHECK(readRunDocument(test::recordedRun("run_a.json")).machine.logicalCores == 8);
  CHECK_NOTHROW(readRunDocument(toJson({}, ExportOptions{false, false, {}, {}, {}})));
}

TEST_CASE("imported runs: a text field longer than kMaxRunText is refused, the field named", "[library][untrusted][hostile]")
{
  const std::string huge(kMaxRunText + 1, 'X');
  CHECK_THAT(errorOf([&] { readRunDocument(patchedRun("\"cpu\": \"Example CPU 8C\"", "\"cpu\": \"" + huge + "\"")); }),
             Catch::Contains("machine.cpu is " + std::to_string(huge.size()) + " bytes long: at most"));
  CHECK_THAT(errorOf([&] { readRunDocument(patchedRun("\"algorithm\": \"md5\"", "\"algorithm\": \"" + huge + "\"")); }),
             Catch::Contains("results[0].algorithm is"));
  const std::string most(kMaxRunText, 'X');
  CHECK(readRunDocument(patchedRun("\"cpu\": \"Example CPU 8C\"", "\"cpu\": \"" + most + "\"")).machine.cpu == most);
}

TEST_CASE("the planner never wraps its core counts, and a size too big for a number is no size",
          "[library][untrusted]")
{
  const RunDocument run = readRunDocument(test::recordedRun("run_a.json"));
  const Plan plan = makePlan(run, *parseDataSize("10E"), 1, "md5");  // 10^19 bytes in a second
  REQUIRE(plan.chosen);
  CHECK(plan.chosen->coresExact == Approx(1e19 / 1e6 / 610));
  CHECK(plan.chosen->coresAbout == std::llround(plan.chosen->coresExact));
  CHECK(plan.chosen->coresAtLeast >= plan.chosen->coresAbout);
  CHECK_FALSE(parseDataSize(std::string(400, '9')));
  CHECK_FALSE(parseDuration(std::string(400, '9') + "s"));
}

TEST_CASE("run library: what a read opens is never created", "[library][untrusted]")
{
  TempDir dir;
  const fs::path path = dir / "typo" / "h.sqlite";
  LibraryOptions read;
  read.create = false;
  {
    RunLibrary library(path, read);
    CHECK_FALSE(library.exists());
    CHECK(library.list().empty());
    CHECK_FALSE(library.record(1));
    CHECK_THAT(errorOf([&] { library.save(test::recordedRun("run_a.json")); }),
               Catch::Contains("there is no history database"));
  }
  CHECK_FALSE(fs::exists(dir / "typo"));
  // SQLite's names for a database that keeps nothing are no history.
  CHECK_THROWS_WITH(RunLibrary(":memory:"), Catch::Contains("keep nothing"));
}

TEST_CASE("run library: reading a current history takes no write lock", "[library][untrusted]")
{
  TempDir dir;
  const fs::path path = dir / "h.sqlite";
  { RunLibrary(path).save(test::recordedRun("run_a.json")); }
  RawDb writer(path);
  REQUIRE(writer.exec("BEGIN IMMEDIATE"));  // another process in the middle of a save
  REQUIRE(writer.exec("INSERT INTO settings (key, value) VALUES ('x', 'y')"));
  // Before: every open ran the migration's BEGIN IMMEDIATE, waited 10 s and failed "database is locked".
  LibraryOptions read;
  read.create = false;
  const RunLibrary reader(path, read);
  CHECK(reader.list().size() == 1);
  REQUIRE(writer.exec("COMMIT"));
}

TEST_CASE("run library: a damaged history is called damaged, with the way to recover it", "[library][untrusted]")
{
  TempDir dir;
  const fs::path path = dir / "h.sqlite";
  {
    RunLibrary library(path);
    for (int i = 0; i < 40; ++i)  // enough pages that cutting the file in half leaves a readable first page
      library.save(patchedRun("\"Example CPU 8C\"", "\"" + std::string(3000, 'a' + char(i % 26)) + "\""));
  }
  {
    RawDb raw(path);
    REQUIRE(raw.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
  }
  fs::resize_file(path, fs::file_size(path) / 2);
  const std::string message = errorOf([&] {
    RunLibrary library(path);
    for (const RunRecord& r : library.list())
      library.document(r.id);
  });
  INFO(message);
  CHECK(message.find("damaged") != std::string::npos);
  CHECK(message.find(".recover") != std::string::npos);
  CHECK(message.find("not a HashScope history database") == std::string::npos);
}

TEST_CASE("run library: remove takes all the runs or none", "[library][untrusted]")
{
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  const std::int64_t a = library.save(test::recordedRun("run_a.json"));
  const std::int64_t b = library.save(test::recordedRun("run_b.json"));
  CHECK_THAT(errorOf([&] { library.remove(std::vector<std::int64_t>{a, 999, 998}); }),
             Catch::Contains("no runs 999, 998 in the history: nothing was removed"));
  CHECK(library.list().size() == 2);
  library.remove(std::vector<std::int64_t>{a, b});
  CHECK(library.list().empty());
}

TEST_CASE("run library: the same file imported twice is stored once, unless asked", "[library][untrusted]")
{
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  const std::string json = test::recordedRun("run_a.json");
  const auto first = library.import(json);
  CHECK_FALSE(first.duplicate);
  const auto again = library.import("\xEF\xBB\xBF" + json);
  CHECK(again.duplicate);
  CHECK(again.id == first.id);
  CHECK(library.list().size() == 1);
  CHECK(library.record(first.id)->origin == "imported");
  // Another run that started at the same second is not the same run.
  CHECK_FALSE(library.import(patchedRun("\"Example CPU 8C\"", "\"Other CPU\"")).duplicate);
  const auto copy = library.import(json, "copy", true);
  CHECK_FALSE(copy.duplicate);
  CHECK(library.list().size() == 3);
}

TEST_CASE("run library: a run file is read to its limit and no further", "[library][untrusted]")
{
  TempDir dir;
  const fs::path big = dir / "big.json";
  {
    std::ofstream(big) << "";
  }
  // Sparse, 16 times the limit: reads as zeros, like /dev/zero. What is read of it stays within the limit and a
  // block (a reader that read it whole and looked at the size afterwards would take 4 GiB, and with a file
  // that never ends, forever).
  fs::resize_file(big, 16 * kMaxRunDocumentBytes);
  // Bytes this process got from read() calls (/proc/self/io's rchar).
  const std::optional<std::uint64_t> before = hashscope::test::processIoCounter("rchar:");
  CHECK_THAT(errorOf([&] { readRunFile(big); }), Catch::Contains("is larger than 256 MiB"));
  if (before)
    CHECK(*hashscope::test::processIoCounter("rchar:") - *before <= kMaxRunDocumentBytes + 2 * MiB);
  else
    HASHSCOPE_SKIP_PART("how much of the file was read is not counted here (no /proc/self/io)");
  CHECK_THAT(errorOf([&] { readRunFile(dir.path()); }), Catch::Contains("is a folder"));
  CHECK_THAT(errorOf([&] { readRunFile(dir / "missing.json"); }), Catch::Contains("no such file"));
  const fs::path run = dir / "run.json";
  { std::ofstream(run, std::ios::binary) << test::recordedRun("run_a.json"); }  // its bytes (no CRLF on Windows)
  CHECK(readRunFile(run) == test::recordedRun("run_a.json"));
}

TEST_CASE("run documents: a run of 50 000 results, each its own location, is read, stored and compared whole",
          "[library][untrusted]")
{
  // The quadratic loops (distinct(), the location rows, compare's order) took minutes on runs like this;
  // the import of 200 000 results is timed in tests/bench/import_speed.sh.
  constexpr int kResults = 50000;
  std::string json = "{\"schema\": \"hashscope.run/3\", \"machine\": {\"cpu\": \"x\"}, \"results\": [";
  for (int i = 0; i < kResults; ++i)
    json += std::string(i ? "," : "") + "{\"workload\":\"read\",\"location\":\"/l" + std::to_string(i) +
            "\",\"mb_per_s\":" + std::to_string(100 + i % 7) + ",\"samples\":{\"t\":[0.1,0.2,0.3]}}";
  json += "]}";
  const RunDocument doc = readRunDocument(json);
  CHECK(doc.tiles.size() == kResults);
  CHECK(doc.locations().size() == kResults);
  const Comparison c = compareRuns(doc, doc);
  CHECK(c.within == kResults);
  TempDir dir;
  RunLibrary library(dir / "h.sqlite");
  const std::int64_t id = library.save(json);
  RawDb raw(dir / "h.sqlite");
  CHECK(raw.scalar("SELECT count(*) FROM run_locations WHERE run_id = " + std::to_string(id)) ==
        std::to_string(kResults));
}
