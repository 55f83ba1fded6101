// The planner on recorded numbers (tests/data/runs/run_a.json: md5 610 MB/s per core, 2400 MB/s at 4
// streams, sha256 400 MB/s on one stream, cold read 1500 MB/s, 8 logical cores).
#include <catch.hpp>

#include <algorithm>

#include "hashscope/planner.hpp"
#include "test_library_support.hpp"

using namespace hashscope;

TEST_CASE("planner: sizes are decimal unless written binary, durations add up", "[planner]")
{
  CHECK(parseDataSize("1T") == 1000000000000ULL);
  CHECK(parseDataSize("1TB") == 1000000000000ULL);
  CHECK(parseDataSize("500G") == 500000000000ULL);
  CHECK(parseDataSize("2TiB") == 2ULL << 40);
  CHECK(parseDataSize("64MiB") == 64ULL << 20);
  CHECK(parseDataSize("1.5t") == 1500000000000ULL);
  CHECK(parseDataSize("4096") == 4096ULL);
  CHECK_FALSE(parseDataSize(""));
  CHECK_FALSE(parseDataSize("0"));
  CHECK_FALSE(parseDataSize("1X"));
  CHECK_FALSE(parseDataSize("T"));
  CHECK_FALSE(parseDataSize("1TiBs"));
  CHECK(parseDuration("1m") == 60.0);
  CHECK(parseDuration("90s") == 90.0);
  CHECK(parseDuration("1h30m") == 5400.0);
  CHECK(parseDuration("1.5h") == 5400.0);
  CHECK(parseDuration("1h 30m") == 5400.0);
  CHECK(parseDuration("45") == 45.0);
  CHECK(parseDuration("2d") == 172800.0);
  CHECK_FALSE(parseDuration("0s"));
  CHECK_FALSE(parseDuration("1x"));
  CHECK_FALSE(parseDuration("m"));
  CHECK_FALSE(parseDuration("10 20"));
  CHECK_FALSE(parseDuration(""));
}

TEST_CASE("planner: 1 TB in a minute with md5 needs 16.7 GB/s, about 27 cores at 610 MB/s", "[planner]")
{
  const RunDocument run = readRunDocument(test::recordedRun("run_a.json"));
  const Plan plan = makePlan(run, *parseDataSize("1T"), *parseDuration("1m"), "md5");
  CHECK(plan.neededMBps == Approx(16666.667).epsilon(1e-6));
  REQUIRE(plan.chosen);
  const AlgorithmPlan& md5 = *plan.chosen;
  CHECK(md5.perCoreMBps == 610);
  CHECK(md5.coresExact == Approx(27.32).epsilon(1e-3));
  CHECK(md5.coresAbout == 27);
  CHECK(md5.coresAtLeast == 28);
  // This machine: md5 reaches 2400 MB/s at 4 streams, storage reads 1500 MB/s: storage limits.
  CHECK(md5.allCoresMBps == 2400);
  CHECK(md5.allCoresStreams == 4);
  CHECK_FALSE(md5.allCoresEstimated);
  CHECK(plan.readMBps == 1500);
  CHECK(plan.readLocation == "/data");
  CHECK(md5.limit == PlanLimit::Storage);
  CHECK(md5.machineSeconds == Approx(1e12 / 1.5e9));
  CHECK_FALSE(md5.meetsTarget);
  CHECK(plan.meeting.empty());
  CHECK(plan.notes.empty());
}

TEST_CASE("planner: which algorithms meet a smaller target, and the estimate without a ramp", "[planner]")
{
  const RunDocument run = readRunDocument(test::recordedRun("run_a.json"));
  // 100 GB in 60 s = 1667 MB/s: above the 1500 MB/s read, so nothing meets it.
  CHECK(makePlan(run, *parseDataSize("100G"), 60).meeting.empty());
  // 50 GB in 60 s = 833 MB/s: md5 (2400) and sha256 (8 x 400 = 3200, estimated) both meet it.
  const Plan plan = makePlan(run, *parseDataSize("50G"), 60, "sha256");
  REQUIRE(plan.chosen);
  CHECK(plan.chosen->allCoresEstimated);
  CHECK(plan.chosen->allCoresMBps == 3200);
  CHECK(plan.chosen->allCoresStreams == 8);
  CHECK(plan.chosen->limit == PlanLimit::Storage);
  CHECK(plan.chosen->coresAbout == 2);  // 833 / 400 = 2.08
  CHECK(plan.chosen->coresAtLeast == 3);
  CHECK(plan.meeting == std::vector<std::string>{"md5", "sha256"});
  CHECK(plan.notes == std::vector<PlanNote>{PlanNote::AllCoresEstimated});
}

