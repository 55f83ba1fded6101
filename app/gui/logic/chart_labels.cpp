#include "logic/chart_labels.hpp"
#include "logic/plain_text.hpp"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <exception>

#include "hashscope/export.hpp"
#include "logic/result_text.hpp"
#include "logic/scoreboard.hpp"

namespace hashscope::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::ChartLabels", text); }
constexpr qsizetype kShortPath = 20;  // longer paths are cut to their last two folders

void addOnce(QStringList& list, const QString& text)
{
  if (!text.isEmpty() && !list.contains(text))
    list.append(text);
}

QString storageText(const StorageInfo& info)
{
  QString text = deviceLabel(info);
  if (!info.filesystem.empty() && info.kind != MediaKind::Ram && text.endsWith(QLatin1Char(')')))
    text.insert(text.size() - 1, QStringLiteral(", ") % qs(info.filesystem));  // "vda (SSD, ext4)"
  else if (!info.filesystem.empty())
    text += QStringLiteral(" (") % qs(info.filesystem) % QLatin1Char(')');
  return text;
}
}  // namespace

QString shortLocationLabel(const QString& path, const QString& home)
{
  QString clean = QDir::cleanPath(QDir::fromNativeSeparators(path));
  const QString homeClean = QDir::cleanPath(QDir::fromNativeSeparators(home));
  if (!homeClean.isEmpty() && homeClean != QStringLiteral("/")) {
    if (clean == homeClean)
      return tr("home");
    if (clean.startsWith(homeClean + QLatin1Char('/')))
      clean = QStringLiteral("~") % clean.mid(homeClean.size());
  }
  if (clean.size() <= kShortPath)
    return clean;
  const QStringList parts = clean.split(QLatin1Char('/'), Qt::SkipEmptyParts);
  if (parts.size() <= 2)
    return clean;
  return QStringLiteral("\u2026/") % parts[parts.size() - 2] % QLatin1Char('/') % parts.back();
}

QStringList shortLocationLabels(const QStringList& paths, const QString& home)
{
  QStringList labels;
  for (const QString& p : paths)
    labels.append(shortLocationLabel(p, home));
  for (qsizetype i = 0; i < labels.size(); ++i) {
    if (labels.count(labels[i]) < 2)
      continue;
    const QString same = labels[i];
    for (qsizetype j = 0; j < labels.size(); ++j) {
      if (labels[j] == same)
        labels[j] = QDir::cleanPath(QDir::fromNativeSeparators(paths[j]));
    }
  }
  return labels;
}

QStringList shortLocationLabels(const QStringList& paths) { return shortLocationLabels(paths, QDir::homePath()); }

QString stepLabel(const SuiteStep& step)
{
  const WorkloadSpec& w = step.spec;
  // A step's name has little room on the time axis: a long location is named by its last folder.
  QString place = shortLocationLabel(qs(step.location), QDir::homePath());
  if (place.size() > 12 && place.contains(QLatin1Char('/')))
    place = place.section(QLatin1Char('/'), -1, -1, QString::SectionSkipEmpty);
  const QString where = QStringLiteral(" \u00b7 ") % place;
  const QString alg = qs(w.algorithm);
  const QString streams = w.streams > 1 ? QStringLiteral(" \u00d7%1").arg(w.streams) : QString();
  switch (w.workload) {
  case Workload::PeerTool: return qs(step.tool) % where;
  case Workload::HashMemory: return tr("%1 in RAM").arg(alg) % streams;
  case Workload::Memory: return tr("RAM copy") % streams;
  case Workload::Read: return tr("read") % streams % where;
  case Workload::Write: return tr("write") % streams % where;
  case Workload::HashTree: return tr("%1 tree").arg(alg) % streams % where;
  case Workload::HashFile: break;
  }
  return alg % (w.cache == CacheMode::Warm ? tr(" warm") : QString()) % streams % where;
}

namespace {
// The words a step's name can shrink to, longest first: "md5 warm ×2 · /tmp  612 MB/s", "md5 warm ×2 · /tmp",
// "md5 warm ×2", "md5".
QStringList nameChoices(const StepSpan& step)
{
  QStringList choices;
  if (!step.value.isEmpty())
    choices.append(step.label % QStringLiteral("  ") % step.value);
  choices.append(step.label);
  QString head = step.label;
  for (const QString& cut : {QStringLiteral(" \u00b7 "), QStringLiteral(" in ")})
    head = head.left(head.indexOf(cut) < 0 ? head.size() : head.indexOf(cut));
  addOnce(choices, head);
  addOnce(choices, head.section(QLatin1Char(' '), 0, 0));
  return choices;
}
}  // namespace

