// Shared look of every chart: palette-following theme on screen, a fixed light theme for PNG export,
// fonts scaled to the export size, and the off-screen renderer (QGraphicsScene -> QImage, no OpenGL).
#pragma once

#include <QChart>
#include <QImage>
#include <QSize>

class QValueAxis;

namespace hashscope::gui::charts {

// Light or dark chart theme following the application palette (system light/dark mode).
QChart::ChartTheme screenTheme();
// Applies the on-screen look (theme, transparent-friendly margins, animations off for live data).
void styleForScreen(QChart* chart);
// Applies the export look for an image of `size`: white background, legible fonts. Set the light
// theme first, before adding series (a theme change resets series colours).
void styleForExport(QChart* chart, QSize size);
// Renders `chart` (not shown anywhere) alone into an image of exactly `size` pixels.
QImage renderChart(QChart* chart, QSize size);
// Sets the range and evenly spaced round ticks (1, 2, 2.5, 5 x 10^n) with matching label precision.
void setNiceRange(QValueAxis* axis, double min, double max);
// A rounded-up axis maximum (1, 2, 2.5, 5 x 10^n) with a little headroom.
double niceCeiling(double value);

}  // namespace hashscope::gui::charts