TEST_CASE("planner: missing figures become notes, not invented numbers", "[planner]")
{
  const RunDocument run = readRunDocument(test::recordedRun("run_a.json"));
  const Plan unknown = makePlan(run, 1000000000, 1, "blake3");
  CHECK_FALSE(unknown.chosen);
  CHECK(unknown.notes == std::vector<PlanNote>{PlanNote::AlgorithmNotMeasured});

  const RunDocument noRead = readRunDocument(
      R"({"schema": "hashscope.run/2", "machine": {"logical_cores": 4}, "results": [
          {"workload": "hash-memory", "algorithm": "crc32", "streams": 2, "mb_per_s": 8000}]})");
  const Plan plan = makePlan(noRead, 8000000000ULL, 1, "crc32");
  REQUIRE(plan.chosen);
  CHECK(plan.chosen->perCoreMBps == 4000);  // 8000 over 2 streams
  CHECK(plan.chosen->limit == PlanLimit::Hashing);
  CHECK(plan.chosen->allCoresMBps == 8000);  // measured at 2 streams: a ramp point, not an estimate
  CHECK(plan.chosen->meetsTarget);
  CHECK(plan.notes == std::vector<PlanNote>{PlanNote::NoReadFigure, PlanNote::PerCoreFromStreams});
  CHECK_THROWS_AS(makePlan(noRead, 0, 1), std::invalid_argument);

  // A "cold" read of a RAM-backed folder (tmpfs) describes memory: a disk read is preferred, and when
  // there is none the plan says so.
  const RunDocument ram = readRunDocument(
      R"({"schema": "hashscope.run/2", "machine": {"logical_cores": 4}, "results": [
          {"workload": "hash-memory", "algorithm": "md5", "streams": 1, "mb_per_s": 600},
          {"workload": "read", "location": "/dev/shm", "cache": "cold", "mb_per_s": 9000, "memory_backed": true},
          {"workload": "read", "location": "/data", "cache": "cold", "mb_per_s": 500}]})");
  const Plan disk = makePlan(ram, 1000000000, 1, "md5");
  CHECK(disk.readLocation == "/data");
  CHECK(disk.notes == std::vector<PlanNote>{PlanNote::AllCoresEstimated});  // and no ReadNotCold
  const RunDocument ramOnly = readRunDocument(
      R"({"schema": "hashscope.run/2", "machine": {"logical_cores": 4}, "results": [
          {"workload": "hash-memory", "algorithm": "md5", "streams": 1, "mb_per_s": 600},
          {"workload": "read", "location": "/dev/shm", "cache": "cold", "mb_per_s": 9000, "memory_backed": true}]})");
  const Plan memory = makePlan(ramOnly, 1000000000, 1, "md5");
  CHECK(memory.readMBps == 9000);
  CHECK(std::find(memory.notes.begin(), memory.notes.end(), PlanNote::ReadNotCold) != memory.notes.end());
}

TEST_CASE("planner: storage that reads X may be a network: how many links of what speed carry it", "[planner][remote]")
{
  // 1 TB in a minute = 16.7 GB/s; a link carries 94% of its line rate as payload (1 GbE: 117.5 MB/s).
  const std::vector<LinkPlan> links = linksFor(1e12 / 60 / 1e6);
  REQUIRE(links.size() == 4);
  CHECK(links[0].gbitPerSecond == 1);
  CHECK(links[0].payloadMBps == Approx(117.5));
  CHECK(links[0].links == 142);
  CHECK(links[1].links == 15);   // 10 GbE: 1175 MB/s each
  CHECK(links[2].links == 6);    // 25 GbE
  CHECK(links[3].links == 2);    // 100 GbE
  for (const LinkPlan& l : links)
    CHECK_FALSE(l.measured);
  CHECK(linksFor(100).front().links == 1);  // never fewer than one
  CHECK(linksFor(1e30).front().links == 1000000000000000000);  // saturated, never wrapped around

  // A run whose best read came over a 2.5 Gb/s NFS link: that link first, and the read is noted as remote.
  const std::string json = R"({"schema": "hashscope.run/3", "machine": {"logical_cores": 8}, "results": [
    {"workload": "hash-memory", "algorithm": "md5", "location": "", "streams": 1, "cache": "as-is", "mb_per_s": 610},
    {"workload": "read", "location": "/mnt/nas", "streams": 1, "cache": "cold", "mb_per_s": 280,
     "device": {"name": null, "kind": "network", "remote": {"transport": "nfs4", "interface": "eth0",
                "link_mbit_per_s": 2500}}, "filesystem": "nfs4", "cancelled": false, "error": null}]})";
  const Plan plan = makePlan(readRunDocument(json), *parseDataSize("1T"), *parseDuration("1m"), "md5");
  CHECK(plan.readLocation == "/mnt/nas");
  CHECK(std::find(plan.notes.begin(), plan.notes.end(), PlanNote::ReadOverNetwork) != plan.notes.end());
  REQUIRE(plan.links.size() == 5);
  CHECK(plan.links[0].measured);
  CHECK(plan.links[0].gbitPerSecond == 2.5);
  CHECK(plan.links[0].links == 57);  // 16667 / 293.75
  CHECK(planJson(plan, 7).find("\"links\"") != std::string::npos);
}
