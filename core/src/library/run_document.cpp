// readRunDocument(): a hashscope.run JSON file (any /N) read back into tiles for listing, compare and plan.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

#include "hashscope/library.hpp"
#include "library/json_value.hpp"

namespace hashscope {

namespace {

std::vector<std::string> distinct(const std::vector<RunTile>& tiles, std::string TileKey::*field)
{
  std::vector<std::string> out;
  for (const RunTile& t : tiles) {
    const std::string& v = t.key.*field;
    if (!v.empty() && std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  return out;
}

RunTile readTile(const json::Value& r)
{
  RunTile t;
  t.key.workload = r["workload"].string();
  t.key.algorithm = r["algorithm"].string();
  t.key.location = r["location"].string();
  t.key.cache = r["cache"].string();
  t.key.streams = std::max(1, static_cast<int>(r["streams"].number(1)));
  t.mbps = r["mb_per_s"].number();
  t.minMBps = t.maxMBps = t.mbps;
  // /2 documents carry the spread of their passes; older ones a single figure.
  const auto& passes = r["passes"].items();
  if (passes.size() > 1) {
    t.passes = static_cast<int>(passes.size());
    t.minMBps = t.maxMBps = passes.front()["mb_per_s"].number(t.mbps);
    for (const json::Value& p : passes) {
      t.minMBps = std::min(t.minMBps, p["mb_per_s"].number(t.mbps));
      t.maxMBps = std::max(t.maxMBps, p["mb_per_s"].number(t.mbps));
    }
  }
  t.minMBps = std::min(t.minMBps, r["mb_per_s_min"].number(t.minMBps));
  t.maxMBps = std::max(t.maxMBps, r["mb_per_s_max"].number(t.maxMBps));
  t.deviceModel = r["device"]["model"].string();
  t.deviceKind = r["device"]["kind"].string();
  t.linkMbps = r["device"]["remote"]["link_mbit_per_s"].number();
  t.filesystem = r["filesystem"].string();
  t.fromMemory = r["memory_backed"].boolean() || r["served_from_cache"].boolean();
  t.verdict = r["verdict"].string();
  for (const json::Value& f : r["flags"].items())
    t.flags.push_back(f["code"].string());
  t.failed = r["cancelled"].boolean() || !r["error"].string().empty() || !(t.mbps > 0);
  return t;
}

}  // namespace

std::string MachineFingerprint::summary() const
{
  std::string out = cpu.empty() ? std::string("unknown CPU") : cpu;
  std::string details;
  if (logicalCores > 0)
    details = std::to_string(logicalCores) + " cores";
  if (memoryBytes > 0) {
    const double gb = static_cast<double>(memoryBytes) / 1e9;
    details += (details.empty() ? "" : ", ") + std::to_string(static_cast<long long>(std::lround(gb))) + " GB";
  }
  return details.empty() ? out : out + " (" + details + ")";
}

std::string TileKey::label() const
{
  std::string out = workload;
  if (!algorithm.empty())
    out += " " + algorithm;
  if (streams > 1)
    out += " x" + std::to_string(streams);
  if (workload != "hash-memory" && workload != "memory" && !location.empty())
    out += " " + location;
  if (!cache.empty() && workload != "hash-memory" && workload != "memory")
    out += " (" + cache + ")";
  return out;
}

std::vector<std::string> RunDocument::locations() const { return distinct(tiles, &TileKey::location); }
std::vector<std::string> RunDocument::algorithms() const { return distinct(tiles, &TileKey::algorithm); }

RunDocument readRunDocument(std::string_view text)
{
  json::Value root;
  try {
    root = json::parse(text);
  } catch (const json::ParseError& e) {
    throw RunFormatError(std::string("not a HashScope run file: ") + e.what());
  }
  RunDocument doc;
  doc.schema = root["schema"].string();
  if (doc.schema.rfind("hashscope.run/", 0) != 0)
    throw RunFormatError("not a HashScope run file: no \"schema\": \"hashscope.run/N\" at its top");
  if (!root["results"].isArray())
    throw RunFormatError("not a HashScope run file: it has no \"results\" list");
  doc.version = root["tool"]["version"].string();
  doc.startedAt = root["started_at"].string();
  doc.finishedAt = root["finished_at"].string();
  const json::Value& m = root["machine"];
  doc.machine.cpu = m["cpu"].string();
  doc.machine.logicalCores = static_cast<int>(m["logical_cores"].number());
  doc.machine.memoryBytes = static_cast<std::uint64_t>(std::max(0.0, m["memory_bytes"].number()));
  doc.machine.os = m["os"].string();
  doc.machine.kernel = m["kernel"].string();
  bool anyCancelled = false;
  for (const json::Value& r : root["results"].items()) {
    doc.tiles.push_back(readTile(r));
    anyCancelled = anyCancelled || r["cancelled"].boolean();
  }
  doc.status = root["status"].string(anyCancelled ? "stopped" : "finished");
  return doc;
}

std::string utcTimestamp()
{
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
#if defined(_WIN32)
  gmtime_s(&tm, &now);
#else
  gmtime_r(&now, &tm);
#endif
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

}  // namespace hashscope
