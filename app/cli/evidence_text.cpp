// The CLI's verdict sentence, from the analysis's reason code and numbers. Self-contained (core only), so the
// CLI tests can render every reason code as a pure function.
#include "evidence_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include <variant>

#include "hashscope/evidence.hpp"

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

using namespace evidence;

// "the link (eth0, 125 MB/s)", "the link (eth0)".
std::string linkName(const Link& l)
{
  std::string inside = l.interfaceName;
  if (l.linkMBps > 0)
    inside += (inside.empty() ? "" : ", ") + fmt(l.linkMBps >= 100 ? "%.0f MB/s" : "%.1f MB/s", l.linkMBps);
  return inside.empty() ? "the link" : "the link (" + inside + ")";
}

// What the rule saw, in words (after the verdict's name).
std::string why(const Why& w)
{
  const bool plural = w.streams > 1;
  const std::string threads = plural ? "the threads" : "the thread";
  const std::string were = plural ? " were" : " was";
  switch (w.reason) {
  case VerdictReason::RunFailed: return "the run failed (" + w.error + ")";
  case VerdictReason::RunCancelled: return "the run was cancelled";
  case VerdictReason::TooShort: return "the run was too short to measure";
  case VerdictReason::NoCounters: return "no thread CPU times or device counters were recorded";
  case VerdictReason::WorkerSaturated:
    if (w.workload == Workload::PeerTool)
      return "the tool was on the CPU nearly all the time";
    return threads + were + " busy nearly all the time" +
           (workloadTraits(w.workload).usesCache ? " and hardly waited for data" : "");
  case VerdictReason::AtHashLimit: return "the run reached its limit, and the hash speed sets it";
  case VerdictReason::HashSlowerThanRam: return "the data is in RAM, where reading it is clearly faster than hashing it";
  case VerdictReason::CpuContended: return "every core was busy and other processes held a good part of them";
  case VerdictReason::DeviceSaturated:
    return w.workload == Workload::Read || w.workload == Workload::Write ? "the device was busy"
                                                                         : threads + " waited for data while the device was busy";
  case VerdictReason::ReaderBlocked: return plural ? "the readers sat blocked in reads, off the CPU" : "the reader sat blocked in reads, off the CPU";
  case VerdictReason::WaitedForData: return threads + " waited for data from storage";
  case VerdictReason::AtReadLimit:
    return w.verdict == Verdict::MemoryBound ? "the run reached the speed of reading its data out of RAM"
                                             : "the run reached the location's read ceiling";
  case VerdictReason::QueueDepthLimited:
    return "the queue depth, not the device, limited it: " + std::to_string(w.inFlight) +
           (w.inFlight == 1 ? " read" : " reads") + " in flight" +
           (w.deeper ? ", where the device gives " + formatMBps(w.deeper->mbps) + " with " +
                           std::to_string(w.deeper->ceiling.inFlight())
                     : std::string());
  case VerdictReason::MemoryBacked: return "the data is in RAM (a RAM-backed location, no device)";
  case VerdictReason::ServedFromCache: return "the data came from the page cache, not the device";
  case VerdictReason::WaitedForRam: return threads + " waited for data copied out of RAM";
  case VerdictReason::RamSlowerThanHash: return "the data is in RAM, where hashing it is clearly faster than reading it";
  case VerdictReason::BelowHashSpeed: return "hashing data in RAM ran well below the hash speed without waiting for data";
  case VerdictReason::NearMemorySpeed: return "hashing ran at the speed of a memory copy";
  case VerdictReason::MemoryCopy: return "a copy in RAM measures memory";
  case VerdictReason::LinkSaturated:
    return w.link ? linkName(*w.link) + " carried the data at its speed" : "the link carried the data at its speed";
  case VerdictReason::ServerLimited:
    if (w.link && w.link->none)
      return threads + " waited for data from the filesystem, and no network link carries it: its server (" +
             (w.link->fuseDaemon ? "a FUSE daemon on this machine" : "on this machine") + ") delivered no faster";
    if (w.link && w.link->linkMBps > 0)
      return threads + " waited for data while " + linkName(*w.link) + " had room: the server delivered no faster";
    return threads + " waited for data while more streams got more: the server answered each stream no faster";
  case VerdictReason::ReaderOnCpu: return threads + " waited for data, but the reader was on the CPU, not blocked on the device";
  case VerdictReason::DeviceIdle: return threads + " waited for data, but the device was mostly idle";
  case VerdictReason::NoDominantResource: return "no single resource explains the speed";
  }
  return {};
}

