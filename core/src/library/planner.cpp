// makePlan(): the needed throughput and cores from a run's hash-memory ramp and read results.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "hashscope/planner.hpp"

namespace hashscope {

namespace {

std::string lower(std::string_view text)
{
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Leading number of `text` (digits and one dot); advances `pos`. nullopt when there is none.
std::optional<double> leadingNumber(const std::string& text, std::size_t& pos)
{
  const std::size_t start = pos;
  bool dot = false;
  while (pos < text.size() && (std::isdigit(static_cast<unsigned char>(text[pos])) || (text[pos] == '.' && !dot))) {
    dot = dot || text[pos] == '.';
    ++pos;
  }
  if (pos == start || (pos == start + 1 && dot))
    return std::nullopt;
  // from_chars: no locale (the app's "1.5T" is 1.5 in every language), and a number too big for a double
  // ("--data" followed by 400 nines) is simply not a size.
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text.data() + start, text.data() + pos, value);
  if (ec != std::errc() || ptr != text.data() + pos || !std::isfinite(value))
    return std::nullopt;
  return value;
}

// A count of cores from its exact figure, saturated: a plan for an exabyte in a second needs more cores
// than an int holds, and must say so rather than wrap around.
std::int64_t wholeCores(double exact)
{
  constexpr double kMost = 1e18;
  if (!(exact < kMost))
    return static_cast<std::int64_t>(kMost);
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(exact));
}

void addNote(Plan& plan, PlanNote note)
{
  if (std::find(plan.notes.begin(), plan.notes.end(), note) == plan.notes.end())
    plan.notes.push_back(note);
}

}  // namespace

