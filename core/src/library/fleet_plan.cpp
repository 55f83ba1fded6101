// fleetOf() and makeFleetPlan(): several machines' runs summed, each machine's figures made as for one run.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "hashscope/planner.hpp"

namespace hashscope {

namespace {

// The machine's fastest end-to-end hashing of `algorithm` (hash-memory when it hashed no files).
const RunTile* hashingTile(const RunDocument& doc, const std::string& algorithm)
{
  const RunTile* best = nullptr;
  for (const bool files : {true, false}) {
    for (const RunTile& t : doc.tiles) {
      const bool kind = files ? (t.key.workload == "hash-file" || t.key.workload == "hash-tree")
                              : t.key.workload == "hash-memory";
      if (!t.failed && kind && t.key.algorithm == algorithm && (!best || t.mbps > best->mbps))
        best = &t;
    }
    if (best)
      return best;
  }
  return nullptr;
}

bool hasNote(const Plan& plan, PlanNote note)
{
  return std::find(plan.notes.begin(), plan.notes.end(), note) != plan.notes.end();
}

}  // namespace

std::string_view toString(FleetLimit limit)
{
  static constexpr std::string_view kWords[] = {"hashing", "storage", "network"};  // in the enum's order
  return kWords[static_cast<int>(limit)];
}

Fleet fleetOf(const std::vector<std::pair<std::string, RunDocument>>& runs, const std::string& algorithm)
{
  Fleet fleet;
  for (const auto& [name, doc] : runs) {
    FleetMachine m;
    m.name = name;
    m.algorithm = algorithm.empty() ? runHeadline(doc).algorithm : algorithm;
    if (m.algorithm.empty() && !doc.algorithms().empty())
      m.algorithm = doc.algorithms().front();
    if (const RunTile* t = hashingTile(doc, m.algorithm)) {
      m.hashMBps = t->mbps;
      m.verdict = t->verdict;
    }
    m.storageMBps = makePlan(doc, 1, 1).readMBps;  // the planner's choice of read figure, one figure per idea
    fleet.hashMBps += m.hashMBps;
    fleet.storageMBps += m.storageMBps;
    fleet.machines.push_back(m);
  }
  return fleet;
}

FleetPlan makeFleetPlan(const std::vector<std::pair<std::string, RunDocument>>& runs, std::uint64_t bytes,
                        double seconds, const std::string& algorithm)
{
  if (bytes == 0 || !(seconds > 0))
    throw std::invalid_argument("the planner needs an amount of data and a time above zero");
  FleetPlan fleet;
  fleet.bytes = bytes;
  fleet.seconds = seconds;
  fleet.algorithm = algorithm;
  fleet.neededMBps = static_cast<double>(bytes) / seconds / 1e6;
  for (const auto& [name, doc] : runs) {
    FleetMachinePlan m;
    m.name = name;
    m.plan = makePlan(doc, bytes, seconds, algorithm);
    const AlgorithmPlan* a = m.plan.chosen ? &*m.plan.chosen : nullptr;
    if (!a || !(a->machineSeconds > 0)) {
      fleet.notMeasured.push_back(name);
      continue;
    }
    m.capacityMBps = static_cast<double>(bytes) / a->machineSeconds / 1e6;
    if (a->limit == PlanLimit::Storage)
      m.limit = hasNote(m.plan, PlanNote::ReadOverNetwork) ? FleetLimit::Network : FleetLimit::Storage;
    fleet.limitedByStorage += m.limit == FleetLimit::Storage ? 1 : 0;
    fleet.limitedByNetwork += m.limit == FleetLimit::Network ? 1 : 0;
    fleet.capacityMBps += m.capacityMBps;
    fleet.machines.push_back(std::move(m));
  }
  if (fleet.capacityMBps > 0) {
    fleet.fleetSeconds = static_cast<double>(bytes) / (fleet.capacityMBps * 1e6);
    const double mean = fleet.capacityMBps / static_cast<double>(fleet.machines.size());
    const double needed = std::ceil(fleet.neededMBps / mean - 1e-9);
    fleet.machinesNeeded = needed < 1e18 ? std::max<std::int64_t>(1, static_cast<std::int64_t>(needed)) : 1000000000000000000;
  }
  return fleet;
}

}  // namespace hashscope
