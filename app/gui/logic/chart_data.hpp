// Plain data handed to the charts (no Qt Charts types, so the chart backend can be replaced).
#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include "hashscope/results.hpp"

namespace hashscope::gui {

// One line of a line chart. `axis` 0 = left value axis, 1 = right value axis.
struct LineData {
  QString name;
  QList<QPointF> points;
  int axis = 0;
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
