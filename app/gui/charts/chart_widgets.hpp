// The app's only view of charts: two small widget interfaces and their factories. Everything that
// touches Qt Charts lives in this folder (Qt Charts is deprecated from Qt 6.10; a Qt Graphs backend
// would replace these files and nothing else).
#pragma once

#include <QImage>
#include <QMargins>
#include <QSize>
#include <QWidget>

#include <cmath>
#include <functional>

#include "logic/chart_data.hpp"

namespace hashscope::gui {

// Any chart: a widget that can also render itself alone, at any size, for PNG export.
class ChartWidget : public QWidget {
  Q_OBJECT
public:
  using QWidget::QWidget;
  virtual QString title() const = 0;
  // The chart alone (title, subtitle, axes with units, legend) on an opaque light background.
  virtual QImage renderImage(QSize size) const = 0;
  virtual bool isEmpty() const = 0;
  // What and where was measured (logic/chart_labels.hpp): drawn under the title of exported images only,
  // since on screen the rest of the window says it. May hold a line break.
  void setSubtitle(const QString& text)
  {
    m_subtitle = text;
    m_subtitleSource = {};
  }
  // A subtitle made when an image is made: gathering it can be slow (reading the CPU model takes up to
  // a second on a busy machine), too slow for the GUI thread at every result of a run.
  void setSubtitleSource(std::function<QString()> source) { m_subtitleSource = std::move(source); }
  QString subtitle() const { return m_subtitleSource ? m_subtitleSource() : m_subtitle; }

private:
  QString m_subtitle;
  std::function<QString()> m_subtitleSource;
};

// A value axis as drawn: its range and the distance between its labelled ticks.
struct AxisRange {
  double min = 0, max = 0, tick = 0;
  bool logarithmic = false;  // a log axis (tick 0): labels at the powers of ten, a grid line at each 1-9 step
  int intervals() const { return tick > 0 ? int(std::lround((max - min) / tick)) : 0; }
};

// Axis texts and ranges of a line chart.
struct LineChartSetup {
  QString title;
  QString xLabel;          // with unit: "time (s)"
  QString yLabel;          // left axis: "MB/s"
  QString y2Label;         // right axis, empty = none
  double yMax = 0;         // fixed left maximum (e.g. 100 for %); 0 = grow with the data
  bool integerX = false;   // x is a count (streams)
  bool showBands = false;  // verdict bands behind the lines
  // The left axis fits the line's last piece (the running step) instead of everything so far; earlier
  // pieces are drawn fainter. Where the steps' speeds differ more than fourfold (a hash in RAM at tens of GB/s
  // beside a disk at hundreds of MB/s) the axis turns logarithmic instead, so every step stays on the scale
  // (see LinePlot::fitAxes for why).
  bool yFollowsCurrent = false;
};

// Lines over a value x axis, optionally with verdict bands behind them.
class LineChart : public ChartWidget {
  Q_OBJECT
public:
  using ChartWidget::ChartWidget;
  virtual void setup(const LineChartSetup& setup) = 0;
  // One replace() per line per call; lines are matched by name and created on first sight.
  virtual void setLines(const QList<LineData>& lines) = 0;
  virtual void setBands(const QList<BandData>& bands) = 0;
  // Step names above the plot, each centred over its stretch of the x axis; empty = none.
  virtual void setSteps(const QList<StepSpan>& steps) = 0;
  virtual void setXRange(double min, double max) = 0;  // share one time axis between charts
  virtual void clear() = 0;
  virtual int pointCount() const = 0;  // points currently plotted, all lines
  // What a user sees, for tests: pieces a line is drawn in, the step names shown, an axis as drawn
  // (0 left, 1 right, 2 bottom).
  virtual int segmentCount(const QString& line) const = 0;
  virtual QStringList stepLabels() const = 0;
  virtual AxisRange axisRange(int axis) const = 0;
  // An axis's title as shown: a vertical axis too short for its title shows the unit alone.
  virtual QString axisTitle(int axis) const = 0;
  // Space the axes take left and right of the plot area on their own (without alignment padding).
  virtual QMargins axisInsets() const = 0;
  // Pads the chart so its plot area starts and ends where another chart's does (one shared time axis).
  virtual void setAlignmentPadding(int left, int right) = 0;
  // On screen only: the x axis's labels and title (a chart above another on the same time axis leaves them to
  // the one below, and gives their height to its plot). Exported images always have them.
  virtual void setXLabelsShown(bool shown) = 0;

Q_SIGNALS:
  void plotAreaChanged();
};

// Grouped bars: categories along x, one set per group.
class BarChart : public ChartWidget {
  Q_OBJECT
public:
  using ChartWidget::ChartWidget;
  virtual void setData(const QString& title, const QString& yLabel, const QStringList& categories,
                       const QList<BarSetData>& sets) = 0;
  virtual int valueCount() const = 0;
  virtual bool valueLabelsVisible() const = 0;  // each bar carries its value
  virtual bool legendVisible() const = 0;       // a legend names the sets: only when a set has a name
};

LineChart* createLineChart(QWidget* parent = nullptr);
BarChart* createBarChart(QWidget* parent = nullptr);

}  // namespace hashscope::gui
