// Qt Charts implementation of LineChart (private to charts/).
#pragma once

#include <memory>

#include "charts/line_plot.hpp"

class QChart;
class QChartView;

namespace hashscope::gui::charts {

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
  void setSteps(const QList<StepSpan>& steps) override;
  void setXRange(double min, double max) override;
  void clear() override;
  int pointCount() const override;
  int segmentCount(const QString& line) const override { return m_plot->segmentCount(line); }
  QStringList stepLabels() const override { return m_plot->stepLabels(); }
  AxisRange axisRange(int axis) const override { return m_plot->axisRange(axis); }
  QString axisTitle(int axis) const override { return m_plot->axisTitle(axis); }
  QMargins axisInsets() const override;
  void setAlignmentPadding(int left, int right) override;
  void setXLabelsShown(bool shown) override;

protected:
  void changeEvent(QEvent* event) override;

private:
  QChartView* m_view;
  QChart* m_chart;
  std::unique_ptr<LinePlot> m_plot;
  LineChartSetup m_setup;
  QList<LineData> m_lines;
  QList<BandData> m_bandData;
  QList<StepSpan> m_steps;
  double m_xMin = 0, m_xMaxShared = -1;
  int m_padLeft = 0, m_padRight = 0;
  bool m_xLabels = true;
};

}  // namespace hashscope::gui::charts
