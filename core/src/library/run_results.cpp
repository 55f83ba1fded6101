// measuredResults(): a run document's results read back whole, in the form the engine made them.
#include "hashscope/library.hpp"

#include <algorithm>
#include <utility>

#include "hashscope/files.hpp"
#include "library/json_value.hpp"

namespace hashscope {

namespace {

using json::Value;

std::uint64_t u64(const Value& v) { return static_cast<std::uint64_t>(std::max(0.0, v.number())); }

std::optional<std::uint64_t> optU64(const Value& v)
{
  return v.optNumber() ? std::optional<std::uint64_t>(u64(v)) : std::nullopt;
}

MediaKind mediaKindOf(const std::string& name)
{
  for (MediaKind k : {MediaKind::Ssd, MediaKind::Hdd, MediaKind::Ram, MediaKind::Network, MediaKind::Fuse,
                      MediaKind::Removable, MediaKind::Virtual, MediaKind::Unknown}) {
    if (toString(k) == name)
      return k;
  }
  return MediaKind::Unknown;
}

std::vector<PassResult> passesOf(const Value& list)
{
  std::vector<PassResult> out;
  for (const Value& p : list.items()) {
    PassResult pass;
    pass.bytes = u64(p["bytes"]);
    pass.seconds = p["seconds"].number();
    pass.userSeconds = p["user_seconds"].number();
    pass.systemSeconds = p["system_seconds"].number();
    pass.cpuMBps = p["cpu_mb_per_s"].number();
    pass.deviceValid = p["device_read_bytes"].optNumber().has_value();
    pass.deviceReadBytes = u64(p["device_read_bytes"]);
    pass.ownReadBytes = optU64(p["own_read_bytes"]);
    out.push_back(pass);
  }
  return out;
}

// The sample stream, stored as one array per quantity ([stream][sample] for per-stream ones). The device and
// network columns are null where their counters could not be read. "count" is believed only as far as the
// times column goes: a hostile count costs no memory.
std::vector<Sample> samplesOf(const Value& s)
{
  const double count = std::min(std::max(0.0, s["count"].number()), static_cast<double>(s["t"].items().size()));
  std::vector<Sample> out(static_cast<std::size_t>(count));
  const auto column = [&](const char* key, auto set) {
    const auto& values = s[key].items();
    for (std::size_t i = 0; i < out.size() && i < values.size(); ++i)
      set(out[i], values[i]);
  };
  const auto number = [&](const char* key, double Sample::*field) {
    column(key, [field](Sample& x, const Value& v) { x.*field = v.number(); });
  };
  const auto perStream = [&](const char* key, std::vector<double> Sample::*field) {
    for (const Value& stream : s[key].items()) {
      const auto& values = stream.items();
      for (std::size_t i = 0; i < out.size() && i < values.size(); ++i) {
        if (values[i].optNumber())
          (out[i].*field).push_back(values[i].number());
      }
    }
  };
  number("t", &Sample::t);
  number("interval", &Sample::interval);
  column("total_bytes", [](Sample& x, const Value& v) { x.totalBytes = u64(v); });
  number("total_mb_per_s", &Sample::totalMBps);
  number("cpu_busy_pct", &Sample::cpuBusyPct);
  number("cpu_user_pct", &Sample::cpuUserPct);
  number("cpu_system_pct", &Sample::cpuSystemPct);
  number("cpu_iowait_pct", &Sample::cpuIowaitPct);
  number("process_cpu_pct", &Sample::processCpuPct);
  number("wait_pct", &Sample::waitPct);
  number("busy_pct", &Sample::busyPct);
  column("disk_read_bytes", [](Sample& x, const Value& v) {
    x.diskValid = v.optNumber().has_value();
    x.diskReadBytes = u64(v);
  });
  column("disk_write_bytes", [](Sample& x, const Value& v) { x.diskWriteBytes = u64(v); });
  number("disk_read_mb_per_s", &Sample::diskReadMBps);
  number("disk_write_mb_per_s", &Sample::diskWriteMBps);
  number("disk_busy_pct", &Sample::diskBusyPct);
  number("disk_in_flight", &Sample::diskInFlight);
  column("net_rx_bytes", [](Sample& x, const Value& v) {
    x.netValid = v.optNumber().has_value();
    x.netRxBytes = u64(v);
  });
  number("net_rx_mb_per_s", &Sample::netRxMBps);
  perStream("stream_mb_per_s", &Sample::streamMBps);
  perStream("worker_cpu_pct", &Sample::workerCpuPct);
  perStream("reader_cpu_pct", &Sample::readerCpuPct);
  perStream("core_busy_pct", &Sample::coreBusyPct);
  return out;
}

RunResult resultOf(const Value& r)
{
  RunResult run;
  run.workload = parseWorkload(r["workload"].string()).value_or(Workload::HashFile);
  run.algorithm = r["algorithm"].string();
  run.tool = r["tool"].string();
  run.location = pathFromUtf8(r["location"].string());
  run.target = pathFromUtf8(r["target"].string());
  const Value& device = r["device"];
  run.storage.path = run.location;
  run.storage.device.name = device["name"].string();
  run.storage.device.partition = device["partition"].string();
  run.storage.device.model = device["model"].string();
  run.storage.device.rotational = device["rotational"].boolean();
  run.storage.kind = mediaKindOf(device["kind"].string());
  run.storage.label = device["label"].string();
  run.storage.filesystem = r["filesystem"].string();
  run.streams = std::max(1, static_cast<int>(r["streams"].number(1)));
  run.hashThreads = static_cast<unsigned>(std::max(0.0, r["hash_threads"].number(0)));  // absent before /4
  run.queueDepth = std::max(0, static_cast<int>(r["queue_depth"].number(0)));
  run.readPath = parseReadPath(r["read_path"].string()).value_or(ReadPath::Auto);
  run.blockSize = u64(r["block_size"]);
  run.cache = parseCacheMode(r["cache"].string()).value_or(CacheMode::AsIs);
  run.cacheMethod = parseCacheMethod(r["cache_method"].string()).value_or(CacheMethod::NotApplicable);
  run.cacheNote = r["cache_note"].string();
  run.readMethods = parseReadMethods(r["read_method"].string()).value_or(ReadMethods{});
  run.bytes = u64(r["bytes"]);
  run.files = u64(r["files"]);
  run.seconds = r["seconds"].number();
  run.userSeconds = r["user_seconds"].number();
  run.systemSeconds = r["system_seconds"].number();
  run.ownReadBytes = optU64(r["own_read_bytes"]);
  for (FetchBasis basis : {FetchBasis::ProcessIo, FetchBasis::MountCounters, FetchBasis::PageCache,
                           FetchBasis::DirectIo, FetchBasis::Interface}) {
    if (toString(basis) == r["fetched_by"].string())
      run.fetchedBy = basis;
  }
  if (r["round_trip_ms"].optNumber())
    run.roundTripMs = r["round_trip_ms"].number();
  run.passes = passesOf(r["passes"]);
  run.pairedReads = passesOf(r["paired_reads"]);  // absent before /5
  for (const Value& s : r["per_stream"].items()) {
    StreamResult stream;
    stream.bytes = u64(s["bytes"]);
    stream.wallSeconds = s["wall_seconds"].number();
    stream.cpuSeconds = s["cpu_seconds"].number();
    stream.readerCpuSeconds = s["reader_cpu_seconds"].number();
    stream.waitSeconds = s["wait_seconds"].number();
    stream.busySeconds = s["busy_seconds"].number();
    stream.files = u64(s["files"]);
    run.perStream.push_back(stream);
  }
  run.digest = r["digest"].string();
  if (r["digest_matches"].type() == Value::Type::Bool)
    run.digestMatches = r["digest_matches"].boolean();
  run.cancelled = r["cancelled"].boolean();
  run.error = r["error"].string();
  for (const Value& e : r["file_errors"].items())
    run.fileErrors.push_back(e.string());
  run.samples = samplesOf(r["samples"]);
  return run;
}

}  // namespace

std::vector<RunResult> measuredResults(std::string_view json, RunDocument* document)
{
  RunDocument checked = readRunDocument(json);  // refuses what is not a run document, naming the field
  if (document)
    *document = std::move(checked);
  json::ParseOptions options;
  options.streamKey = "results";
  std::vector<RunResult> results;
  options.onElement = [&results](const Value& r) { results.push_back(resultOf(r)); };
  json::parse(withoutByteOrderMark(json), options);
  return results;
}

}  // namespace hashscope
