// The bench report: the results table, the verdict sentences under it, CSV and JSON.
#include "bench.hpp"
#include "hashscope/export.hpp"
#include "table.hpp"

#include <set>

namespace hashscope::cli {

namespace {

bool usesCache(Workload w)
{
  return w == Workload::Read || w == Workload::HashFile || w == Workload::HashTree;
}
// Device busy time means something only for runs that touch the disk.
bool usesDisk(Workload w)
{
  return usesCache(w) || w == Workload::Write || w == Workload::PeerTool;
}

std::string cacheCell(const RunResult& r)
{
  if (!usesCache(r.workload))
    return "-";
  std::string cell(toString(r.cache));
  if (!r.cacheMethod.empty() && r.cacheMethod != cell)
    cell += " (" + r.cacheMethod + ")";
  if (r.readMethod == "mmap")  // the default (pipelined reads) goes without saying
    cell += ", mmap";
  return cell;
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
    title += ", " + r.location.string();
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
        out += "Location " + location.string() + label + "\n";
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
      row.push_back(r.location.string());
    const double cpu = r.seconds > 0 ? (r.userSeconds + r.systemSeconds) / r.seconds * 100 : 0;
    const Analysis* a = r.analysis ? &*r.analysis : nullptr;
    std::string verdict = a ? std::string(toString(a->verdict)) : "-";
    if (a && a->servedFromCache)
      verdict += ", CACHED";
    if (a && a->memoryBacked)
      verdict += ", RAM";
    if (r.digestMatches && !*r.digestMatches)
      verdict += ", DIGEST DIFFERS";
    row.insert(row.end(), {std::string(toString(r.workload)), algorithmCell(r), std::to_string(r.streams),
                           cacheCell(r), fixed(r.mbPerSec(), 1), fixed(r.seconds, 3), percentCell(cpu),
                           a && usesDisk(r.workload) ? percentCell(a->diskBusyPct) : "-",
                           a && a->limitMBps > 0 ? fixed(a->limitMBps, 0) : "-",
                           a && a->efficiency > 0 ? fixed(a->efficiency * 100, 0) + "%" : "-", verdict});
    table.addRow(std::move(row));
  }
  out += table.render();
  out += "CPU% is this process's CPU time over wall time (100 = one full core; peer tools: the child's).\n";

  std::string notes;
  index = 0;
  for (const auto& r : results) {
    ++index;
    std::string lines;
    const bool hasEvidence = r.analysis && !r.analysis->evidence.empty();
    if (hasEvidence)
      lines += "  " + r.analysis->evidence + "\n";
    // The evidence sentence already says these when there is one; without it, say them here.
    if (!hasEvidence && r.analysis && r.analysis->servedFromCache)
      lines += "  WARNING: served from the page cache: this result describes RAM, not the disk.\n";
    if (!hasEvidence && r.digestMatches)
      lines += *r.digestMatches ? "  Its digest matches HashScope's.\n"
                                : "  WARNING: its digest differs from HashScope's (" + r.digest + ").\n";
    if (!r.cacheNote.empty())
      lines += "  Note: " + r.cacheNote + "\n";
    for (const auto& error : r.fileErrors)
      lines += "  Skipped: " + error + "\n";
    if (!lines.empty())
      notes += "[" + std::to_string(index) + "] " + runTitle(r) + "\n" + lines;
  }
  if (!notes.empty())
    out += "\nVerdicts:\n" + notes;
  return out;
}

std::string renderBench(const std::vector<RunResult>& results, OutputFormat format)
{
  switch (format) {
  case OutputFormat::Csv:
    return toCsv(results);
  case OutputFormat::Json: {
    std::string json = toJson(results);
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
