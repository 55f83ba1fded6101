// JSON and CSV of the history list, of a comparison and of a plan: numbers and codes, no sentences.
#include "export/json_writer.hpp"
#include "hashscope/export.hpp"
#include "hashscope/planner.hpp"

namespace hashscope {

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator)
{
  std::string out;
  for (const std::string& item : items)
    out += (out.empty() ? "" : separator) + item;
  return out;
}

using json::Document;

Document keyOf(const TileKey& key)
{
  return {{"label", key.label()}, {"workload", key.workload}, {"algorithm", key.algorithm},
          {"location", key.location}, {"cache", key.cache},       {"streams", key.streams}};
}

std::string text(const Document& document) { return json::text(document, true) + "\n"; }

std::string num(double value) { return json::number(value); }

}  // namespace

std::string historyJson(const std::vector<RunRecord>& runs)
{
  Document list = Document::array();
  for (const RunRecord& r : runs) {
    Document o = {{"id", r.id}};
    for (const auto& [key, text] : {std::pair{"started_at", &r.startedAt}, std::pair{"finished_at", &r.finishedAt},
                                    std::pair{"saved_at", &r.savedAt}, std::pair{"name", &r.name},
                                    std::pair{"status", &r.status}, std::pair{"origin", &r.origin},
                                    std::pair{"hashscope_version", &r.version}, std::pair{"cpu", &r.machine.cpu},
                                    std::pair{"os", &r.machine.os}, std::pair{"kernel", &r.machine.kernel}}) {
      o[key] = *text;
    }
    o["logical_cores"] = r.machine.logicalCores;
    o["memory_bytes"] = r.machine.memoryBytes;
    o["locations"] = r.locations;
    o["algorithms"] = r.algorithms;
    o["baseline"] = r.baseline;
    list.push_back(std::move(o));
  }
  return text({{"schema", "hashscope.history/1"}, {"runs", std::move(list)}});
}

std::string historyCsv(const std::vector<RunRecord>& runs)
{
  std::vector<std::vector<std::string>> rows = {{"id", "started_at", "finished_at", "name", "status", "origin",
                                                 "cpu", "logical_cores", "memory_bytes", "os", "hashscope_version",
                                                 "locations", "algorithms", "baseline"}};
  for (const RunRecord& r : runs)
    rows.push_back({std::to_string(r.id), r.startedAt, r.finishedAt, r.name, r.status, r.origin, r.machine.cpu,
                    std::to_string(r.machine.logicalCores), std::to_string(r.machine.memoryBytes), r.machine.os,
                    r.version, joined(r.locations, ";"), joined(r.algorithms, ";"), r.baseline ? "true" : "false"});
  return csvTable(rows);
}

std::string comparisonJson(const Comparison& c, std::int64_t baseId, std::int64_t otherId)
{
  Document tiles = Document::array();
  for (const TileDelta& d : c.tiles) {
    Document o = keyOf(d.key);
    o["base_mb_per_s"] = d.change == Change::OnlyInOther ? Document() : Document(d.baseMBps);
    o["other_mb_per_s"] = d.change == Change::OnlyInBase ? Document() : Document(d.otherMBps);
    const bool both = d.change != Change::OnlyInBase && d.change != Change::OnlyInOther;
    o["delta_pct"] = both ? Document(d.deltaPct) : Document();
    o["spread_pct"] = both ? Document(d.spreadPct) : Document();
    o["default_spread"] = d.defaultSpread;
    o["change"] = toString(d.change);
    tiles.push_back(std::move(o));
  }
  return text({{"schema", "hashscope.compare/1"}, {"base", baseId}, {"other", otherId},
               {"same_machine", c.sameMachine}, {"faster", c.faster}, {"slower", c.slower},
               {"within", c.within}, {"tiles", std::move(tiles)}});
}

std::string comparisonCsv(const Comparison& c)
{
  std::vector<std::vector<std::string>> rows = {{"tile", "workload", "algorithm", "location", "cache", "streams",
                                                 "base_mb_per_s", "other_mb_per_s", "delta_pct", "spread_pct",
                                                 "default_spread", "change"}};
  for (const TileDelta& d : c.tiles) {
    const bool both = d.change != Change::OnlyInBase && d.change != Change::OnlyInOther;
    rows.push_back({d.key.label(), d.key.workload, d.key.algorithm, d.key.location, d.key.cache,
                    std::to_string(d.key.streams), d.change == Change::OnlyInOther ? "" : num(d.baseMBps),
                    d.change == Change::OnlyInBase ? "" : num(d.otherMBps), both ? num(d.deltaPct) : "",
                    both ? num(d.spreadPct) : "", d.defaultSpread ? "true" : "false", std::string(toString(d.change))});
  }
  return csvTable(rows);
}

std::string planJson(const Plan& plan, std::int64_t runId)
{
  Document links = Document::array();
  for (const LinkPlan& l : plan.links)
    links.push_back({{"gbit_per_s", l.gbitPerSecond}, {"payload_mb_per_s", l.payloadMBps}, {"links", l.links},
                     {"measured", l.measured}});
  Document notes = Document::array();
  for (PlanNote n : plan.notes)
    notes.push_back(toString(n));
  Document algorithms = Document::array();
  for (const AlgorithmPlan& a : plan.algorithms)
    algorithms.push_back({{"algorithm", a.algorithm},
                          {"per_core_mb_per_s", a.perCoreMBps},
                          {"per_core_mb_per_s_min", a.perCoreMinMBps},
                          {"per_core_mb_per_s_max", a.perCoreMaxMBps},
                          {"all_cores_mb_per_s", a.allCoresMBps},
                          {"all_cores_streams", a.allCoresStreams},
                          {"all_cores_estimated", a.allCoresEstimated},
                          {"all_cores_location", a.allCoresLocation.empty() ? Document() : Document(a.allCoresLocation)},
                          {"cores_exact", a.coresExact},
                          {"cores_about", a.coresAbout},
                          {"cores_at_least", a.coresAtLeast},
                          {"machine_seconds", a.machineSeconds},
                          {"limit", toString(a.limit)},
                          {"meets_target", a.meetsTarget}});
  return text({{"schema", "hashscope.plan/1"},
               {"run", runId},
               {"bytes", plan.bytes},
               {"seconds", plan.seconds},
               {"needed_mb_per_s", plan.neededMBps},
               {"algorithm", plan.algorithm},
               {"read_mb_per_s", plan.readMBps > 0 ? Document(plan.readMBps) : Document()},
               {"read_location", plan.readLocation},
               {"read_streams", plan.readStreams > 0 ? Document(plan.readStreams) : Document()},
               {"read_queue_depth", plan.readQueueDepth > 0 ? Document(plan.readQueueDepth) : Document()},
               {"links", std::move(links)},
               {"logical_cores", plan.logicalCores},
               {"meeting", plan.meeting},
               {"notes", std::move(notes)},
               {"algorithms", std::move(algorithms)}});
}

}  // namespace hashscope
