#include "analysis/evidence.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "hashscope/hash.hpp"

namespace hashscope::analysis {

namespace {

std::string fmt(const char* format, double value)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

std::string pct(double value) { return fmt("%.0f%%", std::max(0.0, value)); }

std::string megabytes(std::uint64_t bytes)
{
  const double mb = static_cast<double>(bytes) / 1e6;
  return fmt(mb >= 100 || mb == 0 ? "%.0f MB" : "%.1f MB", mb);
}

std::string lead(Verdict v)
{
  switch (v) {
  case Verdict::CpuBound: return "CPU-bound: ";
  case Verdict::IoBound: return "I/O-bound: ";
  case Verdict::MemoryBound: return "Memory-bound: ";
  case Verdict::Mixed: return "Mixed: ";
  case Verdict::Unknown: break;
  }
  return "No verdict: ";
}

// "the md5 thread", "the 4 sha256 threads", "the reading thread", "md5sum".
std::string actor(const RunResult& run, bool& plural)
{
  plural = false;
  if (run.workload == Workload::PeerTool)
    return run.tool.empty() ? std::string("the tool") : run.tool.substr(0, run.tool.find(' '));
  std::string what = !run.algorithm.empty() ? run.algorithm
                     : run.workload == Workload::Write  ? std::string("writing")
                     : run.workload == Workload::Memory ? std::string("copying")
                                                        : std::string("reading");
  if (run.streams > 1) {
    plural = true;
    return "the " + std::to_string(run.streams) + " " + what + " threads";
  }
  return "the " + what + " thread";
}

std::string whereData(const RunResult& run, const Analysis& a, const RunTotals& t)
{
  if (a.memoryBacked)
    return "the data came from RAM (" + (run.storage.filesystem.empty() ? std::string("no disk device")
                                                                          : run.storage.filesystem + ", no disk device") + ")";
  const std::string disk = run.storage.device.name.empty() ? "the disk" : "the disk (" + run.storage.device.name + ")";
  if (!t.diskValid)
    return "no disk counters were available";
  return disk + " was busy " + pct(t.diskBusyPct) + " and delivered " + megabytes(t.deviceReadBytes);
}

}  // namespace

std::string formatMBps(double mbps)
{
  return fmt(mbps >= 100 || mbps == 0 ? "%.0f MB/s" : "%.1f MB/s", mbps);
}

std::string evidenceSentence(const RunResult& run, const Analysis& a, const RunTotals& t, const References& refs)
{
  std::string s;
  if (a.servedFromCache) {
    const auto fetched = fetchedBytes(run);
    s += "SERVED FROM THE PAGE CACHE, this result describes RAM, not the disk (" +
         std::string(run.ownReadBytes ? "this process fetched " : "the device delivered ") +
         megabytes(fetched.value_or(a.deviceReadBytes)) + " from storage of the " + megabytes(run.bytes) + " processed";
    s += fetched ? ")" : ", the file was read into the cache first)";
    s += "; ";
  }
  if (!run.error.empty())
    return s + "No verdict: the run failed (" + run.error + ").";
  if (run.cancelled)
    return s + "No verdict: the run was cancelled.";
  if (run.bytes == 0 || run.seconds < 0.01)
    return s + "No verdict: the run was too short to measure.";

  s += lead(a.verdict);
  bool plural = false;
  const std::string who = actor(run, plural);
  const bool hashing = run.workload == Workload::HashFile || run.workload == Workload::HashTree ||
                       run.workload == Workload::HashMemory;
  const double busy = hashing ? std::max(t.workerPct, t.busyPct) : t.workerPct;
  if (run.workload == Workload::Read && t.readerPct >= 0) {
    // A plain read has nothing to compute: how much of the time the readers spent on the CPU (rather than
    // blocked in reads) is the telling number.
    s += (plural ? "the " + std::to_string(run.streams) + " reader threads were on the CPU "
                 : std::string("the reader thread was on the CPU ")) +
         pct(t.readerPct) + " of the time";
  } else if (busy >= 0) {
    s += who + (run.workload == Workload::PeerTool ? " used the CPU " : plural ? " were busy " : " was busy ");
    s += pct(busy) + " of the time";
    // Other processes (or more streams than cores) kept the threads off the CPU part of the time they hashed.
    if (hashing && t.workerPct >= 0 && busy - t.workerPct >= 10)
      s += " (on the CPU " + pct(t.workerPct) + ")";
    if (run.workload != Workload::PeerTool && t.waitPct >= 0 && isFileWorkload(run.workload))
      s += " and waited for data " + pct(t.waitPct);
  } else {
    s += "no thread CPU times were recorded";
  }
  if (run.streams > coresOf(run))
    s += " (" + std::to_string(run.streams) + " streams on " + std::to_string(coresOf(run)) + " cores)";
  if (isFileWorkload(run.workload) || run.workload == Workload::Write)
    s += " while " + whereData(run, a, t);
  if (t.cpuBusyPct >= 0) {
    s += ", with the whole CPU " + pct(t.cpuBusyPct) + " busy";
    const int cores = coresOf(run);
    const double others = t.processCpuPct >= 0 ? t.cpuBusyPct * cores - t.processCpuPct : -1;
    if (others >= 50)
      s += fmt(" (%.1f", others / 100.0) + " of its " + std::to_string(cores) + " cores taken by other processes)";
  }

  // The references and the limit.
  std::string refsText;
  if (refs.readMBps > 0 && isFileWorkload(run.workload) && run.workload != Workload::Read)
    refsText += "reading alone runs at " + formatMBps(refs.readMBps);
  if (refs.hashMBps > 0 && !run.algorithm.empty() && run.workload != Workload::HashMemory) {
    if (!refsText.empty())
      refsText += ", ";
    refsText += run.algorithm + " alone at " + formatMBps(refs.hashMBps) + (run.streams > 1 ? " per core" : " on a whole core");
  }
  if (!refsText.empty())
    s += "; " + refsText;
  if (a.limitMBps > 0) {
    if (a.efficiencyShown())
      s += (refsText.empty() ? "; " : ", so ") + formatMBps(a.limitMBps) + " is the limit and this run reached " +
           pct(100.0 * a.efficiency) + " of it (" + formatMBps(run.mbPerSec()) + ")";
    else
      s += (refsText.empty() ? "; " : ", so ") + formatMBps(a.limitMBps) + " was the limit estimate, but this run reached " +
           formatMBps(run.mbPerSec()) + ": the estimate is unreliable";
  } else {
    s += "; it ran at " + formatMBps(run.mbPerSec());
  }
  if (run.workload == Workload::PeerTool) {
    if (run.digestMatches)
      s += *run.digestMatches ? "; its digest matches HashScope's" : "; its digest DIFFERS from HashScope's";
    else
      s += findAlgorithm(run.algorithm) ? "; its digest was not checked (no HashScope digest to compare with)"
                                        : "; its digest was not checked (HashScope does not compute " +
                                              (run.algorithm.empty() ? std::string("it") : run.algorithm) + ")";
  }
  return s + ".";
}

}  // namespace hashscope::analysis
