#include "charts/bar_chart.hpp"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QLegend>
#include <QPalette>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/chart_style.hpp"

namespace hashscope::gui::charts {

namespace {
// A bar's value as its label shows it: whole MB/s from 100 up, one decimal below (12.3 MB/s).
double shownValue(double v) { return v >= 100 ? std::round(v) : std::round(v * 10) / 10; }

// The bars of one category share about 80% of its width: upright labels when a number is wider than
// a bar (many locations, a narrow window).
bool labelsUpright(const QStringList& categories, const QList<BarSetData>& sets, const QFont& font, int width)
{
  int widest = 0;
  const QFontMetrics metrics(font);
  for (const BarSetData& set : sets) {
    for (double v : set.values)
      widest = std::max(widest, metrics.horizontalAdvance(QString::number(shownValue(v))));
  }
  const qsizetype bars = std::max<qsizetype>(1, categories.size() * std::max<qsizetype>(1, sets.size()));
  return widest + 4 > 0.75 * width * 0.8 / double(bars);  // ~75% of the chart is plot area
}
}  // namespace

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
                          const QList<BarSetData>& sets, const QColor& labelColor, const QFont& labelFont, int width)
{
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;  // removeAxis() hands ownership back: the results view refreshes on every result
  }
  chart->setTitle(title);
  auto* series = new QBarSeries;
  double max = 0;
  for (const BarSetData& data : sets) {
    auto* set = new QBarSet(data.name);
    for (double v : data.values) {
      const double shown = shownValue(v);
      set->append(shown);
      max = std::max(max, shown);
    }
    set->setLabelColor(labelColor);
    set->setLabelFont(labelFont);
    series->append(set);
  }
  // Every bar carries its number: a published chart is read without a ruler.
  series->setLabelsVisible(true);
  series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
  series->setLabelsFormat(QStringLiteral("@value"));
  series->setLabelsPrecision(7);  // values are rounded above: show them whole, never as 1.2e+04
  if (labelsUpright(categories, sets, labelFont, width))
    series->setLabelsAngle(-90);
  chart->addSeries(series);
  auto* x = new QBarCategoryAxis;
  x->append(categories);
  chart->addAxis(x, Qt::AlignBottom);
  series->attachAxis(x);
  auto* y = new QValueAxis;
  y->setTitleText(yLabel);
  // Headroom above the tallest bar for its label (more when the labels stand upright).
  applyRange(y, niceTicks(std::max(1.0, max) * (series->labelsAngle() != 0 ? 1.3 : 1.12)));
  chart->addAxis(y, Qt::AlignLeft);
  series->attachAxis(y);
  // One set named by the title and the axis (a tile's passes) needs no legend, which in a narrow chart
  // showed only "M...".
  chart->legend()->setVisible(std::any_of(sets.begin(), sets.end(), [](const BarSetData& set) { return !set.name.isEmpty(); }));
  // A bar's key is a filled square of its colour: the "shape from series" of the line charts is hollow for bars.
  chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
}

void QtBarChart::populateOnScreen()
{
  const QPalette palette = QApplication::palette();
  populate(m_chart, m_title, m_yLabel, m_categories, m_sets, palette.color(QPalette::WindowText), font(),
           std::max(200, width()));
  m_series = qobject_cast<QBarSeries*>(m_chart->series().value(0));
}

void QtBarChart::setData(const QString& title, const QString& yLabel, const QStringList& categories,
                         const QList<BarSetData>& sets)
{
  m_title = title;
  m_yLabel = yLabel;
  m_categories = categories;
  m_sets = sets;
  populateOnScreen();
}

int QtBarChart::valueCount() const
{
  int n = 0;
  for (const BarSetData& set : m_sets)
    n += int(set.values.size());
  return n;
}

bool QtBarChart::valueLabelsVisible() const { return m_series && m_series->isLabelsVisible(); }

bool QtBarChart::legendVisible() const { return m_chart->legend()->isVisible(); }

QImage QtBarChart::renderImage(QSize size) const
{
  QChart chart;
  chart.setTheme(QChart::ChartThemeLight);
  styleForExport(&chart, size);  // first for its fonts: the value labels use the legend's
  populate(&chart, m_title, m_yLabel, m_categories, m_sets, Qt::black, chart.legend()->font(), size.width());
  styleForExport(&chart, size);  // again for the new axes
  return renderChart(&chart, size, subtitle());
}

void QtBarChart::changeEvent(QEvent* event)
{
  if (event->type() == QEvent::PaletteChange) {
    styleForScreen(m_chart);
    populateOnScreen();
  }
  BarChart::changeEvent(event);
}

void QtBarChart::resizeEvent(QResizeEvent* event)
{
  BarChart::resizeEvent(event);
  // The labels stand upright or lie flat depending on the bars' width: rebuild when that changes.
  const bool upright = m_series && m_series->labelsAngle() != 0;
  if (m_series && upright != labelsUpright(m_categories, m_sets, font(), std::max(200, width())))
    populateOnScreen();
}

}  // namespace hashscope::gui::charts
