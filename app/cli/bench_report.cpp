// The bench report: the results table, the verdict sentences under it, CSV and JSON.
#include "bench.hpp"
#include "evidence_text.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "names.hpp"
#include "table.hpp"

#include <algorithm>
#include <set>

namespace hashscope::cli {

namespace {

bool usesCache(Workload w) { return workloadTraits(w).usesCache; }
// Device busy time means something only for runs that touch the disk.
bool usesDisk(Workload w) { return workloadTraits(w).usesDisk; }

std::string cacheCell(const RunResult& r)
{
  if (!usesCache(r.workload))
    return "-";
  std::string cell(toString(r.cache));
  const std::string method(toString(r.cacheMethod));
  if (r.cacheMethod != CacheMethod::NotApplicable && method != cell)
    cell += " (" + method + ")";
  if (r.readMethod == "mmap")  // the default (pipelined reads) goes without saying
    cell += ", mmap";
  return cell;
}

std::string rangeCell(const ShownSpeed& shown)
{
  if (shown.passes < 2)
    return "-";
  return fixed(shown.minMBps, 0) + "-" + fixed(shown.maxMBps, 0);
}

// The efficiency as a plain number only when it can be trusted; a flagged one says so in the cell.
std::string efficiencyCell(const Analysis* a)
{
  if (!a || a->efficiency <= 0)
    return "-";
  return a->efficiencyShown() ? fixed(a->efficiency * 100, 0) + "%" : "unreliable";
}

std::string megabytes(double bytes) { return fixed(bytes / 1e6, 0) + " MB"; }

// What a network or FUSE location's run fetched and how that was counted, what its interface carried and
// the round trip of one small read: one line, or "" on a local volume.
std::string remoteNote(const RunResult& r)
{
  if (!isRemote(r.storage) || !usesCache(r.workload))
    return {};
  std::string text;
  if (r.ownReadBytes) {
    text = "Fetched " + megabytes(static_cast<double>(*r.ownReadBytes)) + " from the filesystem";
    switch (r.fetchedBy) {
    case FetchBasis::MountCounters: text += " (the mount's own counters)"; break;
    case FetchBasis::PageCache: text += " (what the page cache did not hold as the run began)"; break;
    case FetchBasis::DirectIo: text += " (direct I/O: none from the page cache)"; break;
    case FetchBasis::Interface: text += " (the interface's traffic)"; break;
    case FetchBasis::ProcessIo:
    case FetchBasis::Unknown: break;
    }
  } else {
    text = "What the filesystem delivered could not be counted here";
  }
  bool net = false;
  std::uint64_t received = 0;
  for (const Sample& s : r.samples) {
    net = net || s.netValid;
    received = std::max(received, s.netRxBytes);
  }
  if (net)
    text += "; " + r.storage.remote.interfaceName + " received " + megabytes(static_cast<double>(received));
  if (r.roundTripMs)
    text += "; one small read takes " + fixed(*r.roundTripMs, *r.roundTripMs < 10 ? 2 : 1) + " ms";
  return text + ".";
}

std::string algorithmCell(const RunResult& r)
{
  if (r.workload == Workload::PeerTool && !r.tool.empty()) {
    const auto space = r.tool.find(' ');
    return (r.algorithm.empty() ? std::string() : r.algorithm + " ") + "[" + r.tool.substr(0, space) + "]";
  }
  return r.algorithm.empty() ? "-" : r.algorithm;
}

std::string percentCell(double value)
{
  return value > 0 ? fixed(value, 0) : "-";
}

} // namespace

std::string flagSentence(const Flag& f)
{
  switch (f.code) {
  case FlagCode::MachineBusy:
    return "MACHINE BUSY, not representative: other processes used " + fixed(f.value1, 1) + " of the " +
           fixed(f.value2, 0) + " cores during this step.";
  case FlagCode::WideSpread:
    return "WIDE SPREAD: the speed varied " + fixed(f.value1, 0) + "-" + fixed(f.value2, 0) +
           " MB/s between passes (the median is shown).";
  case FlagCode::WithinReferenceSpread:
    return "Above the limit by less than its reference's own spread: that reference's passes ranged " +
           fixed(f.value1, 0) + "-" + fixed(f.value2, 0) + " MB/s, and the limit is their median.";
  case FlagCode::ServedFromCache:
    return "SERVED FROM THE PAGE CACHE: this process fetched " + megabytes(f.value1) + " from storage for the " +
           megabytes(f.value2) + " it processed; the result describes RAM, not the disk.";
  case FlagCode::LimitUnreliable:
    switch (f.reason) {
    case LimitReason::PartlyFromCache:
      return "LIMIT ESTIMATE UNRELIABLE: the run beat the location's read ceiling because part of the file came "
             "from the page cache (" + megabytes(f.value1) + " fetched from storage of " + megabytes(f.value2) + ").";
    case LimitReason::ReferenceVaried:
      return "LIMIT ESTIMATE UNRELIABLE: the device's read speed varied " + fixed(f.value1, 0) + "-" +
             fixed(f.value2, 0) + " MB/s between passes; more passes (--passes) give a firmer ceiling.";
    case LimitReason::NoDeviceFigure:
      return "LIMIT ESTIMATE UNRELIABLE: no device or process I/O figure could confirm the read ceiling.";
    case LimitReason::HashReferenceVaried:
      return "LIMIT ESTIMATE UNRELIABLE: this run's own threads hashed at " + fixed(f.value2, 0) +
             " MB/s per CPU second, faster than the hash-memory reference (" + fixed(f.value1, 0) +
             " MB/s): the reference was low; more passes (--passes) give a firmer ceiling.";
    case LimitReason::Unexplained: break;
    }
    return "LIMIT ESTIMATE UNRELIABLE: the run exceeded it and nothing recorded explains why; read the limit as a "
           "lower bound.";
  }
  return {};
}

std::string runTitle(const RunResult& r)
{
  std::string title;
  if (r.workload == Workload::PeerTool)
    title = r.tool.empty() ? "peer tool" : r.tool.substr(0, r.tool.find(' '));
  else
    title = (r.algorithm.empty() ? "" : r.algorithm + " ") + std::string(toString(r.workload));
  if (usesCache(r.workload))
    title += " (" + std::string(toString(r.cache)) + ")";
  if (r.streams > 1)
    title += ", " + std::to_string(r.streams) + " streams";
  if (!r.location.empty())
    title += ", " + shownName(r.location.string());  // existing data may have any name, newlines included
  return title;
}

std::string renderBenchTable(const std::vector<RunResult>& results)
{
  std::set<std::filesystem::path> locations;
  for (const auto& r : results)
    locations.insert(r.location);
  const bool showLocation = locations.size() > 1;

  std::string out;
  for (const auto& location : locations) {
    for (const auto& r : results) {
      if (r.location == location) {
        const std::string label = r.storage.label.empty() ? "" : ": " + r.storage.label;
        out += "Location " + shownName(location.string()) + label + "\n";
        break;
      }
    }
  }
  if (!out.empty())
    out += "\n";

  using A = Table::Align;
  Table table;
  table.addColumn("#", A::Right);
  if (showLocation)
    table.addColumn("location");
  table.addColumn("workload");
  table.addColumn("algorithm");
  table.addColumn("streams", A::Right);
  table.addColumn("cache");
  table.addColumn("MB/s", A::Right);
  bool anyPasses = false;
  for (const auto& r : results)
    anyPasses = anyPasses || shownSpeed(r).passes > 1;
  if (anyPasses)
    table.addColumn("min-max", A::Right);
  table.addColumn("seconds", A::Right);
  table.addColumn("CPU%", A::Right);
  table.addColumn("disk%", A::Right);
  table.addColumn("limit MB/s", A::Right);
  table.addColumn("eff.", A::Right);
  table.addColumn("verdict");
  int index = 0;
  for (const auto& r : results) {
    std::vector<std::string> row{std::to_string(++index)};
    if (showLocation)
      row.push_back(shownName(r.location.string()));
    const double cpu = r.seconds > 0 ? (r.userSeconds + r.systemSeconds) / r.seconds * 100 : 0;
    const Analysis* a = r.analysis ? &*r.analysis : nullptr;
    std::string verdict = !r.error.empty() ? "FAILED" : a ? std::string(toString(a->verdict)) : "-";
    if (a && a->servedFromCache)
      verdict += ", CACHED";
    if (a && a->memoryBacked)
      verdict += ", RAM";
    if (r.digestMatches && !*r.digestMatches)
      verdict += ", DIGEST DIFFERS";
    if (a && a->has(FlagCode::MachineBusy))
      verdict += ", BUSY";
    // A hash-memory row shows the run's per-core figure (every location's passes), as every view does.
    const ShownSpeed shown = shownSpeed(r);
    row.insert(row.end(), {std::string(toString(r.workload)), algorithmCell(r), std::to_string(r.streams),
                           cacheCell(r), fixed(shown.mbps, 1)});
    if (anyPasses)
      row.push_back(rangeCell(shown));
    row.insert(row.end(), {fixed(r.seconds, 3), percentCell(cpu),
                           a && usesDisk(r.workload) ? percentCell(a->diskBusyPct) : "-",
                           a && a->limit.known() ? fixed(a->limitMBps(), 0) : "-", efficiencyCell(a), verdict});
    table.addRow(std::move(row));
  }
  out += table.render();
  out += "CPU% is this process's CPU time over wall time (100 = one full core; peer tools: the child's).\n";
  if (anyPasses)
    out += "MB/s is the median pass; min-max the slowest and fastest pass.\n";

  std::string notes;
  index = 0;
  for (const auto& r : results) {
    ++index;
    std::string lines;
    // The loud cache warning first: it changes what the whole line means.
    const std::vector<Flag> noFlags;
    // A failed step's figures mean nothing: its error is all there is to say about it.
    const std::vector<Flag>& flags = r.analysis && r.error.empty() ? r.analysis->flags : noFlags;
    for (const Flag& f : flags) {
      if (f.code == FlagCode::ServedFromCache)
        lines += "  " + flagSentence(f) + "\n";
    }
    if (const std::string evidence = r.error.empty() ? evidenceSentence(r) : std::string(); !evidence.empty())
      lines += "  " + evidence + "\n";
    for (const Flag& f : flags) {
      if (f.code != FlagCode::ServedFromCache)
        lines += "  " + flagSentence(f) + "\n";
    }
    // A peer tool's sentence states its digest check; without an analysis, say it here.
    if (!r.analysis && r.digestMatches)
      lines += *r.digestMatches ? "  Its digest matches HashScope's.\n"
                                : "  WARNING: its digest differs from HashScope's (" + r.digest + ").\n";
    if (const std::string remote = remoteNote(r); !remote.empty())
      lines += "  " + shownText(remote) + "\n";  // an imported run's interface name may hold any byte
    if (!r.cacheNote.empty())
      lines += "  Note: " + r.cacheNote + "\n";
    if (!r.error.empty())
      lines += "  FAILED: " + shownText(r.error) + "\n";
    for (const auto& error : r.fileErrors)
      lines += "  Skipped: " + shownText(error) + "\n";  // a file's name may hold any byte
    if (!lines.empty())
      notes += "[" + std::to_string(index) + "] " + runTitle(r) + "\n" + lines;
  }
  if (!notes.empty())
    out += "\nVerdicts:\n" + notes;
  return out;
}

std::string renderBench(const std::vector<RunResult>& results, OutputFormat format, const ExportOptions& stamp)
{
  switch (format) {
  case OutputFormat::Csv:
    return toCsv(results);
  case OutputFormat::Json: {
    std::string json = toJson(results, stamp);
    if (json.empty() || json.back() != '\n')
      json += '\n';
    return json;
  }
  case OutputFormat::Table:
    break;
  }
  return renderBenchTable(results);
}

} // namespace hashscope::cli
