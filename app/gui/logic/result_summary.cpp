#include "logic/result_summary.hpp"

#include <QCoreApplication>

#include <algorithm>
#include <map>

#include "logic/chart_labels.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("hashscope::gui::ResultSummary", text); }
bool usable(const RunResult& r) { return r.ok() && r.seconds > 0; }
}  // namespace

Comparison buildComparison(const std::vector<RunResult>& results)
{
  // The stream count of the main runs: the first hash-file run's (ramps come after the main runs).
  int mainStreams = 0;
  for (const RunResult& r : results) {
    if (r.workload == Workload::HashFile && usable(r)) {
      mainStreams = r.streams;
      break;
    }
  }
  Comparison out;
  QStringList locations;
  std::map<std::pair<QString, QString>, double> value;  // (category, location) -> MB/s
  const QString readCategory = tr("read only");
  for (const RunResult& r : results) {
    if (!usable(r))
      continue;
    QString category;
    if (r.workload == Workload::Read && r.cache == CacheMode::Cold)
      category = readCategory;
    else if (r.workload == Workload::HashFile && r.streams == mainStreams && r.cache != CacheMode::Warm)
      category = qs(r.algorithm);
    else if (r.workload == Workload::HashFile && r.streams == mainStreams)
      category = qs(r.algorithm) % tr(" (warm)");
    else
      continue;
    const QString location = qs(r.location);
    if (!out.categories.contains(category))
      out.categories.append(category);
    if (!locations.contains(location))
      locations.append(location);
    double& v = value[{category, location}];
    v = std::max(v, r.mbPerSec());
  }
  // The device ceiling first, then the algorithms in run order.
  if (out.categories.removeAll(readCategory) > 0)
    out.categories.prepend(readCategory);
  // Legends name locations shortly ("/tmp", "home"), not by their full paths.
  const QStringList names = shortLocationLabels(locations);
  for (qsizetype i = 0; i < locations.size(); ++i) {
    const QString& location = locations[i];
    BarSetData set{names[i], {}};
    for (const QString& category : out.categories) {
      const auto it = value.find({category, location});
      set.values.append(it == value.end() ? 0.0 : it->second);
    }
    out.sets.append(set);
  }
  return out;
}

QList<LineData> buildRamp(const std::vector<RunResult>& results)
{
  std::map<QString, std::map<int, double>> lines;  // name -> streams -> MB/s
  QStringList order, locations;
  for (const RunResult& r : results) {
    if (!locations.contains(qs(r.location)))
      locations.append(qs(r.location));
  }
  const QStringList names = shortLocationLabels(locations);  // legends: "/tmp", "home", not full paths
  for (const RunResult& r : results) {
    if (!usable(r) || r.workload != Workload::HashFile)
      continue;
    const QString name = qs(r.algorithm) % QStringLiteral(" (") % qs(toString(r.cache)) % QStringLiteral("), ") %
                         names[locations.indexOf(qs(r.location))];
    if (!lines.count(name))
      order.append(name);
    double& v = lines[name][r.streams];
    v = std::max(v, r.mbPerSec());
  }
  QList<LineData> out;
  for (const QString& name : order) {
    const auto& points = lines[name];
    if (points.size() < 2)
      continue;
    LineData line{name, {}, 0};
    for (const auto& [streams, mbps] : points)
      line.points.append(QPointF(streams, mbps));
    out.append(line);
  }
  return out;
}

}  // namespace hashscope::gui
