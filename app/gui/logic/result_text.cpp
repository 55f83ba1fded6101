#include "logic/result_text.hpp"

#include <QGuiApplication>
#include <QPalette>

#include <QCoreApplication>
#include <QStringList>

#include <cmath>
#include <variant>

#include "hashscope/analysis.hpp"
#include "hashscope/evidence.hpp"

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
  case MediaKind::VirtualDisk: return tr("virtual disk");
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
  return {};
}

QString memoryBackedNote(const RunResult& result)
{
  if (!result.analysis || !result.analysis->memoryBacked || result.analysis->servedFromCache)
    return {};
  return tr("RAM-backed location: no disk was involved.");
}

QColor warningTextColor()
{
  const QPalette palette = QGuiApplication::palette();
  const bool dark = palette.color(QPalette::Base).lightness() < 128 || palette.color(QPalette::Window).lightness() < 128;
  return dark ? QColor(0xFF, 0x8A, 0x80) : QColor(0xC0, 0x39, 0x2B);
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
  case FlagCode::WithinReferenceSpread:
    return tr("Above the limit by less than its reference's own spread: that reference's passes ranged %1–%2, "
              "and the limit is their median.")
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
    case LimitReason::HashReferenceVaried:
      return tr("Limit estimate unreliable: this run's own threads hashed at %1 per CPU second, faster than the "
                "hash-memory reference (%2): the reference was low.")
          .arg(formatMBps(f.value2), formatMBps(f.value1));
    case LimitReason::Unexplained: break;
    }
    return tr("Limit estimate unreliable: the run exceeded it and nothing recorded explains why.");
  }
  return {};
}

