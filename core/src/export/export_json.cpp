// toJson(): the versioned "hashscope.run/5" document shared by the CLI and the GUI.
#include <algorithm>
#include <cmath>

#include "export/json_writer.hpp"
#include "export/machine_info.hpp"
#include "export/path_text.hpp"
#include "hashscope/export.hpp"
#include "hashscope/figures.hpp"
#include "hashscope/hash.hpp"

namespace hashscope {

std::string pathText(const std::filesystem::path& path)
{
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

namespace {

void stringOrNull(json::Writer& w, const std::string& text)
{
  if (text.empty())
    w.null();
  else
    w.value(text);
}

// JSON text must be UTF-8, file names need not be (POSIX names are bytes). A path that is not valid UTF-8
// is written escaped by quoteName (\xHH for each stray byte and control byte, \\ for a backslash, \n, \r,
// \t) and its "<key>_escaped" flag says so, so a reader can restore the exact bytes.
void writePath(json::Writer& w, const std::string& key, const std::filesystem::path& path)
{
  const std::string text = pathText(path);
  const bool escaped = !isValidUtf8(text);
  w.member(key, escaped ? quoteName(text, true) : text);
  w.member(key + "_escaped", escaped);
}

void writeDevice(json::Writer& w, const StorageInfo& storage)
{
  w.key("device");
  w.beginObject();
  w.key("name");
  stringOrNull(w, storage.device.name);
  w.key("partition");
  stringOrNull(w, storage.device.partition);
  w.key("model");
  stringOrNull(w, storage.device.model);
  w.member("kind", toString(storage.kind));
  w.member("rotational", storage.device.rotational);
  w.key("label");
  stringOrNull(w, storage.label);
  // Network and FUSE locations: the server and the link (null on local volumes).
  w.key("remote");
  if (isRemote(storage)) {
    const RemoteInfo& r = storage.remote;
    w.beginObject();
    w.key("transport");
    stringOrNull(w, r.transport);
    w.member("fuse", r.fuse);
    w.key("host");
    stringOrNull(w, r.host);
    w.key("address");
    stringOrNull(w, r.address);
    w.key("interface");
    stringOrNull(w, r.interfaceName);
    w.key("link_mbit_per_s");
    r.linkMbps > 0 ? w.value(r.linkMbps) : w.null();
    w.member("loopback", r.loopback);
    w.endObject();
  } else {
    w.null();
  }
  w.endObject();
}

void writePerStream(json::Writer& w, const std::vector<StreamResult>& streams)
{
  w.key("per_stream");
  w.beginArray();
  for (const StreamResult& s : streams) {
    w.beginObject();
    w.member("bytes", s.bytes);
    w.member("wall_seconds", s.wallSeconds);
    w.member("mb_per_s", megabytesPerSecond(s.bytes, s.wallSeconds));
    w.member("cpu_seconds", s.cpuSeconds);
    w.member("reader_cpu_seconds", s.readerCpuSeconds);
    w.member("wait_seconds", s.waitSeconds);
    w.member("busy_seconds", s.busySeconds);
    // The rest of the wall time: neither waiting for data nor working (start-up, joins, scheduling).
    w.member("idle_seconds", std::max(0.0, s.wallSeconds - s.waitSeconds - s.busySeconds));
    w.member("files", s.files);
    w.endObject();
  }
  w.endArray();
}

// Every pass of the step; the result's own figures are those of the median pass.
void writePasses(json::Writer& w, const char* key, const std::vector<PassResult>& passes)
{
  w.key(key);
  w.beginArray();
  for (const PassResult& p : passes) {
    w.beginObject();
    w.member("bytes", p.bytes);
    w.member("seconds", p.seconds);
    w.member("mb_per_s", p.mbPerSec());
    w.member("user_seconds", p.userSeconds);
    w.member("system_seconds", p.systemSeconds);
    w.key("cpu_mb_per_s");
    p.cpuMBps > 0 ? w.value(p.cpuMBps) : w.null();
    w.key("device_read_bytes");
    p.deviceValid ? w.value(p.deviceReadBytes) : w.null();
    w.key("own_read_bytes");
    p.ownReadBytes ? w.value(*p.ownReadBytes) : w.null();
    w.endObject();
  }
  w.endArray();
}

void writeFlags(json::Writer& w, const std::vector<Flag>& flags)
{
  w.key("flags");
  w.beginArray();
  for (const Flag& f : flags) {
    w.beginObject();
    w.member("code", toString(f.code));
    w.member("value1", f.value1);
    w.member("value2", f.value2);
    if (f.code == FlagCode::LimitUnreliable) {
      w.member("reason", toString(f.reason));
    }
    w.endObject();
  }
  w.endArray();
}

// Why the verdict (the reason code) and the numbers behind it that the result does not carry already; the
// sentence is the reader's to write (worker_busy_pct, wait_pct, disk_busy_pct, cpu_busy_pct,
// device_read_bytes, other_cores, read/hash_mb_per_s, limit and efficiency are the result's own fields).
void writeEvidence(json::Writer& w, const Analysis& a)
{
  w.key("evidence");
  w.beginObject();
  w.member("reason", toString(a.reason));
  w.key("hash_call_pct");
  a.hashCallPct >= 0 ? w.value(a.hashCallPct) : w.null();
  w.key("reader_cpu_pct");
  a.readerCpuPct >= 0 ? w.value(a.readerCpuPct) : w.null();
  w.member("disk_counters", a.diskValid);
  w.key("cores");
  a.cores > 0 ? w.value(a.cores) : w.null();
  // Network and FUSE locations: the link, the traffic, the round trip, one stream against several.
  if (a.remote) {
    const RemoteEvidence& r = *a.remote;
    auto positiveOrNull = [&](const char* key, double value) {
      w.key(key);
      value > 0 ? w.value(value) : w.null();
    };
    w.key("remote");
    w.beginObject();
    positiveOrNull("link_mb_per_s", r.linkMBps);
    w.member("link_is_memory", r.linkIsMemory);
    w.key("interface_bytes");
    r.interfaceValid ? w.value(r.interfaceBytes) : w.null();
    w.key("interface_mb_per_s");
    r.interfaceValid ? w.value(r.interfaceMBps) : w.null();
    w.key("round_trip_ms");
    r.roundTripMs >= 0 ? w.value(r.roundTripMs) : w.null();
    positiveOrNull("one_stream_mb_per_s", r.oneStreamMBps);
    positiveOrNull("many_streams_mb_per_s", r.manyStreamsMBps);
    w.key("many_streams");
    r.manyStreams > 0 ? w.value(r.manyStreams) : w.null();
    w.endObject();
  }
  w.endObject();
}

void writeCeiling(json::Writer& w, const char* key, const std::optional<CeilingAt>& at)
{
  w.key(key);
  if (!at) {
    w.null();
    return;
  }
  const Ceiling& c = at->ceiling;
  w.beginObject();
  w.member("at_mb_per_s", at->mbps);
  w.member("kind", toString(c.kind));
  w.member("source", toString(c.source));
  w.member("basis", toString(c.basis));
  w.key("algorithm");
  stringOrNull(w, c.algorithm);
  w.member("mb_per_s", c.mbps);
  w.member("mb_per_s_min", c.minMBps);
  w.member("mb_per_s_max", c.maxMBps);
  w.member("passes", c.passes);
  w.member("streams", c.streams);
  w.member("threads_per_stream", c.threadsPerStream);
  w.key("queue_depth");
  c.queueDepth > 0 ? w.value(c.queueDepth) : w.null();
  w.key("access");
  c.access ? w.value(toString(*c.access)) : w.null();
  w.member("busy", c.busy);
  w.key("step");
  stringOrNull(w, c.step);
  w.endObject();
}

// The limit's two sides, each the ceiling it was taken from and what that allows at this result's point.
void writeLimit(json::Writer& w, const Limit& limit)
{
  w.key("limit");
  w.beginObject();
  writeCeiling(w, "hash", limit.hash);
  writeCeiling(w, "read", limit.read);
  writeCeiling(w, "deeper", limit.deeper);
  w.member("hash_missing", limit.hashMissing);
  w.member("read_missing", limit.readMissing);
  w.endObject();
}

template <typename Field>
std::vector<double> column(const std::vector<Sample>& samples, Field field)
{
  std::vector<double> out;
  out.reserve(samples.size());
  for (const Sample& s : samples)
    out.push_back(static_cast<double>(field(s)));
  return out;
}

// Per-stream series as one array per stream ([stream][sample]).
template <typename Field>
void perStreamColumns(json::Writer& w, const std::vector<Sample>& samples, Field field)
{
  std::size_t streams = 0;
  for (const Sample& s : samples)
    streams = std::max(streams, field(s).size());
  w.beginArray();
  for (std::size_t i = 0; i < streams; ++i) {
    std::vector<double> series;
    series.reserve(samples.size());
    for (const Sample& s : samples) {
      const auto& values = field(s);
      series.push_back(i < values.size() ? static_cast<double>(values[i]) : std::nan(""));
    }
    w.numberArray(series);
  }
  w.endArray();
}

// The time series as columns (one array per quantity): compact and easy to plot.
void writeSamples(json::Writer& w, const std::vector<Sample>& samples)
{
  w.key("samples");
  w.beginObject();
  w.member("count", static_cast<std::uint64_t>(samples.size()));
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
  for (const auto& [name, field] : fields) {
    w.key(name);
    w.numberArray(column(samples, field));
  }
  // A network location's interface traffic (all processes), only where it was sampled.
  if (std::any_of(samples.begin(), samples.end(), [](const Sample& s) { return s.netValid; })) {
    w.key("net_rx_bytes");
    w.numberArray(column(samples, [](const Sample& s) { return s.netValid ? static_cast<double>(s.netRxBytes) : std::nan(""); }));
    w.key("net_rx_mb_per_s");
    w.numberArray(column(samples, [](const Sample& s) { return s.netValid ? s.netRxMBps : std::nan(""); }));
  }
  w.key("stream_mb_per_s");
  perStreamColumns(w, samples, [](const Sample& s) -> const std::vector<double>& { return s.streamMBps; });
  w.key("worker_cpu_pct");
  perStreamColumns(w, samples, [](const Sample& s) -> const std::vector<double>& { return s.workerCpuPct; });
  w.key("reader_cpu_pct");
  perStreamColumns(w, samples, [](const Sample& s) -> const std::vector<double>& { return s.readerCpuPct; });
  w.key("core_busy_pct");
  perStreamColumns(w, samples, [](const Sample& s) -> const std::vector<double>& { return s.coreBusyPct; });
  w.key("verdict");
  w.beginArray();
  for (const Sample& s : samples)
    w.value(toString(s.verdict));
  w.endArray();
  w.endObject();
}

void writeResult(json::Writer& w, const RunResult& r, const ExportOptions& options)
{
  w.beginObject();
  w.member("workload", toString(r.workload));
  w.key("algorithm");
  stringOrNull(w, r.algorithm);
  w.key("tool");
  stringOrNull(w, r.tool);
  writePath(w, "location", r.location);
  writePath(w, "target", r.target);
  writeDevice(w, r.storage);
  w.key("filesystem");
  stringOrNull(w, r.storage.filesystem);
  w.member("streams", r.streams);
  w.key("hash_threads");
  r.hashThreads > 0 ? w.value(static_cast<int>(r.hashThreads)) : w.null();
  w.member("block_size", r.blockSize);
  w.key("queue_depth");
  r.queueDepth > 0 ? w.value(r.queueDepth) : w.null();
  w.member("cache", toString(r.cache));
  w.member("cache_method", toString(r.cacheMethod));
  w.key("cache_note");
  stringOrNull(w, r.cacheNote);
  w.key("read_method");
  stringOrNull(w, toString(r.readMethods));
  w.member("read_path", toString(r.readPath));
  w.member("bytes", r.bytes);
  w.member("files", r.files);
  w.member("seconds", r.seconds);
  w.member("mb_per_s", r.mbPerSec());
  w.member("mb_per_s_min", r.minMBps());
  w.member("mb_per_s_max", r.maxMBps());
  w.member("user_seconds", r.userSeconds);
  w.member("system_seconds", r.systemSeconds);
  w.key("own_read_bytes");
  r.ownReadBytes ? w.value(*r.ownReadBytes) : w.null();
  w.key("fetched_by");
  r.ownReadBytes ? w.value(toString(r.fetchedBy)) : w.null();
  w.key("round_trip_ms");
  r.roundTripMs ? w.value(*r.roundTripMs) : w.null();
  writePasses(w, "passes", r.passes);
  // hashscope.run/5: a RAM-backed hash-file's read passes beside its own (its read ceiling); [] elsewhere
  writePasses(w, "paired_reads", r.pairedReads);
  writePerStream(w, r.perStream);
  w.key("digest");
  stringOrNull(w, r.digest);
  w.key("digest_matches");
  if (r.digestMatches)
    w.value(*r.digestMatches);
  else
    w.null();
  w.member("cancelled", r.cancelled);
  w.key("error");
  stringOrNull(w, r.error);
  if (!r.fileErrors.empty()) {
    w.key("file_errors");
    w.beginArray();
    for (const std::string& e : r.fileErrors)
      w.value(e);
    w.endArray();
  }
  if (r.analysis) {
    const Analysis& a = *r.analysis;
    const Figures f = figuresOf(r);
    w.member("verdict", toString(a.verdict));
    w.member("served_from_cache", a.servedFromCache);
    w.member("memory_backed", a.memoryBacked);
    w.key("limit_mb_per_s");
    a.limit.known() ? w.value(a.limitMBps()) : w.null();
    w.key("efficiency");
    a.efficiency > 0 ? w.value(a.efficiency) : w.null();
    // The figures every view shows beside mb_per_s (figures.hpp): the trusted share of the limit, where the
    // limit comes from, and a read step's device delivering more during a hash step.
    w.key("share");
    f.share ? w.value(*f.share) : w.null();
    w.member("limit_source", toString(f.limitSource));
    w.key("limit_step");
    stringOrNull(w, f.limitStep);
    w.key("delivered_mb_per_s");
    f.deliveredMBps > 0 ? w.value(f.deliveredMBps) : w.null();
    w.key("delivered_step");
    stringOrNull(w, f.deliveredStep);
    // /3's two references, kept: the read ceiling at this result's point, the hash ceiling's own figure.
    w.key("read_mb_per_s");
    a.limit.read ? w.value(a.limit.read->mbps) : w.null();
    w.key("hash_mb_per_s");
    a.limit.hash ? w.value(a.limit.hash->ceiling.mbps) : w.null();
    writeLimit(w, a.limit);
    w.member("worker_busy_pct", a.workerBusyPct);
    w.member("wait_pct", a.waitPct);
    w.member("disk_busy_pct", a.diskBusyPct);
    w.member("cpu_busy_pct", a.cpuBusyPct);
    w.member("device_read_bytes", a.deviceReadBytes);
    w.key("other_cores");
    a.otherCores >= 0 ? w.value(a.otherCores) : w.null();
    writeFlags(w, f.marks);
    writeEvidence(w, a);
  }
  if (options.includeSamples)
    writeSamples(w, r.samples);
  w.endObject();
}

}  // namespace

std::string runStatus(const std::vector<RunResult>& results, bool stopped)
{
  if (stopped)
    return "stopped";
  for (const RunResult& r : results)
    if (!r.error.empty())
      return "failed";
  return "finished";
}

std::string toJson(const std::vector<RunResult>& results, const ExportOptions& options)
{
  json::Writer w(options.pretty);
  w.beginObject();
  w.member("schema", kRunSchema);
  w.key("tool");
  w.beginObject();
  w.member("name", "HashScope");
  w.member("version", version());
  w.endObject();
  const MachineInfo& machine = machineInfo();
  w.key("machine");
  w.beginObject();
  w.key("cpu");
  stringOrNull(w, machine.cpuModel);
  if (machine.logicalCores > 0)  // 0: the system did not say (a count of cores is never 0)
    w.member("logical_cores", machine.logicalCores);
  w.member("os", machine.os);
  w.key("kernel");
  stringOrNull(w, machine.kernel);
  w.key("memory_bytes");
  machine.memoryBytes > 0 ? w.value(machine.memoryBytes) : w.null();
  w.endObject();
  for (const auto& [key, text] : {std::pair{"started_at", &options.startedAt},
                                  std::pair{"finished_at", &options.finishedAt}, std::pair{"status", &options.status}})
    if (!text->empty()) {
      w.member(key, *text);
    }
  w.key("results");
  w.beginArray();
  for (const RunResult& r : results)
    writeResult(w, r, options);
  w.endArray();
  w.endObject();
  std::string out = w.text();
  out += '\n';
  return out;
}

}  // namespace hashscope
