// toJson(): the versioned "hashscope.run/5" document shared by the CLI and the GUI.
#include <algorithm>
#include <cmath>

#include "export/json_writer.hpp"
#include "export/machine_info.hpp"
#include "hashscope/files.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/hash.hpp"

namespace hashscope {

namespace {

using json::Document;

Document orNull(const std::string& text) { return text.empty() ? Document() : Document(text); }
template <typename T>
Document positiveOrNull(T value)
{
  return value > 0 ? Document(value) : Document();
}

// JSON text must be UTF-8, file names need not be (POSIX names are bytes). A path that is not valid UTF-8
// is written escaped by quoteName (\xHH for each stray byte and control byte, \\ for a backslash, \n, \r,
// \t) and its "<key>_escaped" flag says so, so a reader can restore the exact bytes.
void writePath(Document& o, const std::string& key, const std::filesystem::path& path)
{
  const std::string text = utf8Text(path);
  const bool escaped = !isValidUtf8(text);
  o[key] = escaped ? quoteName(text, true) : text;
  o[key + "_escaped"] = escaped;
}

Document device(const StorageInfo& storage)
{
  Document d;
  d["name"] = orNull(storage.device.name);
  d["partition"] = orNull(storage.device.partition);
  d["model"] = orNull(storage.device.model);
  d["kind"] = toString(storage.kind);
  d["rotational"] = storage.device.rotational;
  d["label"] = orNull(storage.label);
  // Network and FUSE locations: the server and the link (null on local volumes).
  d["remote"] = nullptr;
  if (isRemote(storage)) {
    const RemoteInfo& r = storage.remote;
    d["remote"] = {{"transport", orNull(r.transport)}, {"fuse", r.fuse}, {"host", orNull(r.host)},
                   {"address", orNull(r.address)}, {"interface", orNull(r.interfaceName)},
                   {"link_mbit_per_s", positiveOrNull(r.linkMbps)}, {"loopback", r.loopback}};
  }
  return d;
}

Document perStream(const std::vector<StreamResult>& streams)
{
  Document out = Document::array();
  for (const StreamResult& s : streams)
    out.push_back({{"bytes", s.bytes},
                   {"wall_seconds", s.wallSeconds},
                   {"mb_per_s", megabytesPerSecond(s.bytes, s.wallSeconds)},
                   {"cpu_seconds", s.cpuSeconds},
                   {"reader_cpu_seconds", s.readerCpuSeconds},
                   {"wait_seconds", s.waitSeconds},
                   {"busy_seconds", s.busySeconds},
                   // The rest of the wall time: neither waiting for data nor working (start-up, joins, scheduling).
                   {"idle_seconds", std::max(0.0, s.wallSeconds - s.waitSeconds - s.busySeconds)},
                   {"files", s.files}});
  return out;
}

// Every pass of the step; the result's own figures are those of the median pass.
Document passes(const std::vector<PassResult>& passes)
{
  Document out = Document::array();
  for (const PassResult& p : passes)
    out.push_back({{"bytes", p.bytes},
                   {"seconds", p.seconds},
                   {"mb_per_s", p.mbPerSec()},
                   {"user_seconds", p.userSeconds},
                   {"system_seconds", p.systemSeconds},
                   {"cpu_mb_per_s", positiveOrNull(p.cpuMBps)},
                   {"device_read_bytes", p.deviceValid ? Document(p.deviceReadBytes) : Document()},
                   {"own_read_bytes", p.ownReadBytes ? Document(*p.ownReadBytes) : Document()}});
  return out;
}

Document flags(const std::vector<Flag>& flags)
{
  Document out = Document::array();
  for (const Flag& f : flags) {
    Document o = {{"code", toString(f.code)}, {"value1", f.value1}, {"value2", f.value2}};
    if (f.code == FlagCode::LimitUnreliable)
      o["reason"] = toString(f.reason);
    out.push_back(std::move(o));
  }
  return out;
}

// Why the verdict (the reason code) and the numbers behind it that the result does not carry already; the
// sentence is the reader's to write (worker_busy_pct, wait_pct, disk_busy_pct, cpu_busy_pct,
// device_read_bytes, other_cores, read/hash_mb_per_s, limit and efficiency are the result's own fields).
Document evidence(const Analysis& a)
{
  Document e = {{"reason", toString(a.reason)},
                {"hash_call_pct", a.hashCallPct >= 0 ? Document(a.hashCallPct) : Document()},
                {"reader_cpu_pct", a.readerCpuPct >= 0 ? Document(a.readerCpuPct) : Document()},
                {"disk_counters", a.diskValid},
                {"cores", positiveOrNull(a.cores)}};
  // Network and FUSE locations: the link, the traffic, the round trip, one stream against several.
  if (a.remote) {
    const RemoteEvidence& r = *a.remote;
    e["remote"] = {{"link_mb_per_s", positiveOrNull(r.linkMBps)},
                   {"link_is_memory", r.linkIsMemory},
                   {"interface_bytes", r.interfaceValid ? Document(r.interfaceBytes) : Document()},
                   {"interface_mb_per_s", r.interfaceValid ? Document(r.interfaceMBps) : Document()},
                   {"round_trip_ms", r.roundTripMs >= 0 ? Document(r.roundTripMs) : Document()},
                   {"one_stream_mb_per_s", positiveOrNull(r.oneStreamMBps)},
                   {"many_streams_mb_per_s", positiveOrNull(r.manyStreamsMBps)},
                   {"many_streams", positiveOrNull(r.manyStreams)}};
  }
  return e;
}

Document ceiling(const std::optional<CeilingAt>& at)
{
  if (!at)
    return nullptr;
  const Ceiling& c = at->ceiling;
  return {{"at_mb_per_s", at->mbps},
          {"kind", toString(c.kind)},
          {"source", toString(c.source)},
          {"basis", toString(c.basis)},
          {"algorithm", orNull(c.algorithm)},
          {"mb_per_s", c.mbps},
          {"mb_per_s_min", c.minMBps},
          {"mb_per_s_max", c.maxMBps},
          {"passes", c.passes},
          {"streams", c.streams},
          {"threads_per_stream", c.threadsPerStream},
          {"queue_depth", positiveOrNull(c.queueDepth)},
          {"access", c.access ? Document(toString(*c.access)) : Document()},
          {"busy", c.busy},
          {"step", orNull(c.step)}};
}

// The limit's two sides, each the ceiling it was taken from and what that allows at this result's point.
Document limit(const Limit& limit)
{
  return {{"hash", ceiling(limit.hash)},
          {"read", ceiling(limit.read)},
          {"deeper", ceiling(limit.deeper)},
          {"hash_missing", limit.hashMissing},
          {"read_missing", limit.readMissing}};
}

template <typename Field>
Document column(const std::vector<Sample>& samples, Field field)
{
  Document out = Document::array();
  for (const Sample& s : samples)
    out.push_back(static_cast<double>(field(s)));
  return out;
}

// Per-stream series as one array per stream ([stream][sample]).
template <typename Field>
Document perStreamColumns(const std::vector<Sample>& samples, Field field)
{
  std::size_t streams = 0;
  for (const Sample& s : samples)
    streams = std::max(streams, field(s).size());
  Document out = Document::array();
  for (std::size_t i = 0; i < streams; ++i) {
    Document series = Document::array();
    for (const Sample& s : samples) {
      const auto& values = field(s);
      series.push_back(i < values.size() ? static_cast<double>(values[i]) : std::nan(""));
    }
    out.push_back(std::move(series));
  }
  return out;
}

// The time series as columns (one array per quantity): compact and easy to plot.
Document samples(const std::vector<Sample>& samples)
{
  Document o = {{"count", static_cast<std::uint64_t>(samples.size())}};
  const std::pair<const char*, double (*)(const Sample&)> fields[] = {
      {"t", [](const Sample& s) { return s.t; }},
      {"interval", [](const Sample& s) { return s.interval; }},
      {"total_bytes", [](const Sample& s) { return static_cast<double>(s.totalBytes); }},
      {"total_mb_per_s", [](const Sample& s) { return s.totalMBps; }},
      {"cpu_busy_pct", [](const Sample& s) { return s.cpuBusyPct; }},
      {"cpu_user_pct", [](const Sample& s) { return s.cpuUserPct; }},
      {"cpu_system_pct", [](const Sample& s) { return s.cpuSystemPct; }},
      {"cpu_iowait_pct", [](const Sample& s) { return s.cpuIowaitPct; }},
      {"process_cpu_pct", [](const Sample& s) { return s.processCpuPct; }},
      {"wait_pct", [](const Sample& s) { return s.waitPct; }},
      {"busy_pct", [](const Sample& s) { return s.busyPct; }},
      {"disk_read_bytes", [](const Sample& s) { return s.diskValid ? static_cast<double>(s.diskReadBytes) : std::nan(""); }},
      {"disk_write_bytes", [](const Sample& s) { return s.diskValid ? static_cast<double>(s.diskWriteBytes) : std::nan(""); }},
      {"disk_read_mb_per_s", [](const Sample& s) { return s.diskValid ? s.diskReadMBps : std::nan(""); }},
      {"disk_write_mb_per_s", [](const Sample& s) { return s.diskValid ? s.diskWriteMBps : std::nan(""); }},
      {"disk_busy_pct", [](const Sample& s) { return s.diskValid ? s.diskBusyPct : std::nan(""); }},
      {"disk_in_flight", [](const Sample& s) { return s.diskValid ? s.diskInFlight : std::nan(""); }},
  };
  for (const auto& [name, field] : fields)
    o[name] = column(samples, field);
  // A network location's interface traffic (all processes), only where it was sampled.
  if (std::any_of(samples.begin(), samples.end(), [](const Sample& s) { return s.netValid; })) {
    o["net_rx_bytes"] = column(samples, [](const Sample& s) { return s.netValid ? static_cast<double>(s.netRxBytes) : std::nan(""); });
    o["net_rx_mb_per_s"] = column(samples, [](const Sample& s) { return s.netValid ? s.netRxMBps : std::nan(""); });
  }
  o["stream_mb_per_s"] = perStreamColumns(samples, [](const Sample& s) -> const std::vector<double>& { return s.streamMBps; });
  o["worker_cpu_pct"] = perStreamColumns(samples, [](const Sample& s) -> const std::vector<double>& { return s.workerCpuPct; });
  o["reader_cpu_pct"] = perStreamColumns(samples, [](const Sample& s) -> const std::vector<double>& { return s.readerCpuPct; });
  o["core_busy_pct"] = perStreamColumns(samples, [](const Sample& s) -> const std::vector<double>& { return s.coreBusyPct; });
  Document verdicts = Document::array();
  for (const Sample& s : samples)
    verdicts.push_back(toString(s.verdict));
  o["verdict"] = std::move(verdicts);
  return o;
}

Document result(const RunResult& r, const ExportOptions& options)
{
  Document o = {{"workload", toString(r.workload)}, {"algorithm", orNull(r.algorithm)}, {"tool", orNull(r.tool)}};
  writePath(o, "location", r.location);
  writePath(o, "target", r.target);
  o["device"] = device(r.storage);
  o["filesystem"] = orNull(r.storage.filesystem);
  o["streams"] = r.streams;
  o["hash_threads"] = r.hashThreads > 0 ? Document(static_cast<int>(r.hashThreads)) : Document();
  o["block_size"] = r.blockSize;
  o["queue_depth"] = positiveOrNull(r.queueDepth);
  o["cache"] = toString(r.cache);
  o["cache_method"] = toString(r.cacheMethod);
  o["cache_note"] = orNull(r.cacheNote);
  o["read_method"] = orNull(toString(r.readMethods));
  o["read_path"] = toString(r.readPath);
  o["bytes"] = r.bytes;
  o["files"] = r.files;
  o["seconds"] = r.seconds;
  o["mb_per_s"] = r.mbPerSec();
  o["mb_per_s_min"] = r.minMBps();
  o["mb_per_s_max"] = r.maxMBps();
  o["user_seconds"] = r.userSeconds;
  o["system_seconds"] = r.systemSeconds;
  o["own_read_bytes"] = r.ownReadBytes ? Document(*r.ownReadBytes) : Document();
  o["fetched_by"] = r.ownReadBytes ? Document(toString(r.fetchedBy)) : Document();
  o["round_trip_ms"] = r.roundTripMs ? Document(*r.roundTripMs) : Document();
  o["passes"] = passes(r.passes);
  // hashscope.run/5: a RAM-backed hash-file's read passes beside its own (its read ceiling); [] elsewhere
  o["paired_reads"] = passes(r.pairedReads);
  o["per_stream"] = perStream(r.perStream);
  o["digest"] = orNull(r.digest);
  o["digest_matches"] = r.digestMatches ? Document(*r.digestMatches) : Document();
  o["cancelled"] = r.cancelled;
  o["error"] = orNull(r.error);
  if (!r.fileErrors.empty())
    o["file_errors"] = r.fileErrors;
  if (r.analysis) {
    const Analysis& a = *r.analysis;
    const Figures f = figuresOf(r);
    o["verdict"] = toString(a.verdict);
    o["served_from_cache"] = a.servedFromCache;
    o["memory_backed"] = a.memoryBacked;
    o["limit_mb_per_s"] = a.limit.known() ? Document(a.limitMBps()) : Document();
    o["efficiency"] = positiveOrNull(a.efficiency);
    // The figures every view shows beside mb_per_s (figures.hpp): the trusted share of the limit, where the
    // limit comes from, and a read step's device delivering more during a hash step.
    o["share"] = f.share ? Document(*f.share) : Document();
    o["limit_source"] = toString(f.limitSource);
    o["limit_step"] = orNull(f.limitStep);
    o["delivered_mb_per_s"] = positiveOrNull(f.deliveredMBps);
    o["delivered_step"] = orNull(f.deliveredStep);
    // /3's two references, kept: the read ceiling at this result's point, the hash ceiling's own figure.
    o["read_mb_per_s"] = a.limit.read ? Document(a.limit.read->mbps) : Document();
    o["hash_mb_per_s"] = a.limit.hash ? Document(a.limit.hash->ceiling.mbps) : Document();
    o["limit"] = limit(a.limit);
    o["worker_busy_pct"] = a.workerBusyPct;
    o["wait_pct"] = a.waitPct;
    o["disk_busy_pct"] = a.diskBusyPct;
    o["cpu_busy_pct"] = a.cpuBusyPct;
    o["device_read_bytes"] = a.deviceReadBytes;
    o["other_cores"] = a.otherCores >= 0 ? Document(a.otherCores) : Document();
    o["flags"] = flags(f.marks);
    o["evidence"] = evidence(a);
  }
  if (options.includeSamples)
    o["samples"] = samples(r.samples);
  return o;
}

}  // namespace

std::string runStatus(const std::vector<RunResult>& results, bool stopped)
{
  if (stopped)
    return "stopped";
  return std::any_of(results.begin(), results.end(), [](const RunResult& r) { return !r.error.empty(); })
             ? "failed"
             : "finished";
}

std::string toJson(const std::vector<RunResult>& results, const ExportOptions& options)
{
  Document doc = {{"schema", kRunSchema}, {"tool", {{"name", "HashScope"}, {"version", version()}}}};
  const MachineInfo& machine = machineInfo();
  Document m = {{"cpu", orNull(machine.cpuModel)}};
  if (machine.logicalCores > 0)  // 0: the system did not say (a count of cores is never 0)
    m["logical_cores"] = machine.logicalCores;
  m["os"] = machine.os;
  m["kernel"] = orNull(machine.kernel);
  m["memory_bytes"] = positiveOrNull(machine.memoryBytes);
  doc["machine"] = std::move(m);
  for (const auto& [key, text] : {std::pair{"started_at", &options.startedAt},
                                  std::pair{"finished_at", &options.finishedAt}, std::pair{"status", &options.status}})
    if (!text->empty())
      doc[key] = *text;
  Document list = Document::array();
  for (const RunResult& r : results)
    list.push_back(result(r, options));
  doc["results"] = std::move(list);
  return json::text(doc, options.pretty) + "\n";
}

}  // namespace hashscope
