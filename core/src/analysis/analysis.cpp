// analyse() and classifyInterval(): gathers the numbers of a run (thread accounting, samples, references)
// into Signals and applies the rules: a verdict, the reason code of the rule that decided it, and numbers.
#include "hashscope/analysis.hpp"

#include <algorithm>
#include <numeric>
#include <thread>
#include <utility>

#include "analysis/remote.hpp"
#include "analysis/totals.hpp"
#include "analysis/rules.hpp"
#include "analysis/thresholds.hpp"

namespace hashscope {

namespace {

constexpr std::pair<Verdict, std::string_view> kVerdicts[] = {
    {Verdict::CpuBound, "cpu-bound"},         {Verdict::IoBound, "io-bound"},
    {Verdict::MemoryBound, "memory-bound"},   {Verdict::Mixed, "mixed"},
    {Verdict::NetworkBound, "network-bound"}, {Verdict::ServerBound, "server-bound"}};

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
    {VerdictReason::QueueDepthLimited, "queue-depth-limited"},
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

std::string_view toString(Verdict verdict) { return wordOf(kVerdicts, verdict); }
std::string_view toString(VerdictReason reason) { return wordOf(kReasonNames, reason, "no-counters"); }
std::optional<VerdictReason> verdictReasonFromString(std::string_view text)
{
  return valueOf(kReasonNames, text);
}

namespace analysis {

bool isFileWorkload(Workload w)
{
  return workloadTraits(w).usesCache;  // read, hash-file, hash-tree, peer tools
}

bool hashesOnOwnThreads(Workload w)
{
  return w == Workload::HashFile || w == Workload::HashTree || w == Workload::HashMemory;
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
  const double n = static_cast<double>(values.size());
  return values.empty() ? -1 : std::accumulate(values.begin(), values.end(), 0.0) / n;
}

// Time-weighted mean of one field over the samples where it is known (>= 0); -1 when there are none.
template <typename Field>
double weightedMean(const std::vector<Sample>& samples, Field field)
{
  double sum = 0, weight = 0;
  for (const Sample& s : samples) {
    const double v = s.interval > 0 ? field(s) : -1.0;
    if (v < 0)
      continue;
    sum += v * s.interval;
    weight += s.interval;
  }
  return weight > 0 ? sum / weight : -1;
}

// The mean over `run`'s streams of their bytes per second of their worker's CPU time (a plain read's reader
// thread's, where `readerOfRead` and it was clocked); -1 when no stream has both.
double perCpuSecond(const RunResult& run, bool readerOfRead)
{
  double sum = 0;
  int measured = 0;
  for (const StreamResult& stream : run.perStream) {
    const bool reader = readerOfRead && run.workload == Workload::Read && stream.readerCpuSeconds > 0;
    const double cpu = reader ? stream.readerCpuSeconds : stream.cpuSeconds;
    if (cpu > 0 && stream.bytes > 0) {
      sum += megabytesPerSecond(stream.bytes, cpu);
      ++measured;
    }
  }
  return measured > 0 ? sum / measured : -1;
}

}  // namespace

std::optional<std::uint64_t> deviceReadBytesOf(const std::vector<Sample>& samples)
{
  std::optional<std::uint64_t> most;
  for (const Sample& s : samples) {
    if (s.diskValid)
      most = std::max(most.value_or(0), s.diskReadBytes);
  }
  return most;
}

RunTotals totalsOf(const RunResult& run)
{
  RunTotals t;
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
      t.workerPct = weightedMean(run.samples, [](const Sample& s) { return mean(s.workerCpuPct); });
      t.waitPct = weightedMean(
          run.samples, [](const Sample& s) { return s.waitPct + s.busyPct > 0 ? s.waitPct : -1.0; });
      t.busyPct = weightedMean(
          run.samples, [](const Sample& s) { return s.waitPct + s.busyPct > 0 ? s.busyPct : -1.0; });
    }
    if (t.readerPct < 0)
      t.readerPct = weightedMean(run.samples, [](const Sample& s) { return mean(s.readerCpuPct); });
  }
  t.systemCpuPct = weightedMean(run.samples, [](const Sample& s) { return s.cpuBusyPct; });
  t.processCpuPct = weightedMean(run.samples, [](const Sample& s) { return s.processCpuPct; });
  // A peer tool's CPU time is its own, not this process's: count it as ours, so "other processes" means
  // everything else on the machine.
  if (run.workload == Workload::PeerTool && t.processCpuPct >= 0 && t.workerPct >= 0)
    t.processCpuPct += t.workerPct;
  const std::optional<std::uint64_t> deviceRead = deviceReadBytesOf(run.samples);
  t.diskValid = deviceRead.has_value();
  if (t.diskValid) {
    t.diskBusyPct = std::max(
        0.0, weightedMean(run.samples, [](const Sample& s) { return s.diskValid ? s.diskBusyPct : -1.0; }));
    t.deviceReadBytes = *deviceRead;
  }
  return t;
}

