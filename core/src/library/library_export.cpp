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

void stringArray(json::Writer& w, const char* key, const std::vector<std::string>& items)
{
  w.key(key);
  w.beginArray();
  for (const std::string& item : items)
    w.value(item);
  w.endArray();
}

void writeKey(json::Writer& w, const TileKey& key)
{
  w.member("label", key.label());
  w.member("workload", key.workload);
  w.member("algorithm", key.algorithm);
  w.member("location", key.location);
  w.member("cache", key.cache);
  w.member("streams", key.streams);
}

std::string num(double value) { return json::number(value); }

}  // namespace

std::string historyJson(const std::vector<RunRecord>& runs)
{
  json::Writer w(true);
  w.beginObject();
  w.member("schema", "hashscope.history/1");
  w.key("runs");
  w.beginArray();
  for (const RunRecord& r : runs) {
    w.beginObject();
    w.member("id", r.id);
    for (const auto& [key, text] : {std::pair{"started_at", &r.startedAt}, std::pair{"finished_at", &r.finishedAt},
                                    std::pair{"saved_at", &r.savedAt}, std::pair{"name", &r.name},
                                    std::pair{"status", &r.status}, std::pair{"origin", &r.origin},
                                    std::pair{"hashscope_version", &r.version}, std::pair{"cpu", &r.machine.cpu},
                                    std::pair{"os", &r.machine.os}, std::pair{"kernel", &r.machine.kernel}}) {
      w.member(key, *text);
    }
    w.member("logical_cores", r.machine.logicalCores);
    w.member("memory_bytes", r.machine.memoryBytes);
    stringArray(w, "locations", r.locations);
    stringArray(w, "algorithms", r.algorithms);
    w.member("baseline", r.baseline);
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.text() + "\n";
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
  json::Writer w(true);
  w.beginObject();
  w.member("schema", "hashscope.compare/1");
  w.member("base", baseId);
  w.member("other", otherId);
  w.member("same_machine", c.sameMachine);
  w.member("faster", c.faster);
  w.member("slower", c.slower);
  w.member("within", c.within);
  w.key("tiles");
  w.beginArray();
  for (const TileDelta& d : c.tiles) {
    w.beginObject();
    writeKey(w, d.key);
    w.key("base_mb_per_s");
    d.change == Change::OnlyInOther ? w.null() : w.value(d.baseMBps);
    w.key("other_mb_per_s");
    d.change == Change::OnlyInBase ? w.null() : w.value(d.otherMBps);
    const bool both = d.change != Change::OnlyInBase && d.change != Change::OnlyInOther;
    w.key("delta_pct");
    both ? w.value(d.deltaPct) : w.null();
    w.key("spread_pct");
    both ? w.value(d.spreadPct) : w.null();
    w.member("default_spread", d.defaultSpread);
    w.member("change", toString(d.change));
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.text() + "\n";
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
  json::Writer w(true);
  w.beginObject();
  w.member("schema", "hashscope.plan/1");
  w.member("run", runId);
  w.member("bytes", plan.bytes);
  w.member("seconds", plan.seconds);
  w.member("needed_mb_per_s", plan.neededMBps);
  w.member("algorithm", plan.algorithm);
  w.key("read_mb_per_s");
  plan.readMBps > 0 ? w.value(plan.readMBps) : w.null();
  w.member("read_location", plan.readLocation);
  w.key("read_streams");
  plan.readStreams > 0 ? w.value(plan.readStreams) : w.null();
  w.key("read_queue_depth");
  plan.readQueueDepth > 0 ? w.value(plan.readQueueDepth) : w.null();
  w.key("links");
  w.beginArray();
  for (const LinkPlan& l : plan.links) {
    w.beginObject();
    w.member("gbit_per_s", l.gbitPerSecond);
    w.member("payload_mb_per_s", l.payloadMBps);
    w.member("links", l.links);
    w.member("measured", l.measured);
    w.endObject();
  }
  w.endArray();
  w.member("logical_cores", plan.logicalCores);
  stringArray(w, "meeting", plan.meeting);
  std::vector<std::string> notes;
  for (PlanNote n : plan.notes)
    notes.emplace_back(toString(n));
  stringArray(w, "notes", notes);
  w.key("algorithms");
  w.beginArray();
  for (const AlgorithmPlan& a : plan.algorithms) {
    w.beginObject();
    w.member("algorithm", a.algorithm);
    w.member("per_core_mb_per_s", a.perCoreMBps);
    w.member("per_core_mb_per_s_min", a.perCoreMinMBps);
    w.member("per_core_mb_per_s_max", a.perCoreMaxMBps);
    w.member("all_cores_mb_per_s", a.allCoresMBps);
    w.member("all_cores_streams", a.allCoresStreams);
    w.member("all_cores_estimated", a.allCoresEstimated);
    w.key("all_cores_location");
    a.allCoresLocation.empty() ? w.null() : w.value(a.allCoresLocation);
    w.member("cores_exact", a.coresExact);
    w.member("cores_about", a.coresAbout);
    w.member("cores_at_least", a.coresAtLeast);
    w.member("machine_seconds", a.machineSeconds);
    w.member("limit", toString(a.limit));
    w.member("meets_target", a.meetsTarget);
    w.endObject();
  }
  w.endArray();
  w.endObject();
  return w.text() + "\n";
}

}  // namespace hashscope
