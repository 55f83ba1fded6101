#include "analysis/rules.hpp"

#include <algorithm>

#include "analysis/thresholds.hpp"

namespace hashscope::analysis {

namespace {

// The CPU share a worker thread could get at most, in percent: 100, or less when streams > cores.
double workerCapacityPct(int streams, int cores)
{
  if (streams <= 0 || cores <= 0 || streams <= cores)
    return 100.0;
  return 100.0 * static_cast<double>(cores) / static_cast<double>(streams);
}

// How busy the workers were: their CPU share relative to that capacity (so 4 threads at 50% on 2 cores read
// as 100%), or the wall-time share they spent inside hash calls when that is higher (a hashing thread that
// other processes keep off the CPU is still the bottleneck of the pipeline).
double normalisedWorkerPct(const Signals& s)
{
  double pct = -1;
  if (s.workerPct >= 0)
    pct = std::min(100.0, s.workerPct * 100.0 / workerCapacityPct(s.streams, s.cores));
  // Plain reads and writes: time "busy" is time blocked in the syscall, so only the CPU share counts.
  if (hashesOnOwnThreads(s.workload) && s.busyPct >= 0)
    pct = std::max(pct, std::min(100.0, s.busyPct));
  return pct;
}

// CPU time other processes took while this one ran, in percent of one core; -1 when unknown.
double otherProcessesPct(const Signals& s)
{
  if (s.systemCpuPct < 0 || s.processCpuPct < 0 || s.cores <= 0)
    return -1;
  return std::max(0.0, s.systemCpuPct * s.cores - s.processCpuPct);
}

using R = VerdictReason;

bool known(double pct) { return pct >= 0; }

Decision decideHashMemory(const Signals& s, double worker)
{
  if (s.memoryLimitMBps > 0 && s.achievedMBps >= kMemoryNearFraction * s.memoryLimitMBps)
    return {Verdict::MemoryBound, R::NearMemorySpeed};
  if (!known(worker))
    return {};
  return worker >= kCpuBusyPct ? Decision{Verdict::CpuBound, R::WorkerSaturated}
                               : Decision{Verdict::Mixed, R::NoDominantResource};
}

// Data in RAM: RAM-backed location, or the page cache held it.
Decision fromRamDecision(const Signals& s)
{
  return {Verdict::MemoryBound, s.memoryBacked ? R::MemoryBacked : R::ServedFromCache};
}

Decision decideWrite(const Signals& s, double worker)
{
  if (s.fromRam)
    return fromRamDecision(s);
  if (s.diskValid && s.diskBusyPct >= kDiskBusyPct)
    return {Verdict::IoBound, R::DeviceSaturated};
  if (!s.diskValid && !known(worker))
    return {};
  return {Verdict::Mixed, R::NoDominantResource};
}

// An I/O-bound device that gives clearly more with more reads in flight than this run kept: its queue depth,
// not the device, was the limit.
Decision deeperQueue(const Signals& s, Decision d)
{
  if (d.verdict == Verdict::IoBound && !s.fromRam && s.inFlight > 0 && s.deeperReadMBps > 0 &&
      s.achievedMBps < kAtLimitFraction * s.deeperReadMBps)
    d.reason = R::QueueDepthLimited;
  return d;
}

// Plain reads: the working thread is the reader, so "waiting" is time off the CPU.
Decision decideRead(const Signals& s, double worker)
{
  if (s.fromRam)
    return known(worker) || s.achievedMBps > 0 ? fromRamDecision(s) : Decision{};
  if (s.remote) {
    const bool waited = known(s.readerPct) ? s.readerPct <= kReaderBlockedCpuPct : known(worker) && worker <= kReadBlockedCpuPct;
    if (const Decision d = decideRemote(s); waited && d.verdict != Verdict::Unknown)
      return d;
  }
  if (s.diskValid && s.diskBusyPct >= kDiskBusyPct)
    return {Verdict::IoBound, R::DeviceSaturated};
  // The reader thread sat off the CPU, blocked in reads: the device (busy or not by io_ticks, which
  // understates devices that serve requests in parallel) is what it waited on.
  if (known(s.readerPct))
    return s.readerPct <= kReaderBlockedCpuPct ? Decision{Verdict::IoBound, R::ReaderBlocked}
                                               : Decision{Verdict::Mixed, R::ReaderOnCpu};
  if (known(s.waitPct) && s.waitPct >= kHighWaitPct && !s.diskValid)
    return {Verdict::IoBound, R::WaitedForData};
  if (!s.diskValid && known(worker) && worker <= kReadBlockedCpuPct)
    return {Verdict::IoBound, R::ReaderBlocked};
  if (!s.diskValid && !known(worker) && !known(s.waitPct))
    return {};
  return {Verdict::Mixed, R::NoDominantResource};
}

}  // namespace

Decision decideRemote(const Signals& s)
{
  // The interface counts every process's traffic, the run only its own: the link is full if either says so.
  const double carried = std::max(s.interfaceMBps, s.achievedMBps);
  if (!s.linkIsMemory && s.linkMBps > 0 && carried >= kLinkBusyFraction * s.linkMBps)
    return {Verdict::NetworkBound, R::LinkSaturated};
  const bool moreStreamsGotMore = s.moreStreamsMBps > 0 && s.moreStreamsMBps >= kStreamsGain * s.achievedMBps;
  if (s.linkIsMemory || s.linkMBps > 0 || moreStreamsGotMore)
    return {Verdict::ServerBound, R::ServerLimited};
  return {};
}

namespace {

// Reading and hashing files (and peer tools).
Decision decideFile(const Signals& s, double worker)
{
  // A peer tool is one process: time off the CPU is waiting for data only when the data comes from a device;
  // from RAM the copy is its own CPU time, so the rest is other processes holding the cores.
  const bool peer = s.workload == Workload::PeerTool;
  const double wait = peer && s.fromRam ? -1 : s.waitPct;
  if (!known(worker) && !known(wait) && !s.diskValid && !s.fromRam)
    return {};

  // A RAM-backed location whose two ceilings are clearly apart: the slower one is the limit. On RAM the
  // thread accounting cannot tell: copying out of tmpfs is CPU work too, so when other processes take CPU
  // time a fast hash's reader starves (reads as "CPU") and a preempted hash call still counts as hashing.
  // The ceilings do not move with the load (the hash one is per CPU second, the read one the best pass);
  // the machine-busy flag says when the load made the run unrepresentative.
  if (s.memoryBacked && !peer && s.hashLimitMBps > 0 && s.readLimitMBps > 0) {
    if (s.hashLimitMBps >= kClearCeilingRatio * s.readLimitMBps)
      return {Verdict::MemoryBound, R::RamSlowerThanHash};
    if (s.readLimitMBps >= kClearCeilingRatio * s.hashLimitMBps)
      return {Verdict::CpuBound, R::HashSlowerThanRam};
  }
  // From RAM, the hashing threads spent most of their CPU time on something other than hashing (faulting in
  // and unmapping pages, copying): getting the bytes out of RAM held them back, however busy they were. Per
  // CPU second on both sides, so the machine's load does not move it.
  if (s.fromRam && !peer && s.hashPerCoreMBps > 0 && s.ownCpuMBps > 0 &&
      s.ownCpuMBps < kMemoryGapFraction * s.hashPerCoreMBps)
    return {Verdict::MemoryBound, R::BelowHashSpeed};

  const bool lowWait = !known(wait) || wait <= kLowWaitPct;
  if (known(worker) && worker >= kCpuBusyPct && lowWait)
    return {Verdict::CpuBound, R::WorkerSaturated};

  const bool highWait = known(wait) && wait >= kHighWaitPct;
  // The reader thread sits off the CPU while its reads are in flight: blocked on the device even when
  // io_ticks look low (NVMe and RAID serve requests in parallel).
  const bool readerBlocked = known(s.readerPct) && s.readerPct <= kReaderBlockedCpuPct;
  // A network or FUSE filesystem has no device to be busy: the link or the server kept the workers waiting.
  if (s.remote && !s.fromRam && (highWait || readerBlocked)) {
    if (const Decision d = decideRemote(s); d.verdict != Verdict::Unknown)
      return d;
  }
  if (!s.fromRam && highWait) {
    if (s.diskValid && s.diskBusyPct >= kDiskBusyPct)
      return {Verdict::IoBound, R::DeviceSaturated};
    if (readerBlocked)
      return {Verdict::IoBound, R::ReaderBlocked};
  }

  // The run reached its limit: the resource that sets the limit is the bottleneck.
  const double readLimit = s.readLimitMBps;  // 0 when the run was served from the page cache
  const double limit = s.hashLimitMBps > 0 && readLimit > 0 ? std::min(s.hashLimitMBps, readLimit)
                                                            : std::max(s.hashLimitMBps, readLimit);
  if (limit > 0 && s.achievedMBps >= kAtLimitFraction * limit) {
    if (s.hashLimitMBps > 0 && s.hashLimitMBps <= limit)
      return {Verdict::CpuBound, R::AtHashLimit};
    if (s.remote && !s.fromRam) {
      if (const Decision d = decideRemote(s); d.verdict != Verdict::Unknown)
        return d;
    }
    // Reading set the limit: from a device that is I/O; from RAM it is the copy out of memory.
    return {s.fromRam ? Verdict::MemoryBound : Verdict::IoBound, R::AtReadLimit};
  }

  // Every core was busy and other processes held a good part of them: threads waited for CPU time.
  const bool contended = s.systemCpuPct >= kCpuSaturatedPct && otherProcessesPct(s) >= kOtherProcessesPct;
  if (s.fromRam && highWait) {
    // The workers waited for data copied out of RAM. A reader on the CPU all along was limited by the copy
    // (memory); a reader kept off the CPU by other processes was limited by CPU time.
    const bool readerStarved = known(s.readerPct) && s.readerPct < kCpuBusyPct;
    return contended && readerStarved ? Decision{Verdict::CpuBound, R::CpuContended}
                                      : Decision{Verdict::MemoryBound, R::WaitedForRam};
  }
  if (contended)
    return {Verdict::CpuBound, R::CpuContended};

  if (s.fromRam) {
    if (!peer && s.hashLimitMBps > 0 && s.achievedMBps > 0 &&
        s.achievedMBps < kMemoryGapFraction * s.hashLimitMBps && lowWait)
      return {Verdict::MemoryBound, R::BelowHashSpeed};
    if (!known(worker) && !known(wait))
      return {};
    return {Verdict::Mixed, R::NoDominantResource};
  }

  if (highWait) {
    if (known(s.readerPct))
      return {Verdict::Mixed, R::ReaderOnCpu};  // the reader was on the CPU, not blocked on the device
    // Neither a reader clock nor a busy device: waiting on data from a disk is waiting on the disk, unless
    // the device counters say it idled.
    return s.diskValid ? Decision{Verdict::Mixed, R::DeviceIdle} : Decision{Verdict::IoBound, R::WaitedForData};
  }
  return {Verdict::Mixed, R::NoDominantResource};
}

}  // namespace

Decision decide(const Signals& s)
{
  const double worker = normalisedWorkerPct(s);
  switch (s.workload) {
  case Workload::Memory:
    return known(worker) || s.achievedMBps > 0 ? Decision{Verdict::MemoryBound, R::MemoryCopy} : Decision{};
  case Workload::HashMemory:
    return decideHashMemory(s, worker);
  case Workload::Write:
    return decideWrite(s, worker);
  case Workload::Read:
    return deeperQueue(s, decideRead(s, worker));
  case Workload::HashFile:
  case Workload::HashTree:
  case Workload::PeerTool:
    break;
  }
  return deeperQueue(s, decideFile(s, worker));
}

}  // namespace hashscope::analysis
