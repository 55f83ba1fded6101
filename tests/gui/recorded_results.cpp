#include "recorded_results.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <stdexcept>

namespace hashscope::gui::test {

namespace {

template <typename Enum>
Enum parseNamed(const QString& text, std::initializer_list<Enum> values, Enum fallback)
{
  for (Enum v : values) {
    if (text.toStdString() == toString(v))
      return v;
  }
  return fallback;
}

Verdict verdictOf(const QJsonValue& v)
{
  return parseNamed(v.toString(), {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed},
                    Verdict::Unknown);
}

RunResult resultOf(const QJsonObject& o)
{
  RunResult r;
  r.workload = parseWorkload(o[QLatin1String("workload")].toString().toStdString()).value_or(Workload::HashFile);
  r.algorithm = o[QLatin1String("algorithm")].toString().toStdString();
  r.tool = o[QLatin1String("tool")].toString().toStdString();
  r.location = o[QLatin1String("location")].toString().toStdString();
  r.target = o[QLatin1String("target")].toString().toStdString();
  r.streams = o[QLatin1String("streams")].toInt(1);
  r.cache = parseCacheMode(o[QLatin1String("cache")].toString().toStdString()).value_or(CacheMode::AsIs);
  r.cacheMethod = parseCacheMethod(o[QLatin1String("cache_method")].toString().toStdString())
                      .value_or(CacheMethod::NotApplicable);
  r.bytes = std::uint64_t(o[QLatin1String("bytes")].toDouble());
  r.seconds = o[QLatin1String("seconds")].toDouble();
  r.cancelled = o[QLatin1String("cancelled")].toBool();
  r.error = o[QLatin1String("error")].toString().toStdString();
  r.storage.filesystem = o[QLatin1String("filesystem")].toString().toStdString();
  const QJsonObject device = o[QLatin1String("device")].toObject();
  r.storage.device.name = device[QLatin1String("name")].toString().toStdString();
  r.storage.device.model = device[QLatin1String("model")].toString().toStdString();
  r.storage.label = device[QLatin1String("label")].toString().toStdString();
  for (const QJsonValue& p : o[QLatin1String("passes")].toArray()) {
    PassResult pass;
    pass.bytes = std::uint64_t(p[QLatin1String("bytes")].toDouble());
    pass.seconds = p[QLatin1String("seconds")].toDouble();
    r.passes.push_back(pass);
  }
  if (o.contains(QLatin1String("verdict"))) {
    Analysis a;
    a.verdict = verdictOf(o[QLatin1String("verdict")]);
    a.servedFromCache = o[QLatin1String("served_from_cache")].toBool();
    a.memoryBacked = o[QLatin1String("memory_backed")].toBool();
    // The limit's two sides as recorded: the read ceiling, and the hash ceiling per core (which set the limit
    // when the limit is below the read ceiling).
    const double limit = o[QLatin1String("limit_mb_per_s")].toDouble();
    const double read = o[QLatin1String("read_mb_per_s")].toDouble();
    const double hash = o[QLatin1String("hash_mb_per_s")].toDouble();
    if (read > 0) {
      Ceiling c;
      c.kind = CeilingKind::Read;
      c.source = CeilingSource::ReadPass;
      c.mbps = read;
      a.limit.read = CeilingAt{c, read};
    }
    if (hash > 0) {
      Ceiling c;
      c.algorithm = r.algorithm;
      c.basis = CeilingBasis::PerCpuSecond;
      c.mbps = c.minMBps = c.maxMBps = hash;
      a.limit.hash = CeilingAt{c, limit > 0 && (read <= 0 || limit < read) ? limit : hash * std::max(1, r.streams)};
      // Before /5 a hash-memory result's hash side was the per-core figure pooled from every such pass: the
      // figure it shows (StepContext::perCore).
      if (r.workload == Workload::HashMemory)
        a.perCore = a.limit.hash;
    }
    a.efficiency = o[QLatin1String("efficiency")].toDouble();
    a.workerBusyPct = o[QLatin1String("worker_busy_pct")].toDouble();
    a.waitPct = o[QLatin1String("wait_pct")].toDouble();
    a.diskBusyPct = o[QLatin1String("disk_busy_pct")].toDouble();
    a.cpuBusyPct = o[QLatin1String("cpu_busy_pct")].toDouble();
    a.deviceReadBytes = std::uint64_t(o[QLatin1String("device_read_bytes")].toDouble());
    a.otherCores = o[QLatin1String("other_cores")].toDouble(-1);
    // "evidence": {"reason": ...} since the reason codes; older files (board_suite.json) carry a sentence.
    const QString reason = o[QLatin1String("evidence")].toObject()[QLatin1String("reason")].toString();
    a.reason = verdictReasonFromString(reason.toStdString()).value_or(a.reason);
    for (const QJsonValue& f : o[QLatin1String("flags")].toArray()) {
      Flag flag;
      flag.code = parseNamed(f[QLatin1String("code")].toString(),
                             {FlagCode::MachineBusy, FlagCode::WideSpread, FlagCode::LimitUnreliable,
                              FlagCode::ServedFromCache, FlagCode::WithinReferenceSpread},
                             FlagCode::MachineBusy);
      flag.value1 = f[QLatin1String("value1")].toDouble();
      flag.value2 = f[QLatin1String("value2")].toDouble();
      flag.reason = parseNamed(f[QLatin1String("reason")].toString(),
                               {LimitReason::PartlyFromCache, LimitReason::ReferenceVaried, LimitReason::NoDeviceFigure},
                               LimitReason::Unexplained);
      a.flags.push_back(flag);
    }
    r.analysis = a;
  }
  const QJsonObject s = o[QLatin1String("samples")].toObject();
  const QJsonArray t = s[QLatin1String("t")].toArray();
  for (int i = 0; i < t.size(); ++i) {
    Sample sample;
    sample.t = t[i].toDouble();
    sample.interval = s[QLatin1String("interval")].toArray()[i].toDouble();
    sample.totalMBps = s[QLatin1String("total_mb_per_s")].toArray()[i].toDouble();
    sample.totalBytes = std::uint64_t(s[QLatin1String("total_bytes")].toArray()[i].toDouble());
    sample.verdict = verdictOf(s[QLatin1String("verdict")].toArray()[i]);
    r.samples.push_back(sample);
  }
  return r;
}

}  // namespace

std::vector<RunResult> loadRecordedResults(const QString& file)
{
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly))
    throw std::runtime_error("cannot read " + file.toStdString());
  const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
  if (!doc[QLatin1String("schema")].toString().startsWith(QLatin1String("hashscope.run/")))
    throw std::runtime_error(file.toStdString() + " is not a hashscope.run file");
  std::vector<RunResult> results;
  for (const QJsonValue& r : doc[QLatin1String("results")].toArray())
    results.push_back(resultOf(r.toObject()));
  return results;
}

}  // namespace hashscope::gui::test
