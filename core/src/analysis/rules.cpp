#include "analysis/rules.hpp"

#include <algorithm>

#include "analysis/thresholds.hpp"

namespace hashscope::analysis {

double workerCapacityPct(int streams, int cores)
{
  if (streams <= 0 || cores <= 0 || streams <= cores)
    return 100.0;
  return 100.0 * static_cast<double>(cores) / static_cast<double>(streams);
}

double normalisedWorkerPct(const Signals& s)
{
  if (s.workerPct < 0)
    return -1;
  return std::min(100.0, s.workerPct * 100.0 / workerCapacityPct(s.streams, s.cores));
}

namespace {

bool known(double pct) { return pct >= 0; }

Verdict decideHashMemory(const Signals& s, double worker)
{
  if (s.memoryLimitMBps > 0 && s.achievedMBps >= kMemoryNearFraction * s.memoryLimitMBps)
    return Verdict::MemoryBound;
  if (!known(worker))
    return Verdict::Unknown;
  return worker >= kCpuBusyPct ? Verdict::CpuBound : Verdict::Mixed;
}

Verdict decideWrite(const Signals& s, double worker)
{
  if (s.fromRam)
    return Verdict::MemoryBound;
  if (s.diskValid && s.diskBusyPct >= kDiskBusyPct)
    return Verdict::IoBound;
  if (!s.diskValid && !known(worker))
    return Verdict::Unknown;
  return Verdict::Mixed;
}

// Plain reads: the working thread is the reader, so "waiting" is time off the CPU.
Verdict decideRead(const Signals& s, double worker)
{
  if (s.fromRam)
    return known(worker) || s.achievedMBps > 0 ? Verdict::MemoryBound : Verdict::Unknown;
  if (s.diskValid && s.diskBusyPct >= kDiskBusyPct)
    return Verdict::IoBound;
  if (known(s.waitPct) && s.waitPct >= kHighWaitPct && !s.diskValid)
    return Verdict::IoBound;
  if (!s.diskValid && known(worker) && worker <= kReadBlockedCpuPct)
    return Verdict::IoBound;
  if (!s.diskValid && !known(worker) && !known(s.waitPct))
    return Verdict::Unknown;
  return Verdict::Mixed;
}

}  // namespace

Verdict decide(const Signals& s)
{
  const double worker = normalisedWorkerPct(s);
  switch (s.workload) {
  case Workload::Memory:
    return known(worker) || s.achievedMBps > 0 ? Verdict::MemoryBound : Verdict::Unknown;
  case Workload::HashMemory:
    return decideHashMemory(s, worker);
  case Workload::Write:
    return decideWrite(s, worker);
  case Workload::Read:
    return decideRead(s, worker);
  case Workload::HashFile:
  case Workload::HashTree:
  case Workload::PeerTool:
    break;
  }

  if (!known(worker) && !known(s.waitPct) && !s.diskValid && !s.fromRam)
    return Verdict::Unknown;

  const bool lowWait = !known(s.waitPct) || s.waitPct <= kLowWaitPct;
  if (known(worker) && worker >= kCpuBusyPct && lowWait)
    return Verdict::CpuBound;

  const bool highWait = known(s.waitPct) && s.waitPct >= kHighWaitPct;
  if (s.fromRam) {
    // The data came from RAM: whatever held the workers back was copying it out of memory.
    if (highWait)
      return Verdict::MemoryBound;
    if (s.hashLimitMBps > 0 && s.achievedMBps > 0 && s.achievedMBps < kMemoryGapFraction * s.hashLimitMBps &&
        lowWait)
      return Verdict::MemoryBound;
    if (!known(worker) && !known(s.waitPct))
      return Verdict::Unknown;
    return Verdict::Mixed;
  }

  if (highWait) {
    if (s.diskValid)
      return s.diskBusyPct >= kDiskBusyPct ? Verdict::IoBound : Verdict::Mixed;
    // No device counters: trust the reader thread, which sits off the CPU while reads are in flight.
    if (!known(s.readerPct) || s.readerPct <= kReaderBlockedCpuPct)
      return Verdict::IoBound;
    return Verdict::Mixed;
  }
  return Verdict::Mixed;
}

}  // namespace hashscope::analysis
