// What the results charts show, computed from the finished runs: algorithms compared across locations,
// and the stream ramp (streams vs MB/s).
#pragma once

#include <QList>
#include <QStringList>

#include <vector>

#include "logic/chart_data.hpp"

namespace hashscope::gui {

// Bars: one category per algorithm (plus "read only", the device's ceiling), one set per location,
// using hash-file runs at the main stream count (the lowest stream count present when ramping).
struct Comparison {
  QStringList categories;
  QList<BarSetData> sets;
};
Comparison buildComparison(const std::vector<RunResult>& results);

// Lines: one per (location, algorithm, cache) that ran hash-file at two or more stream counts.
QList<LineData> buildRamp(const std::vector<RunResult>& results);

}  // namespace hashscope::gui