double ownCpuMBps(const RunResult& run) { return perCpuSecond(run, false); }

namespace {

// What the rules look at, from the whole run or from one interval: the numbers differ in where they come
// from, never in how they are used.
struct Observed : Activity {
  double achievedMBps = 0;
  double ownCpuMBps = -1;
  int cores = 1;
  bool fromCache = false;  // the data came from the page cache (the run, or this interval, by its own counters)
  double interfaceMBps = -1;  // a network location: what its interface received per second; -1 = unknown
};

Observed observedOf(const RunResult& run, const RunTotals& t, bool servedFromCache)
{
  Observed o;
  static_cast<Activity&>(o) = t;
  o.achievedMBps = run.mbPerSec();
  o.ownCpuMBps = ownCpuMBps(run);
  o.cores = coresOf(run);
  o.fromCache = servedFromCache;
  return o;
}

Observed observedOf(const RunResult& run, const Sample& sample, bool servedFromCache)
{
  Observed o;
  if (!sample.workerCpuPct.empty()) {
    const double workers = std::accumulate(sample.workerCpuPct.begin(), sample.workerCpuPct.end(), 0.0);
    o.workerPct = workers / static_cast<double>(sample.workerCpuPct.size());
    if (workers > 0 && sample.totalMBps > 0)  // MB per second of all the workers' CPU time
      o.ownCpuMBps = sample.totalMBps / (workers / 100.0);
  }
  if (sample.waitPct + sample.busyPct > 0) {
    o.waitPct = sample.waitPct;
    o.busyPct = sample.busyPct;
  }
  if (!sample.readerCpuPct.empty())
    o.readerPct = mean(sample.readerCpuPct);
  o.diskValid = sample.diskValid;
  o.diskBusyPct = sample.diskBusyPct;
  o.systemCpuPct = sample.cpuBusyPct;
  o.processCpuPct = sample.processCpuPct;
  o.achievedMBps = sample.totalMBps;
  o.cores = sample.coreBusyPct.empty() ? coresOf(run) : static_cast<int>(sample.coreBusyPct.size());
  const bool intervalFromCache = isFileWorkload(run.workload) && sample.diskValid && sample.totalMBps > 0 &&
                                 sample.diskReadMBps < kCacheDeviceFraction * sample.totalMBps;
  o.fromCache = servedFromCache || intervalFromCache;
  if (sample.netValid)
    o.interfaceMBps = sample.netRxMBps;
  return o;
}

// The one place the rules' inputs are assembled, for the whole run and for each interval alike.
Signals signalsOf(const RunResult& run, const Observed& o, const StepContext& context)
{
  Signals s;
  s.workload = run.workload;
  s.hashing = !run.algorithm.empty();
  s.streams = std::max(1, run.streams);
  s.cores = o.cores;
  static_cast<Activity&>(s) = o;
  s.memoryBacked = isMemoryBacked(run);
  s.fromRam = s.memoryBacked || o.fromCache;
  s.achievedMBps = o.achievedMBps;
  s.ownCpuMBps = hashThreadsOf(run) > 1 ? -1 : o.ownCpuMBps;  // BLAKE3's other threads are not in the clock
  const Limit& limit = context.limit;
  if (limit.hash) {
    s.hashLimitMBps = limit.hash->mbps;
    if (limit.hash->ceiling.scales())
      s.hashPerCoreMBps = limit.hash->ceiling.mbps;
  }
  // Data that came from the page cache was not read at the location's measured speed.
  if (!o.fromCache) {
    if (limit.read)
      s.readLimitMBps = limit.read->mbps;
    const int depth = queueDepthOf(run);
    if (depth > 0 && !s.memoryBacked) {
      s.inFlight = s.streams * depth;
      if (limit.deeper)
        s.deeperReadMBps = limit.deeper->mbps;
      else if (limit.read && limit.read->ceiling.inFlight() > s.inFlight)
        s.deeperReadMBps = limit.read->mbps;
    }
  }
  if (context.memory)
    s.memoryLimitMBps = context.memory->mbps;
  addRemoteSignals(run, o.interfaceMBps, context.delivery, s);
  return s;
}

}  // namespace

}  // namespace analysis

