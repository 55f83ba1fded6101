// The ceilings of a location (referencesFor) and the flags a result carries (busy machine, wide spread,
// limit estimate unreliable, served from cache).
#include <algorithm>
#include <utility>

#include "analysis/totals.hpp"
#include "analysis/thresholds.hpp"
#include "hashscope/analysis.hpp"

namespace hashscope {

std::string_view toString(FlagCode code)
{
  switch (code) {
  case FlagCode::MachineBusy: return "machine-busy";
  case FlagCode::WideSpread: return "wide-spread";
  case FlagCode::LimitUnreliable: return "limit-unreliable";
  case FlagCode::ServedFromCache: return "served-from-cache";
  }
  return "unknown";
}

std::string_view toString(FetchBasis basis)
{
  switch (basis) {
  case FetchBasis::ProcessIo: return "process-io";
  case FetchBasis::MountCounters: return "mount-counters";
  case FetchBasis::PageCache: return "page-cache";
  case FetchBasis::DirectIo: return "direct-io";
  case FetchBasis::Interface: return "interface";
  case FetchBasis::Unknown: break;
  }
  return "unknown";
}

std::string_view toString(LimitReason reason)
{
  switch (reason) {
  case LimitReason::Unexplained: return "unexplained";
  case LimitReason::PartlyFromCache: return "partly-from-cache";
  case LimitReason::ReferenceVaried: return "reference-varied";
  case LimitReason::NoDeviceFigure: return "no-device-figure";
  }
  return "unexplained";
}

bool Analysis::has(FlagCode code) const
{
  return std::any_of(flags.begin(), flags.end(), [code](const Flag& f) { return f.code == code; });
}

double RunResult::minMBps() const
{
  double best = passes.empty() ? mbPerSec() : passes.front().mbPerSec();
  for (const PassResult& p : passes)
    best = std::min(best, p.mbPerSec());
  return best;
}

double RunResult::maxMBps() const
{
  double best = passes.empty() ? mbPerSec() : 0.0;
  for (const PassResult& p : passes)
    best = std::max(best, p.mbPerSec());
  return best;
}

std::optional<std::uint64_t> fetchedBytes(const RunResult& run)
{
  if (run.ownReadBytes)
    return run.ownReadBytes;
  bool valid = false;
  std::uint64_t bytes = 0;
  for (const Sample& s : run.samples) {
    if (s.diskValid) {
      valid = true;
      bytes = std::max(bytes, s.diskReadBytes);
    }
  }
  return valid ? std::optional<std::uint64_t>(bytes) : std::nullopt;
}

namespace analysis {

double deliveredMBps(const RunResult& run)
{
  double best = 0;
  if (run.passes.empty()) {
    if (const auto fetched = fetchedBytes(run))
      best = megabytesPerSecond(*fetched, run.seconds);
    return best;
  }
  for (const PassResult& p : run.passes) {
    const std::optional<std::uint64_t> fetched =
        p.ownReadBytes ? p.ownReadBytes : p.deviceValid ? std::optional<std::uint64_t>(p.deviceReadBytes) : std::nullopt;
    if (fetched)
      best = std::max(best, megabytesPerSecond(std::min(*fetched, p.bytes), p.seconds));
  }
  return best;
}

}  // namespace analysis

namespace {

double bestCpuMBps(const RunResult& run)
{
  double best = 0;
  for (const PassResult& p : run.passes)
    best = std::max(best, p.cpuMBps);
  return best > 0 ? best : cpuSpeedPerStream(run);
}

// The slowest and fastest pass of a read reference. From a device: wall-clock MB/s, what the device
// delivered. From a RAM-backed location: per second of the reader's CPU time, like the hash ceiling (the
// wall-clock figure there measures how much CPU time other processes left the copy, not the memory).
std::pair<double, double> readPassRange(const RunResult& read)
{
  if (!analysis::isMemoryBacked(read))
    return {read.minMBps(), read.maxMBps()};
  if (read.passes.empty()) {
    const double cpu = std::max(read.mbPerSec(), cpuSpeedPerStream(read));
    return {cpu, cpu};
  }
  double slowest = 0, fastest = 0;
  for (const PassResult& p : read.passes) {
    const double cpu = std::max(p.mbPerSec(), p.cpuMBps);  // no thread clock: the wall-clock figure
    slowest = slowest > 0 ? std::min(slowest, cpu) : cpu;
    fastest = std::max(fastest, cpu);
  }
  return {slowest, fastest};
}

}  // namespace

References referencesFor(const RunResult& run, const std::vector<RunResult>& location)
{
  References refs;
  for (const RunResult& other : location) {
    if (!other.ok())
      continue;
    switch (other.workload) {
    case Workload::Read: {
      // A warm run reads from RAM: the read speed of the device is no limit for it.
      if (other.cache != run.cache || run.cache == CacheMode::Warm)
        break;
      const auto [slowest, fastest] = readPassRange(other);
      refs.readMBps = std::max(refs.readMBps, fastest);
      refs.readMaxMBps = std::max(refs.readMaxMBps, fastest);
      refs.readMinMBps = refs.readMinMBps > 0 ? std::min(refs.readMinMBps, slowest) : slowest;
      break;
    }
    case Workload::HashFile:
    case Workload::HashTree:
    case Workload::PeerTool:
      if (other.cache == run.cache && run.cache != CacheMode::Warm)
        refs.readMBps = std::max(refs.readMBps, analysis::deliveredMBps(other));
      break;
    case Workload::HashMemory:
      if (other.algorithm == run.algorithm)
        refs.hashMBps = std::max(refs.hashMBps, bestCpuMBps(other));
      break;
    case Workload::Memory: refs.memoryMBps = std::max(refs.memoryMBps, bestCpuMBps(other)); break;
    case Workload::Write: break;
    }
  }
  return refs;
}

namespace analysis {

std::vector<Flag> flagsOf(const RunResult& run, const Analysis& a, const RunTotals& t, const References& refs)
{
  std::vector<Flag> flags;
  if (a.servedFromCache)
    flags.push_back({FlagCode::ServedFromCache, static_cast<double>(fetchedBytes(run).value_or(0)),
                     static_cast<double>(run.bytes)});
  // Busy: other processes took CPU our threads wanted. A hashing thread shows it directly (inside its hash
  // calls longer than it was on the CPU); for the others, only a saturated machine says it.
  if (a.otherCores >= kBusyOtherCores) {
    const bool hashing = run.workload == Workload::HashFile || run.workload == Workload::HashMemory ||
                         run.workload == Workload::HashTree;
    const bool starved = hashing && t.busyPct >= 0 && t.workerPct >= 0 && t.busyPct - t.workerPct >= kStarvedPct;
    const bool saturated = t.cpuBusyPct >= kCpuSaturatedBusyPct;
    if (starved || saturated)
      flags.push_back({FlagCode::MachineBusy, a.otherCores, static_cast<double>(coresOf(run))});
  }
  if (run.passes.size() >= 2) {
    const double median = run.mbPerSec();
    if (median > 0 && (run.maxMBps() - run.minMBps()) / median > kWideSpreadFraction)
      flags.push_back({FlagCode::WideSpread, run.minMBps(), run.maxMBps()});
  }
  if (a.efficiency > kMaxPlausibleEfficiency) {
    Flag f{FlagCode::LimitUnreliable};
    const auto fetched = fetchedBytes(run);
    const bool fromStorage = isFileWorkload(run.workload) && !a.memoryBacked;
    if (fromStorage && fetched && static_cast<double>(*fetched) < 0.97 * static_cast<double>(run.bytes)) {
      f.reason = LimitReason::PartlyFromCache;
      f.value1 = static_cast<double>(*fetched);
      f.value2 = static_cast<double>(run.bytes);
    } else if (refs.readMaxMBps > 0 && refs.readMinMBps > 0 &&
               (refs.readMaxMBps - refs.readMinMBps) / refs.readMinMBps > kWideSpreadFraction) {
      f.reason = LimitReason::ReferenceVaried;
      f.value1 = refs.readMinMBps;
      f.value2 = refs.readMaxMBps;
    } else if (fromStorage && !fetched) {
      f.reason = LimitReason::NoDeviceFigure;
    }
    flags.push_back(f);
  }
  return flags;
}

}  // namespace analysis

}  // namespace hashscope
