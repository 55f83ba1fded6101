#include "logic/report_html.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QSaveFile>
#include <QStringList>

#include <algorithm>

#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "logic/legend.hpp"
#include "logic/result_text.hpp"
#include "logic/scoreboard.hpp"

namespace hashscope::gui {

namespace {

QString tr(const char* text, const char* disambiguation = nullptr, int n = -1)
{
  return QCoreApplication::translate("hashscope::gui::Report", text, disambiguation, n);
}

QString esc(const QString& text) { return text.toHtmlEscaped(); }

const char* const kStyle = R"(
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1200px;
 padding:0 16px;color:#1a1a1a;background:#fff;line-height:1.4}
h1{margin-bottom:0}.meta{color:#555;margin-top:4px}
.headline{font-size:1.3em;font-weight:600;margin:16px 0;padding:12px 16px;background:#f3f6fa;border-left:4px solid #0072B2}
table.board{border-collapse:separate;border-spacing:6px}
table.board th{text-align:center;padding:4px}table.board th.row{text-align:right}
td.tile{border:1px solid #bbb;border-radius:6px;padding:8px 10px;min-width:170px;vertical-align:top;background:#fff}
td.empty{border:none}
.num{font-size:1.8em;font-weight:700}.unit{color:#444;margin-left:4px}
.badge{display:inline-block;border-radius:3px;padding:1px 6px;font-weight:700;font-size:.85em;margin-left:6px}
.top{white-space:nowrap}.small{font-size:.85em;color:#444}.warn{color:#a05a00;font-weight:700}
.pending{color:#777}
.caveat{color:#a03020;font-weight:700;margin:-8px 0 16px}
ul.legend{list-style:none;padding-left:0;columns:2}ul.legend li{margin:2px 0}
table.facts{border-collapse:collapse}table.facts td,table.facts th{border:1px solid #ccc;padding:3px 8px;text-align:left}
img.chart{max-width:100%;border:1px solid #ddd;margin:8px 0}
.flags li{margin:2px 0}
)";

QString tileHtml(const ScoreTile& t)
{
  if (t.kind == ScoreTile::Kind::Empty)
    return QStringLiteral("<td class=\"empty\"></td>");
  QString html = QStringLiteral("<td class=\"tile\" title=\"") % esc(t.toolTip()) % QStringLiteral("\">");
  if (!t.measured)
    return html % QStringLiteral("<span class=\"pending\">") % esc(t.unmeasuredText()) % QStringLiteral("</span></td>");
  if (t.failed)
    return html % QStringLiteral("<span class=\"warn\">") % esc(tr("failed")) % QStringLiteral("</span></td>");
  const SpeedText speed = speedText(t.mbps);
  // The number, unit, badge and mark stay on one line: a narrow tile wraps its small lines, not this one.
  html += QStringLiteral("<div class=\"top\"><span class=\"num\">") % esc(speed.number) % QStringLiteral("</span><span class=\"unit\">") %
          esc(speed.unit) % QStringLiteral("</span>");
  if (t.badge != Badge::None)
    html += QStringLiteral("<span class=\"badge\" style=\"background:%1;color:%2\">")
                .arg(badgeColor(t.badge).name(), badgeTextColor(t.badge).name()) %
            esc(badgeText(t.badge)) % QStringLiteral("</span>");
  if (!t.flags.isEmpty())  // its marks stay, whatever the caveat line says for the whole run
    html += QStringLiteral(" <span class=\"warn\" title=\"") % esc(t.flags.join(QLatin1Char('\n'))) %
            QStringLiteral("\">&#9888;</span>");
  html += QStringLiteral("</div>");
  for (const QString& line : {t.limitText(), t.spreadText()}) {
    if (!line.isEmpty())
      html += QStringLiteral("<div class=\"small\">") % esc(line) % QStringLiteral("</div>");
  }
  return html % QStringLiteral("</td>");
}

// The scoreboard's legend, as under the scoreboard in the app (logic/legend).
QString legendHtml()
{
  QString html = QStringLiteral("<ul class=\"legend small\">");
  for (const LegendEntry& e : scoreboardLegend()) {
    QString key;
    if (e.key == LegendEntry::Key::Badge)
      key = QStringLiteral("<span class=\"badge\" style=\"background:%1;color:%2\">")
                .arg(badgeColor(e.badge).name(), badgeTextColor(e.badge).name()) %
            esc(badgeText(e.badge)) % QStringLiteral("</span>");
    else if (e.key == LegendEntry::Key::Mark)
      key = QStringLiteral("<span class=\"warn\">") % esc(e.keyText) % QStringLiteral("</span>");
    else
      key = QStringLiteral("<b>") % esc(e.keyText) % QStringLiteral("</b>");
    html += QStringLiteral("<li>") % key % QStringLiteral(" ") % esc(e.text) % QStringLiteral("</li>");
  }
  return html % QStringLiteral("</ul>");
}

QString boardHtml(const Scoreboard& board)
{
  QString html = QStringLiteral("<table class=\"board\"><tr><th></th>");
  for (const QString& column : board.columns)
    html += QStringLiteral("<th>") % esc(column) % QStringLiteral("</th>");
  html += QStringLiteral("</tr>");
  for (int row = 0; row < board.rows.size(); ++row) {
    html += QStringLiteral("<tr><th class=\"row\">") % esc(board.rows[row]) % QStringLiteral("</th>");
    for (int column = 0; column < board.columns.size(); ++column)
      html += tileHtml(*board.at(row, column));
    html += QStringLiteral("</tr>");
  }
  return html % QStringLiteral("</table>");
}

QString flagsHtml(const Scoreboard& board)
{
  QString items;
  for (const ScoreTile& t : board.tiles) {
    for (const QString& flag : t.flags)
      items += QStringLiteral("<li><b>") % esc(t.title()) % QStringLiteral("</b>: ") % esc(flag) % QStringLiteral("</li>");
  }
  return items.isEmpty() ? QStringLiteral("<p>") % esc(tr("No result was flagged.")) % QStringLiteral("</p>")
                         : QStringLiteral("<ul class=\"flags\">") % items % QStringLiteral("</ul>");
}

QString row(const QString& name, const QString& value)
{
  return QStringLiteral("<tr><th>") % esc(name) % QStringLiteral("</th><td>") % esc(value) % QStringLiteral("</td></tr>");
}

QString machineHtml(const std::vector<RunResult>& results, const MachineFingerprint* machine)
{
  // The machine as the JSON export describes it (the same fingerprint the history keeps), or the saved run's.
  ExportOptions options;
  options.includeSamples = false;
  const MachineFingerprint m = machine ? *machine : readRunDocument(toJson(results, options)).machine;
  QString html = QStringLiteral("<table class=\"facts\">");
  html += row(tr("CPU"), m.cpu.empty() ? tr("unknown") : qs(m.cpu));
  html += row(tr("Logical cores"), m.logicalCores > 0 ? QString::number(m.logicalCores) : tr("unknown"));
  html += row(tr("RAM"), m.memoryBytes > 0 ? formatBytes(m.memoryBytes) : tr("unknown"));
  html += row(tr("OS"), qs(m.os));
  QStringList seen;
  for (const RunResult& r : results) {
    const QString location = qs(r.location);
    if (r.workload == Workload::HashMemory || location.isEmpty() || seen.contains(location))
      continue;
    seen << location;
    const QString device = r.storage.label.empty() ? deviceLabel(r.storage) : qs(r.storage.label);
    html += row(tr("Location %1").arg(location),
                r.storage.filesystem.empty() || device.contains(qs(r.storage.filesystem))
                    ? device
                    : tr("%1, %2").arg(device, qs(r.storage.filesystem)));
  }
  return html % QStringLiteral("</table>");
}

QString settingsHtml(const std::vector<RunResult>& results)
{
  std::size_t passes = 1;
  QStringList caches;
  std::uint64_t sample = 0;
  for (const RunResult& r : results) {
    passes = std::max(passes, r.passes.size());
    if (workloadTraits(r.workload).usesCache && !caches.contains(qs(toString(r.cache))))
      caches << qs(toString(r.cache));
    if (sample == 0 && (r.workload == Workload::Read || r.workload == Workload::HashFile))
      sample = r.bytes;
  }
  QString html = QStringLiteral("<table class=\"facts\">");
  html += row(tr("Passes per step"), QString::number(passes));
  html += row(tr("Cache mode"), caches.isEmpty() ? tr("not applicable") : caches.join(tr(", ")));
  html += row(tr("Sample size"), sample ? formatBytes(sample) : tr("none (in memory only)"));
  html += row(tr("Results"), QString::number(results.size()));
  return html % QStringLiteral("</table>");
}

QString imageHtml(const ReportChart& chart)
{
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  chart.image.save(&buffer, "PNG");
  return QStringLiteral("<h3>") % esc(chart.title) % QStringLiteral("</h3><img class=\"chart\" alt=\"") %
         esc(chart.title) % QStringLiteral("\" src=\"data:image/png;base64,") % QString::fromLatin1(png.toBase64()) %
         QStringLiteral("\">");
}

}  // namespace

QString reportHtml(const std::vector<RunResult>& results, const ScoreboardPlan& plan, const QList<ReportChart>& charts,
                   const QString& date, const MachineFingerprint* machine)
{
  const Scoreboard board = buildScoreboard(results, plan);
  QString html = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>") %
                 esc(tr("HashScope report")) % QStringLiteral("</title><style>") % QString::fromUtf8(kStyle) %
                 QStringLiteral("</style></head><body>\n");
  html += QStringLiteral("<h1>") % esc(tr("HashScope report")) % QStringLiteral("</h1><p class=\"meta\">") %
          esc(tr("%1, HashScope %2").arg(date, qs(version()))) % QStringLiteral("</p>\n");
  html += QStringLiteral("<p class=\"headline\">") % esc(board.headline) % QStringLiteral("</p>\n");
  if (!board.caveat.isEmpty())
    html += QStringLiteral("<p class=\"caveat\">&#9888; ") % esc(board.caveat) % QStringLiteral("</p>\n");
  html += QStringLiteral("<h2>") % esc(tr("Scoreboard")) % QStringLiteral("</h2>") % boardHtml(board);
  html += QStringLiteral("<p class=\"small\">") %
          esc(tr("End-to-end speed in decimal MB/s (GB/s from 10,000 MB/s); the flags of each result are listed "
                 "under Flags.")) %
          QStringLiteral("</p>\n") % legendHtml();
  html += QStringLiteral("<h2>") % esc(tr("Flags")) % QStringLiteral("</h2>") % flagsHtml(board);
  bool anyChart = false;
  for (const ReportChart& chart : charts) {
    if (chart.image.isNull())
      continue;
    if (!anyChart)
      html += QStringLiteral("<h2>") % esc(tr("Charts")) % QStringLiteral("</h2>");
    anyChart = true;
    html += imageHtml(chart);
  }
  html += QStringLiteral("<h2>") % esc(tr("Verdicts")) % QStringLiteral("</h2>\n");
  for (const RunResult& r : results)  // on the report's white page: the light palette's warning colour
    html += verdictSentenceHtml(r, QColor(0xC0, 0x39, 0x2B)) % QLatin1Char('\n');  // escaped by verdictSentenceHtml
  html += QStringLiteral("<h2>") % esc(tr("Machine")) % QStringLiteral("</h2>") % machineHtml(results, machine);
  html += QStringLiteral("<h2>") % esc(tr("Settings")) % QStringLiteral("</h2>") % settingsHtml(results);
  return html % QStringLiteral("\n</body></html>\n");
}

QString writeReportHtml(const std::vector<RunResult>& results, const ScoreboardPlan& plan,
                        const QList<ReportChart>& charts, const QString& date, const QString& path,
                        const MachineFingerprint* machine)
{
  if (results.empty())
    return tr("There are no results to report yet: run a benchmark first.");
  const QByteArray bytes = reportHtml(results, plan, charts, date, machine).toUtf8();
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
    return tr("Cannot write %1: %2").arg(path, file.errorString());
  return {};
}

}  // namespace hashscope::gui
