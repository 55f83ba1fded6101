// `hashscope-cli bench`: JSON/CSV/table output on tiny sizes, --output safety, cleanup, bad locations,
// bad options, and Ctrl-C.
#include "catch.hpp"
#include "skip.hpp"
#include "cli_helpers.hpp"
#include "hashscope/export.hpp"
#include "hashscope/storage.hpp"
#include "json_helpers.hpp"
#include "machine.hpp"
#include "sample_listing.hpp"

#include <csignal>
#include <thread>

using namespace clitest;
namespace fs = std::filesystem;

namespace {

// A quick run: 4 MiB sample, 0.2 s of hash-memory, md5 only.
std::vector<std::string> quickBench(const fs::path& location, std::vector<std::string> extra = {})
{
  std::vector<std::string> args{"bench",      "--location", location.string(), "-a", "md5", "--size", "4M",
                                "--duration", "0.2",        "--sample-hz",     "20"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

void requireRunFields(const Json& result)
{
  for (const char* key :
       {"workload", "algorithm", "location", "mb_per_s", "seconds", "bytes", "streams", "cache"}) {
    INFO("field " << key);
    REQUIRE(result.has(key));
  }
  CHECK(result["mb_per_s"].type == Json::Type::Number);
  CHECK(result["seconds"].type == Json::Type::Number);
  CHECK(result["bytes"].type == Json::Type::Number);
  CHECK(result["streams"].type == Json::Type::Number);
  CHECK(result["workload"].type == Json::Type::String);
  CHECK(result["mb_per_s"].number > 0);
  CHECK(result["bytes"].number > 0);
}

} // namespace

TEST_CASE("bench --format json has the required fields and removes its sample", "[cli][bench]")
{
  TempDir dir;
  const ProcessResult r = runCli(quickBench(dir.path(), {"--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const Json doc = parseJson(r.out);
  REQUIRE(doc.has("schema"));
  CHECK(doc["schema"].string == "hashscope.run/5");
  REQUIRE(doc.has("results"));
  const auto& results = doc["results"].array;
  REQUIRE(results.size() == 3); // read, hash-memory md5, hash-file md5
  std::vector<std::string> workloads;
  for (const auto& result : results) {
    requireRunFields(result);
    workloads.push_back(result["workload"].string);
    CHECK(result["location"].string == dir.path().string());
  }
  CHECK(workloads == std::vector<std::string>{"read", "hash-memory", "hash-file"});
  CHECK(results[2]["bytes"].number == 4.0 * 1024 * 1024);
  CHECK(results[2]["algorithm"].string == "md5");
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("bench --passes keeps every pass in the JSON, with the median and the spread", "[cli][bench]")
{
  TempDir dir;
  const ProcessResult r = runCli(quickBench(dir.path(), {"--passes", "3", "-w", "read", "-w", "hash-file",
                                                         "--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const Json doc = parseJson(r.out);
  // When it ran and how it ended, so a run moved to another machine or the history keeps its date.
  CHECK(doc["started_at"].string.size() == 20);  // 2026-11-22T14:03:05Z
  CHECK(doc["started_at"].string <= doc["finished_at"].string);
  CHECK(doc["status"].string == "finished");
  const auto& results = doc["results"].array;
  REQUIRE(results.size() == 2);
  for (const auto& result : results) {
    REQUIRE(result.has("passes"));
    REQUIRE(result["passes"].array.size() == 3);
    CHECK(result["mb_per_s_min"].number <= result["mb_per_s"].number);
    CHECK(result["mb_per_s"].number <= result["mb_per_s_max"].number);
    CHECK(result.has("flags"));
    CHECK(result.has("own_read_bytes"));
    for (const auto& pass : result["passes"].array)
      CHECK(pass["bytes"].number == 4.0 * 1024 * 1024);
  }
  // The table names the spread, and a bad preset is a usage error.
  const ProcessResult table = runCli(quickBench(dir.path(), {"--preset", "standard", "-w", "read"}));
  INFO(table.err);
  REQUIRE(table.exitCode == 0);
  CHECK(table.out.find("min-max") != std::string::npos);
  const ProcessResult bad = runCli(quickBench(dir.path(), {"--preset", "fast"}));
  CHECK(bad.exitCode == 2);
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("bench table and csv output", "[cli][bench]")
{
  TempDir dir;
  const ProcessResult table =
      runCli(quickBench(dir.path(), {"--workload", "hash-memory,hash-file", "--cache", "as-is"}));
  INFO(table.err);
  REQUIRE(table.exitCode == 0);
  const auto lines = splitLines(table.out);
  const auto header =
      std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("#", 0) == 0; });
  REQUIRE(header != lines.end());
  for (const char* column :
       {"workload", "algorithm", "streams", "cache", "MB/s", "seconds", "CPU%", "verdict"})
    CHECK(header->find(column) != std::string::npos);
  CHECK(table.out.find("hash-memory") != std::string::npos);
  CHECK(table.out.find("hash-file") != std::string::npos);
  // Under the table, each result's verdict in words: why (the reason code's clause), then the numbers.
  // md5 hash-memory hashes all the time, however busy the machine (a preempted hash call still counts).
  CHECK(table.out.find("\nVerdicts:\n") != std::string::npos);
  CHECK(table.out.find("  CPU-bound: the thread was busy nearly all the time. The md5 thread was busy ") !=
        std::string::npos);

  const ProcessResult csv = runCli(quickBench(dir.path(), {"--format", "csv", "--workload", "hash-memory"}));
  REQUIRE(csv.exitCode == 0);
  const auto rows = splitLines(csv.out);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].find("workload") != std::string::npos);
  CHECK(rows[0].find(hashscope::csvColumns().front()) != std::string::npos);
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("bench --suite adds the verdict fields", "[cli][bench]")
{
  // A RAM-backed location: quick, and the result must say memory_backed. /dev/shm, or the temp folder where
  // there is no tmpfs /dev/shm (the temp folder may be a tmpfs itself).
  const std::string noShm = hashscope::test::whyNoTmpfsShm();
  TempDir dir(noShm.empty() ? fs::path("/dev/shm") : fs::path());
  const bool inRam = hashscope::test::whyNotInRam(dir.path()).empty();
  if (!inRam)
    HASHSCOPE_SKIP_PART(noShm << ", and the temp folder is not a tmpfs: memory_backed not checked");
  const ProcessResult r = runCli(quickBench(dir.path(), {"--suite", "--format", "json"}));
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const Json doc = parseJson(r.out);
  const auto& results = doc["results"].array;
  REQUIRE(results.size() >= 3);
  bool sawHashFile = false;
  for (const auto& result : results) {
    requireRunFields(result);
    for (const char* key :
         {"verdict", "served_from_cache", "memory_backed", "limit_mb_per_s", "efficiency", "evidence"}) {
      INFO("field " << key << " of " << result["workload"].string);
      CHECK(result.has(key));
    }
    if (result["workload"].string == "hash-file" && result.has("memory_backed")) {
      sawHashFile = true;
      if (inRam)
        CHECK(result["memory_backed"].boolean);
    }
  }
  CHECK(sawHashFile);
  CHECK(listFolder(dir.path()).empty());
}

TEST_CASE("bench --warm on a disk is flagged as served from the page cache", "[cli][bench]")
{
  TempDir dir;  // under the system temp folder: on a disk here
  const hashscope::StorageInfo storage = hashscope::describeStorage(dir.path());
  if (storage.kind == hashscope::MediaKind::Ram || !storage.device.hasCounters)
    HASHSCOPE_SKIP("the temp folder has no disk with counters (" << storage.label << ")");
  const ProcessResult r = runCli({"bench", "--location", dir.path().string(), "-a", "md5", "--size", "32M",
                                  "--workload", "hash-file", "--warm", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  INFO(r.out);
  const Json doc = parseJson(r.out);
  int warm = 0;
  for (const auto& result : doc["results"].array) {
    if (result["workload"].string == "hash-file" && result["cache"].string == "warm") {
      ++warm;
      REQUIRE(result.has("served_from_cache"));
      CHECK(result["served_from_cache"].boolean);
    }
  }
  CHECK(warm == 1);
}

TEST_CASE("bench --keep-sample keeps it, and a reused sample is never removed", "[cli][bench]")
{
  TempDir dir;
  REQUIRE(runCli(quickBench(dir.path(), {"--workload", "read", "--keep-sample"})).exitCode == 0);
  const auto kept = listFolder(dir.path());
  REQUIRE_FALSE(kept.empty());
  // The sample, and its mark's sidecar where this file system keeps no extended attributes (sample_listing.hpp).
  const std::string sample = kept.back();
  CHECK(kept == hashscope::test::sampleListing({sample}, hashscope::test::markedBySidecar(dir / sample)));
  REQUIRE(runCli(quickBench(dir.path(), {"--workload", "read"})).exitCode == 0);
  CHECK(listFolder(dir.path()) == kept);
}

TEST_CASE("bench --output never overwrites a file it did not create", "[cli][bench]")
{
  TempDir dir;
  TempDir out;
  const fs::path existing = out / "results.json";
  writeTextFile(existing, "precious");
  const ProcessResult refused =
      runCli(quickBench(dir.path(), {"--workload", "hash-memory", "-o", existing.string()}));
  CHECK(refused.exitCode == 1);
  CHECK(isOneErrorLine(refused.err));
  CHECK(refused.err.find("already exists") != std::string::npos);
  CHECK(readTextFile(existing) == "precious");

  const fs::path fresh = out / "fresh.json";
  const ProcessResult written =
      runCli(quickBench(dir.path(), {"--workload", "hash-memory", "--format", "json", "-o", fresh.string()}));
  CHECK(written.exitCode == 0);
  CHECK(written.out.empty());
  CHECK(parseJson(readTextFile(fresh))["results"].array.size() == 1);

  const ProcessResult forced = runCli(quickBench(
      dir.path(), {"--workload", "hash-memory", "--format", "csv", "--force", "-o", existing.string()}));
  CHECK(forced.exitCode == 0);
  CHECK(readTextFile(existing).find("workload") != std::string::npos);

  // A run that fails leaves no output file behind.
  const fs::path failed = out / "failed.json";
  const ProcessResult r = runCli(quickBench(dir / "missing", {"-o", failed.string()}));
  CHECK(r.exitCode == 1);
  CHECK_FALSE(fs::exists(failed));
}

TEST_CASE("bench errors: one line, exit code, nothing left behind", "[cli][bench][errors]")
{
  TempDir dir;
  SECTION("missing location")
  {
    const ProcessResult r = runCli(quickBench(dir / "missing"));
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    const ProcessResult suite = runCli(quickBench(dir / "missing", {"--suite"}));
    CHECK(suite.exitCode == 1);
    CHECK(isOneErrorLine(suite.err));
  }
  SECTION("a file given as the location")
  {
    writeTextFile(dir / "file", "x");
    const ProcessResult r = runCli(quickBench(dir / "file"));
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(readTextFile(dir / "file") == "x");
  }
  SECTION("read-only location")
  {
    ReadOnlyMount readOnly;
    if (readOnly.ok()) {
      const ProcessResult r = runCli(quickBench(readOnly.path()));
      CHECK(r.exitCode == 1);
      CHECK(isOneErrorLine(r.err));
      CHECK(r.err.find("read-only") != std::string::npos);
    } else {
      HASHSCOPE_SKIP_PART("no read-only mount possible here (needs root and mount rights): testing /proc "
                          "instead, where nobody can create files");
    }
    const ProcessResult r = runCli(quickBench("/proc"));
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
  }
  SECTION("full location: more than its free space")
  {
    const ProcessResult r = runCli(quickBench(dir.path(), {"--size", "1000T"}));
    CHECK(r.exitCode == 1);
    CHECK(isOneErrorLine(r.err));
    CHECK(r.err.find("space") != std::string::npos);
    CHECK(listFolder(dir.path()).empty());
  }
  SECTION("zero-length sample")
  {
    const ProcessResult r = runCli(quickBench(dir.path(), {"--size", "0"}));
    CHECK(r.exitCode == 2);
    CHECK(isOneErrorLine(r.err));
    CHECK(listFolder(dir.path()).empty());
  }
  SECTION("bad options")
  {
    for (const auto& extra : std::vector<std::vector<std::string>>{{"--workload", "fly"},
                                                                   {"--cache", "lukewarm"},
                                                                   {"--format", "xml"},
                                                                   {"--streams", "0"},
                                                                   {"--size", "lots"},
                                                                   {"-a", "md6"},
                                                                   {"--duration", "-1"},
                                                                   {"--nope"},
                                                                   {"stray-argument"}}) {
      INFO(extra.front());
      const ProcessResult r = runCli(quickBench(dir.path(), extra));
      CHECK(r.exitCode == 2);
      CHECK(isOneErrorLine(r.err));
    }
    CHECK(listFolder(dir.path()).empty());
  }
}

TEST_CASE("Ctrl-C stops bench cleanly: exit 130, partial files removed", "[cli][bench][signal]")
{
  if (const std::string why = hashscope::test::whyNoConsoleControlEvents(); !why.empty())
    HASHSCOPE_SKIP(why);
  TempDir dir;
  TempDir out;
  SECTION("while the sample is being written")
  {
    // 4 GiB cannot be written in 1.5 s here: SIGINT lands during sample creation.
    if (fs::space(dir.path()).available < 5 * 1024ull * 1024 * 1024)
      HASHSCOPE_SKIP("less than 5 GiB free in " << dir.path());
    ChildProcess child({cliPath(), "bench", "--location", dir.path().string(), "--size", "4G", "-a", "md5",
                        "--workload", "read", "-o", (out / "r.json").string()});
    child.pump(1.5);
    child.signal(SIGINT);
    const ProcessResult r = child.wait(20);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 130);
    CHECK(r.seconds < 10);
    CHECK(listFolder(dir.path()).empty());
    CHECK(listFolder(out.path()).empty());
  }
  SECTION("while hashing memory")
  {
    ChildProcess child({cliPath(), "bench", "--location", dir.path().string(), "--workload", "hash-memory",
                        "-a", "sha256", "--duration", "60"});
    child.pump(1.5);
    child.signal(SIGINT);
    const ProcessResult r = child.wait(20);
    CHECK_FALSE(r.timedOut);
    CHECK(r.exitCode == 130);
    CHECK(r.seconds < 10);
    CHECK(isOneErrorLine(r.err));
  }
}
