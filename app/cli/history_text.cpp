// The words for comparisons and plans: the core gives numbers and codes, the CLI writes these lines.
#include "history_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common.hpp"
#include "names.hpp"
#include "table.hpp"

namespace hashscope::cli {

namespace {

std::string threeDigits(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f", value);
  std::string text = buffer;
  // "16.70" reads better as "16.7", "1.00" as "1".
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0')
      text.pop_back();
    if (text.back() == '.')
      text.pop_back();
  }
  return text;
}

std::string changeWord(const TileDelta& d)
{
  switch (d.change) {
  case Change::Faster: return "faster";
  case Change::Slower: return "slower";
  case Change::Within: return "within spread";
  case Change::OnlyInBase: return "only in base";
  case Change::OnlyInOther: return "only in other";
  }
  return "";
}

std::string noteText(PlanNote note, const Plan& plan)
{
  switch (note) {
  case PlanNote::AlgorithmNotMeasured:
    return plan.algorithm + " has no hash-memory result in this run: run `hashscope-cli bench -w hash-memory -a " +
           plan.algorithm + "` first.";
  case PlanNote::NoHashFigures:
    return "The run has no hash-memory results, so there is no per-core hash speed to plan with.";
  case PlanNote::NoReadFigure:
    return "The run has no read result: storage was not judged (bench with -w read to add it).";
  case PlanNote::ReadNotCold:
    return "The read speed was not measured cold from a disk (page cache or a RAM-backed location): it "
           "describes memory, not storage.";
  case PlanNote::AllCoresEstimated:
    return "No stream ramp in this run: all cores = per-core speed x " + std::to_string(plan.logicalCores) +
           " logical cores, an upper estimate (bench -w hash-memory -j N measures it).";
  case PlanNote::PerCoreFromStreams:
    return "No one-stream result: per-core speed = the fewest-streams result divided by its streams.";
  case PlanNote::PerCoreFromThreads:
    return "This algorithm hashes one stream on several threads: per-core speed = its speed divided by its threads.";
  case PlanNote::MeasuredWhileBusy:
    return "A figure of this plan was measured while other processes used the CPU (machine busy): run the "
           "benchmark again on a quiet machine for a firm plan.";
  case PlanNote::ReadOverNetwork:
    return "The best read came over a network or FUSE filesystem (" + shownText(plan.readLocation) +
           "): its link and its server are part of that storage speed.";
  }
  return "";
}

// "1 link of 100 Gb/s", "15 links of 10 Gb/s", "2 links of 1 Gb/s like this run's".
std::string linkText(const LinkPlan& l)
{
  char speed[32];
  if (l.gbitPerSecond >= 1)
    std::snprintf(speed, sizeof speed, "%g Gb/s", l.gbitPerSecond);
  else
    std::snprintf(speed, sizeof speed, "%g Mb/s", l.gbitPerSecond * 1000);
  return std::to_string(l.links) + (l.links == 1 ? " link of " : " links of ") + std::string(speed) +
         (l.measured ? " (this run's network location)" : "");
}

}  // namespace

std::string formatRate(double mbps)
{
  if (mbps >= 1000)
    return threeDigits(mbps / 1000) + " GB/s";
  return threeDigits(mbps) + " MB/s";
}

std::string formatDataSize(std::uint64_t bytes)
{
  static const char* const kUnits[] = {"B", "KB", "MB", "GB", "TB", "PB", "EB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1000 && unit < 6) {
    value /= 1000;
    ++unit;
  }
  return threeDigits(value) + " " + kUnits[unit];
}

std::string formatSeconds(double seconds)
{
  if (seconds < 60)
    return threeDigits(seconds) + " s";
  const auto total = static_cast<long long>(std::llround(seconds));
  if (total < 3600)
    return std::to_string(total / 60) + " min" + (total % 60 ? " " + std::to_string(total % 60) + " s" : "");
  if (total < 86400)
    return std::to_string(total / 3600) + " h" +
           (total % 3600 / 60 ? " " + std::to_string(total % 3600 / 60) + " min" : "");
  return threeDigits(seconds / 86400) + " days";
}

std::string describeRun(const RunRecord& r)
{
  std::string when = r.startedAt.empty() ? r.savedAt : r.startedAt;
  if (when.size() >= 16)
    when = when.substr(0, 10) + " " + when.substr(11, 5);
  std::string out = "run " + std::to_string(r.id) + " (" + when + ", " + r.machine.summary();
  if (!r.name.empty())
    out += ", \"" + r.name + "\"";
  return shownText(out + ")");  // the name and the machine may come from an imported file
}

