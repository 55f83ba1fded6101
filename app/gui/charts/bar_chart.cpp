#include "charts/bar_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>
#include <QVBoxLayout>
#include <QValueAxis>

#include "charts/chart_style.hpp"

namespace hashscope::gui::charts {

QtBarChart::QtBarChart(QWidget* parent) : BarChart(parent), m_chart(new QChart)
{
  styleForScreen(m_chart);
  m_view = new QChartView(m_chart, this);
  m_view->setRenderHint(QPainter::Antialiasing);
  m_view->setFocusPolicy(Qt::NoFocus);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_view);
}

void QtBarChart::populate(QChart* chart, const QString& title, const QString& yLabel, const QStringList& categories,
                          const QList<BarSetData>& sets)
{
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;  // removeAxis only hands the axis back: every refresh leaked two
  }
  chart->setTitle(title);
  auto* series = new QBarSeries;
  double max = 0;
  for (const BarSetData& data : sets) {
    auto* set = new QBarSet(data.name);
    for (double v : data.values) {
      set->append(v);
      max = std::max(max, v);
    }
    series->append(set);
  }
  chart->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  chart->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  auto* y = new QValueAxis;
  y->setTitleText(yLabel);
  y->setLabelFormat(QStringLiteral("%.0f"));
  setNiceRange(y, 0, niceCeiling(max * 1.12));
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  chart->legend()->setVisible(!sets.isEmpty());
}

void QtBarChart::setData(const QString& title, const QString& yLabel, const QStringList& categories,
                         const QList<BarSetData>& sets)
{
  m_title = title;
  m_yLabel = yLabel;
  m_categories = categories;
  m_sets = sets;
  populate(m_chart, title, yLabel, categories, sets);
}

int QtBarChart::valueCount() const
{
  int n = 0;
  for (const BarSetData& set : m_sets)
    n += int(set.values.size());
  return n;
}

QImage QtBarChart::renderImage(QSize size) const
{
  QChart chart;
  chart.setTheme(QChart::ChartThemeLight);
  populate(&chart, m_title, m_yLabel, m_categories, m_sets);
  styleForExport(&chart, size);
  return renderChart(&chart, size);
}

void QtBarChart::changeEvent(QEvent* event)
{
  if (event->type() == QEvent::PaletteChange) {
    styleForScreen(m_chart);
    populate(m_chart, m_title, m_yLabel, m_categories, m_sets);
  }
  BarChart::changeEvent(event);
}

}  // namespace hashscope::gui::charts
