// readRunDocument(): a hashscope.run JSON file (any /N) read back into tiles for listing, compare and plan.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

#include "hashscope/hash.hpp"
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

// Hashing threads per stream: recorded from hashscope.run/4; before, BLAKE3's tree used every core.
int hashThreadsOf(const json::Value& r, int logicalCores)
{
  if (const auto recorded = r["hash_threads"].optNumber(); recorded && *recorded >= 1)
    return static_cast<int>(*recorded);
  const AlgorithmInfo* info = findAlgorithm(r["algorithm"].string());
  return info && info->threadsPerStream > 1 ? std::max(1, logicalCores) : 1;
}

// The passes' figures the per-core figure is made of: per stream per CPU second (one thread per stream), or
// all threads together per second of wall time; each pass's wall-clock speed where no thread clock was read.
std::vector<double> hashFigures(const json::Value& r, int threads)
{
  const int streams = std::max(1, static_cast<int>(r["streams"].number(1)));
  std::vector<double> out;
  for (const json::Value& p : r["passes"].items()) {
    const double wall = p["mb_per_s"].number();
    out.push_back(threads > 1 ? wall : p["cpu_mb_per_s"].number(wall / streams));
  }
  if (out.empty())
    out.push_back(threads > 1 ? r["mb_per_s"].number() : r["mb_per_s"].number() / streams);
  return out;
}

// Each algorithm's per-core figure, pooled as ceilingsFor pools the hash ceilings; its hash-memory tiles at that
// point then show it.
void poolPerCore(RunDocument& doc, const json::Value& results)
{
  struct Group {
    PerCore perCore;
    std::vector<double> figures;
  };
  std::vector<Group> groups;
  const auto& items = results.items();
  for (std::size_t i = 0; i < items.size() && i < doc.tiles.size(); ++i) {
    const RunTile& t = doc.tiles[i];
    if (t.failed || t.key.workload != "hash-memory" || t.key.algorithm.empty())
      continue;
    const std::vector<double> figures = hashFigures(items[i], t.hashThreads);
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return x.perCore.algorithm == t.key.algorithm && x.perCore.streams == t.key.streams &&
             x.perCore.threadsPerStream == t.hashThreads;
    });
    if (g == groups.end())
      g = groups.insert(groups.end(), Group{{t.key.algorithm, {}, t.key.streams, t.hashThreads, false}, {}});
    g->figures.insert(g->figures.end(), figures.begin(), figures.end());
    g->perCore.busy = g->perCore.busy || t.busy();
  }
  for (Group& g : groups) {
    g.perCore.figure = spreadOf(g.figures);
    if (!(g.perCore.figure.median > 0))
      continue;
    // Single-threaded streams: the fewest streams measured give one core's figure (as the analysis scales it).
    auto same = std::find_if(doc.perCore.begin(), doc.perCore.end(),
                             [&](const PerCore& p) { return p.algorithm == g.perCore.algorithm; });
    if (same == doc.perCore.end())
      doc.perCore.push_back(g.perCore);
    else if (g.perCore.threadsPerStream < same->threadsPerStream ||
             (g.perCore.threadsPerStream == same->threadsPerStream && g.perCore.streams < same->streams))
      *same = g.perCore;
  }
  for (RunTile& t : doc.tiles) {
    const PerCore* p = t.failed || t.key.workload != "hash-memory" ? nullptr : doc.perCoreOf(t.key.algorithm);
    if (p && p->streams == t.key.streams && p->threadsPerStream == t.hashThreads) {
      t.perCore = true;
      t.mbps = p->figure.median * (p->threadsPerStream > 1 ? 1 : t.key.streams);
      t.minMBps = p->figure.min * (p->threadsPerStream > 1 ? 1 : t.key.streams);
      t.maxMBps = p->figure.max * (p->threadsPerStream > 1 ? 1 : t.key.streams);
      t.passes = p->figure.count;
    }
  }
}

RunTile readTile(const json::Value& r, int logicalCores)
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
  t.filesystem = r["filesystem"].string();
  t.fromMemory = r["memory_backed"].boolean() || r["served_from_cache"].boolean();
  t.verdict = r["verdict"].string();
  for (const json::Value& f : r["flags"].items())
    t.flags.push_back(f["code"].string());
  t.failed = r["cancelled"].boolean() || !r["error"].string().empty() || !(t.mbps > 0);
  t.readMethod = r["read_method"].string();
  t.queueDepth = static_cast<int>(r["queue_depth"].number(0));
  if (t.queueDepth <= 0 && (t.key.cache == "cold") && t.readMethod.find("pipelined") != std::string::npos &&
      !t.fromMemory)
    t.queueDepth = 3;  // hashscope.run/3 did not record it: its pipelined reader kept 3 direct reads in flight
  t.hashThreads = hashThreadsOf(r, logicalCores);
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

bool RunTile::busy() const { return std::find(flags.begin(), flags.end(), "machine-busy") != flags.end(); }

const PerCore* RunDocument::perCoreOf(const std::string& algorithm) const
{
  for (const PerCore& p : perCore) {
    if (p.algorithm == algorithm)
      return &p;
  }
  return nullptr;
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
    doc.tiles.push_back(readTile(r, doc.machine.logicalCores));
    anyCancelled = anyCancelled || r["cancelled"].boolean();
  }
  poolPerCore(doc, root["results"]);
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
