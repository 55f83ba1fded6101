#include "logic/result_text.hpp"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace hashscope::gui {

namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::ResultText", text, disambiguation, n);
}
}  // namespace

QString verdictName(Verdict verdict)
{
  switch (verdict) {
  case Verdict::CpuBound: return tr("CPU-bound");
  case Verdict::IoBound: return tr("I/O-bound");
  case Verdict::MemoryBound: return tr("memory-bound");
  case Verdict::Mixed: return tr("mixed");
  case Verdict::NetworkBound: return tr("network-bound");
  case Verdict::ServerBound: return tr("server-bound");
  case Verdict::Unknown: break;
  }
  return tr("unknown");
}

QColor verdictColor(Verdict verdict)
{
  // Mid-saturation hues with alpha: they tint the background without hiding lines, on light or dark.
  switch (verdict) {
  case Verdict::CpuBound: return QColor(230, 120, 40, 90);
  case Verdict::IoBound: return QColor(50, 120, 220, 90);
  case Verdict::MemoryBound: return QColor(60, 170, 90, 90);
  case Verdict::Mixed: return QColor(150, 110, 200, 90);
  case Verdict::NetworkBound: return QColor(86, 180, 233, 90);
  case Verdict::ServerBound: return QColor(230, 159, 0, 90);
  case Verdict::Unknown: break;
  }
  return QColor(128, 128, 128, 50);
}

QString mediaBadge(MediaKind kind)
{
  switch (kind) {
  case MediaKind::Ssd: return tr("SSD");
  case MediaKind::Hdd: return tr("HDD");
  case MediaKind::Ram: return tr("RAM");
  case MediaKind::Network: return tr("network");
  case MediaKind::Fuse: return tr("FUSE");
  case MediaKind::Removable: return tr("removable");
  case MediaKind::Virtual: return tr("virtual");
  case MediaKind::Unknown: break;
  }
  return tr("unknown");
}

QString formatBytes(std::uint64_t bytes) { return qs(hashscope::formatBytes(bytes)); }

QString formatMBps(double mbps)
{
  if (mbps <= 0)
    return QStringLiteral("—");
  const int decimals = mbps >= 100 ? 0 : (mbps >= 10 ? 1 : 2);
  return tr("%1 MB/s").arg(mbps, 0, 'f', decimals);
}