std::optional<std::uint64_t> parseDataSize(std::string_view text)
{
  std::string t = lower(text);
  t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
  std::size_t pos = 0;
  const auto value = leadingNumber(t, pos);
  if (!value)
    return std::nullopt;
  const std::string unit = t.substr(pos);
  static const char* const kPrefixes = "kmgtpe";
  double factor = 1;
  if (!unit.empty() && unit != "b") {
    const char* p = std::strchr(kPrefixes, unit[0]);
    if (!p || !*p)
      return std::nullopt;
    const int power = static_cast<int>(p - kPrefixes) + 1;
    const std::string rest = unit.substr(1);
    if (rest.empty() || rest == "b")
      factor = std::pow(1000.0, power);
    else if (rest == "i" || rest == "ib")
      factor = std::pow(1024.0, power);
    else
      return std::nullopt;
  }
  const double bytes = std::round(*value * factor);
  if (!(bytes >= 1) || bytes > 1.8e19)
    return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::optional<double> parseDuration(std::string_view text)
{
  const std::string t = lower(text);
  std::size_t pos = 0;
  double total = 0;
  while (pos < t.size()) {
    while (pos < t.size() && t[pos] == ' ')  // "1h 30m"
      ++pos;
    const auto value = leadingNumber(t, pos);
    if (!value)
      return std::nullopt;
    while (pos < t.size() && t[pos] == ' ')  // "60 s", "1 minute"
      ++pos;
    const std::size_t start = pos;
    while (pos < t.size() && std::isalpha(static_cast<unsigned char>(t[pos])))
      ++pos;
    const std::string unit = t.substr(start, pos - start);
    const auto is = [&unit](std::initializer_list<const char*> names) {
      return std::any_of(names.begin(), names.end(), [&unit](const char* n) { return unit == n; });
    };
    if (unit.empty() && pos == t.size() && total == 0)
      total += *value;  // a bare number: seconds
    else if (is({"s", "sec", "secs", "second", "seconds"}))
      total += *value;
    else if (is({"m", "min", "mins", "minute", "minutes"}))
      total += *value * 60;
    else if (is({"h", "hr", "hrs", "hour", "hours"}))
      total += *value * 3600;
    else if (is({"d", "day", "days"}))
      total += *value * 86400;
    else
      return std::nullopt;
  }
  if (!(total > 0))
    return std::nullopt;  // also "" and "   "
  return total;
}

// The words, in the order of the enums.
std::string_view toString(PlanLimit limit)
{
  static constexpr std::string_view kWords[] = {"hashing", "storage", "unknown"};
  return kWords[static_cast<int>(limit)];
}

std::string_view toString(PlanNote note)
{
  static constexpr std::string_view kWords[] = {
      "algorithm-not-measured", "no-hash-figures",     "no-read-figure",   "read-not-cold",
      "all-cores-estimated",    "per-core-from-streams", "per-core-from-threads", "measured-while-busy",
      "read-over-network"};
  return kWords[static_cast<int>(note)];
}

std::vector<LinkPlan> linksFor(double neededMBps, double ownMbps)
{
  std::vector<LinkPlan> out;
  auto add = [&](double gbit, bool measured) {
    LinkPlan l;
    l.gbitPerSecond = gbit;
    l.payloadMBps = gbit * 1000.0 / 8.0 * kLinkPayloadFraction;
    l.links = neededMBps > 0 ? wholeCores(std::ceil(neededMBps / l.payloadMBps - 1e-9)) : 0;
    l.measured = measured;
    out.push_back(l);
  };
  if (ownMbps > 0)
    add(ownMbps / 1000.0, true);
  for (double gbit : {1.0, 10.0, 25.0, 100.0}) {
    if (!(ownMbps > 0 && std::abs(gbit * 1000.0 - ownMbps) < 1))
      add(gbit, false);
  }
  return out;
}

Plan makePlan(const RunDocument& run, std::uint64_t bytes, double seconds, const std::string& algorithm)
{
  if (bytes == 0 || !(seconds > 0))
    throw std::invalid_argument("the planner needs an amount of data and a time above zero");
  Plan plan;
  plan.bytes = bytes;
  plan.seconds = seconds;
  plan.algorithm = algorithm;
  plan.neededMBps = static_cast<double>(bytes) / seconds / 1e6;
  plan.logicalCores = run.machine.logicalCores;

  // Storage: the best read among the locations, cold figures from a disk first (a warm read, or one
  // served from RAM, measures memory, not storage). A deep-queue read is one of them: the most the device gives.
  bool readCold = false;
  for (const RunTile& t : run.tiles) {
    if (t.failed || t.key.workload != "read")
      continue;
    const bool cold = t.key.cache == "cold" && !t.fromMemory;
    if ((cold && !readCold) || ((cold == readCold) && t.mbps > plan.readMBps)) {
      plan.readMBps = t.mbps;
      plan.readLocation = t.key.location;
      plan.readStreams = t.key.streams;
      plan.readQueueDepth = t.queueDepth;
      plan.readBusy = t.busy();
      readCold = cold;
    }
  }
  if (plan.readMBps <= 0)
    addNote(plan, PlanNote::NoReadFigure);
  else if (!readCold)
    addNote(plan, PlanNote::ReadNotCold);
  // Storage may be a share: how many links of what speed carry the target, the run's own link first.
  double ownLinkMbps = 0;
  for (const RunTile& t : run.tiles) {
    const bool remote = t.deviceKind == "network" || t.deviceKind == "fuse";
    if (remote && t.key.location == plan.readLocation && plan.readMBps > 0)
      addNote(plan, PlanNote::ReadOverNetwork);
    if (remote && t.linkMbps > ownLinkMbps)
      ownLinkMbps = t.linkMbps;
  }
  plan.links = linksFor(plan.neededMBps, ownLinkMbps);

  for (const std::string& name : run.algorithms()) {
    const PerCore* perCore = run.perCoreOf(name);
    if (!perCore)
      continue;  // measured only on files: no CPU figure for it
    AlgorithmPlan a;
    a.algorithm = name;
    const double threads = static_cast<double>(std::max(1, perCore->threadsPerStream));
    a.perCoreMBps = perCore->figure.median / threads;
    a.perCoreMinMBps = perCore->figure.min / threads;
    a.perCoreMaxMBps = perCore->figure.max / threads;
    a.perCoreFromStreams = perCore->streams > 1;
    a.perCoreFromThreads = perCore->threadsPerStream > 1;
    a.busy = perCore->busy;
    // All cores: the best measured over the streams, from hash-memory or from the ramp hashing files from RAM
    // while the CPU was the limit (the ramp measures what N cores hash, reading included).
    const RunTile* best = nullptr;
    for (const RunTile& t : run.tiles) {
      if (t.failed || t.key.algorithm != name)
        continue;
      const bool inRam = t.key.workload == "hash-memory";
      const bool ramp = (t.key.workload == "hash-file" || t.key.workload == "hash-tree") && t.fromMemory &&
                        t.verdict == "cpu-bound";
      if ((inRam || ramp) && (!best || t.mbps > best->mbps))
        best = &t;
    }
    if (best) {
      a.allCoresMBps = best->mbps;
      a.allCoresStreams = best->key.streams;
      if (best->key.workload != "hash-memory")
        a.allCoresLocation = best->key.location;
      a.busy = a.busy || best->busy();
    }
    if (a.allCoresStreams <= 1 && perCore->threadsPerStream <= 1 && plan.logicalCores > 1) {
      a.allCoresMBps = a.perCoreMBps * plan.logicalCores;
      a.allCoresStreams = plan.logicalCores;
      a.allCoresEstimated = true;
      a.allCoresLocation.clear();
    }
    a.coresExact = plan.neededMBps / a.perCoreMBps;
    a.coresAbout = wholeCores(std::round(a.coresExact));
    a.coresAtLeast = wholeCores(std::ceil(a.coresExact - 1e-9));
    double capacity = a.allCoresMBps;
    a.limit = PlanLimit::Hashing;
    if (plan.readMBps > 0 && plan.readMBps < capacity) {
      capacity = plan.readMBps;
      a.limit = PlanLimit::Storage;
    }
    a.machineSeconds = static_cast<double>(bytes) / (capacity * 1e6);
    a.meetsTarget = a.machineSeconds <= seconds;  // without a read figure: on hashing alone (noted)
    plan.algorithms.push_back(a);
  }
  std::stable_sort(plan.algorithms.begin(), plan.algorithms.end(),
                   [](const AlgorithmPlan& x, const AlgorithmPlan& y) { return x.machineSeconds < y.machineSeconds; });
  if (plan.algorithms.empty())
    addNote(plan, PlanNote::NoHashFigures);
  for (const AlgorithmPlan& a : plan.algorithms) {
    if (a.meetsTarget)
      plan.meeting.push_back(a.algorithm);
    if (a.algorithm == algorithm)
      plan.chosen = a;
  }
  if (!algorithm.empty() && !plan.chosen)
    addNote(plan, PlanNote::AlgorithmNotMeasured);
  const AlgorithmPlan* focus = plan.chosen ? &*plan.chosen : (plan.algorithms.empty() ? nullptr : &plan.algorithms.front());
  if (focus && focus->allCoresEstimated)
    addNote(plan, PlanNote::AllCoresEstimated);
  if (focus && focus->perCoreFromStreams)
    addNote(plan, PlanNote::PerCoreFromStreams);
  if (focus && focus->perCoreFromThreads)
    addNote(plan, PlanNote::PerCoreFromThreads);
  if ((focus && focus->busy) || (plan.readMBps > 0 && plan.readBusy))
    addNote(plan, PlanNote::MeasuredWhileBusy);
  return plan;
}

}  // namespace hashscope