QList<StepNamePlace> placeStepNames(const QList<StepSpan>& steps, const QList<QPair<double, double>>& spans,
                                    double plotWidth, const std::function<double(const QString&)>& textWidth,
                                    bool lastRunning, double gap)
{
  QList<StepNamePlace> places(steps.size());
  QList<QPair<double, double>> taken;  // the extents of the names placed so far
  const auto fits = [&](double from, double to) {
    return std::none_of(taken.begin(), taken.end(),
                        [&](const QPair<double, double>& t) { return from < t.second + gap && to > t.first - gap; });
  };
  QList<qsizetype> order;
  for (qsizetype i = 0; i < steps.size() && i < spans.size(); ++i)
    order.append(i);
  const qsizetype running = lastRunning && !order.isEmpty() ? order.back() : -1;
  std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
    if ((a == running) != (b == running))
      return a == running;
    return spans[a].second - spans[a].first > spans[b].second - spans[b].first;
  });
  for (const qsizetype i : order) {
    StepNamePlace& place = places[i];
    const StepSpan& step = steps[i];
    place.toolTip = step.value.isEmpty() ? step.label : step.label % QStringLiteral("  ") % step.value;
    const double left = spans[i].first, right = spans[i].second;
    if (right <= left)
      continue;  // not on screen
    for (const QString& choice : nameChoices(step)) {
      const double width = textWidth(choice);
      // Centred over the step, pushed inside the plot at its ends.
      const double center = std::clamp((left + right) / 2, width / 2, std::max(width / 2, plotWidth - width / 2));
      const bool own = i == running || (center >= left && center <= right);
      if (i == running || (own && fits(center - width / 2, center + width / 2))) {
        place = {choice, place.toolTip, center, width};
        taken.append({center - width / 2, center + width / 2});
        break;
      }
    }
  }
  return places;
}

ChartContext chartContext(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                          const QString& version)
{
  ChartContext c;
  c.cpu = elidedText(qs(machine.cpu).simplified(), 80);
  c.cores = machine.logicalCores;
  c.date = date;
  c.version = version;
  QStringList locations, caches;
  std::vector<const StorageInfo*> storage;
  std::uint64_t sample = 0;
  for (const RunResult& r : results) {
    c.passes = std::max(c.passes, std::max<int>(1, int(r.passes.size())));
    if (!r.location.empty() && !locations.contains(qs(r.location))) {
      locations.append(qs(r.location));
      storage.push_back(&r.storage);
    }
    const bool onFile = r.workload == Workload::Read || r.workload == Workload::HashFile ||
                        r.workload == Workload::PeerTool;
    if (onFile && r.ok()) {
      sample = std::max(sample, r.bytes);
      addOnce(caches, qs(toString(r.cache)));
    }
  }
  const QStringList names = shortLocationLabels(locations);
  for (qsizetype i = 0; i < names.size(); ++i) {
    const StorageInfo& info = *storage[std::size_t(i)];
    c.storage.append(info.path.empty() && info.device.name.empty() && info.filesystem.empty()
                         ? names[i]
                         : names[i] % QStringLiteral(": ") % storageText(info));
  }
  if (sample > 0)
    c.sampleSize = formatBytes(sample);
  c.cache = caches.join(QStringLiteral(" + "));
  return c;
}

QString chartSubtitle(const ChartContext& c)
{
  const QString dot = QStringLiteral(" \u00b7 ");
  QStringList machine;
  if (!c.cpu.isEmpty() || c.cores > 0) {
    QString cpu = c.cpu.isEmpty() ? tr("CPU") : c.cpu;
    if (c.cores > 0)
      cpu += (c.cores == 1 ? tr(", 1 core") : tr(", %1 cores").arg(c.cores));
    machine.append(cpu);
  }
  machine += c.storage;
  QStringList run;
  if (!c.sampleSize.isEmpty())
    run.append(tr("sample %1").arg(c.sampleSize));
  if (!c.cache.isEmpty())
    run.append(tr("cache %1").arg(c.cache));
  if (c.passes > 0)
    run.append(c.passes == 1 ? tr("1 pass per step") : tr("%1 passes per step").arg(c.passes));
  if (c.date.isValid())
    run.append(c.date.toString(Qt::ISODate));
  if (!c.version.isEmpty())
    run.append(tr("HashScope %1").arg(c.version));
  QStringList lines;
  addOnce(lines, machine.join(dot));
  addOnce(lines, run.join(dot));
  // An image travels without the window: it carries the answer, and what makes it doubtful, itself.
  if (!c.verdict.isEmpty())
    lines.append(c.verdict);
  if (!c.caveat.isEmpty())
    lines.append(QStringLiteral("\u26a0 ") + c.caveat);
  lines.removeAll(QString());
  return lines.join(QLatin1Char('\n'));
}

QString chartSubtitle(const std::vector<RunResult>& results, const QDate& date)
{
  return chartSubtitle(results, thisMachine(), date, qs(version()));
}

QString chartSubtitle(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                      const QString& version)
{
  ChartContext c = chartContext(results, machine, date.isValid() ? date : QDate::currentDate(), version);
  if (!results.empty()) {
    const Scoreboard board = buildScoreboard(results);
    c.verdict = board.headline;
    c.caveat = board.caveat;
  }
  return chartSubtitle(c);
}

QString runContextText(const std::vector<RunResult>& results, const MachineFingerprint& machine, const QDate& date,
                       const QString& version)
{
  ChartContext c = chartContext(results, machine, date, version);
  c.date = QDate();  // said with the time, by the caller
  c.version.clear();
  return chartSubtitle(c);
}

const MachineFingerprint& thisMachine()
{
  // The machine block every JSON export writes, read back by the run library's own reader: the same CPU
  // name and core count as the exported results, from one place.
  static const MachineFingerprint machine = [] {
    try {
      return readRunDocument(toJson({}, ExportOptions{false, false, {}, {}, {}})).machine;
    } catch (const std::exception&) {
      return MachineFingerprint{};
    }
  }();
  return machine;
}

}  // namespace hashscope::gui