// "the md5 thread", "the 4 sha256 threads", "the reading thread".
std::string actor(const Threads& t)
{
  const std::string what = !t.what.empty() ? t.what
                           : t.workload == Workload::Write  ? std::string("writing")
                           : t.workload == Workload::Memory ? std::string("copying")
                                                            : std::string("reading");
  return t.streams > 1 ? "the " + std::to_string(t.streams) + " " + what + " threads" : "the " + what + " thread";
}

std::string streamsText(int streams) { return std::to_string(streams) + (streams == 1 ? " stream" : " streams"); }

// Where a ceiling was measured, when that is not this result's point.
std::string pointText(const Ceiling& c)
{
  std::string text = "measured with " + streamsText(c.streams);
  if (c.queueDepth > 0)
    text += ", " + std::to_string(c.inFlight()) + " reads in flight";
  return text;
}

std::string ceilingText(const HashAlone& h)
{
  const Ceiling& c = h.ceiling.ceiling;
  if (c.threadsPerStream > 1)
    return h.algorithm + " alone at " + formatMBps(c.mbps) + " on " + std::to_string(c.threadsPerStream) + " threads";
  return h.algorithm + " alone at " + formatMBps(c.mbps) + (h.streams > 1 ? " per core" : " on a whole core");
}

// The sentence after the reason: how the threads spent their time, where the data came from, the machine,
// the ceilings and the limit, each clause in the order core gives them.
std::string figures(const std::vector<Clause>& clauses)
{
  std::string s, refs;
  const auto ref = [&refs](const std::string& text) { refs += (refs.empty() ? "" : ", ") + text; };
  for (const Clause& clause : clauses) {
    std::visit(Overloaded{
                   [](const Why&) {},
                   [&](const Threads& t) {
                     s += actor(t) + (t.streams > 1 ? " were busy " : " was busy ") + pct(t.busyPct) + " of the time";
                     if (t.onCpuPct)
                       s += " (on the CPU " + pct(*t.onCpuPct) + ")";
                     if (t.waitPct)
                       s += " and waited for data " + pct(*t.waitPct);
                   },
                   [&](const Readers& r) {
                     s += (r.streams > 1 ? "the " + std::to_string(r.streams) + " reader threads were on the CPU "
                                         : std::string("the reader thread was on the CPU ")) +
                          pct(r.onCpuPct) + " of the time";
                   },
                   [&](const Tool& t) { s += (t.name.empty() ? "the tool" : t.name) + " used the CPU " + pct(t.cpuPct) + " of the time"; },
                   [&](const NoThreadTimes&) { s += "no thread CPU times were recorded"; },
                   [&](const StreamsOverCores& o) {
                     s += " (" + std::to_string(o.streams) + " streams on " + std::to_string(o.cores) + " cores)";
                   },
                   [&](const FromRam& r) {
                     s += " while the data came from RAM (" +
                          (r.filesystem.empty() ? std::string("no disk device") : r.filesystem + ", no disk device") + ")";
                   },
                   [&](const Disk& d) {
                     s += " while " + (d.device.empty() ? std::string("the disk") : "the disk (" + d.device + ")") +
                          " was busy " + pct(d.busyPct) + " and delivered " + megabytes(d.deliveredBytes);
                   },
                   [&](const NoDiskCounters&) { s += " while no disk counters were available"; },
                   [&](const Remote& r) {
                     s += r.deliveredBytes ? " while the filesystem delivered " + megabytes(*r.deliveredBytes)
                                           : std::string(" while what the filesystem delivered was not counted");
                     if (r.interfaceBytes)
                       s += " and " + r.interfaceName + " received " + megabytes(*r.interfaceBytes) + " (" +
                            formatMBps(r.interfaceMBps) + ", every process)";
                     if (r.roundTripMs)
                       s += "; one small read takes " + fmt(*r.roundTripMs < 10 ? "%.2f ms" : "%.1f ms", *r.roundTripMs);
                     if (r.manyStreams > 1)
                       s += "; one stream got " + formatMBps(r.oneStreamMBps) + ", " + std::to_string(r.manyStreams) +
                            " streams " + formatMBps(r.manyStreamsMBps);
                   },
                   [&](const Machine& m) {
                     s += ", with the whole CPU " + pct(m.cpuBusyPct) + " busy";
                     if (m.otherCores)
                       s += fmt(" (%.1f", *m.otherCores) + " of its " + std::to_string(m.cores) +
                            " cores taken by other processes)";
                   },
                   [&](const ReadAlone& r) {
                     ref(std::string(r.beside ? "reading alone between its passes" : "reading alone") + " runs at " +
                         formatMBps(r.ceiling.mbps) +
                         (r.otherPoint ? " (" + pointText(r.ceiling.ceiling) + ")" : ""));
                   },
                   [&](const HashAlone& h) { ref(ceilingText(h)); },
                   [&](const NotMeasured& n) {
                     if (n.side == CeilingKind::Hash)
                       ref("no hash ceiling was measured with " + streamsText(n.streams));
                     else
                       ref("no read ceiling was measured with " + streamsText(n.streams) +
                           (n.access ? std::string(n.access == ReadAccess::Mapped ? " of mapped pages" : " of read() copies")
                                     : std::string()));
                   },
                   [&](const LimitReached& l) {
                     s += (refs.empty() ? "; " : "; " + refs + ", so ") + formatMBps(l.limitMBps) +
                          " is the limit and this run reached " + pct(100.0 * l.efficiency) + " of it (" +
                          formatMBps(l.achievedMBps) + ")";
                     refs.clear();
                   },
                   [&](const LimitExceeded& l) {
                     s += (refs.empty() ? "; " : "; " + refs + ", so ") + formatMBps(l.limitMBps) +
                          " was the limit estimate, but this run reached " + formatMBps(l.achievedMBps) +
                          ": the estimate is unreliable";
                     refs.clear();
                   },
                   [&](const RanAt& r) {
                     s += (refs.empty() ? "; " : "; " + refs + "; ") + "it ran at " + formatMBps(r.achievedMBps);
                     refs.clear();
                   },
                   [&](const Digest& d) {
                     switch (d.state) {
                     case Digest::State::Matches: s += "; its digest matches HashScope's"; break;
                     case Digest::State::Differs: s += "; its digest DIFFERS from HashScope's"; break;
                     case Digest::State::NoDigest:
                       s += "; its digest was not checked (no HashScope digest to compare with)";
                       break;
                     case Digest::State::NotComputed:
                       s += "; its digest was not checked (HashScope does not compute " +
                            (d.algorithm.empty() ? std::string("it") : d.algorithm) + ")";
                       break;
                     }
                   },
               },
               clause);
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
  const std::vector<Clause> clauses = clausesOf(result);
  if (clauses.empty())
    return {};
  const Why& w = std::get<Why>(clauses.front());
  const std::string clause = lead(w.verdict) + why(w);
  if (clauses.size() == 1)
    return clause + ".";  // nothing measured worth stating
  std::string numbers = figures(clauses);
  const bool tool = std::holds_alternative<Tool>(clauses[1]);
  if (!numbers.empty() && !tool)  // a tool's name keeps its spelling
    numbers[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(numbers[0])));
  return clause + ". " + numbers + ".";
}

}  // namespace hashscope::cli
