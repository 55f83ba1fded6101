// Qt Charts implementation of BarChart (private to charts/).
#pragma once

#include "charts/chart_widgets.hpp"

class QChart;
class QChartView;

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

protected:
  void changeEvent(QEvent* event) override;

private:
  static void populate(QChart* chart, const QString& title, const QString& yLabel, const QStringList& categories,
                       const QList<BarSetData>& sets);
  QChartView* m_view;
  QChart* m_chart;
  QString m_title, m_yLabel;
  QStringList m_categories;
  QList<BarSetData> m_sets;
};

}  // namespace hashscope::gui::charts