QString formatDuration(double seconds)
{
  if (!(seconds >= 0) || !std::isfinite(seconds))
    return QStringLiteral("—");
  const auto total = static_cast<long long>(std::llround(seconds));
  if (total < 60)
    return tr("%1 s").arg(total);
  if (total < 3600)
    return tr("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
  return tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString workloadName(Workload workload) { return qs(toString(workload)); }

QString cacheLabel(const RunResult& result)
{
  const QString requested = qs(toString(result.cache));
  if (result.cacheMethod == CacheMethod::NotApplicable || toString(result.cacheMethod) == toString(result.cache))
    return requested;
  return requested % QStringLiteral(" (") % qs(toString(result.cacheMethod)) % QLatin1Char(')');
}

QString resultTitle(const RunResult& result)
{
  QString what = result.algorithm.empty() ? QString() : qs(result.algorithm) % QLatin1Char(' ');
  if (result.workload == Workload::PeerTool)
    what = qs(result.tool.empty() ? result.algorithm : result.tool) % QLatin1Char(' ');
  QString title = what % workloadName(result.workload);
  if (workloadTraits(result.workload).usesCache && result.workload != Workload::PeerTool)
    title += QStringLiteral(" (") % qs(toString(result.cache)) % QLatin1Char(')');
  if (result.streams > 1)
    title += tr(", %n streams", nullptr, result.streams);
  return title % QStringLiteral(", ") % qs(result.location);
}

QString deviceLabel(const StorageInfo& info)
{
  if (info.kind == MediaKind::Ram)
    return tr("RAM, no device");
  if (info.device.name.empty())
    return info.source.empty() ? tr("no device") : qs(info.source);
  return qs(info.device.name) % QStringLiteral(" (") % mediaBadge(info.kind) % QLatin1Char(')');
}

QString cacheWarning(const RunResult& result)
{
  if (!result.analysis)
    return {};
  for (const Flag& f : result.analysis->flags) {
    if (f.code == FlagCode::ServedFromCache)
      return flagText(f);
  }
  if (result.analysis->servedFromCache)
    return tr("Served from the page cache: this result describes RAM, not the disk.");
  if (result.analysis->memoryBacked)
    return tr("RAM-backed location: no disk was involved.");
  return {};
}

QString flagText(const Flag& f)
{
  const auto mb = [](double bytes) { return formatBytes(std::uint64_t(bytes)); };
  switch (f.code) {
  case FlagCode::MachineBusy:
    return tr("Machine busy, not representative: other processes used %1 of the %2 cores during this step.")
        .arg(f.value1, 0, 'f', 1)
        .arg(f.value2, 0, 'f', 0);
  case FlagCode::WideSpread:
    return tr("The speed varied %1–%2 between passes (the median is shown).")
        .arg(formatMBps(f.value1), formatMBps(f.value2));
  case FlagCode::ServedFromCache:
    return tr("Served from the page cache (%1 fetched from storage for %2): this result describes RAM, not the disk.")
        .arg(mb(f.value1), mb(f.value2));
  case FlagCode::LimitUnreliable:
    switch (f.reason) {
    case LimitReason::PartlyFromCache:
      return tr("Limit estimate unreliable: part of the file came from the page cache (%1 fetched from storage "
                "of %2).")
          .arg(mb(f.value1), mb(f.value2));
    case LimitReason::ReferenceVaried:
      return tr("Limit estimate unreliable: the device's read speed varied %1–%2 between passes.")
          .arg(formatMBps(f.value1), formatMBps(f.value2));
    case LimitReason::NoDeviceFigure:
      return tr("Limit estimate unreliable: no device figure could confirm the read ceiling.");
    case LimitReason::Unexplained: break;
    }
    return tr("Limit estimate unreliable: the run exceeded it and nothing recorded explains why.");
  }
  return {};
}

QString reasonText(const RunResult& r)
{
  if (!r.analysis)
    return {};
  const Analysis& a = *r.analysis;
  const bool many = r.streams > 1;  // the thread or the threads (whole sentences, so each can be translated)
  switch (a.reason) {
  case VerdictReason::RunFailed: return tr("the run failed (%1)").arg(qs(r.error));
  case VerdictReason::RunCancelled: return tr("the run was cancelled");
  case VerdictReason::TooShort: return tr("the run was too short to measure");
  case VerdictReason::NoCounters: return tr("no thread CPU times or device counters were recorded");
  case VerdictReason::WorkerSaturated:
    if (r.workload == Workload::PeerTool)
      return tr("the tool was on the CPU nearly all the time");
    if (workloadTraits(r.workload).usesCache)
      return many ? tr("the threads were busy nearly all the time and hardly waited for data")
                  : tr("the thread was busy nearly all the time and hardly waited for data");
    return many ? tr("the threads were busy nearly all the time") : tr("the thread was busy nearly all the time");
  case VerdictReason::AtHashLimit: return tr("the run reached its limit, and the hash speed sets it");
  case VerdictReason::HashSlowerThanRam: return tr("the data is in RAM, where reading it is clearly faster than hashing it");
  case VerdictReason::CpuContended: return tr("every core was busy and other processes held a good part of them");
  case VerdictReason::DeviceSaturated:
    if (r.workload == Workload::Read || r.workload == Workload::Write)
      return tr("the device was busy");
    return many ? tr("the threads waited for data while the device was busy")
                : tr("the thread waited for data while the device was busy");
  case VerdictReason::ReaderBlocked:
    return many ? tr("the readers sat blocked in reads, off the CPU") : tr("the reader sat blocked in reads, off the CPU");
  case VerdictReason::WaitedForData:
    return many ? tr("the threads waited for data from storage") : tr("the thread waited for data from storage");
  case VerdictReason::AtReadLimit:
    return a.verdict == Verdict::MemoryBound ? tr("the run reached the speed of reading its data out of RAM")
                                             : tr("the run reached the location's read ceiling");
  case VerdictReason::MemoryBacked: return tr("the data is in RAM (a RAM-backed location, no device)");
  case VerdictReason::ServedFromCache: return tr("the data came from the page cache, not the device");
  case VerdictReason::WaitedForRam:
    return many ? tr("the threads waited for data copied out of RAM") : tr("the thread waited for data copied out of RAM");
  case VerdictReason::RamSlowerThanHash: return tr("the data is in RAM, where hashing it is clearly faster than reading it");
  case VerdictReason::BelowHashSpeed: return tr("hashing data in RAM ran well below the hash speed without waiting for data");
  case VerdictReason::NearMemorySpeed: return tr("hashing ran at the speed of a memory copy");
  case VerdictReason::MemoryCopy: return tr("a copy in RAM measures memory");
  case VerdictReason::LinkSaturated: {
    const QString iface = qs(r.storage.remote.interfaceName);
    if (a.remote && a.remote->linkMBps > 0)
      return tr("the link (%1, %2) carried the data at its speed").arg(iface, formatMBps(a.remote->linkMBps));
    return tr("the link carried the data at its speed");
  }
  case VerdictReason::ServerLimited:
    if (a.remote && a.remote->linkIsMemory)
      return many ? tr("the threads waited for data from the filesystem, and no network link carries it: its server "
                       "on this machine delivered no faster")
                  : tr("the thread waited for data from the filesystem, and no network link carries it: its server "
                       "on this machine delivered no faster");
    if (a.remote && a.remote->linkMBps > 0)
      return (many ? tr("the threads waited for data while the link (%1, %2) had room: the server delivered no faster")
                   : tr("the thread waited for data while the link (%1, %2) had room: the server delivered no faster"))
          .arg(qs(r.storage.remote.interfaceName), formatMBps(a.remote->linkMBps));
    return many ? tr("the threads waited for data while more streams got more: the server answered each stream no faster")
                : tr("the thread waited for data while more streams got more: the server answered each stream no faster");
  case VerdictReason::ReaderOnCpu:
    return many ? tr("the threads waited for data, but the reader was on the CPU, not blocked on the device")
                : tr("the thread waited for data, but the reader was on the CPU, not blocked on the device");
  case VerdictReason::DeviceIdle:
    return many ? tr("the threads waited for data, but the device was mostly idle")
                : tr("the thread waited for data, but the device was mostly idle");
  case VerdictReason::NoDominantResource: return tr("no single resource explains the speed");
  }
  return {};
}

namespace {

// A network or FUSE location: what the filesystem delivered, what the interface carried, the round trip and
// one stream against several (the clause after "... waited for data N%").
QString remoteText(const RunResult& r, const RemoteEvidence& e)
{
  QString text = r.ownReadBytes ? tr(" while the filesystem delivered %1").arg(formatBytes(*r.ownReadBytes))
                                : tr(" while what the filesystem delivered was not counted");
  if (e.interfaceValid)
    text += tr(" and %1 received %2 (%3, every process)")
                .arg(qs(r.storage.remote.interfaceName), formatBytes(e.interfaceBytes), formatMBps(e.interfaceMBps));
  if (e.roundTripMs >= 0)
    text += tr("; one small read takes %1 ms").arg(e.roundTripMs, 0, 'f', e.roundTripMs < 10 ? 2 : 1);
  if (e.oneStreamMBps > 0 && e.manyStreams > 1)
    text += tr("; one stream got %1, %n streams %2", nullptr, e.manyStreams)
                .arg(formatMBps(e.oneStreamMBps), formatMBps(e.manyStreamsMBps));
  return text;
}

}  // namespace

QString evidenceText(const RunResult& r)
{
  if (!r.analysis)
    return {};
  const Analysis& a = *r.analysis;
  // Why the verdict first; a run that measured nothing has no numbers worth stating.
  QString why = verdictName(a.verdict) % QStringLiteral(": ") % reasonText(r);
  why[0] = why[0].toUpper();  // "memory-bound" opens a sentence here
  if (a.reason == VerdictReason::RunFailed || a.reason == VerdictReason::RunCancelled ||
      a.reason == VerdictReason::TooShort)
    return why % QLatin1Char('.');
  const auto pct = [](double v) { return QString::number(std::max(0.0, v), 'f', 0); };
  const WorkloadTraits traits = workloadTraits(r.workload);
  QString text;
  const QString what = r.algorithm.empty() ? QString() : qs(r.algorithm);
  const double busy = std::max(a.workerBusyPct, a.hashCallPct);
  if (r.workload == Workload::PeerTool) {
    text += tr("%1 used the CPU %2% of the time").arg(qs(r.tool.substr(0, r.tool.find(' '))), pct(a.workerBusyPct));
  } else if (r.workload == Workload::Read && a.readerCpuPct >= 0) {
    text += (r.streams > 1 ? tr("the %n reader threads were on the CPU %1% of the time", nullptr, r.streams)
                           : tr("the reader thread was on the CPU %1% of the time"))
                .arg(pct(a.readerCpuPct));
  } else if (!what.isEmpty()) {
    text += (r.streams > 1 ? tr("the %n %1 threads were busy %2% of the time", nullptr, r.streams)
                           : tr("the %1 thread was busy %2% of the time"))
                .arg(what, pct(busy));
    if (busy - a.workerBusyPct >= 10)
      text += tr(" (on the CPU %1%)").arg(pct(a.workerBusyPct));
    if (traits.readsFile || traits.targetsFolder)
      text += tr(" and waited for data %1%").arg(pct(a.waitPct));
  } else {
    text += tr("the threads were on the CPU %1% of the time").arg(pct(a.workerBusyPct));
  }
  if (a.memoryBacked)
    text += tr(" while the data came from RAM");
  else if (a.remote)
    text += remoteText(r, *a.remote);
  else if (traits.usesDisk && a.diskValid)
    text += tr(" while the disk was busy %1% and delivered %2").arg(pct(a.diskBusyPct), formatBytes(a.deviceReadBytes));
  text += tr(", with the whole CPU %1% busy").arg(pct(a.cpuBusyPct));
  if (a.limitMBps > 0 && a.efficiencyShown())
    text += tr("; %1 is the limit and this run reached %2% of it (%3)")
                .arg(formatMBps(a.limitMBps), pct(100 * a.efficiency), formatMBps(r.mbPerSec()));
  else if (a.limitMBps > 0)
    text += tr("; %1 was the limit estimate, but this run reached %2: the estimate is unreliable")
                .arg(formatMBps(a.limitMBps), formatMBps(r.mbPerSec()));
  else
    text += tr("; it ran at %1").arg(formatMBps(r.mbPerSec()));
  if (a.readMBps > 0 && r.workload != Workload::Read && traits.usesCache)
    text += tr(" (reading alone: %1").arg(formatMBps(a.readMBps)) %
            (a.hashMBps > 0 ? tr(", %1 alone: %2 on a whole core)").arg(what, formatMBps(a.hashMBps)) : QStringLiteral(")"));
  else if (a.hashMBps > 0 && r.workload != Workload::HashMemory)
    text += tr(" (%1 alone: %2 on a whole core)").arg(what, formatMBps(a.hashMBps));
  if (r.digestMatches)
    text += *r.digestMatches ? tr("; its digest matches HashScope's") : tr("; its digest DIFFERS from HashScope's");
  if (!text.isEmpty() && r.workload != Workload::PeerTool)  // a tool's name keeps its spelling
    text[0] = text[0].toUpper();
  return why % QStringLiteral(". ") % text % QLatin1Char('.');
}

QString verdictSentenceHtml(const RunResult& result)
{
  QString html = QStringLiteral("<p><b>") % resultTitle(result).toHtmlEscaped() % QStringLiteral("</b>: ");
  if (!result.error.empty())
    return html % tr("failed: %1").arg(qs(result.error).toHtmlEscaped()) % QStringLiteral("</p>");
  if (result.cancelled)
    return html % tr("cancelled.") % QStringLiteral("</p>");
  html += formatMBps(result.mbPerSec());
  if (result.analysis) {
    html += QStringLiteral(", <b>") % verdictName(result.analysis->verdict) % QStringLiteral("</b>. ");
    html += evidenceText(result).toHtmlEscaped();  // written here, through tr(): not the engine's English
    QStringList warnings;
    if (const QString cache = cacheWarning(result); !cache.isEmpty())
      warnings << cache;
    for (const Flag& f : result.analysis->flags) {
      if (f.code != FlagCode::ServedFromCache)
        warnings << flagText(f);
    }
    for (const QString& warning : warnings)
      html += QStringLiteral(" <span style=\"color:#c0392b\"><b>") % warning.toHtmlEscaped() %
              QStringLiteral("</b></span>");
  }
  return html % QStringLiteral("</p>");
}

double workerCpuPercent(const RunResult& result)
{
  if (result.analysis && result.analysis->workerBusyPct > 0)
    return result.analysis->workerBusyPct;
  if (result.perStream.empty())
    return 0;
  double sum = 0;
  int counted = 0;
  for (const StreamResult& stream : result.perStream) {
    if (stream.wallSeconds > 0) {
      sum += 100.0 * stream.cpuSeconds / stream.wallSeconds;
      ++counted;
    }
  }
  return counted ? sum / counted : 0;
}

}  // namespace hashscope::gui
