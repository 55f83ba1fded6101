#include "logic/run_reader.hpp"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

#include "hashscope/analysis.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::RunReader", text); }

std::string text(const QJsonValue& v) { return v.toString().toStdString(); }
std::uint64_t u64(const QJsonValue& v) { return v.isDouble() && v.toDouble() > 0 ? std::uint64_t(v.toDouble()) : 0; }
std::optional<std::uint64_t> optU64(const QJsonValue& v)
{
  return v.isDouble() ? std::optional<std::uint64_t>(u64(v)) : std::nullopt;
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

std::vector<PassResult> passesOf(const QJsonArray& list)
{
  std::vector<PassResult> out;
  for (const QJsonValue& v : list) {
    const QJsonObject p = v.toObject();
    PassResult pass;
    pass.bytes = u64(p[u"bytes"]);
    pass.seconds = p[u"seconds"].toDouble();
    pass.userSeconds = p[u"user_seconds"].toDouble();
    pass.systemSeconds = p[u"system_seconds"].toDouble();
    pass.cpuMBps = p[u"cpu_mb_per_s"].toDouble();
    pass.deviceValid = p[u"device_read_bytes"].isDouble();
    pass.deviceReadBytes = u64(p[u"device_read_bytes"]);
    pass.ownReadBytes = optU64(p[u"own_read_bytes"]);
    out.push_back(pass);
  }
  return out;
}

// The time series, stored as one array per quantity ([stream][sample] for the per-stream ones); null where a
// counter could not be read.
std::vector<Sample> samplesOf(const QJsonObject& s)
{
  std::vector<Sample> out(std::size_t(std::max(0, s[u"count"].toInt())));
  const auto column = [&](const char16_t* key, auto set) {
    const QJsonArray values = s[QStringView(key)].toArray();
    for (qsizetype i = 0; i < qsizetype(out.size()) && i < values.size(); ++i)
      set(out[std::size_t(i)], values[i]);
  };
  const auto perStream = [&](const char16_t* key, std::vector<double> Sample::*field) {
    for (const QJsonValue& stream : s[QStringView(key)].toArray()) {
      const QJsonArray values = stream.toArray();
      for (qsizetype i = 0; i < qsizetype(out.size()) && i < values.size(); ++i) {
        if (values[i].isDouble())
          (out[std::size_t(i)].*field).push_back(values[i].toDouble());
      }
    }
  };
  column(u"t", [](Sample& x, const QJsonValue& v) { x.t = v.toDouble(); });
  column(u"interval", [](Sample& x, const QJsonValue& v) { x.interval = v.toDouble(); });
  column(u"total_bytes", [](Sample& x, const QJsonValue& v) { x.totalBytes = u64(v); });
  column(u"total_mb_per_s", [](Sample& x, const QJsonValue& v) { x.totalMBps = v.toDouble(); });
  column(u"cpu_busy_pct", [](Sample& x, const QJsonValue& v) { x.cpuBusyPct = v.toDouble(); });
  column(u"cpu_user_pct", [](Sample& x, const QJsonValue& v) { x.cpuUserPct = v.toDouble(); });
  column(u"cpu_system_pct", [](Sample& x, const QJsonValue& v) { x.cpuSystemPct = v.toDouble(); });
  column(u"cpu_iowait_pct", [](Sample& x, const QJsonValue& v) { x.cpuIowaitPct = v.toDouble(); });
  column(u"process_cpu_pct", [](Sample& x, const QJsonValue& v) { x.processCpuPct = v.toDouble(); });
  column(u"wait_pct", [](Sample& x, const QJsonValue& v) { x.waitPct = v.toDouble(); });
  column(u"busy_pct", [](Sample& x, const QJsonValue& v) { x.busyPct = v.toDouble(); });
  column(u"disk_read_bytes", [](Sample& x, const QJsonValue& v) {
    x.diskValid = v.isDouble();
    x.diskReadBytes = u64(v);
  });
  column(u"disk_write_bytes", [](Sample& x, const QJsonValue& v) { x.diskWriteBytes = u64(v); });
  column(u"disk_read_mb_per_s", [](Sample& x, const QJsonValue& v) { x.diskReadMBps = v.toDouble(); });
  column(u"disk_write_mb_per_s", [](Sample& x, const QJsonValue& v) { x.diskWriteMBps = v.toDouble(); });
  column(u"disk_busy_pct", [](Sample& x, const QJsonValue& v) { x.diskBusyPct = v.toDouble(); });
  column(u"disk_in_flight", [](Sample& x, const QJsonValue& v) { x.diskInFlight = v.toDouble(); });
  column(u"net_rx_bytes", [](Sample& x, const QJsonValue& v) {
    x.netValid = v.isDouble();
    x.netRxBytes = u64(v);
  });
  column(u"net_rx_mb_per_s", [](Sample& x, const QJsonValue& v) { x.netRxMBps = v.toDouble(); });
  perStream(u"stream_mb_per_s", &Sample::streamMBps);
  perStream(u"worker_cpu_pct", &Sample::workerCpuPct);
  perStream(u"reader_cpu_pct", &Sample::readerCpuPct);
  perStream(u"core_busy_pct", &Sample::coreBusyPct);
  return out;
}

// What the engine measured for one result; the analysis is left to analyse().
RunResult resultOf(const QJsonObject& r)
{
  RunResult run;
  run.workload = parseWorkload(text(r[u"workload"])).value_or(Workload::HashFile);
  run.algorithm = text(r[u"algorithm"]);
  run.tool = text(r[u"tool"]);
  run.location = std::filesystem::path(r[u"location"].toString().toStdU16String());
  run.target = std::filesystem::path(r[u"target"].toString().toStdU16String());
  const QJsonObject device = r[u"device"].toObject();
  run.storage.path = run.location;
  run.storage.device.name = text(device[u"name"]);
  run.storage.device.partition = text(device[u"partition"]);
  run.storage.device.model = text(device[u"model"]);
  run.storage.device.rotational = device[u"rotational"].toBool();
  run.storage.kind = mediaKindOf(text(device[u"kind"]));
  run.storage.label = text(device[u"label"]);
  run.storage.filesystem = text(r[u"filesystem"]);
  run.streams = std::max(1, r[u"streams"].toInt(1));
  run.hashThreads = unsigned(std::max(0, r[u"hash_threads"].toInt(0)));
  run.queueDepth = std::max(0, r[u"queue_depth"].toInt(0));
  run.readPath = parseReadPath(text(r[u"read_path"])).value_or(ReadPath::Auto);
  run.blockSize = u64(r[u"block_size"]);
  run.cache = parseCacheMode(text(r[u"cache"])).value_or(CacheMode::AsIs);
  run.cacheMethod = parseCacheMethod(text(r[u"cache_method"])).value_or(CacheMethod::NotApplicable);
  run.cacheNote = text(r[u"cache_note"]);
  run.readMethods = parseReadMethods(text(r[u"read_method"])).value_or(ReadMethods{});
  run.bytes = u64(r[u"bytes"]);
  run.files = u64(r[u"files"]);
  run.seconds = r[u"seconds"].toDouble();
  run.userSeconds = r[u"user_seconds"].toDouble();
  run.systemSeconds = r[u"system_seconds"].toDouble();
  run.ownReadBytes = optU64(r[u"own_read_bytes"]);
  for (FetchBasis basis : {FetchBasis::ProcessIo, FetchBasis::MountCounters, FetchBasis::PageCache,
                           FetchBasis::DirectIo, FetchBasis::Interface}) {
    if (toString(basis) == text(r[u"fetched_by"]))
      run.fetchedBy = basis;
  }
  if (r[u"round_trip_ms"].isDouble())
    run.roundTripMs = r[u"round_trip_ms"].toDouble();
  run.passes = passesOf(r[u"passes"].toArray());
  run.pairedReads = passesOf(r[u"paired_reads"].toArray());
  for (const QJsonValue& v : r[u"per_stream"].toArray()) {
    const QJsonObject s = v.toObject();
    StreamResult stream;
    stream.bytes = u64(s[u"bytes"]);
    stream.wallSeconds = s[u"wall_seconds"].toDouble();
    stream.cpuSeconds = s[u"cpu_seconds"].toDouble();
    stream.readerCpuSeconds = s[u"reader_cpu_seconds"].toDouble();
    stream.waitSeconds = s[u"wait_seconds"].toDouble();
    stream.busySeconds = s[u"busy_seconds"].toDouble();
    stream.files = u64(s[u"files"]);
    run.perStream.push_back(stream);
  }
  run.digest = text(r[u"digest"]);
  if (r[u"digest_matches"].isBool())
    run.digestMatches = r[u"digest_matches"].toBool();
  run.cancelled = r[u"cancelled"].toBool();
  run.error = text(r[u"error"]);
  for (const QJsonValue& e : r[u"file_errors"].toArray())
    run.fileErrors.push_back(text(e));
  run.samples = samplesOf(r[u"samples"].toObject());
  return run;
}

}  // namespace

