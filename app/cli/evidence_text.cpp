// The CLI's verdict sentence, from the analysis's reason code and numbers. Self-contained (core only), so the
// CLI tests can render every reason code as a pure function.
#include "evidence_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "hashscope/analysis.hpp"
#include "hashscope/hash.hpp"

namespace hashscope::cli {

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
  case Verdict::NetworkBound: return "Network-bound: ";
  case Verdict::ServerBound: return "Server-bound: ";
  case Verdict::Unknown: break;
  }
  return "No verdict: ";
}

// "the link (eth0, 125 MB/s)", "the link (eth0)".
std::string linkName(const RunResult& r, const RemoteEvidence& e)
{
  const std::string& iface = r.storage.remote.interfaceName;
  std::string inside = iface;
  if (e.linkMBps > 0)
    inside += (inside.empty() ? "" : ", ") + fmt(e.linkMBps >= 100 ? "%.0f MB/s" : "%.1f MB/s", e.linkMBps);
  return inside.empty() ? "the link" : "the link (" + inside + ")";
}

// What the rule saw, in words (after the verdict's name).
std::string why(const RunResult& r, const Analysis& a)
{
  const bool plural = r.streams > 1;
  const std::string threads = plural ? "the threads" : "the thread";
  const std::string were = plural ? " were" : " was";
  switch (a.reason) {
  case VerdictReason::RunFailed: return "the run failed (" + r.error + ")";
  case VerdictReason::RunCancelled: return "the run was cancelled";
  case VerdictReason::TooShort: return "the run was too short to measure";
  case VerdictReason::NoCounters: return "no thread CPU times or device counters were recorded";
  case VerdictReason::WorkerSaturated:
    if (r.workload == Workload::PeerTool)
      return "the tool was on the CPU nearly all the time";
    return threads + were + " busy nearly all the time" +
           (workloadTraits(r.workload).usesCache ? " and hardly waited for data" : "");
  case VerdictReason::AtHashLimit: return "the run reached its limit, and the hash speed sets it";
  case VerdictReason::HashSlowerThanRam: return "the data is in RAM, where reading it is clearly faster than hashing it";
  case VerdictReason::CpuContended: return "every core was busy and other processes held a good part of them";
  case VerdictReason::DeviceSaturated:
    return r.workload == Workload::Read || r.workload == Workload::Write ? "the device was busy"
                                                                         : threads + " waited for data while the device was busy";
  case VerdictReason::ReaderBlocked: return r.streams > 1 ? "the readers sat blocked in reads, off the CPU" : "the reader sat blocked in reads, off the CPU";
  case VerdictReason::WaitedForData: return threads + " waited for data from storage";
  case VerdictReason::AtReadLimit:
    return a.verdict == Verdict::MemoryBound ? "the run reached the speed of reading its data out of RAM"
                                             : "the run reached the location's read ceiling";
  case VerdictReason::MemoryBacked: return "the data is in RAM (a RAM-backed location, no device)";
  case VerdictReason::ServedFromCache: return "the data came from the page cache, not the device";
  case VerdictReason::WaitedForRam: return threads + " waited for data copied out of RAM";
  case VerdictReason::RamSlowerThanHash: return "the data is in RAM, where hashing it is clearly faster than reading it";
  case VerdictReason::BelowHashSpeed: return "hashing data in RAM ran well below the hash speed without waiting for data";
  case VerdictReason::NearMemorySpeed: return "hashing ran at the speed of a memory copy";
  case VerdictReason::MemoryCopy: return "a copy in RAM measures memory";
  case VerdictReason::LinkSaturated:
    return a.remote ? linkName(r, *a.remote) + " carried the data at its speed" : "the link carried the data at its speed";
  case VerdictReason::ServerLimited:
    if (a.remote && a.remote->linkIsMemory)
      return threads + " waited for data from the filesystem, and no network link carries it: its server (" +
             (r.storage.kind == MediaKind::Fuse ? "a FUSE daemon on this machine" : "on this machine") +
             ") delivered no faster";
    if (a.remote && a.remote->linkMBps > 0)
      return threads + " waited for data while " + linkName(r, *a.remote) + " had room: the server delivered no faster";
    return threads + " waited for data while more streams got more: the server answered each stream no faster";
  case VerdictReason::ReaderOnCpu: return threads + " waited for data, but the reader was on the CPU, not blocked on the device";
  case VerdictReason::DeviceIdle: return threads + " waited for data, but the device was mostly idle";
  case VerdictReason::NoDominantResource: return "no single resource explains the speed";
  }
  return {};
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

// A network or FUSE location: what the filesystem delivered, what the interface carried, the round trip and
// one stream against several.
std::string remoteData(const RunResult& run, const Analysis& a)
{
  const RemoteEvidence& e = *a.remote;
  std::string s = run.ownReadBytes ? "the filesystem delivered " + megabytes(*run.ownReadBytes)
                                   : std::string("what the filesystem delivered was not counted");
  if (e.interfaceValid)
    s += " and " + run.storage.remote.interfaceName + " received " + megabytes(e.interfaceBytes) + " (" +
         formatMBps(e.interfaceMBps) + ", every process)";
  if (e.roundTripMs >= 0)
    s += "; one small read takes " + fmt(e.roundTripMs < 10 ? "%.2f ms" : "%.1f ms", e.roundTripMs);
  if (e.oneStreamMBps > 0 && e.manyStreams > 1)
    s += "; one stream got " + formatMBps(e.oneStreamMBps) + ", " + std::to_string(e.manyStreams) + " streams " +
         formatMBps(e.manyStreamsMBps);
  return s;
}

std::string whereData(const RunResult& run, const Analysis& a)
{
  if (a.remote)
    return remoteData(run, a);
  if (a.memoryBacked)
    return "the data came from RAM (" + (run.storage.filesystem.empty() ? std::string("no disk device")
                                                                          : run.storage.filesystem + ", no disk device") + ")";
  const std::string disk = run.storage.device.name.empty() ? "the disk" : "the disk (" + run.storage.device.name + ")";
  if (!a.diskValid)
    return "no disk counters were available";
  return disk + " was busy " + pct(a.diskBusyPct) + " and delivered " + megabytes(a.deviceReadBytes);
}

// The numbers: how the threads spent their time, where the data came from, the machine, the limit.
std::string figures(const RunResult& run, const Analysis& a)
{
  std::string s;
  bool plural = false;
  const std::string who = actor(run, plural);
  const bool hashing = run.workload == Workload::HashFile || run.workload == Workload::HashTree ||
                       run.workload == Workload::HashMemory;
  const bool fileWorkload = workloadTraits(run.workload).usesCache;
  const bool workerKnown = a.workerBusyPct > 0 || a.hashCallPct >= 0;
  const double busy = hashing ? std::max(a.workerBusyPct, a.hashCallPct) : a.workerBusyPct;
  if (run.workload == Workload::Read && a.readerCpuPct >= 0) {
    // A plain read has nothing to compute: how much of the time the readers spent on the CPU (rather than
    // blocked in reads) is the telling number.
    s += (plural ? "the " + std::to_string(run.streams) + " reader threads were on the CPU "
                 : std::string("the reader thread was on the CPU ")) +
         pct(a.readerCpuPct) + " of the time";
  } else if (workerKnown) {
    s += who + (run.workload == Workload::PeerTool ? " used the CPU " : plural ? " were busy " : " was busy ");
    s += pct(busy) + " of the time";
    // Other processes (or more streams than cores) kept the threads off the CPU part of the time they hashed.
    if (hashing && busy - a.workerBusyPct >= 10)
      s += " (on the CPU " + pct(a.workerBusyPct) + ")";
    if (run.workload != Workload::PeerTool && fileWorkload)
      s += " and waited for data " + pct(a.waitPct);
  } else {
    s += "no thread CPU times were recorded";
  }
  if (a.cores > 0 && run.streams > a.cores)
    s += " (" + std::to_string(run.streams) + " streams on " + std::to_string(a.cores) + " cores)";
  if (workloadTraits(run.workload).usesDisk)
    s += " while " + whereData(run, a);
  if (a.cpuBusyPct > 0) {
    s += ", with the whole CPU " + pct(a.cpuBusyPct) + " busy";
    if (a.otherCores >= 0.5 && a.cores > 0)
      s += fmt(" (%.1f", a.otherCores) + " of its " + std::to_string(a.cores) + " cores taken by other processes)";
  }

  // The references and the limit.
  std::string refs;
  if (a.readMBps > 0 && fileWorkload && run.workload != Workload::Read)
    refs += "reading alone runs at " + formatMBps(a.readMBps);
  if (a.hashMBps > 0 && !run.algorithm.empty() && run.workload != Workload::HashMemory) {
    if (!refs.empty())
      refs += ", ";
    refs += run.algorithm + " alone at " + formatMBps(a.hashMBps) + (run.streams > 1 ? " per core" : " on a whole core");
  }
  if (!refs.empty())
    s += "; " + refs;
  if (a.limitMBps > 0) {
    s += (refs.empty() ? "; " : ", so ") + formatMBps(a.limitMBps);
    if (a.efficiencyShown())
      s += " is the limit and this run reached " + pct(100.0 * a.efficiency) + " of it (" + formatMBps(run.mbPerSec()) + ")";
    else
      s += " was the limit estimate, but this run reached " + formatMBps(run.mbPerSec()) + ": the estimate is unreliable";
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
  return s;
}

}  // namespace

std::string formatMBps(double mbps)
{
  return fmt(mbps >= 100 || mbps == 0 ? "%.0f MB/s" : "%.1f MB/s", mbps);
}

std::string evidenceSentence(const RunResult& result)
{
  if (!result.analysis)
    return {};
  const Analysis& a = *result.analysis;
  const std::string clause = lead(a.verdict) + why(result, a);
  switch (a.reason) {
  case VerdictReason::RunFailed:
  case VerdictReason::RunCancelled:
  case VerdictReason::TooShort: return clause + ".";  // nothing measured worth stating
  default: break;
  }
  std::string numbers = figures(result, a);
  if (!numbers.empty() && result.workload != Workload::PeerTool)  // a tool's name keeps its spelling
    numbers[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(numbers[0])));
  return clause + ". " + numbers + ".";
}

}  // namespace hashscope::cli
