// A measured fleet (bench --host stores one run per machine): its sum and its plan, on recorded numbers
// (tests/data/runs/run_a.json: md5 2400 MB/s at 4 streams, 580 MB/s hashing a cold file, cold read 1500 MB/s).
#include <catch.hpp>

#include "hashscope/planner.hpp"
#include "test_library_support.hpp"

using namespace hashscope;

namespace {

std::vector<std::pair<std::string, RunDocument>> twoMachines()
{
  const RunDocument run = readRunDocument(test::recordedRun("run_a.json"));
  return {{"server-a", run}, {"server-b", run}};
}

}  // namespace

TEST_CASE("fleet: each machine's end-to-end hashing and storage, summed", "[planner][fleet]")
{
  const Fleet fleet = fleetOf(twoMachines(), "md5");
  REQUIRE(fleet.machines.size() == 2);
  CHECK(fleet.machines[0].name == "server-a");
  CHECK(fleet.machines[0].hashMBps == 580);  // the file hashed end to end, not the 2400 MB/s in RAM
  CHECK(fleet.machines[0].storageMBps == 1500);
  CHECK(fleet.hashMBps == 1160);
  CHECK(fleet.storageMBps == 3000);
}

TEST_CASE("fleet: 1 TB in a minute with md5 needs 12 machines like these, limited by their storage",
          "[planner][fleet]")
{
  const FleetPlan plan = makeFleetPlan(twoMachines(), *parseDataSize("1T"), 60, "md5");
  REQUIRE(plan.machines.size() == 2);
  // Each machine: min(2400 MB/s on all cores, 1500 MB/s read) = 1500 MB/s, its storage the limit.
  CHECK(plan.machines[0].capacityMBps == Approx(1500));
  CHECK(plan.machines[0].limit == FleetLimit::Storage);
  CHECK(plan.limitedByStorage == 2);
  CHECK(plan.limitedByNetwork == 0);
  CHECK(plan.capacityMBps == Approx(3000));
  CHECK(plan.fleetSeconds == Approx(1e12 / 3e9));
  CHECK(plan.machinesNeeded == 12);  // 16.7 GB/s / 1.5 GB/s = 11.1, rounded up
  CHECK(plan.notMeasured.empty());
}

TEST_CASE("fleet: a machine without the algorithm is named, not counted", "[planner][fleet]")
{
  const FleetPlan plan = makeFleetPlan(twoMachines(), *parseDataSize("1T"), 60, "blake3");
  CHECK(plan.machines.empty());
  CHECK(plan.notMeasured == std::vector<std::string>{"server-a", "server-b"});
  CHECK(plan.machinesNeeded == 0);
  CHECK_THROWS_AS(makeFleetPlan(twoMachines(), 0, 60, "md5"), std::invalid_argument);
}