std::optional<LoadedRun> readRun(const QByteArray& json, QString* error)
{
  const auto fail = [error](const QString& why) {
    if (error)
      *error = why;
    return std::nullopt;
  };
  // The library's own reader first: it refuses what is not a run document, with a sentence naming the field.
  RunDocument doc;
  try {
    doc = readRunDocument(std::string_view(json.constData(), std::size_t(json.size())));
  } catch (const std::exception& e) {
    return fail(QString::fromUtf8(e.what()));
  }
  QJsonParseError parse;
  const QJsonDocument root = QJsonDocument::fromJson(json.startsWith("\xEF\xBB\xBF") ? json.mid(3) : json, &parse);
  if (!root.isObject())
    return fail(tr("The run cannot be read back: %1").arg(parse.errorString()));
  LoadedRun run;
  for (const QJsonValue& r : root[u"results"].toArray())
    run.results.push_back(resultOf(r.toObject()));
  if (run.results.empty())
    return fail(tr("The run holds no results."));
  // Every result against the whole run's ceilings, as the suite does once all its steps ran.
  const std::vector<RunResult> all = run.results;
  for (RunResult& r : run.results)
    analyse(r, ceilingsFor(r, all));
  run.when.startedAt = doc.startedAt;
  run.when.finishedAt = doc.finishedAt;
  run.when.status = doc.status;
  run.machine = doc.machine;
  run.version = QString::fromStdString(doc.version);
  return run;
}

}  // namespace hashscope::gui
