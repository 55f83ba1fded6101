// Plain data handed to the charts (no Qt Charts types, so the chart backend can be replaced).
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <cmath>
#include <limits>

#include "hashscope/results.hpp"

namespace hashscope::gui {

// A point that is no point: the line stops before it and starts again after it (a gap between steps).
inline QPointF lineBreak()
{
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {nan, nan};
}
inline bool isLineBreak(const QPointF& p) { return std::isnan(p.y()); }

// How a line is drawn. Lines over verdict bands are drawn in the chart's foreground or grey and told apart
// by their dashes, never in a hue a band uses (a CPU-bound band and a CPU line of the same colour read as
// one). Theme: the chart theme's next colour (lines with no bands behind them: the streams).
enum class LineLook { Theme, Strong, Faint, Dotted, Dashed };

// One line of a line chart. `axis` 0 = left value axis, 1 = right value axis. The points may contain
// lineBreak()s: the line is drawn in pieces, one per stretch between breaks.
struct LineData {
  QString name;
  QList<QPointF> points;
  int axis = 0;
  LineLook look = LineLook::Theme;
};

// One step of a run on the time axis, named (the live charts label each step above the plot).
struct StepSpan {
  double from = 0;
  double to = 0;
  QString label;  // short: "md5 · /tmp", "md5sum · /tmp", "md5 in RAM"
  QString value;  // a finished step's result ("612 MB/s"), shown after the label; empty while running
  bool wait = false;  // not a step: the run waited for a quiet machine here (`value` says on what)
};

// A stretch of the time axis coloured by what limited that interval.
struct BandData {
  double from = 0;
  double to = 0;
  Verdict verdict = Verdict::Unknown;
};

// One group of bars (one location) across the chart's categories (algorithms).
struct BarSetData {
  QString name;
  QList<double> values;
};

}  // namespace hashscope::gui
