// The words of results for both front ends: the evidence sentence from core's clauses, the marks, the limit's
// source and share, the caveat. Self-contained (core only), so tests render every reason code as a pure function.
#include "words.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <variant>

#include "hashscope/evidence.hpp"

namespace hashscope::words {

namespace {

std::string fmt(const char* format, double value)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

using namespace evidence;

// "the link (eth0, 125 MB/s)", "the link (eth0)".
std::string linkName(const Link& l)
{
  std::string inside = l.interfaceName;
  if (l.linkMBps > 0)
    inside += (inside.empty() ? "" : ", ") + mbps(l.linkMBps);
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
           (w.deeper ? ", where the device gives " + mbps(w.deeper->mbps) + " with " +
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

// "the sha256 hash-file step", or "a hash step" where the ceiling does not say which.
std::string stepName(const Ceiling& c) { return c.step.empty() ? std::string("a hash step") : "the " + c.step + " step"; }

std::string readAloneText(const ReadAlone& r)
{
  const Ceiling& c = r.ceiling.ceiling;
  std::string text;
  if (r.own)
    text = "the disk delivered " + mbps(r.ceiling.mbps) + " during its fastest pass";
  else if (r.delivered)
    text = "the disk delivered " + mbps(r.ceiling.mbps) + " during " + stepName(c);
  else
    text = std::string(r.beside ? "reading between its passes runs at " : "reading alone runs at ") + mbps(r.ceiling.mbps);
  return text + (r.otherPoint ? " (" + pointText(c) + ")" : "");
}

std::string hashAloneText(const HashAlone& h)
{
  const Ceiling& c = h.ceiling.ceiling;
  if (h.own)
    return c.threadsPerStream > 1 ? "its passes ran at " + mbps(c.mbps) + " on " + std::to_string(c.threadsPerStream) + " threads"
                                  : "per second of its thread's CPU time it hashed " + mbps(c.mbps) + " per core";
  if (c.threadsPerStream > 1)
    return h.algorithm + " alone at " + mbps(c.mbps) + " on " + std::to_string(c.threadsPerStream) + " threads";
  return h.algorithm + " alone at " + mbps(c.mbps) + " per core";
}

// The sentence after the reason: how the threads spent their time, where the data came from, the machine,
// the ceilings and the limit, each clause in the order core gives them.
std::string figures(const std::vector<Clause>& clauses)
{
  std::string s, refs;
  const auto ref = [&refs](const std::string& text) { refs += (refs.empty() ? "" : ", ") + text; };
  const auto opening = [&refs](const char* joiner) {
    std::string text = refs.empty() ? std::string("; ") : "; " + refs + joiner;
    refs.clear();
    return text;
  };
  for (const Clause& clause : clauses) {
    std::visit(Overloaded{
                   [](const Why&) {},
                   [&](const Threads& t) {
                     s += actor(t) + (t.streams > 1 ? " were busy " : " was busy ") + percent(t.busyPct) + " of the time";
                     if (t.onCpuPct)
                       s += " (on the CPU " + percent(*t.onCpuPct) + ")";
                     if (t.waitPct)
                       s += " and waited for data " + percent(*t.waitPct);
                   },
                   [&](const Readers& r) {
                     s += (r.streams > 1 ? "the " + std::to_string(r.streams) + " reader threads were on the CPU "
                                         : std::string("the reader thread was on the CPU ")) +
                          percent(r.onCpuPct) + " of the time";
                   },
                   [&](const Tool& t) { s += (t.name.empty() ? "the tool" : t.name) + " used the CPU " + percent(t.cpuPct) + " of the time"; },
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
                          " was busy " + percent(d.busyPct) + " and delivered " + bytes(static_cast<double>(d.deliveredBytes));
                   },
                   [&](const NoDiskCounters&) { s += " while no disk counters were available"; },
                   [&](const Remote& r) {
                     s += r.deliveredBytes ? " while the filesystem delivered " + bytes(static_cast<double>(*r.deliveredBytes))
                                           : std::string(" while what the filesystem delivered was not counted");
                     if (r.interfaceBytes)
                       s += " and " + r.interfaceName + " received " + bytes(static_cast<double>(*r.interfaceBytes)) + " (" +
                            mbps(r.interfaceMBps) + ", every process)";
                     if (r.roundTripMs)
                       s += "; one small read takes " + fmt(*r.roundTripMs < 10 ? "%.2f ms" : "%.1f ms", *r.roundTripMs);
                     if (r.manyStreams > 1)
                       s += "; one stream got " + mbps(r.oneStreamMBps) + ", " + std::to_string(r.manyStreams) +
                            " streams " + mbps(r.manyStreamsMBps);
                   },
                   [&](const Machine& m) {
                     s += ", with the whole CPU " + percent(m.cpuBusyPct) + " busy";
                     if (m.otherCores)
                       s += fmt(" (%.1f", *m.otherCores) + " of its " + std::to_string(m.cores) +
                            " cores taken by other processes)";
                   },
                   [&](const ReadAlone& r) { ref(readAloneText(r)); },
                   [&](const HashAlone& h) { ref(hashAloneText(h)); },
                   [&](const NotMeasured& n) {
                     if (n.side == CeilingKind::Hash)
                       ref("no hash ceiling was measured with " + streamsText(n.streams));
                     else
                       ref("no read ceiling was measured with " + streamsText(n.streams) +
                           (n.access ? std::string(n.access == ReadAccess::Mapped ? " of mapped pages" : " of read() copies")
                                     : std::string()));
                   },
                   [&](const LimitReached& l) {
                     s += opening(", so ") + mbps(l.limitMBps) + " is the limit and this run reached " +
                          (l.efficiency >= kAtLimitShare ? std::string("it") : percent(100.0 * l.efficiency) + " of it") +
                          " (" + mbps(l.achievedMBps) + ")";
                   },
                   [&](const LimitExceeded& l) {
                     s += opening(", so ") + mbps(l.limitMBps) + " was the limit estimate, but this run reached " +
                          mbps(l.achievedMBps) + ": the estimate is unreliable";
                   },
                   [&](const RanAt& r) { s += opening("; ") + "it ran at " + mbps(r.achievedMBps); },
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

std::string capitalised(std::string text)
{
  if (!text.empty())
    text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string mbps(double value)
{
  if (!(value > 0))
    return "-";
  return fmt(value >= 100 ? "%.0f MB/s" : "%.1f MB/s", value);
}

std::string bytes(double value)
{
  const double mb = value / 1e6;
  if (mb >= 10000)
    return fmt("%.1f GB", mb / 1000);
  return fmt(mb >= 100 || mb == 0 ? "%.0f MB" : "%.1f MB", mb);
}

std::string percent(double value) { return fmt("%.0f%%", std::max(0.0, value)); }

std::string verdictName(Verdict v)
{
  switch (v) {
  case Verdict::CpuBound: return "CPU-bound";
  case Verdict::IoBound: return "I/O-bound";
  case Verdict::MemoryBound: return "memory-bound";
  case Verdict::Mixed: return "mixed";
  case Verdict::NetworkBound: return "network-bound";
  case Verdict::ServerBound: return "server-bound";
  case Verdict::Unknown: break;
  }
  return "no verdict";
}

std::string verdictName(std::string_view documentWord)
{
  for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed, Verdict::NetworkBound,
                    Verdict::ServerBound, Verdict::Unknown}) {
    if (toString(v) == documentWord)
      return verdictName(v);
  }
  return documentWord.empty() ? verdictName(Verdict::Unknown) : std::string(documentWord);
}

std::string reasonText(const RunResult& result)
{
  const std::vector<Clause> clauses = clausesOf(result);
  return clauses.empty() ? std::string() : why(std::get<Why>(clauses.front()));
}

std::string evidence(const RunResult& result)
{
  const std::vector<Clause> clauses = clausesOf(result);
  if (clauses.empty())
    return {};
  const Why& w = std::get<Why>(clauses.front());
  const std::string clause = capitalised(verdictName(w.verdict)) + ": " + why(w);
  if (clauses.size() == 1)
    return clause + ".";  // nothing measured worth stating
  std::string numbers = figures(clauses);
  if (!std::holds_alternative<Tool>(clauses[1]))  // a tool's name keeps its spelling
    numbers = capitalised(numbers);
  return clause + ". " + numbers + ".";
}

std::string flagSentence(const Flag& f)
{
  switch (f.code) {
  case FlagCode::MachineBusy:
    return "Machine busy, not representative: other processes used " + fmt("%.1f", f.value1) + " of the " +
           fmt("%.0f", f.value2) + " cores during this step.";
  case FlagCode::WideSpread:
    return "Wide spread: the speed varied " + mbps(f.value1) + " to " + mbps(f.value2) +
           " between passes (the median is shown).";
  case FlagCode::WithinReferenceSpread:
    return "Above the limit by less than its reference's own spread: that reference's passes ranged " +
           mbps(f.value1) + " to " + mbps(f.value2) + ", and the limit is their median.";
  case FlagCode::ServedFromCache:
    if (!(f.value1 > 0) && !(f.value2 > 0))
      return flagSentence(f.code);
    return "Served from the page cache: " + bytes(f.value1) + " fetched from storage for the " + bytes(f.value2) +
           " processed; this result describes RAM, not the disk.";
  case FlagCode::LimitUnreliable:
    switch (f.reason) {
    case LimitReason::PartlyFromCache:
      return "Limit estimate unreliable: part of the file came from the page cache (" + bytes(f.value1) +
             " fetched from storage of " + bytes(f.value2) + ").";
    case LimitReason::ReferenceVaried:
      return "Limit estimate unreliable: the device's read speed varied " + mbps(f.value1) + " to " + mbps(f.value2) +
             " between passes; more passes give a firmer ceiling.";
    case LimitReason::NoDeviceFigure:
      return "Limit estimate unreliable: no device or process I/O figure could confirm the read ceiling.";
    case LimitReason::HashReferenceVaried:
      return "Limit estimate unreliable: this run's own threads hashed " + mbps(f.value2) +
             " per core (per second of their CPU time), faster than the hash-memory reference (" + mbps(f.value1) +
             "): the reference was low; more passes give a firmer ceiling.";
    case LimitReason::Unexplained: break;
    }
    return "Limit estimate unreliable: the run exceeded it and nothing recorded explains why; read the limit as a "
           "lower bound.";
  }
  return {};
}

namespace {

// Each mark's words, short (a table cell) and whole (a sentence of the evidence).
struct FlagWords {
  FlagCode code;
  const char* shortText;
  const char* sentence;
};

constexpr FlagWords kFlagWords[] = {
    {FlagCode::MachineBusy, "machine busy",
     "Machine busy, not representative: other processes used the CPU during this step."},
    {FlagCode::WideSpread, "wide spread",
     "Wide spread: the speed varied widely between passes (the median is shown)."},
    {FlagCode::LimitUnreliable, "limit unreliable", "Limit estimate unreliable: the run exceeded it."},
    {FlagCode::ServedFromCache, "from the page cache",
     "Served from the page cache: this result describes RAM, not the disk."},
    {FlagCode::WithinReferenceSpread, "within the limit's spread",
     "Above the limit by less than its reference's own spread."},
};

const FlagWords* flagWords(FlagCode code)
{
  for (const FlagWords& w : kFlagWords) {
    if (w.code == code)
      return &w;
  }
  return nullptr;
}

}  // namespace

std::string flagSentence(FlagCode code)
{
  const FlagWords* w = flagWords(code);
  return w ? w->sentence : std::string();
}

std::string flagShort(FlagCode code)
{
  const FlagWords* w = flagWords(code);
  return w ? w->shortText : std::string();
}

std::string shareText(const Figures& f)
{
  if (!f.share)
    return {};
  return *f.share >= kAtLimitShare ? "at the limit" : percent(100.0 * *f.share) + " of the limit";
}

std::string limitSourceText(const Figures& f)
{
  switch (f.limitSource) {
  case LimitSource::ReadAlone: return "reading alone";
  case LimitSource::ReadBeside: return "reads between its passes";
  case LimitSource::Delivered:
    return "what the disk delivered during " + (f.limitStep.empty() ? std::string("a hash step") : "the " + f.limitStep + " step");
  case LimitSource::DeliveredOwn: return "what the disk delivered during its fastest pass";
  case LimitSource::HashCore: return "the hash on one core, per core";
  case LimitSource::HashThreads: return "the hash on all its threads";
  case LimitSource::OwnCpuTime: return "its own passes per second of CPU time";
  case LimitSource::None: break;
  }
  return {};
}

std::string limitText(const Figures& f)
{
  if (!(f.limitMBps > 0))
    return {};
  return "limit " + mbps(f.limitMBps) + " (" + limitSourceText(f) + ")";
}

std::string deliveredNote(const Figures& f)
{
  if (!(f.deliveredMBps > f.maxMBps) || f.failed)
    return {};
  return "The disk delivered up to " + mbps(f.deliveredMBps) + " during " +
         (f.deliveredStep.empty() ? std::string("a hash step") : "the " + f.deliveredStep + " step") +
         ", more than reading alone (" + mbps(f.mbps) + ").";
}

std::string perCoreText(const RunResult& r, const Figures& f)
{
  if (!f.perCore)
    return {};
  const Spread& p = *f.perCore;
  std::string text = r.algorithm + " per core: " + mbps(p.median);
  if (p.count > 1 && p.max > p.min)
    text += " (" + mbps(p.min) + " to " + mbps(p.max) + " over " + std::to_string(p.count) +
            " passes in every location)";
  return text + ".";
}

std::string caveatFor(FlagCode code, int count, int measured)
{
  const std::string of = std::to_string(count) + " of " + std::to_string(measured) + " results";
  switch (code) {
  case FlagCode::MachineBusy:
    return "Other programs used the CPU during " + of + " (marked): run again on a quiet machine for figures that hold.";
  case FlagCode::WideSpread:
    return "The speed varied widely between passes in " + of +
           " (marked): more passes or a quieter machine give steadier figures.";
  case FlagCode::ServedFromCache:
    return of + " (marked) were served from the page cache: they describe RAM, not the disk.";
  case FlagCode::LimitUnreliable:
    return of + " (marked) exceeded their limit estimate: their share of the limit is not shown.";
  case FlagCode::WithinReferenceSpread: break;
  }
  return {};
}

int countOf(const std::vector<std::vector<FlagCode>>& marksOfMeasured, FlagCode code)
{
  return static_cast<int>(std::count_if(marksOfMeasured.begin(), marksOfMeasured.end(), [code](const auto& marks) {
    return std::find(marks.begin(), marks.end(), code) != marks.end();
  }));
}

std::vector<FlagCode> caveatCodes(const std::vector<std::vector<FlagCode>>& marksOfMeasured)
{
  std::vector<FlagCode> order, out;
  for (const auto& marks : marksOfMeasured) {
    for (FlagCode code : marks) {
      if (std::find(order.begin(), order.end(), code) == order.end())
        order.push_back(code);
    }
  }
  const int measured = static_cast<int>(marksOfMeasured.size());
  for (FlagCode code : order) {
    const int count = countOf(marksOfMeasured, code);
    if (count >= 2 && 2 * count >= measured && !caveatFor(code, count, measured).empty())
      out.push_back(code);
  }
  return out;
}

}  // namespace hashscope::words
