// Qt Charts implementation of BarChart (private to charts/).
#pragma once

#include "charts/chart_widgets.hpp"

class QChart;
class QChartView;
class QBarSeries;

namespace hashscope::gui::charts {

class QtBarChart final : public BarChart {
  Q_OBJECT
public:
  explicit QtBarChart(QWidget* parent = nullptr);
  QString title() const override { return m_title; }
  QImage renderImage(QSize size) const override;
  bool isEmpty() const override { return valueCount() == 0; }
  void setData(const QString& title, const QString& yLabel, const QStringList& categories,
               const QList<BarSetData>& sets) override;
  int valueCount() const override;
  bool valueLabelsVisible() const override;
  bool legendVisible() const override;

protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

private:
  // `labelColor`: the value labels' colour (they sit above the bars, on the chart's background);
  // `width`: of the whole chart, to turn the labels upright when bars are too narrow for them.
  static void populate(QChart* chart, const QString& title, const QString& yLabel, const QStringList& categories,
                       const QList<BarSetData>& sets, const QColor& labelColor, const QFont& labelFont, int width);
  void populateOnScreen();
  QChartView* m_view;
  QChart* m_chart;
  QBarSeries* m_series = nullptr;
  QString m_title, m_yLabel;
  QStringList m_categories;
  QList<BarSetData> m_sets;
};

}  // namespace hashscope::gui::charts
