// readRunDocument(): a hashscope.run JSON file (any /N) read back into tiles for listing, compare and plan.
// Over 500 lines on purpose: every field's strict check is here, so that a hostile document meets one reader.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <optional>
#include <fstream>
#include <unordered_set>

#include "hashscope/export.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/library.hpp"
#include "hashscope/types.hpp"
#include "library/json_value.hpp"

namespace hashscope {

namespace {

// Distinct non-empty values in first-seen order, in linear time (a hostile run may hold 200 000 results).
std::vector<std::string> distinct(const std::vector<RunTile>& tiles, std::string TileKey::*field)
{
  std::vector<std::string> out;
  std::unordered_set<std::string_view> seen;
  for (const RunTile& t : tiles) {
    const std::string& v = t.key.*field;
    if (!v.empty() && seen.insert(v).second)
      out.push_back(v);
  }
  return out;
}

// The members readRunDocument reads, at any depth. Everything else (the sample series above all) is
// checked by the parser and dropped, so memory follows what the library uses, not the file's size.
bool readsMember(std::string_view key)
{
  static const std::unordered_set<std::string_view> kKeys = {
      "schema", "tool", "version", "started_at", "finished_at", "status", "machine", "cpu", "logical_cores",
      "memory_bytes", "os", "kernel", "workload", "algorithm", "location", "cache", "streams", "mb_per_s",
      "passes", "mb_per_s_min", "mb_per_s_max", "device", "model", "kind", "filesystem", "memory_backed",
      "served_from_cache", "verdict", "flags", "code", "cancelled", "error", "remote", "link_mbit_per_s", "bytes",
      "seconds",
      // hashscope.run/4: the point each figure was taken at, and each pass's figure per CPU second
      "read_method", "queue_depth", "hash_threads", "cpu_mb_per_s",
      // the figures every view shows (figures.hpp), with the marks' numbers
      "value1", "value2", "reason", "limit_mb_per_s", "efficiency", "share", "limit_source", "limit_step",
      "delivered_mb_per_s", "delivered_step"};
  return kKeys.count(key) > 0;
}

std::string shortNumber(double value)
{
  if (std::isnan(value))
    return "not a number";
  if (std::isinf(value))
    return value > 0 ? "infinite" : "-infinite";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

const char* typeWord(json::Value::Type type)
{
  static const char* const kWords[] = {"null", "true or false", "a number", "text", "a list", "an object"};
  return kWords[static_cast<int>(type)];  // in the order of json::Value::Type
}

[[noreturn]] void refuse(const std::string& field, const std::string& problem)
{
  throw RunFormatError("not a usable HashScope run file: " + field + " " + problem);
}

// A field of the wrong type (absent and null are fine: the field's default).
template <typename FieldName>
void requireType(const json::Value& v, json::Value::Type type, const FieldName& field, const char* what)
{
  if (!v.isNull() && v.type() != type)
    refuse(field(), std::string("is ") + typeWord(v.type()) + ", not " + what);
}

// A number from an untrusted document, refused (naming the field) unless a number, finite and within [low,
// high], and whole when `whole`. `field()` spells the field's place ("results[3].mb_per_s"), built only for the
// message.
template <typename FieldName>
double checkedNumber(const json::Value& v, const FieldName& field, double def, double low, double high,
                     const char* what, bool whole = false)
{
  requireType(v, json::Value::Type::Number, field, what);
  const auto n = v.optNumber();
  if (!n)
    return def;
  if (!std::isfinite(*n) || *n < low || *n > high || (whole && std::floor(*n) != *n))
    refuse(field(), "is " + shortNumber(*n) + ", not " + what);
  return *n;
}

// Text from an untrusted document: text (or absent), at most kMaxRunText bytes.
template <typename FieldName>
std::string checkedText(const json::Value& v, const FieldName& field)
{
  requireType(v, json::Value::Type::String, field, "text");
  std::string text = v.string();
  if (text.size() > kMaxRunText)
    refuse(field(), "is " + std::to_string(text.size()) + " bytes long: at most " + std::to_string(kMaxRunText) +
                        " are accepted");
  return text;
}

template <typename FieldName>
bool checkedFlag(const json::Value& v, const FieldName& field)
{
  requireType(v, json::Value::Type::Bool, field, "true or false");
  return v.boolean();
}

template <typename FieldName>
const std::vector<json::Value>& checkedList(const json::Value& v, const FieldName& field)
{
  requireType(v, json::Value::Type::Array, field, "a list");
  return v.items();
}

// A UTC time as HashScope writes it ("2026-11-28T16:05:09Z"; RFC 3339 with a fraction or an offset too), or
// absent; "9999-99-99T99:99:99Z" is no time.
template <typename FieldName>
std::string checkedTime(const json::Value& v, const FieldName& field)
{
  std::string text = checkedText(v, field);
  if (text.empty())
    return text;
  auto digits = [&](std::size_t at, std::size_t n, int& out) {
    if (at + n > text.size())
      return false;
    out = 0;
    for (std::size_t i = at; i < at + n; ++i) {
      if (text[i] < '0' || text[i] > '9')
        return false;
      out = out * 10 + (text[i] - '0');
    }
    return true;
  };
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  bool ok = text.size() >= 20 && digits(0, 4, year) && text[4] == '-' && digits(5, 2, month) && text[7] == '-' &&
            digits(8, 2, day) && (text[10] == 'T' || text[10] == 't') && digits(11, 2, hour) && text[13] == ':' &&
            digits(14, 2, minute) && text[16] == ':' && digits(17, 2, second);
  std::size_t at = 19;
  if (ok && text[at] == '.') {
    for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9';)
      ++at;
    ok = at > 20;
  }
  int offsetHours = 0, offsetMinutes = 0;
  if (ok && at < text.size() && (text[at] == 'Z' || text[at] == 'z'))
    ok = at + 1 == text.size();
  else if (ok && at < text.size() && (text[at] == '+' || text[at] == '-'))
    ok = at + 6 == text.size() && digits(at + 1, 2, offsetHours) && text[at + 3] == ':' &&
         digits(at + 4, 2, offsetMinutes) && offsetHours < 24 && offsetMinutes < 60;
  else
    ok = false;
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  ok = ok && month >= 1 && month <= 12 && day >= 1 && day <= (month == 2 && !leap ? 28 : kDays[month - 1]) &&
       hour < 24 && minute < 60 && second <= 60;
  if (!ok)
    refuse(field(), "is \"" + text.substr(0, 40) + "\", not a UTC time like 2026-11-28T16:05:09Z");
  return text;
}

// The N of "hashscope.run/N" this build writes, the newest it reads.
int newestRunSchema()
{
  const std::string_view schema = kRunSchema;
  return std::stoi(std::string(schema.substr(schema.rfind('/') + 1)));
}

// "results[3]" + `leaf`, for a message.
auto resultField(std::size_t index, const char* leaf)
{
  return [index, leaf] { return "results[" + std::to_string(index) + "]" + leaf; };
}

// A decimal MB/s figure: 0 (a failed step) up to 100 TB/s, far above any machine's memory bandwidth.
constexpr double kMaxMBps = 1e8;
constexpr const char* kSpeed = "a speed (0 to 1e8 MB/s)";

// What the per-core figure of a hash-memory result is made of, kept while the results stream past (the
// results themselves are not kept): each pass's wall-clock speed and speed per CPU second (absent where no
// thread clock was read).
struct HashPasses {
  std::size_t tile = 0;
  std::vector<std::pair<double, std::optional<double>>> passes;  // {wall MB/s, per CPU second MB/s}
  double wall = 0;                                               // the result's figure, where it has no passes
};

HashPasses hashPassesOf(const json::Value& r, std::size_t index)
{
  HashPasses h;
  h.tile = index;
  const auto& passes = checkedList(r["passes"], resultField(index, ".passes"));
  for (std::size_t i = 0; i < passes.size(); ++i) {
    const auto field = [index, i](const char* leaf) {
      return [index, i, leaf] { return "results[" + std::to_string(index) + "].passes[" + std::to_string(i) + "]." + leaf; };
    };
    const double wall = checkedNumber(passes[i]["mb_per_s"], field("mb_per_s"), 0, 0, kMaxMBps, kSpeed);
    std::optional<double> cpu;
    if (!passes[i]["cpu_mb_per_s"].isNull())
      cpu = checkedNumber(passes[i]["cpu_mb_per_s"], field("cpu_mb_per_s"), 0, 0, kMaxMBps, kSpeed);
    h.passes.emplace_back(wall, cpu);
  }
  h.wall = checkedNumber(r["mb_per_s"], resultField(index, ".mb_per_s"), 0, 0, kMaxMBps, kSpeed);
  return h;
}

// Hashing threads per stream where the result did not record them (before hashscope.run/4): BLAKE3's tree
// used every core.
int hashThreadsOf(const std::string& algorithm, int logicalCores)
{
  const AlgorithmInfo* info = findAlgorithm(algorithm);
  return info && info->threadsPerStream > 1 ? std::max(1, logicalCores) : 1;
}

// The passes' figures the per-core figure is made of: per stream per CPU second (one thread per stream), or
// all threads together per second of wall time; each pass's wall-clock speed where no thread clock was read.
std::vector<double> hashFigures(const HashPasses& h, int streams, int threads)
{
  std::vector<double> out;
  for (const auto& [wall, cpu] : h.passes)
    out.push_back(threads > 1 ? wall : cpu.value_or(wall / streams));
  if (out.empty())
    out.push_back(threads > 1 ? h.wall : h.wall / streams);
  return out;
}

// Each algorithm's per-core figure, pooled as ceilingsFor pools the hash ceilings; its hash-memory tiles at that
// point then show it. `hashes` holds the hash-memory results' passes, each naming its tile.
void poolPerCore(RunDocument& doc, const std::vector<HashPasses>& hashes)
{
  struct Group {
    PerCore perCore;
    std::vector<double> figures;
  };
  std::vector<Group> groups;
  for (const HashPasses& h : hashes) {
    RunTile& t = doc.tiles[h.tile];
    if (t.failed || t.key.algorithm.empty())
      continue;
    const std::vector<double> figures = hashFigures(h, t.key.streams, t.hashThreads);
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
  // Its hash-memory tiles at that point keep their own passes and carry the per-core figure beside them.
  for (RunTile& t : doc.tiles) {
    const PerCore* p = t.failed || t.key.workload != "hash-memory" ? nullptr : doc.perCoreOf(t.key.algorithm);
    if (p && p->streams == t.key.streams && p->threadsPerStream == t.hashThreads)
      t.perCore = p->figure;
  }
}

// `threadsRecorded` says whether the result recorded its hashing threads (hashscope.run/4): where not, they
// follow from the machine's cores, known once the whole document is read.
RunTile readTile(const json::Value& r, std::size_t index, bool& threadsRecorded)
{
  RunTile t;
  t.key.workload = checkedText(r["workload"], resultField(index, ".workload"));
  t.key.algorithm = checkedText(r["algorithm"], resultField(index, ".algorithm"));
  t.key.location = checkedText(r["location"], resultField(index, ".location"));
  t.key.cache = checkedText(r["cache"], resultField(index, ".cache"));
  t.key.streams = static_cast<int>(checkedNumber(r["streams"], resultField(index, ".streams"), 1, 1, kMaxRunStreams,
                                                 "a number of streams (a whole number, 1 to 65536)", true));
  t.mbps = checkedNumber(r["mb_per_s"], resultField(index, ".mb_per_s"), 0, 0, kMaxMBps, kSpeed);
  t.bytes = static_cast<std::uint64_t>(
      checkedNumber(r["bytes"], resultField(index, ".bytes"), 0, 0, 1e18, "a byte count (a whole number, 0 to 1e18)", true));
  t.seconds = checkedNumber(r["seconds"], resultField(index, ".seconds"), 0, 0, 1e9, "a duration (0 to 1e9 s)");
  t.minMBps = t.maxMBps = t.mbps;
  // /2 documents carry the spread of their passes; older ones a single figure.
  const auto& passes = checkedList(r["passes"], resultField(index, ".passes"));
  if (passes.size() > 1) {
    t.passes = static_cast<int>(std::min<std::size_t>(passes.size(), 1000000));
    for (std::size_t i = 0; i < passes.size(); ++i) {
      const auto field = [index, i] {
        return "results[" + std::to_string(index) + "].passes[" + std::to_string(i) + "].mb_per_s";
      };
      const double p = checkedNumber(passes[i]["mb_per_s"], field, t.mbps, 0, kMaxMBps, kSpeed);
      t.minMBps = i == 0 ? p : std::min(t.minMBps, p);
      t.maxMBps = i == 0 ? p : std::max(t.maxMBps, p);
    }
  }
  t.minMBps = std::min(t.minMBps, checkedNumber(r["mb_per_s_min"], resultField(index, ".mb_per_s_min"), t.minMBps, 0,
                                                kMaxMBps, kSpeed));
  t.maxMBps = std::max(t.maxMBps, checkedNumber(r["mb_per_s_max"], resultField(index, ".mb_per_s_max"), t.maxMBps, 0,
                                                kMaxMBps, kSpeed));
  requireType(r["device"], json::Value::Type::Object, resultField(index, ".device"), "an object");
  t.deviceModel = checkedText(r["device"]["model"], resultField(index, ".device.model"));
  t.deviceKind = checkedText(r["device"]["kind"], resultField(index, ".device.kind"));
  // A network link's line rate: 0 (none known) up to 10 Tb/s, far above any interface.
  t.linkMbps = checkedNumber(r["device"]["remote"]["link_mbit_per_s"], resultField(index, ".device.remote.link_mbit_per_s"),
                             0, 0, 1e7, "a link speed (0 to 1e7 Mbit/s)");
  t.filesystem = checkedText(r["filesystem"], resultField(index, ".filesystem"));
  const bool memoryBacked = checkedFlag(r["memory_backed"], resultField(index, ".memory_backed"));
  const bool servedFromCache = checkedFlag(r["served_from_cache"], resultField(index, ".served_from_cache"));
  t.fromMemory = memoryBacked || servedFromCache;
  t.verdict = checkedText(r["verdict"], resultField(index, ".verdict"));
  const auto& flags = checkedList(r["flags"], resultField(index, ".flags"));
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const json::Value& f = flags[i];
    t.flags.push_back(checkedText(f["code"], resultField(index, ".flags[].code")));
    const std::optional<FlagCode> code = parseFlagCode(t.flags.back());
    if (!code)
      continue;  // a newer version's flag: listed by its code, no numbers to say
    const auto value = [&](const char* leaf) {
      return checkedNumber(f[leaf], [index, i, leaf] {
        return "results[" + std::to_string(index) + "].flags[" + std::to_string(i) + "]." + leaf;
      }, 0, -1e18, 1e18, "a number (-1e18 to 1e18)");
    };
    Flag mark{*code, value("value1"), value("value2")};
    if (const auto reason = parseLimitReason(checkedText(f["reason"], resultField(index, ".flags[].reason"))))
      mark.reason = *reason;
    t.marks.push_back(mark);
  }
  // The figures beside mb_per_s (figures.hpp); a document from before them has its limit and efficiency.
  t.limitMBps = checkedNumber(r["limit_mb_per_s"], resultField(index, ".limit_mb_per_s"), 0, 0, kMaxMBps, kSpeed);
  t.limitSource = parseLimitSource(checkedText(r["limit_source"], resultField(index, ".limit_source")))
                      .value_or(LimitSource::None);
  t.limitStep = checkedText(r["limit_step"], resultField(index, ".limit_step"));
  const bool unreliable = std::find(t.flags.begin(), t.flags.end(), "limit-unreliable") != t.flags.end();
  if (r["share"].optNumber())
    t.share = checkedNumber(r["share"], resultField(index, ".share"), 0, 0, 1e6, "a share of the limit (0 to 1e6)");
  else if (!unreliable && r["efficiency"].optNumber() && t.limitMBps > 0)
    t.share = checkedNumber(r["efficiency"], resultField(index, ".efficiency"), 0, 0, 1e6, "an efficiency (0 to 1e6)");
  if (t.share && !(*t.share > 0))
    t.share.reset();
  t.deliveredMBps = checkedNumber(r["delivered_mb_per_s"], resultField(index, ".delivered_mb_per_s"), 0, 0, kMaxMBps, kSpeed);
  t.deliveredStep = checkedText(r["delivered_step"], resultField(index, ".delivered_step"));
  t.error = checkedText(r["error"], resultField(index, ".error"));
  t.failed = checkedFlag(r["cancelled"], resultField(index, ".cancelled")) || !t.error.empty() || !(t.mbps > 0);
  // A word this version does not know reads as none, as an unknown limit source does.
  t.readMethods =
      parseReadMethods(checkedText(r["read_method"], resultField(index, ".read_method"))).value_or(ReadMethods{});
  t.queueDepth = static_cast<int>(checkedNumber(r["queue_depth"], resultField(index, ".queue_depth"), 0, 0,
                                                kMaxRunStreams, "a queue depth (a whole number, 0 to 65536)", true));
  if (t.queueDepth <= 0 && (t.key.cache == "cold") && t.readMethods.has(ReadMethod::Pipelined) &&
      !t.fromMemory)
    t.queueDepth = 3;  // hashscope.run/3 did not record it: its pipelined reader kept 3 direct reads in flight
  threadsRecorded = r["hash_threads"].optNumber().has_value();
  if (threadsRecorded)
    t.hashThreads = static_cast<int>(checkedNumber(r["hash_threads"], resultField(index, ".hash_threads"), 1, 1,
                                                   kMaxRunStreams, "a number of threads (a whole number, 1 to 65536)",
                                                   true));
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

RunSettings runSettings(const RunDocument& doc)
{
  RunSettings s;
  bool streamsKnown = false;
  for (const RunTile& t : doc.tiles) {
    if (t.failed)
      continue;
    s.passes = std::max(s.passes, t.passes);
    const bool file = t.key.workload == "read" || t.key.workload == "hash-file" || t.key.workload == "hash-tree";
    if (file) {
      s.sampleBytes = std::max(s.sampleBytes, t.bytes);
      if (!t.key.cache.empty() && std::find(s.caches.begin(), s.caches.end(), t.key.cache) == s.caches.end())
        s.caches.push_back(t.key.cache);
    }
    if (!streamsKnown && (t.key.workload == "hash-file" || t.key.workload == "hash-tree")) {
      s.streams = t.key.streams;
      streamsKnown = true;
    }
    if (t.key.workload == "hash-memory" && s.referenceSeconds == 0)
      s.referenceSeconds = t.seconds;
  }
  return s;
}

RunHeadline runHeadline(const RunDocument& doc)
{
  const RunSettings settings = runSettings(doc);
  RunHeadline best;
  for (const RunTile& t : doc.tiles) {
    const bool endToEnd = t.key.workload == "hash-file" || t.key.workload == "hash-tree";
    if (endToEnd && !t.failed && t.key.streams == settings.streams && t.mbps > best.mbps)
      best = {t.key.algorithm, t.mbps};
  }
  return best;
}

Figures figuresOf(const RunTile& t)
{
  Figures f;
  f.failed = t.failed;
  f.mbps = t.mbps;
  f.minMBps = t.minMBps;
  f.maxMBps = t.maxMBps;
  f.passes = std::max(1, t.passes);
  f.limitMBps = t.limitMBps;
  f.limitSource = t.limitSource;
  f.limitStep = t.limitStep;
  f.share = t.share;
  f.analysed = !t.verdict.empty();
  for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed, Verdict::NetworkBound,
                    Verdict::ServerBound}) {
    if (t.verdict == toString(v))
      f.verdict = v;
  }
  f.marks = t.marks;
  f.perCore = t.perCore;
  f.deliveredMBps = t.deliveredMBps;
  f.deliveredStep = t.deliveredStep;
  return f;
}

bool RunTile::busy() const { return std::find(flags.begin(), flags.end(), "machine-busy") != flags.end(); }

const PerCore* RunDocument::perCoreOf(const std::string& algorithm) const
{
  const auto p = std::find_if(perCore.begin(), perCore.end(), [&](const PerCore& x) {
    return x.algorithm == algorithm;
  });
  return p == perCore.end() ? nullptr : &*p;
}

std::vector<std::string> RunDocument::locations() const { return distinct(tiles, &TileKey::location); }
std::vector<std::string> RunDocument::algorithms() const { return distinct(tiles, &TileKey::algorithm); }

std::string_view withoutByteOrderMark(std::string_view text)
{
  // RFC 8259 lets a reader ignore a UTF-8 byte-order mark; some editors add one when saving.
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  return text.substr(0, kBom.size()) == kBom ? text.substr(kBom.size()) : text;
}

RunDocument readRunDocument(std::string_view text)
{
  text = withoutByteOrderMark(text);
  RunDocument doc;
  bool anyCancelled = false;
  std::vector<HashPasses> hashes;
  std::vector<std::size_t> unrecordedThreads;
  json::ParseOptions options;
  options.keep = readsMember;
  options.streamKey = "results";
  options.onElement = [&](const json::Value& r) {
    if (doc.tiles.size() >= kMaxRunResults)
      throw RunFormatError("not a HashScope run file: more than " + std::to_string(kMaxRunResults) + " results");
    bool threadsRecorded = false;
    doc.tiles.push_back(readTile(r, doc.tiles.size(), threadsRecorded));
    if (!threadsRecorded)
      unrecordedThreads.push_back(doc.tiles.size() - 1);
    if (doc.tiles.back().key.workload == "hash-memory")
      hashes.push_back(hashPassesOf(r, doc.tiles.size() - 1));
    anyCancelled = anyCancelled || r["cancelled"].boolean();  // its type was checked by readTile
  };
  json::Value root;
  bool hasResults = false;
  try {
    root = json::parse(text, options, &hasResults);
  } catch (const json::ParseError& e) {
    throw RunFormatError(std::string("not a HashScope run file: ") + e.what());
  }
  doc.schema = root["schema"].string();
  if (doc.schema.rfind("hashscope.run/", 0) != 0)
    throw RunFormatError("not a HashScope run file: no \"schema\": \"hashscope.run/N\" at its top");
  const std::string version = doc.schema.substr(std::string_view("hashscope.run/").size());
  if (version.empty() || version.size() > 6 || version.find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(version) < 1)
    throw RunFormatError("not a HashScope run file: its schema \"" + doc.schema.substr(0, 40) +
                         "\" is not hashscope.run/N");
  if (std::stoi(version) > newestRunSchema())
    throw RunFormatError("a run file of a newer HashScope (" + doc.schema + "): this version reads hashscope.run/1 to " +
                         kRunSchema + "; update HashScope to import it");
  if (!hasResults)
    throw RunFormatError("not a HashScope run file: it has no \"results\" list");
  auto top = [](const char* name) { return [name] { return std::string(name); }; };
  requireType(root["tool"], json::Value::Type::Object, top("tool"), "an object");
  requireType(root["machine"], json::Value::Type::Object, top("machine"), "an object");
  doc.version = checkedText(root["tool"]["version"], top("tool.version"));
  doc.startedAt = checkedTime(root["started_at"], top("started_at"));
  doc.finishedAt = checkedTime(root["finished_at"], top("finished_at"));
  const json::Value& m = root["machine"];
  doc.machine.cpu = checkedText(m["cpu"], top("machine.cpu"));
  doc.machine.logicalCores = static_cast<int>(checkedNumber(m["logical_cores"], top("machine.logical_cores"), 0, 1,
                                                            kMaxRunStreams, "a number of cores (a whole number, 1 to 65536)",
                                                            true));
  doc.machine.memoryBytes = static_cast<std::uint64_t>(checkedNumber(
      m["memory_bytes"], top("machine.memory_bytes"), 0, 0, 0x1p60, "a memory size (a whole number, 0 to 1 EiB)", true));
  doc.machine.os = checkedText(m["os"], top("machine.os"));
  doc.machine.kernel = checkedText(m["kernel"], top("machine.kernel"));
  const bool anyFailed =
      std::any_of(doc.tiles.begin(), doc.tiles.end(), [](const RunTile& t) { return !t.error.empty(); });
  for (const std::size_t i : unrecordedThreads)
    doc.tiles[i].hashThreads = hashThreadsOf(doc.tiles[i].key.algorithm, doc.machine.logicalCores);
  poolPerCore(doc, hashes);
  doc.status = checkedText(root["status"], top("status"));
  if (doc.status.empty())
    doc.status = anyCancelled ? "stopped" : anyFailed ? "failed" : "finished";
  return doc;
}

std::string readRunFile(const std::filesystem::path& file)
{
  const std::string name = file.string();
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (status.type() == std::filesystem::file_type::not_found)
    throw RunFormatError("cannot read " + name + ": no such file");
  if (std::filesystem::is_directory(status))
    throw RunFormatError(name + " is a folder: choose a hashscope.run JSON file (one per run)");
  if (ec)
    throw RunFormatError("cannot read " + name + ": " + ec.message());
  if (!std::filesystem::is_regular_file(status))
    throw RunFormatError(name + " is not a regular file (a device or a pipe): choose a hashscope.run JSON file");
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw RunFormatError("cannot read " + name + ": not readable");
  // Never more than the limit plus one block, whatever the file claims to be (it may grow as we read).
  std::string text;
  std::vector<char> block(1 << 20);
  while (in && text.size() <= kMaxRunDocumentBytes) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    text.append(block.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > kMaxRunDocumentBytes)
    throw RunFormatError(name + " is larger than " + formatBytes(kMaxRunDocumentBytes) +
                         ", more than any HashScope run holds: it was not read");
  if (in.bad())
    throw RunFormatError("cannot read " + name + ": a read error");
  return text;
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
