// loadRecordedRuns(): a hashscope.run/3 or /4 file back into RunResults, through core's own JSON reader.
#include "replay_helpers.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "hashscope/analysis.hpp"
#include "library/json_value.hpp"

namespace hashscope::test {

namespace {

using json::Value;

Verdict verdictOf(const std::string& text)
{
  for (Verdict v : {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed, Verdict::Unknown}) {
    if (toString(v) == text)
      return v;
  }
  throw std::runtime_error("unknown verdict '" + text + "'");
}

MediaKind mediaKindOf(const std::string& text)
{
  for (MediaKind k : {MediaKind::Ssd, MediaKind::Hdd, MediaKind::Ram, MediaKind::Network, MediaKind::Fuse,
                      MediaKind::Removable, MediaKind::Virtual, MediaKind::Unknown}) {
    if (toString(k) == text)
      return k;
  }
  return MediaKind::Unknown;
}

template <typename T>
T required(const std::optional<T>& value, const std::string& what)
{
  if (!value)
    throw std::runtime_error("bad " + what);
  return *value;
}

std::uint64_t u64(const Value& v) { return static_cast<std::uint64_t>(v.number()); }

std::optional<std::uint64_t> optU64(const Value& v)
{
  return v.optNumber() ? std::optional<std::uint64_t>(u64(v)) : std::nullopt;
}

// The sample stream, stored as one array per quantity ([stream][sample] for per-stream ones).
std::vector<Sample> samplesOf(const Value& s)
{
  std::vector<Sample> out(static_cast<std::size_t>(s["count"].number()));
  const auto column = [&](const char* key, auto set) {
    const auto& values = s[key].items();
    for (std::size_t i = 0; i < out.size() && i < values.size(); ++i)
      set(out[i], values[i]);
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
  column("t", [](Sample& x, const Value& v) { x.t = v.number(); });
  column("interval", [](Sample& x, const Value& v) { x.interval = v.number(); });
  column("total_bytes", [](Sample& x, const Value& v) { x.totalBytes = u64(v); });
  column("total_mb_per_s", [](Sample& x, const Value& v) { x.totalMBps = v.number(); });
  column("cpu_busy_pct", [](Sample& x, const Value& v) { x.cpuBusyPct = v.number(); });
  column("cpu_user_pct", [](Sample& x, const Value& v) { x.cpuUserPct = v.number(); });
  column("cpu_system_pct", [](Sample& x, const Value& v) { x.cpuSystemPct = v.number(); });
  column("cpu_iowait_pct", [](Sample& x, const Value& v) { x.cpuIowaitPct = v.number(); });
  column("process_cpu_pct", [](Sample& x, const Value& v) { x.processCpuPct = v.number(); });
  column("wait_pct", [](Sample& x, const Value& v) { x.waitPct = v.number(); });
  column("busy_pct", [](Sample& x, const Value& v) { x.busyPct = v.number(); });
  // The device columns are null where the counters could not be read.
  column("disk_read_bytes", [](Sample& x, const Value& v) {
    x.diskValid = v.optNumber().has_value();
    x.diskReadBytes = u64(v);
  });
  column("disk_write_bytes", [](Sample& x, const Value& v) { x.diskWriteBytes = u64(v); });
  column("disk_read_mb_per_s", [](Sample& x, const Value& v) { x.diskReadMBps = v.number(); });
  column("disk_write_mb_per_s", [](Sample& x, const Value& v) { x.diskWriteMBps = v.number(); });
  column("disk_busy_pct", [](Sample& x, const Value& v) { x.diskBusyPct = v.number(); });
  column("disk_in_flight", [](Sample& x, const Value& v) { x.diskInFlight = v.number(); });
  perStream("stream_mb_per_s", &Sample::streamMBps);
  perStream("worker_cpu_pct", &Sample::workerCpuPct);
  perStream("reader_cpu_pct", &Sample::readerCpuPct);
  perStream("core_busy_pct", &Sample::coreBusyPct);
  return out;
}

RecordedRun runOf(const Value& r)
{
  RecordedRun rec;
  RunResult& run = rec.run;
  run.workload = required(parseWorkload(r["workload"].string()), "workload");
  run.algorithm = r["algorithm"].string();
  run.tool = r["tool"].string();
  run.location = r["location"].string();
  run.target = r["target"].string();
  run.storage.device.name = r["device"]["name"].string();
  run.storage.kind = mediaKindOf(r["device"]["kind"].string());
  run.storage.filesystem = r["filesystem"].string();
  run.streams = static_cast<int>(r["streams"].number(1));
  run.hashThreads = static_cast<unsigned>(r["hash_threads"].number(0));  // /4; /3 did not record it
  run.queueDepth = static_cast<int>(r["queue_depth"].number(0));
  if (r["read_path"].type() == Value::Type::String)  // /4
    run.readPath = required(parseReadPath(r["read_path"].string()), "read_path");
  run.blockSize = u64(r["block_size"]);
  run.cache = required(parseCacheMode(r["cache"].string()), "cache");
  run.cacheMethod = required(parseCacheMethod(r["cache_method"].string()), "cache_method");
  run.readMethods = parseReadMethods(r["read_method"].string()).value_or(ReadMethods{});
  run.bytes = u64(r["bytes"]);
  run.files = u64(r["files"]);
  run.seconds = r["seconds"].number();
  run.userSeconds = r["user_seconds"].number();
  run.systemSeconds = r["system_seconds"].number();
  run.ownReadBytes = optU64(r["own_read_bytes"]);
  const auto passesOf = [](const Value& list) {
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
  };
  run.passes = passesOf(r["passes"]);
  run.pairedReads = passesOf(r["paired_reads"]);  // absent before hashscope.run/5
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
  run.samples = samplesOf(r["samples"]);
  for (const Value& v : r["samples"]["verdict"].items())
    rec.recordedIntervals.push_back(verdictOf(v.string()));

  Analysis& a = rec.recorded;
  a.verdict = verdictOf(r["verdict"].string());
  // hashscope.run/2 and older wrote the evidence as an English sentence: no reason code to compare with.
  if (r["evidence"].isObject()) {
    a.reason = required(verdictReasonFromString(r["evidence"]["reason"].string()), "evidence reason");
    rec.hasReason = true;
  }
  a.servedFromCache = r["served_from_cache"].boolean();
  a.memoryBacked = r["memory_backed"].boolean();
  rec.recordedLimitMBps = r["limit_mb_per_s"].number();
  a.efficiency = r["efficiency"].number();
  for (const Value& f : r["flags"].items()) {
    Flag flag;
    flag.code = required(parseFlagCode(f["code"].string()), "flag '" + f["code"].string() + "'");
    if (f["reason"].type() == Value::Type::String)
      flag.reason = required(parseLimitReason(f["reason"].string()), "limit reason '" + f["reason"].string() + "'");
    flag.value1 = f["value1"].number();
    flag.value2 = f["value2"].number();
    a.flags.push_back(flag);
  }
  return rec;
}

}  // namespace

std::vector<RecordedRun> loadRecordedRuns(const std::filesystem::path& file)
{
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  const Value root = json::parse(text.str());
  const std::string schema = root["schema"].string();
  const std::string prefix = "hashscope.run/";
  if (schema.rfind(prefix, 0) != 0)
    throw std::runtime_error(file.string() + ": not a hashscope.run file");
  std::vector<RecordedRun> out;
  for (const Value& r : root["results"].items()) {
    out.push_back(runOf(r));
    out.back().schema = std::stoi(schema.substr(prefix.size()));
  }
  return out;
}

std::vector<RunResult> runsOf(const std::vector<RecordedRun>& recording)
{
  std::vector<RunResult> runs;
  for (const RecordedRun& r : recording)
    runs.push_back(r.run);
  return runs;
}

std::vector<RunResult> analysedRuns(const std::filesystem::path& file)
{
  std::vector<RunResult> runs = runsOf(loadRecordedRuns(file));
  const std::vector<RunResult> all = runs;
  for (RunResult& r : runs)
    analyse(r, ceilingsFor(r, all));
  return runs;
}

std::vector<std::filesystem::path> replayFiles()
{
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(HASHSCOPE_TEST_DATA_DIR "/replay"))
    if (entry.path().extension() == ".json")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace hashscope::test