Verdict classifyInterval(const Sample& sample, const RunResult& run, const StepContext& context)
{
  using namespace analysis;
  if (sample.interval < kMinIntervalSeconds)
    return Verdict::Unknown;
  if (run.workload == Workload::PeerTool) {
    // The child's CPU time is known only at its end: per interval only a busy device speaks.
    return sample.diskValid && sample.diskBusyPct >= kDiskBusyPct && !isMemoryBacked(run) ? Verdict::IoBound
                                                                                           : Verdict::Unknown;
  }
  const Observed o = observedOf(run, sample, context.servedFromCache);
  if (sample.totalMBps <= 0 && o.workerPct <= 0 && !(sample.diskValid && sample.diskBusyPct > 0))
    return Verdict::Unknown;  // nothing moved and nothing worked: a pause, the start or the tail
  return decide(signalsOf(run, o, context)).verdict;
}

double cpuSpeedPerStream(const RunResult& referenceRun)
{
  // A plain read's work is done by its reader thread (the worker only hands the buffers back).
  const double own = analysis::perCpuSecond(referenceRun, true);
  return own >= 0 ? own : referenceRun.mbPerSec() / std::max(1, referenceRun.streams);
}

Analysis analyse(RunResult& run, const std::vector<Ceiling>& ceilings)
{
  using namespace analysis;
  Analysis a;
  const RunTotals t = totalsOf(run);
  a.memoryBacked = isMemoryBacked(run);
  a.workerBusyPct = std::max(0.0, t.workerPct);
  a.waitPct = std::max(0.0, t.waitPct);
  a.diskBusyPct = t.diskBusyPct;
  a.cpuBusyPct = std::max(0.0, t.systemCpuPct);
  a.hashCallPct = t.busyPct;
  a.readerCpuPct = t.readerPct;
  a.diskValid = t.diskValid;
  a.deviceReadBytes = t.deviceReadBytes;
  a.cores = coresOf(run);

  if (isFileWorkload(run.workload) && !a.memoryBacked && run.bytes >= kCacheCheckMinBytes) {
    // Our own I/O accounting first: another process reading the same device cannot hide a cache hit there.
    // The device counters (all processes) are the fallback where the OS keeps no such account.
    if (const auto fetched = fetchedBytes(run))
      a.servedFromCache = static_cast<double>(*fetched) < kCacheDeviceFraction * static_cast<double>(run.bytes);
    else
      a.servedFromCache = run.cacheMethod == CacheMethod::Warm;  // no counters, but we warmed it ourselves
  }
  if (t.systemCpuPct >= 0 && t.processCpuPct >= 0)
    a.otherCores = std::max(0.0, t.systemCpuPct * a.cores - t.processCpuPct) / 100.0;

  const StepContext context = contextFor(run, ceilings, a.servedFromCache);
  a.limit = context.limit;
  if (isRemote(run))
    a.remote = remoteEvidence(run, context.delivery);
  a.perCore = context.perCore;
  // A read step is judged against read steps only; what the device gave a hash step beyond the read's fastest
  // pass is said beside it, so the read's figure is never the last word on what the disk can deliver.
  if (run.workload == Workload::Read && run.ok() && !a.memoryBacked && run.cache != CacheMode::Warm) {
    for (const Ceiling& c : ceilings) {
      if (c.kind == CeilingKind::Read && c.source == CeilingSource::Delivered && c.mbps > run.maxMBps() &&
          (!a.delivered || c.mbps > a.delivered->mbps))
        a.delivered = CeilingAt{c, c.mbps};
    }
  }
  const double achieved = run.mbPerSec();
  if (a.limit.known() && achieved > 0)
    a.efficiency = achieved / a.limit.mbps();

  if (!run.error.empty()) {
    a.reason = VerdictReason::RunFailed;
  } else if (run.cancelled) {
    a.reason = VerdictReason::RunCancelled;
  } else if (run.seconds < kMinRunSeconds || run.bytes == 0) {
    a.reason = VerdictReason::TooShort;
  } else {
    Observed o = observedOf(run, t, a.servedFromCache);
    if (a.remote && a.remote->interfaceValid)
      o.interfaceMBps = a.remote->interfaceMBps;
    const Decision d = decide(signalsOf(run, o, context));
    a.verdict = d.verdict;
    a.reason = d.reason;
  }
  a.flags = flagsOf(run, a, t);

  run.analysis = a;
  const StepContext intervals = contextFor(run, intervalCeilings(run, ceilings), a.servedFromCache);
  for (Sample& sample : run.samples)
    sample.verdict = classifyInterval(sample, run, intervals);
  return a;
}

}  // namespace hashscope