std::string renderComparisonTable(const Comparison& c)
{
  Table table;
  using A = Table::Align;
  table.addColumn("Tile");
  table.addColumn("Base MB/s", A::Right);
  table.addColumn("Other MB/s", A::Right);
  table.addColumn("Change", A::Right);
  table.addColumn("Spread", A::Right);
  table.addColumn("Verdict");
  for (const TileDelta& d : c.tiles) {
    const bool both = d.change != Change::OnlyInBase && d.change != Change::OnlyInOther;
    table.addRow({d.key.label(), d.change == Change::OnlyInOther ? "-" : fixed(d.baseMBps, 1),
                  d.change == Change::OnlyInBase ? "-" : fixed(d.otherMBps, 1),
                  both ? (d.deltaPct >= 0 ? "+" : "") + fixed(d.deltaPct, 1) + "%" : "-",
                  both ? "\u00b1" + fixed(d.spreadPct, 1) + "%" + (d.defaultSpread ? "*" : "") : "-", changeWord(d)});
  }
  std::string out = table.render();
  bool anyDefault = false;
  for (const TileDelta& d : c.tiles)
    anyDefault = anyDefault || d.defaultSpread;
  if (anyDefault)
    out += "* a single pass on one side: the default noise band of \u00b1" + fixed(kDefaultNoisePct, 0) +
           "% stands in for its spread.\n";
  return out;
}

std::string comparisonSummary(const Comparison& c)
{
  std::string out = std::to_string(c.faster) + " faster, " + std::to_string(c.slower) + " slower, " +
                    std::to_string(c.within) + " within the spread";
  if (!c.sameMachine)
    out += " (different machines: the change includes the hardware)";
  return out;
}

std::string renderPlan(const Plan& plan, const std::string& source)
{
  // "  label              value": one column of labels so the figures line up.
  // Labels and values may hold names from the run (algorithms, locations): escaped for the terminal.
  auto line = [](std::string label, const std::string& value) {
    label = shownText(label);
    label.resize(std::max<std::size_t>(displayWidth(label), 20) + label.size() - displayWidth(label), ' ');
    return "  " + label + shownText(value) + "\n";
  };
  std::string out = "To hash " + formatDataSize(plan.bytes) + " in " + formatSeconds(plan.seconds) +
                    (plan.algorithm.empty() ? std::string() : " with " + plan.algorithm) + ":\n";
  out += line("throughput needed", formatRate(plan.neededMBps) + " (" + fixed(plan.neededMBps, 0) + " MB/s)");
  if (plan.chosen) {
    const AlgorithmPlan& a = *plan.chosen;
    // The per-core figure is the median pass; its spread follows the cores it gives.
    const std::string spread = a.perCoreMaxMBps > a.perCoreMinMBps
                                   ? "; passes " + formatRate(a.perCoreMinMBps) + " to " + formatRate(a.perCoreMaxMBps)
                                   : std::string();
    out += line("hashing", "about " + std::to_string(a.coresAbout) + " cores at " + formatRate(a.perCoreMBps) +
                               " per core (" + fixed(a.coresExact, 1) + "; " + std::to_string(a.coresAtLeast) +
                               " to be sure" + spread + ")");
  }
  out += line("storage", "reads at " + formatRate(plan.neededMBps));
  if (!plan.links.empty()) {
    // Storage that reads that fast may be a share: then the network carries it too.
    std::string links;
    for (const LinkPlan& l : plan.links)
      links += (links.empty() ? "" : ", ") + linkText(l);
    out += line("over a network", links + " (payload " + fixed(kLinkPayloadFraction * 100, 0) + "% of line rate)");
  }
  out += "\nThis machine, from " + shownText(source) + ":\n";
  if (plan.chosen) {
    const AlgorithmPlan& a = *plan.chosen;
    out += line(a.algorithm + " on all cores", formatRate(a.allCoresMBps) +
                                                   (a.allCoresEstimated ? " (estimated for " : " (measured at ") +
                                                   std::to_string(a.allCoresStreams) + " streams" +
                                                   (a.allCoresLocation.empty() ? std::string()
                                                                               : ", hashing files in " + a.allCoresLocation) +
                                                   ")");
  }
  const std::string depth =
      plan.readQueueDepth > 0 ? ", " + std::to_string(std::max(1, plan.readStreams) * plan.readQueueDepth) + " reads in flight"
                              : std::string();
  out += line("storage reads", plan.readMBps > 0 ? formatRate(plan.readMBps) + " (" + plan.readLocation + depth + ")"
                                                 : std::string("not measured"));
  if (plan.chosen) {
    const AlgorithmPlan& a = *plan.chosen;
    out += line("time for " + formatDataSize(plan.bytes),
                formatSeconds(a.machineSeconds) + ", limited by " +
                    (a.limit == PlanLimit::Storage ? "storage" : "hashing") +
                    (a.meetsTarget ? ": meets the target"
                                   : ": " + fixed(a.machineSeconds / plan.seconds, 1) + "x the target time"));
  }
  if (!plan.algorithms.empty()) {
    Table table;
    using A = Table::Align;
    table.addColumn("Algorithm");
    table.addColumn("Per core", A::Right);
    table.addColumn("All cores", A::Right);
    table.addColumn("Cores needed", A::Right);
    table.addColumn("Time here", A::Right);
    table.addColumn("Limit");
    table.addColumn("Meets");
    for (const AlgorithmPlan& a : plan.algorithms)
      table.addRow({a.algorithm, formatRate(a.perCoreMBps), formatRate(a.allCoresMBps) + (a.allCoresEstimated ? "*" : ""),
                    fixed(a.coresExact, 1), formatSeconds(a.machineSeconds), std::string(toString(a.limit)),
                    a.meetsTarget ? "yes" : "no"});
    out += "\nEvery measured algorithm on this machine, fastest first (* estimated):\n" + table.render();
    std::string meeting;
    for (const std::string& name : plan.meeting)
      meeting += (meeting.empty() ? "" : ", ") + name;
    out += meeting.empty() ? "No measured algorithm meets the target on this machine.\n"
                           : "Meets the target on this machine: " + shownText(meeting) + ".\n";
  }
  for (PlanNote note : plan.notes)
    out += "Note: " + noteText(note, plan) + "\n";
  return out;
}

