// analyse() and classifyInterval(): gathers the numbers of a run (thread accounting, samples, references)
// into Signals and applies the rules: a verdict, the reason code of the rule that decided it, and numbers.
#include "hashscope/analysis.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include "analysis/remote.hpp"
#include "analysis/totals.hpp"
#include "analysis/rules.hpp"
#include "analysis/thresholds.hpp"

namespace hashscope {

std::string_view toString(Verdict verdict)
{
  switch (verdict) {
  case Verdict::CpuBound: return "cpu-bound";
  case Verdict::IoBound: return "io-bound";
  case Verdict::MemoryBound: return "memory-bound";
  case Verdict::Mixed: return "mixed";
  case Verdict::NetworkBound: return "network-bound";
  case Verdict::ServerBound: return "server-bound";
  case Verdict::Unknown: break;
  }
  return "unknown";
}

namespace {

// One table for both directions of the reason's spelling.
constexpr std::pair<VerdictReason, std::string_view> kReasonNames[] = {
    {VerdictReason::RunFailed, "run-failed"},
    {VerdictReason::RunCancelled, "run-cancelled"},
    {VerdictReason::TooShort, "too-short"},
    {VerdictReason::NoCounters, "no-counters"},
    {VerdictReason::WorkerSaturated, "worker-saturated"},
    {VerdictReason::AtHashLimit, "at-hash-limit"},
    {VerdictReason::HashSlowerThanRam, "hash-slower-than-ram"},
    {VerdictReason::CpuContended, "cpu-contended"},
    {VerdictReason::DeviceSaturated, "device-saturated"},
    {VerdictReason::ReaderBlocked, "reader-blocked"},
    {VerdictReason::WaitedForData, "waited-for-data"},
    {VerdictReason::AtReadLimit, "at-read-limit"},
    {VerdictReason::MemoryBacked, "memory-backed"},
    {VerdictReason::ServedFromCache, "served-from-cache"},
    {VerdictReason::WaitedForRam, "waited-for-ram"},
    {VerdictReason::RamSlowerThanHash, "ram-slower-than-hash"},
    {VerdictReason::BelowHashSpeed, "below-hash-speed"},
    {VerdictReason::NearMemorySpeed, "near-memory-speed"},
    {VerdictReason::MemoryCopy, "memory-copy"},
    {VerdictReason::LinkSaturated, "link-saturated"},
    {VerdictReason::ServerLimited, "server-limited"},
    {VerdictReason::ReaderOnCpu, "reader-on-cpu"},
    {VerdictReason::DeviceIdle, "device-idle"},
    {VerdictReason::NoDominantResource, "no-dominant-resource"},
};

}  // namespace

std::string_view toString(VerdictReason reason)
{
  for (const auto& [code, name] : kReasonNames) {
    if (code == reason)
      return name;
  }
  return "no-counters";
}

std::optional<VerdictReason> verdictReasonFromString(std::string_view text)
{
  for (const auto& [code, name] : kReasonNames) {
    if (name == text)
      return code;
  }
  return std::nullopt;
}

namespace analysis {

bool isFileWorkload(Workload w)
{
  return w == Workload::Read || w == Workload::HashFile || w == Workload::HashTree || w == Workload::PeerTool;
}

bool isMemoryBacked(const RunResult& run)
{
  // Only workloads that touch the location's files can be backed by it (hash-memory never is).
  if (!isFileWorkload(run.workload) && run.workload != Workload::Write)
    return false;
  return run.storage.kind == MediaKind::Ram || run.cacheMethod == CacheMethod::MemoryBacked;
}

int coresOf(const RunResult& run)
{
  for (const Sample& s : run.samples) {
    if (!s.coreBusyPct.empty())
      return static_cast<int>(s.coreBusyPct.size());
  }
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

namespace {

double mean(const std::vector<double>& values)
{
  if (values.empty())
    return -1;
  double sum = 0;
  for (double v : values)
    sum += v;
  return sum / static_cast<double>(values.size());
}

// Time-weighted mean of one field over the samples where `use` holds; -1 when there are none.
template <typename Field, typename Use>
double weightedMean(const std::vector<Sample>& samples, Field field, Use use)
{
  double sum = 0, weight = 0;
  for (const Sample& s : samples) {
    if (s.interval <= 0 || !use(s))
      continue;
    const double v = field(s);
    if (v < 0)
      continue;
    sum += v * s.interval;
    weight += s.interval;
  }
  return weight > 0 ? sum / weight : -1;
}

bool anyDiskValid(const std::vector<Sample>& samples)
{
  return std::any_of(samples.begin(), samples.end(), [](const Sample& s) { return s.diskValid; });
}

}  // namespace

RunTotals totalsOf(const RunResult& run)
{
  RunTotals t;
  auto all = [](const Sample&) { return true; };
  if (run.workload == Workload::PeerTool) {
    // A peer tool is one process reading and hashing in turn: time off the CPU is time waiting for data.
    if (run.seconds > 0) {
      t.workerPct = std::min(100.0, 100.0 * (run.userSeconds + run.systemSeconds) / run.seconds);
      t.waitPct = 100.0 - t.workerPct;
    }
  } else {
    double cpu = 0, wall = 0, wait = 0, busy = 0, reader = 0;
    bool haveReader = false;
    for (const StreamResult& s : run.perStream) {
      if (s.wallSeconds <= 0)
        continue;
      cpu += s.cpuSeconds / s.wallSeconds;
      wait += s.waitSeconds / s.wallSeconds;
      busy += s.busySeconds / s.wallSeconds;
      reader += s.readerCpuSeconds / s.wallSeconds;
      haveReader = haveReader || s.readerCpuSeconds > 0;
      wall += 1;
    }
    if (wall > 0) {
      t.workerPct = std::min(100.0, 100.0 * cpu / wall);
      t.waitPct = std::min(100.0, 100.0 * wait / wall);
      t.busyPct = std::min(100.0, 100.0 * busy / wall);
      if (haveReader)
        t.readerPct = std::min(100.0, 100.0 * reader / wall);
    } else {
      t.workerPct = weightedMean(run.samples, [](const Sample& s) { return mean(s.workerCpuPct); }, all);
      t.waitPct = weightedMean(
          run.samples, [](const Sample& s) { return s.waitPct + s.busyPct > 0 ? s.waitPct : -1.0; }, all);
      t.busyPct = weightedMean(
          run.samples, [](const Sample& s) { return s.waitPct + s.busyPct > 0 ? s.busyPct : -1.0; }, all);
    }
    if (t.readerPct < 0)
      t.readerPct = weightedMean(run.samples, [](const Sample& s) { return mean(s.readerCpuPct); }, all);
  }
  t.cpuBusyPct = weightedMean(run.samples, [](const Sample& s) { return s.cpuBusyPct; }, all);
  t.processCpuPct = weightedMean(run.samples, [](const Sample& s) { return s.processCpuPct; }, all);
  // A peer tool's CPU time is its own, not this process's: count it as ours, so "other processes" means
  // everything else on the machine.
  if (run.workload == Workload::PeerTool && t.processCpuPct >= 0 && t.workerPct >= 0)
    t.processCpuPct += t.workerPct;
  t.diskValid = anyDiskValid(run.samples);
  if (t.diskValid) {
    t.diskBusyPct = std::max(0.0, weightedMean(run.samples, [](const Sample& s) { return s.diskBusyPct; },
                                               [](const Sample& s) { return s.diskValid; }));
    for (const Sample& s : run.samples) {
      if (s.diskValid)
        t.deviceReadBytes = std::max(t.deviceReadBytes, s.diskReadBytes);
    }
  }
  return t;
}

}  // namespace analysis

Verdict classifyInterval(const Sample& sample, const RunResult& run)
{
  using namespace analysis;
  if (sample.interval < kMinIntervalSeconds)
    return Verdict::Unknown;
  if (run.workload == Workload::PeerTool) {
    // The child's CPU time is known only at its end: per interval only a busy device speaks.
    return sample.diskValid && sample.diskBusyPct >= kDiskBusyPct && !isMemoryBacked(run) ? Verdict::IoBound
                                                                                           : Verdict::Unknown;
  }
  Signals s;
  s.workload = run.workload;
  s.hashing = !run.algorithm.empty();
  s.streams = std::max(1, run.streams);
  s.cores = sample.coreBusyPct.empty() ? coresOf(run) : static_cast<int>(sample.coreBusyPct.size());
  if (!sample.workerCpuPct.empty()) {
    double sum = 0;
    for (double v : sample.workerCpuPct)
      sum += v;
    s.workerPct = sum / static_cast<double>(sample.workerCpuPct.size());
  }
  if (sample.waitPct + sample.busyPct > 0) {
    s.waitPct = sample.waitPct;
    s.busyPct = sample.busyPct;
  }
  if (!sample.readerCpuPct.empty()) {
    double sum = 0;
    for (double v : sample.readerCpuPct)
      sum += v;
    s.readerPct = sum / static_cast<double>(sample.readerCpuPct.size());
  }
  s.diskValid = sample.diskValid;
  s.diskBusyPct = sample.diskBusyPct;
  s.systemCpuPct = sample.cpuBusyPct;
  s.processCpuPct = sample.processCpuPct;
  s.achievedMBps = sample.totalMBps;
  const bool intervalFromCache = isFileWorkload(run.workload) && sample.diskValid && sample.totalMBps > 0 &&
                                 sample.diskReadMBps < kCacheDeviceFraction * sample.totalMBps;
  const bool runFromCache = run.analysis && run.analysis->servedFromCache;
  s.fromRam = isMemoryBacked(run) || intervalFromCache || runFromCache;
  s.memoryBacked = isMemoryBacked(run);
  if (s.memoryBacked && run.analysis) {
    // The run's ceilings (live: those its location measured before it): on RAM they decide each interval as
    // they decide the run (the thread accounting there moves with the machine's load; see decide()).
    const double parallel = static_cast<double>(std::min(s.streams, s.cores));
    s.hashLimitMBps = run.analysis->hashMBps * parallel;
    s.readLimitMBps = run.analysis->readMBps;
  }
  addRemoteSignals(sample, run, s);
  if (sample.totalMBps <= 0 && s.workerPct <= 0 && !(sample.diskValid && sample.diskBusyPct > 0))
    return Verdict::Unknown;  // nothing moved and nothing worked: a pause, the start or the tail
  return decide(s).verdict;
}

double cpuSpeedPerStream(const RunResult& referenceRun)
{
  double sum = 0;
  int measured = 0;
  for (const StreamResult& stream : referenceRun.perStream) {
    // A plain read's work is done by its reader thread (the worker only hands the buffers back).
    const double cpu = referenceRun.workload == Workload::Read && stream.readerCpuSeconds > 0 ? stream.readerCpuSeconds
                                                                                               : stream.cpuSeconds;
    if (cpu > 0 && stream.bytes > 0) {
      sum += megabytesPerSecond(stream.bytes, cpu);
      ++measured;
    }
  }
  if (measured > 0)
    return sum / measured;
  return referenceRun.mbPerSec() / std::max(1, referenceRun.streams);
}

Analysis analyse(RunResult& run, const References& refs, const StreamDelivery& delivery)
{
  using namespace analysis;
  Analysis a;
  const RunTotals t = totalsOf(run);
  a.memoryBacked = isMemoryBacked(run);
  a.readMBps = refs.readMBps;
  a.hashMBps = refs.hashMBps;
  a.workerBusyPct = std::max(0.0, t.workerPct);
  a.waitPct = std::max(0.0, t.waitPct);
  a.diskBusyPct = t.diskBusyPct;
  a.cpuBusyPct = std::max(0.0, t.cpuBusyPct);
  a.hashCallPct = t.busyPct;
  a.readerCpuPct = t.readerPct;
  a.diskValid = t.diskValid;
  a.deviceReadBytes = t.deviceReadBytes;
  a.cores = coresOf(run);
  if (isRemote(run))
    a.remote = remoteEvidence(run, delivery);

  const bool fileWorkload = isFileWorkload(run.workload);
  if (fileWorkload && !a.memoryBacked && run.bytes >= kCacheCheckMinBytes) {
    // Our own I/O accounting first: another process reading the same device cannot hide a cache hit there.
    // The device counters (all processes) are the fallback where the OS keeps no such account.
    if (const auto fetched = fetchedBytes(run))
      a.servedFromCache = static_cast<double>(*fetched) < kCacheDeviceFraction * static_cast<double>(run.bytes);
    else
      a.servedFromCache = run.cacheMethod == CacheMethod::Warm;  // no counters, but we warmed it ourselves
  }
  if (t.cpuBusyPct >= 0 && t.processCpuPct >= 0)
    a.otherCores = std::max(0.0, t.cpuBusyPct * coresOf(run) - t.processCpuPct) / 100.0;

  const int streams = std::max(1, run.streams);
  const int cores = coresOf(run);
  const double parallel = static_cast<double>(std::min(streams, cores));
  const double hashLimit = refs.hashMBps > 0 ? refs.hashMBps * parallel : 0;
  const double memoryLimit = refs.memoryMBps > 0 ? refs.memoryMBps * parallel : 0;
  switch (run.workload) {
  case Workload::HashFile:
  case Workload::HashTree:
  case Workload::PeerTool: {
    // The read reference was measured in the requested cache mode at this location: it limits this run
    // too, including on RAM-backed locations (copying out of tmpfs is the reader's work). Only a run
    // served from the page cache has no valid read reference (it read RAM, not what was measured).
    const double readLimit = a.servedFromCache ? 0 : refs.readMBps;
    if (hashLimit > 0 && readLimit > 0)
      a.limitMBps = std::min(hashLimit, readLimit);
    else
      a.limitMBps = std::max(hashLimit, readLimit);
    break;
  }
  case Workload::Read: a.limitMBps = refs.readMBps; break;
  // One figure per concept: a hash-memory row's limit is the same per-core ceiling that limits hash-file.
  case Workload::HashMemory: a.limitMBps = hashLimit; break;
  case Workload::Memory:
  case Workload::Write: break;
  }
  const double achieved = run.mbPerSec();
  if (a.limitMBps > 0 && achieved > 0)
    a.efficiency = achieved / a.limitMBps;

  if (!run.error.empty()) {
    a.reason = VerdictReason::RunFailed;
  } else if (run.cancelled) {
    a.reason = VerdictReason::RunCancelled;
  } else if (run.seconds < kMinRunSeconds || run.bytes == 0) {
    a.reason = VerdictReason::TooShort;
  } else {
    Signals s;
    s.workload = run.workload;
    s.hashing = !run.algorithm.empty();
    s.streams = streams;
    s.cores = cores;
    s.workerPct = t.workerPct;
    s.waitPct = t.waitPct;
    s.busyPct = t.busyPct;
    s.readerPct = t.readerPct;
    s.diskValid = t.diskValid;
    s.diskBusyPct = t.diskBusyPct;
    s.systemCpuPct = t.cpuBusyPct;
    s.processCpuPct = t.processCpuPct;
    s.fromRam = a.memoryBacked || a.servedFromCache;
    s.memoryBacked = a.memoryBacked;
    s.achievedMBps = achieved;
    s.hashLimitMBps = hashLimit;
    s.readLimitMBps = a.servedFromCache ? 0 : refs.readMBps;
    s.memoryLimitMBps = memoryLimit;
    if (a.remote)
      addRemoteSignals(*a.remote, s);
    const Decision d = decide(s);
    a.verdict = d.verdict;
    a.reason = d.reason;
  }
  a.flags = flagsOf(run, a, t, refs);

  run.analysis = a;  // the interval classifier reads servedFromCache from here
  for (Sample& sample : run.samples)
    sample.verdict = classifyInterval(sample, run);
  return a;
}

}  // namespace hashscope
