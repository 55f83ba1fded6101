// compareRuns() on two recorded runs (tests/data/runs): deltas, spreads and their classification.
#include <catch.hpp>

#include <cstdio>

#include "hashscope/library.hpp"
#include "test_library_support.hpp"

using namespace hashscope;

namespace {

const TileDelta& tile(const Comparison& c, const std::string& workload, const std::string& algorithm, int streams)
{
  for (const TileDelta& d : c.tiles)
    if (d.key.workload == workload && d.key.algorithm == algorithm && d.key.streams == streams)
      return d;
  throw std::runtime_error("no tile " + workload + " " + algorithm);
}

}  // namespace

TEST_CASE("compare: two recorded runs give the expected deltas and classes", "[library][compare]")
{
  const RunDocument a = readRunDocument(test::recordedRun("run_a.json"));
  const RunDocument b = readRunDocument(test::recordedRun("run_b.json"));
  const Comparison c = compareRuns(a, b);
  CHECK_FALSE(c.sameMachine);

  // md5 x1: 610 -> 671 = +10%, spreads 10/610 and 10/671 (measured): faster.
  const TileDelta& md5 = tile(c, "hash-memory", "md5", 1);
  CHECK(md5.deltaPct == Approx(10.0));
  CHECK(md5.spreadPct == Approx(10.0 / 610 * 100));
  CHECK_FALSE(md5.defaultSpread);
  CHECK(md5.change == Change::Faster);
  // md5 x4: 2400 -> 2424 = +1%, inside the passes' spread (50/2400 below the median... 2.08%): within.
  const TileDelta& md5x4 = tile(c, "hash-memory", "md5", 4);
  CHECK(md5x4.deltaPct == Approx(1.0));
  CHECK(md5x4.spreadPct == Approx(50.0 / 2400 * 100));
  CHECK(md5x4.change == Change::Within);
  // sha256: one pass on each side: the default band of 3% stands in; -10% is slower.
  const TileDelta& sha = tile(c, "hash-memory", "sha256", 1);
  CHECK(sha.deltaPct == Approx(-10.0));
  CHECK(sha.defaultSpread);
  CHECK(sha.spreadPct == Approx(kDefaultNoisePct));
  CHECK(sha.change == Change::Slower);
  // read: 1500 -> 1455 = -3%, the base's passes spread 50/1500 = 3.33%: within.
  const TileDelta& read = tile(c, "read", "", 1);
  CHECK(read.deltaPct == Approx(-3.0));
  CHECK(read.spreadPct == Approx(50.0 / 1500 * 100));
  CHECK(read.change == Change::Within);
  // Only on one side; the cancelled hash-file of run b is no tile at all.
  CHECK(tile(c, "hash-file", "md5", 1).change == Change::OnlyInBase);
  CHECK(tile(c, "hash-memory", "xxh3-64", 1).change == Change::OnlyInOther);
  CHECK(c.tiles.size() == 6);
  CHECK(c.faster == 1);
  CHECK(c.slower == 1);
  CHECK(c.within == 2);
}

TEST_CASE("compare: a run against itself is all within, same machine", "[library][compare]")
{
  const RunDocument a = readRunDocument(test::recordedRun("run_a.json"));
  const Comparison c = compareRuns(a, a);
  CHECK(c.sameMachine);
  CHECK(c.within == 5);
  for (const TileDelta& d : c.tiles)
    CHECK(d.deltaPct == 0);
}

TEST_CASE("compare: hash-memory benched from two folders is the same tile", "[library][compare]")
{
  const char* run = R"({"schema": "hashscope.run/2", "results": [
      {"workload": "hash-memory", "algorithm": "md5", "location": "%s", "cache": "%s", "streams": 1, "mb_per_s": %s},
      {"workload": "read", "location": "%s", "cache": "cold", "streams": 1, "mb_per_s": 900}]})";
  auto doc = [&](const char* location, const char* cache, const char* mbps) {
    char text[1024];
    std::snprintf(text, sizeof text, run, location, cache, mbps, location);
    return readRunDocument(text);
  };
  const Comparison c = compareRuns(doc("/tmp", "cold", "500"), doc("/dev/shm", "as-is", "600"));
  REQUIRE(c.tiles.size() == 3);  // md5 matched; the two reads are different locations
  CHECK(c.tiles[0].key.label() == "hash-memory md5");
  CHECK(c.tiles[0].deltaPct == Approx(20.0));
  CHECK(c.tiles[0].change == Change::Faster);
  CHECK(c.tiles[1].change == Change::OnlyInBase);
  CHECK(c.tiles[2].change == Change::OnlyInOther);
}

TEST_CASE("run documents: status, fingerprint and spread are read from /1 and /2 documents", "[library]")
{
  const RunDocument b = readRunDocument(test::recordedRun("run_b.json"));
  CHECK(b.schema == "hashscope.run/2");
  CHECK(b.version == "0.2.0");
  CHECK(b.machine.summary() == "Other CPU 16C (16 cores, 32 GB)");
  CHECK(b.tiles[0].passes == 3);
  CHECK(b.tiles[0].minMBps == 660);
  CHECK(b.tiles[0].maxMBps == 680);
  CHECK(b.tiles.back().failed);
  const RunDocument v1 = readRunDocument(
      R"({"schema": "hashscope.run/1", "tool": {"version": "0.1.0"}, "machine": {"cpu": null, "logical_cores": 2},
          "results": [{"workload": "read", "location": "/x", "streams": 1, "cache": "warm", "mb_per_s": 900.5,
                       "cancelled": true}]})");
  CHECK(v1.status == "stopped");  // derived from the cancelled result when the document has no status
  CHECK(v1.startedAt.empty());
  CHECK(v1.tiles[0].passes == 1);
  CHECK(v1.tiles[0].minMBps == 900.5);
  CHECK(v1.machine.summary() == "unknown CPU (2 cores)");
}
