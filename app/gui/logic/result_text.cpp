#include "logic/result_text.hpp"

#include <QGuiApplication>
#include <QPalette>

#include <QCoreApplication>
#include <QStringList>

#include <cmath>
#include <variant>

#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "words.hpp"

namespace hashscope::gui {

namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::ResultText", text, disambiguation, n);
}
}  // namespace

QString verdictName(Verdict verdict) { return qs(words::verdictName(verdict)); }

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
    return qs(words::flagSentence(FlagCode::ServedFromCache));
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

QString flagText(const Flag& f) { return qs(words::flagSentence(f)); }

QString reasonText(const RunResult& r) { return qs(words::reasonText(r)); }

QString evidenceText(const RunResult& r) { return qs(words::evidence(r)); }

QString verdictSentenceHtml(const RunResult& result, const QColor& warningColour)
{
  QString html = QStringLiteral("<p><b>") % resultTitle(result).toHtmlEscaped() % QStringLiteral("</b>: ");
  if (!result.error.empty())
    return html % tr("failed: %1").arg(qs(result.error).toHtmlEscaped()) % QStringLiteral("</p>");
  if (result.cancelled)
    return html % tr("cancelled.") % QStringLiteral("</p>");
  const Figures figures = figuresOf(result);
  html += qs(words::mbps(figures.mbps));
  if (figures.passes > 1)
    html += tr(" (%1 to %2 over %3 passes)").arg(qs(words::mbps(figures.minMBps)), qs(words::mbps(figures.maxMBps))).arg(figures.passes);
  html += QStringLiteral(". ");
  if (result.analysis) {
    // The evidence opens with the verdict's name: said once.
    const QString evidence = evidenceText(result).toHtmlEscaped();
    const qsizetype colon = evidence.indexOf(QLatin1Char(':'));
    html += colon > 0 ? QStringLiteral("<b>") % evidence.left(colon) % QStringLiteral("</b>") % evidence.mid(colon) : evidence;
    for (const std::string& note : {words::perCoreText(result, figures), words::deliveredNote(figures)}) {
      if (!note.empty())
        html += QLatin1Char(' ') % qs(note).toHtmlEscaped();
    }
    // Its marks, the page cache's first: it changes what the whole line means.
    QStringList warnings;
    for (const Flag& f : figures.marks)
      (f.code == FlagCode::ServedFromCache ? warnings.prepend(flagText(f)) : warnings.append(flagText(f)));
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
