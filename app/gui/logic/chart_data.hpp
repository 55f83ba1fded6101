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

// One line of a line chart. `axis` 0 = left value axis, 1 = right value axis. The points may contain
// lineBreak()s: the line is drawn in pieces, one per stretch between breaks.
struct LineData {
  QString name;
  QList<QPointF> points;
  int axis = 0;
};

// One step of a run on the time axis, named (the live charts label each step above the plot).
struct StepSpan {
  double from = 0;
  double to = 0;
  QString label;  // short: "md5 · /tmp", "md5sum · /tmp", "md5 in RAM"
  QString value;  // a finished step's result ("612 MB/s"), shown after the label; empty while running
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
