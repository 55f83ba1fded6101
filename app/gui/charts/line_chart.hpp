// Qt Charts implementation of LineChart (private to charts/).
#pragma once

#include <QHash>
#include <QPointer>

#include <map>

#include "charts/chart_widgets.hpp"

class QChart;
class QChartView;
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
  void setXRange(double min, double max);
  void clear();
  int pointCount() const;

private:
  QLineSeries* seriesFor(const LineData& line);
  void growAxes(const QList<LineData>& lines);
  QChart* m_chart;
  LineChartSetup m_setup;
  QValueAxis* m_x = nullptr;
  QValueAxis* m_y = nullptr;
  QValueAxis* m_y2 = nullptr;
  QHash<QString, QLineSeries*> m_series;
  std::map<Verdict, QAreaSeries*> m_bands;
  double m_xMax = 0, m_yMax = 0, m_y2Max = 0;
  bool m_sharedX = false;
};

class QtLineChart final : public LineChart {
  Q_OBJECT
public:
  explicit QtLineChart(QWidget* parent = nullptr);
  ~QtLineChart() override;
  QString title() const override { return m_setup.title; }
  QImage renderImage(QSize size) const override;
  bool isEmpty() const override { return pointCount() == 0; }
  void setup(const LineChartSetup& setup) override;
  void setLines(const QList<LineData>& lines) override;
  void setBands(const QList<BandData>& bands) override;
  void setXRange(double min, double max) override;
  void clear() override;
  int pointCount() const override;
  QMargins axisInsets() const override;
  void setAlignmentPadding(int left, int right) override;

protected:
  void changeEvent(QEvent* event) override;

private:
  QChartView* m_view;
  QChart* m_chart;
  std::unique_ptr<LinePlot> m_plot;
  LineChartSetup m_setup;
  QList<LineData> m_lines;
  QList<BandData> m_bandData;
  double m_xMin = 0, m_xMaxShared = -1;
  int m_padLeft = 0, m_padRight = 0;
};

}  // namespace hashscope::gui::charts