std::string renderFleetPlan(const FleetPlan& plan)
{
  std::string out = "To hash " + formatDataSize(plan.bytes) + " in " + formatSeconds(plan.seconds) + " with " +
                    plan.algorithm + ": " + formatRate(plan.neededMBps) + "\n";
  for (const FleetMachinePlan& m : plan.machines) {
    const AlgorithmPlan& a = *m.plan.chosen;
    out += "  " + shownText(m.name) + ": " + formatRate(m.capacityMBps) + " (all cores " + formatRate(a.allCoresMBps) +
           (a.allCoresEstimated ? " estimated from one core" : "") + ", storage " + (m.plan.readMBps > 0 ? formatRate(m.plan.readMBps) : std::string("not measured")) +
           "), limited by " + std::string(toString(m.limit)) + "\n";
  }
  for (const std::string& name : plan.notMeasured)
    out += "  " + shownText(name) + ": " + plan.algorithm + " not measured there (not counted)\n";
  if (plan.machines.empty())
    return out + "No machine of the fleet measured " + plan.algorithm + ".\n";
  out += "  together: " + formatRate(plan.capacityMBps) + ", " + formatSeconds(plan.fleetSeconds) + " for " +
         formatDataSize(plan.bytes) + (plan.fleetSeconds <= plan.seconds ? ": meets the target\n" : "\n");
  out += formatDataSize(plan.bytes) + " in " + formatSeconds(plan.seconds) + " with " + plan.algorithm + " needs " +
         std::to_string(plan.machinesNeeded) + " machines like these.\n";
  const int n = static_cast<int>(plan.machines.size());
  if (plan.limitedByNetwork > 0)
    out += "The network, not the CPUs, limits " + std::to_string(plan.limitedByNetwork) + " of " + std::to_string(n) +
           " machines (their data comes from a share): faster links would help them more than more machines.\n";
  if (plan.limitedByStorage > 0)
    out += "Storage, not the CPUs, limits " + std::to_string(plan.limitedByStorage) + " of " + std::to_string(n) +
           " machines: faster storage would help them more than more cores.\n";
  return out;
}

}  // namespace hashscope::cli
