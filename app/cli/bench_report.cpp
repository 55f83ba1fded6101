// The bench report: the results table, the verdict sentences under it, CSV and JSON.
#include "bench.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "names.hpp"
#include "table.hpp"
#include "words.hpp"

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
  if (r.readMethods == ReadMethod::Mapped)  // the default (pipelined reads) goes without saying
    (cell += ", ") += toString(ReadMethod::Mapped);
  return cell;
}

std::string rangeCell(const Figures& f)
{
  if (f.passes < 2)
    return "-";
  return fixed(f.minMBps, 0) + "-" + fixed(f.maxMBps, 0);
}

// The share of the limit as the words say it ("97%", "at limit"), "unreliable" where the analysis flagged it.
std::string shareCell(const Figures& f)
{
  if (f.share)
    return *f.share >= kAtLimitShare ? "at limit" : fixed(*f.share * 100, 0) + "%";
  return f.limitMBps > 0 && f.hasMark(FlagCode::LimitUnreliable) ? "unreliable" : "-";
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
  std::vector<Figures> figures;
  for (const auto& r : results)
    figures.push_back(figuresOf(r));
  bool anyPasses = false;
  for (const Figures& f : figures)
    anyPasses = anyPasses || f.passes > 1;
  if (anyPasses)
    table.addColumn("min-max", A::Right);
  table.addColumn("seconds", A::Right);
  table.addColumn("CPU%", A::Right);
  table.addColumn("disk%", A::Right);
  table.addColumn("limit MB/s", A::Right);
  table.addColumn("share", A::Right);
  table.addColumn("verdict");
  int index = 0;
  for (const auto& r : results) {
    const Figures& f = figures[std::size_t(index)];
    std::vector<std::string> row{std::to_string(++index)};
    if (showLocation)
      row.push_back(shownName(r.location.string()));
    const double cpu = r.seconds > 0 ? (r.userSeconds + r.systemSeconds) / r.seconds * 100 : 0;
    const Analysis* a = r.analysis ? &*r.analysis : nullptr;
    std::string verdict = !r.error.empty() ? "FAILED" : a ? std::string(toString(a->verdict)) : "-";
    if (a && a->memoryBacked)
      verdict += ", RAM";
    if (r.digestMatches && !*r.digestMatches)
      verdict += ", DIGEST DIFFERS";
    // Its marks, the same as every other view's (the sentences below say each).
    if (r.error.empty()) {
      for (const Flag& mark : f.marks)
        verdict += ", ! " + words::flagShort(mark.code);
    }
    row.insert(row.end(), {std::string(toString(r.workload)), algorithmCell(r), std::to_string(r.streams),
                           cacheCell(r), fixed(f.mbps, 1)});
    if (anyPasses)
      row.push_back(rangeCell(f));
    row.insert(row.end(), {fixed(r.seconds, 3), percentCell(cpu),
                           a && usesDisk(r.workload) ? percentCell(a->diskBusyPct) : "-",
                           f.limitMBps > 0 ? fixed(f.limitMBps, 0) : "-", shareCell(f), verdict});
    table.addRow(std::move(row));
  }
  out += table.render();
  out += "CPU% is this process's CPU time over wall time (100 = one full core; peer tools: the child's).\n";
  if (anyPasses)
    out += "MB/s is the median pass; min-max the slowest and fastest pass.\n";
  // What is wrong with the run as a whole, said once, as the app's caveat line says it.
  std::vector<std::vector<FlagCode>> measuredMarks;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!figures[i].failed) {
      std::vector<FlagCode> codes;
      for (const Flag& mark : figures[i].marks)
        codes.push_back(mark.code);
      measuredMarks.push_back(std::move(codes));
    }
  }
  for (FlagCode code : words::caveatCodes(measuredMarks))
    out += words::caveatFor(code, words::countOf(measuredMarks, code), int(measuredMarks.size())) + "\n";

  std::string notes;
  index = 0;
  for (const auto& r : results) {
    ++index;
    std::string lines;
    const Figures& f = figures[std::size_t(index - 1)];
    // A failed step's figures mean nothing: its error is all there is to say about it.
    const std::vector<Flag> noFlags;
    const std::vector<Flag>& marks = r.error.empty() ? f.marks : noFlags;
    // The loud cache warning first: it changes what the whole line means.
    for (const Flag& mark : marks) {
      if (mark.code == FlagCode::ServedFromCache)
        lines += "  ! " + words::flagSentence(mark) + "\n";
    }
    if (const std::string evidence = r.error.empty() ? words::evidence(r) : std::string(); !evidence.empty())
      lines += "  " + evidence + "\n";
    for (const Flag& mark : marks) {
      if (mark.code != FlagCode::ServedFromCache)
        lines += "  ! " + words::flagSentence(mark) + "\n";
    }
    if (const std::string perCore = words::perCoreText(r, f); !perCore.empty())
      lines += "  " + perCore + "\n";
    if (const std::string delivered = words::deliveredNote(f); !delivered.empty())
      lines += "  " + delivered + "\n";
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
