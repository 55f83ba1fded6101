// LinePlot: the series and axes of one line chart on a QChart (private to charts/).
#pragma once

#include <QColor>
#include <QHash>
#include <QPen>

#include <map>

#include "charts/chart_widgets.hpp"
#include "charts/step_names.hpp"

class QAbstractAxis;
class QCategoryAxis;
class QLogValueAxis;
class QChart;
class QLineSeries;
class QAreaSeries;
class QValueAxis;

namespace hashscope::gui::charts {

// The series and axes of one line chart, bound to a QChart. Used twice: by the live widget
// (incremental replace() per tick) and, on a fresh QChart, to render a PNG of the same data.
class LinePlot {
public:
  explicit LinePlot(QChart* chart);
  void setup(const LineChartSetup& setup);
  void setLines(const QList<LineData>& lines);
  void setBands(const QList<BandData>& bands);
  void setSteps(const QList<StepSpan>& steps);
  // Fits the step names to the widths their steps have on screen, and the vertical axes' titles to their
  // height (call when the plot area changes).
  void fitToPlotArea();
  void setXRange(double min, double max);
  void setXLabelsShown(bool shown);
  void clear();
  int pointCount() const;
  int segmentCount(const QString& line) const;
  QStringList stepLabels() const;
  AxisRange axisRange(int axis) const;
  QString axisTitle(int axis) const;

private:
  // One named line. Qt Charts 6.4 cannot break a QLineSeries (a NaN point hides the whole series), so a
  // line is drawn as one series per piece; `key` holds no points and only gives the legend its entry, so
  // the legend keeps the full colour while earlier pieces are drawn fainter.
  struct Line {
    QLineSeries* key = nullptr;
    QList<QLineSeries*> pieces;
    QList<QPair<qsizetype, QPointF>> shown;  // per piece: point count and last point given to replace()
    QList<bool> faint;
    QPen pen;
    int axis = 0;
  };
  Line& lineFor(const LineData& data);
  QLineSeries* addPiece(Line& line);
  void fitAxes(const QList<LineData>& lines);
  // yFollowsCurrent: the log scale when the steps' speeds differ more than kSharedScaleRatio, over [floor, top].
  struct LogScale {
    bool on = false;
    double floor = 1, top = 10;
  };
  LogScale logScaleFor(const QList<LineData>& lines) const;
  void useLogScale(const LogScale& scale);  // moves the left-axis lines to the log axis (or back)
  QAbstractAxis* leftAxis() const;          // the left axis the lines are drawn on now
  void layoutSteps();
  void fitAxisTitles();
  void keyBand(QAreaSeries* area, QColor color);  // the legend's key of a verdict band
  void applyY();

  QChart* m_chart;
  LineChartSetup m_setup;
  QValueAxis* m_x = nullptr;
  QValueAxis* m_y = nullptr;
  QValueAxis* m_y2 = nullptr;
  QLogValueAxis* m_yLog = nullptr;  // yFollowsCurrent only: the left axis while m_log.on
  LogScale m_log;
  QCategoryAxis* m_steps = nullptr;
  QList<StepSpan> m_stepData;
  StepNames m_names;
  double m_stepsLaidOut[5] = {-1e9, 0, 0, 0, 0};  // plot left, top, width, x range the names were fitted to
  QHash<QString, Line> m_lines;
  std::map<Verdict, QAreaSeries*> m_bands;
  double m_xMax = 0;
  AxisRange m_yRange, m_y2Range;
  double m_y2Peak = 0;
  double m_currentFrom = -1;  // yFollowsCurrent: where the piece the left axis fits starts
  bool m_sharedX = false;
};

}  // namespace hashscope::gui::charts