namespace {

using namespace evidence;

QString reasonOf(const Why& w)
{
  const bool many = w.streams > 1;  // the thread or the threads (whole sentences, so each can be translated)
  switch (w.reason) {
  case VerdictReason::RunFailed: return tr("the run failed (%1)").arg(qs(w.error));
  case VerdictReason::RunCancelled: return tr("the run was cancelled");
  case VerdictReason::TooShort: return tr("the run was too short to measure");
  case VerdictReason::NoCounters: return tr("no thread CPU times or device counters were recorded");
  case VerdictReason::WorkerSaturated:
    if (w.workload == Workload::PeerTool)
      return tr("the tool was on the CPU nearly all the time");
    if (workloadTraits(w.workload).usesCache)
      return many ? tr("the threads were busy nearly all the time and hardly waited for data")
                  : tr("the thread was busy nearly all the time and hardly waited for data");
    return many ? tr("the threads were busy nearly all the time") : tr("the thread was busy nearly all the time");
  case VerdictReason::AtHashLimit: return tr("the run reached its limit, and the hash speed sets it");
  case VerdictReason::HashSlowerThanRam: return tr("the data is in RAM, where reading it is clearly faster than hashing it");
  case VerdictReason::CpuContended: return tr("every core was busy and other processes held a good part of them");
  case VerdictReason::DeviceSaturated:
    if (w.workload == Workload::Read || w.workload == Workload::Write)
      return tr("the device was busy");
    return many ? tr("the threads waited for data while the device was busy")
                : tr("the thread waited for data while the device was busy");
  case VerdictReason::ReaderBlocked:
    return many ? tr("the readers sat blocked in reads, off the CPU") : tr("the reader sat blocked in reads, off the CPU");
  case VerdictReason::WaitedForData:
    return many ? tr("the threads waited for data from storage") : tr("the thread waited for data from storage");
  case VerdictReason::AtReadLimit:
    return w.verdict == Verdict::MemoryBound ? tr("the run reached the speed of reading its data out of RAM")
                                             : tr("the run reached the location's read ceiling");
  case VerdictReason::QueueDepthLimited:
    return w.deeper ? tr("the queue depth, not the device, limited it: %n read(s) in flight, where the device gives %1 "
                         "with %2",
                         nullptr, w.inFlight)
                          .arg(formatMBps(w.deeper->mbps))
                          .arg(w.deeper->ceiling.inFlight())
                    : tr("the queue depth, not the device, limited it: %n read(s) in flight", nullptr, w.inFlight);
  case VerdictReason::MemoryBacked: return tr("the data is in RAM (a RAM-backed location, no device)");
  case VerdictReason::ServedFromCache: return tr("the data came from the page cache, not the device");
  case VerdictReason::WaitedForRam:
    return many ? tr("the threads waited for data copied out of RAM") : tr("the thread waited for data copied out of RAM");
  case VerdictReason::RamSlowerThanHash: return tr("the data is in RAM, where hashing it is clearly faster than reading it");
  case VerdictReason::BelowHashSpeed: return tr("hashing data in RAM ran well below the hash speed without waiting for data");
  case VerdictReason::NearMemorySpeed: return tr("hashing ran at the speed of a memory copy");
  case VerdictReason::MemoryCopy: return tr("a copy in RAM measures memory");
  case VerdictReason::LinkSaturated:
    if (w.link && w.link->linkMBps > 0)
      return tr("the link (%1, %2) carried the data at its speed").arg(qs(w.link->interfaceName), formatMBps(w.link->linkMBps));
    return tr("the link carried the data at its speed");
  case VerdictReason::ServerLimited:
    if (w.link && w.link->none && w.link->fuseDaemon)
      return many ? tr("the threads waited for data from the filesystem, and no network link carries it: its server "
                       "(a FUSE daemon on this machine) delivered no faster")
                  : tr("the thread waited for data from the filesystem, and no network link carries it: its server "
                       "(a FUSE daemon on this machine) delivered no faster");
    if (w.link && w.link->none)
      return many ? tr("the threads waited for data from the filesystem, and no network link carries it: its server "
                       "(on this machine) delivered no faster")
                  : tr("the thread waited for data from the filesystem, and no network link carries it: its server "
                       "(on this machine) delivered no faster");
    if (w.link && w.link->linkMBps > 0)
      return (many ? tr("the threads waited for data while the link (%1, %2) had room: the server delivered no faster")
                   : tr("the thread waited for data while the link (%1, %2) had room: the server delivered no faster"))
          .arg(qs(w.link->interfaceName), formatMBps(w.link->linkMBps));
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

QString pct(double v) { return QString::number(std::max(0.0, v), 'f', 0); }

// "the md5 thread was busy 99% of the time", "the 4 sha256 threads were busy ...": whole sentences, so each
// can be translated.
QString busyText(const Threads& t, const QString& busy)
{
  const bool many = t.streams > 1;
  if (!t.what.empty())
    return (many ? tr("the %n %1 threads were busy %2% of the time", nullptr, t.streams)
                 : tr("the %1 thread was busy %2% of the time"))
        .arg(qs(t.what), busy);
  switch (t.workload) {
  case Workload::Write:
    return many ? tr("the %n writing threads were busy %1% of the time", nullptr, t.streams).arg(busy)
                : tr("the writing thread was busy %1% of the time").arg(busy);
  case Workload::Memory:
    return many ? tr("the %n copying threads were busy %1% of the time", nullptr, t.streams).arg(busy)
                : tr("the copying thread was busy %1% of the time").arg(busy);
  default:
    return many ? tr("the %n reading threads were busy %1% of the time", nullptr, t.streams).arg(busy)
                : tr("the reading thread was busy %1% of the time").arg(busy);
  }
}

// Where a ceiling was measured, when that is not this result's point.
QString pointText(const Ceiling& c)
{
  QString text = tr("measured with %n stream(s)", nullptr, c.streams);
  if (c.queueDepth > 0)
    text += tr(", %1 reads in flight").arg(c.inFlight());
  return text;
}

QString hashAloneText(const HashAlone& h)
{
  const Ceiling& c = h.ceiling.ceiling;
  if (c.threadsPerStream > 1)
    return tr("%1 alone at %2 on %3 threads").arg(qs(h.algorithm), formatMBps(c.mbps)).arg(c.threadsPerStream);
  return h.streams > 1 ? tr("%1 alone at %2 per core").arg(qs(h.algorithm), formatMBps(c.mbps))
                       : tr("%1 alone at %2 on a whole core").arg(qs(h.algorithm), formatMBps(c.mbps));
}

// The sentence after the reason, clause by clause in the order core gives them.
QString figures(const std::vector<Clause>& clauses)
{
  QString s;
  QStringList refs;
  const auto limitOpening = [&refs]() {
    const QString opening = refs.isEmpty() ? tr("; ") : tr("; %1, so ").arg(refs.join(tr(", ")));
    refs.clear();
    return opening;
  };
  for (const Clause& clause : clauses) {
    std::visit(Overloaded{
                   [](const Why&) {},
                   [&](const Threads& t) {
                     s += busyText(t, pct(t.busyPct));
                     if (t.onCpuPct)
                       s += tr(" (on the CPU %1%)").arg(pct(*t.onCpuPct));
                     if (t.waitPct)
                       s += tr(" and waited for data %1%").arg(pct(*t.waitPct));
                   },
                   [&](const Readers& r) {
                     s += (r.streams > 1 ? tr("the %n reader threads were on the CPU %1% of the time", nullptr, r.streams)
                                         : tr("the reader thread was on the CPU %1% of the time"))
                              .arg(pct(r.onCpuPct));
                   },
                   [&](const Tool& t) {
                     s += tr("%1 used the CPU %2% of the time").arg(t.name.empty() ? tr("the tool") : qs(t.name), pct(t.cpuPct));
                   },
                   [&](const NoThreadTimes&) { s += tr("no thread CPU times were recorded"); },
                   [&](const StreamsOverCores& o) { s += tr(" (%1 streams on %2 cores)").arg(o.streams).arg(o.cores); },
                   [&](const FromRam& r) {
                     s += r.filesystem.empty() ? tr(" while the data came from RAM (no disk device)")
                                               : tr(" while the data came from RAM (%1, no disk device)").arg(qs(r.filesystem));
                   },
                   [&](const Disk& d) {
                     s += d.device.empty() ? tr(" while the disk was busy %1% and delivered %2")
                                                 .arg(pct(d.busyPct), formatBytes(d.deliveredBytes))
                                           : tr(" while the disk (%1) was busy %2% and delivered %3")
                                                 .arg(qs(d.device), pct(d.busyPct), formatBytes(d.deliveredBytes));
                   },
                   [&](const NoDiskCounters&) { s += tr(" while no disk counters were available"); },
                   [&](const Remote& r) {
                     s += r.deliveredBytes ? tr(" while the filesystem delivered %1").arg(formatBytes(*r.deliveredBytes))
                                           : tr(" while what the filesystem delivered was not counted");
                     if (r.interfaceBytes)
                       s += tr(" and %1 received %2 (%3, every process)")
                                .arg(qs(r.interfaceName), formatBytes(*r.interfaceBytes), formatMBps(r.interfaceMBps));
                     if (r.roundTripMs)
                       s += tr("; one small read takes %1 ms").arg(*r.roundTripMs, 0, 'f', *r.roundTripMs < 10 ? 2 : 1);
                     if (r.manyStreams > 1)
                       s += tr("; one stream got %1, %n streams %2", nullptr, r.manyStreams)
                                .arg(formatMBps(r.oneStreamMBps), formatMBps(r.manyStreamsMBps));
                   },
                   [&](const Machine& m) {
                     s += tr(", with the whole CPU %1% busy").arg(pct(m.cpuBusyPct));
                     if (m.otherCores)
                       s += tr(" (%1 of its %2 cores taken by other processes)").arg(*m.otherCores, 0, 'f', 1).arg(m.cores);
                   },
                   [&](const ReadAlone& r) {
                     refs << (r.beside ? tr("reading alone between its passes runs at %1") : tr("reading alone runs at %1"))
                                     .arg(formatMBps(r.ceiling.mbps)) +
                                 (r.otherPoint ? QStringLiteral(" (") + pointText(r.ceiling.ceiling) + QLatin1Char(')') : QString());
                   },
                   [&](const HashAlone& h) { refs << hashAloneText(h); },
                   [&](const NotMeasured& n) {
                     if (n.side == CeilingKind::Hash)
                       refs << tr("no hash ceiling was measured with %n stream(s)", nullptr, n.streams);
                     else if (n.access == ReadAccess::Mapped)
                       refs << tr("no read ceiling was measured with %n stream(s) of mapped pages", nullptr, n.streams);
                     else if (n.access == ReadAccess::Copy)
                       refs << tr("no read ceiling was measured with %n stream(s) of read() copies", nullptr, n.streams);
                     else
                       refs << tr("no read ceiling was measured with %n stream(s)", nullptr, n.streams);
                   },
                   [&](const LimitReached& l) {
                     s += limitOpening() + tr("%1 is the limit and this run reached %2% of it (%3)")
                                               .arg(formatMBps(l.limitMBps), pct(100 * l.efficiency), formatMBps(l.achievedMBps));
                   },
                   [&](const LimitExceeded& l) {
                     s += limitOpening() + tr("%1 was the limit estimate, but this run reached %2: the estimate is unreliable")
                                               .arg(formatMBps(l.limitMBps), formatMBps(l.achievedMBps));
                   },
                   [&](const RanAt& r) {
                     const QString opening = refs.isEmpty() ? tr("; ") : tr("; %1; ").arg(refs.join(tr(", ")));
                     refs.clear();
                     s += opening + tr("it ran at %1").arg(formatMBps(r.achievedMBps));
                   },
                   [&](const Digest& d) {
                     switch (d.state) {
                     case Digest::State::Matches: s += tr("; its digest matches HashScope's"); break;
                     case Digest::State::Differs: s += tr("; its digest DIFFERS from HashScope's"); break;
                     case Digest::State::NoDigest: s += tr("; its digest was not checked (no HashScope digest to compare with)"); break;
                     case Digest::State::NotComputed:
                       s += tr("; its digest was not checked (HashScope does not compute %1)")
                                .arg(d.algorithm.empty() ? tr("it") : qs(d.algorithm));
                       break;
                     }
                   },
               },
               clause);
  }
  return s;
}

}  // namespace

QString reasonText(const RunResult& r)
{
  const std::vector<Clause> clauses = clausesOf(r);
  return clauses.empty() ? QString() : reasonOf(std::get<Why>(clauses.front()));
}

QString evidenceText(const RunResult& r)
{
  const std::vector<Clause> clauses = clausesOf(r);
  if (clauses.empty())
    return {};
  const Why& w = std::get<Why>(clauses.front());
  // Why the verdict first; a run that measured nothing has no numbers worth stating.
  QString why = verdictName(w.verdict) % QStringLiteral(": ") % reasonOf(w);
  why[0] = why[0].toUpper();  // "memory-bound" opens a sentence here
  if (clauses.size() == 1)
    return why % QLatin1Char('.');
  QString text = figures(clauses);
  if (!text.isEmpty() && !std::holds_alternative<Tool>(clauses[1]))  // a tool's name keeps its spelling
    text[0] = text[0].toUpper();
  return why % QStringLiteral(". ") % text % QLatin1Char('.');
}

QString verdictSentenceHtml(const RunResult& result, const QColor& warningColour)
{
  QString html = QStringLiteral("<p><b>") % resultTitle(result).toHtmlEscaped() % QStringLiteral("</b>: ");
  if (!result.error.empty())
    return html % tr("failed: %1").arg(qs(result.error).toHtmlEscaped()) % QStringLiteral("</p>");
  if (result.cancelled)
    return html % tr("cancelled.") % QStringLiteral("</p>");
  const ShownSpeed shown = shownSpeed(result);
  html += shown.perCore ? tr("%1 per core").arg(formatMBps(shown.mbps)) : formatMBps(shown.mbps);
  if (shown.perCore && shown.maxMBps > shown.minMBps)
    html += tr(" (its passes in every location: %1–%2)").arg(formatMBps(shown.minMBps), formatMBps(shown.maxMBps));
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
    const QString colour = (warningColour.isValid() ? warningColour : warningTextColor()).name();
    for (const QString& warning : warnings)
      html += QStringLiteral(" <span style=\"color:") % colour % QStringLiteral("\"><b>") % warning.toHtmlEscaped() %
              QStringLiteral("</b></span>");
    if (const QString note = memoryBackedNote(result); !note.isEmpty())
      html += QStringLiteral(" <i>") % note.toHtmlEscaped() % QStringLiteral("</i>");
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
