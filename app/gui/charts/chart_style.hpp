// Shared look of every chart: palette-following theme on screen, a fixed light theme for PNG export,
// fonts scaled to the export size, and the off-screen renderer (QGraphicsScene -> QImage, no OpenGL).
#pragma once

#include <QPen>

#include <QChart>
#include <QImage>
#include <QSize>

#include <functional>

#include "charts/chart_widgets.hpp"

class QValueAxis;

namespace hashscope::gui::charts {

// Light or dark chart theme following the application palette (system light/dark mode).
QChart::ChartTheme screenTheme();
// Applies the on-screen look (theme, transparent-friendly margins, animations off for live data).
void styleForScreen(QChart* chart);
// Applies the export look for an image of `size`: white background, legible fonts. Set the light
// theme first, before adding series (a theme change resets series colours).
void styleForExport(QChart* chart, QSize size);
// Renders `chart` (not shown anywhere) alone into an image of exactly `size` pixels. With a subtitle, the
// title and the subtitle are painted above the chart (word-wrapped, centred) and the chart fills the rest.
// `laidOut` runs once the chart knows its plot area, for what depends on it (then the chart lays out again).
QImage renderChart(QChart* chart, QSize size, const QString& subtitle = {},
                   const std::function<void()>& laidOut = {});
// Sets the range and evenly spaced round ticks (1, 2, 2.5, 5 x 10^n) with matching label precision.
void setNiceRange(QValueAxis* axis, double min, double max);
// A rounded-up axis maximum (1, 2, 2.5, 5 x 10^n) with a little headroom.
double niceCeiling(double value);
// The round tick distance (1, 2, 2.5, 5 x 10^n) at or above `raw`.
double niceStep(double raw);
// 0..max for values up to `value`: round ticks, about `targetIntervals` of them, the top one on max.
AxisRange niceTicks(double value, int targetIntervals = 5);
// 0..max in exactly `intervals` round ticks: a right axis whose labels sit on the left axis's grid lines.
AxisRange ticksWithIntervals(double value, int intervals);
// Applies a range and its tick distance (labels with as many decimals as the ticks need).
void applyRange(QValueAxis* axis, const AxisRange& range);
// The pen of a line drawn in the chart's foreground or grey (LineLook other than Theme), on a dark or a
// light chart: the verdict bands keep the hues.
QPen linePen(LineLook look, bool dark);

}  // namespace hashscope::gui::charts
