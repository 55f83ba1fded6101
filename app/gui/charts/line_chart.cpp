#include "charts/line_chart.hpp"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "charts/chart_style.hpp"

namespace hashscope::gui::charts {

QtLineChart::QtLineChart(QWidget* parent) : LineChart(parent), m_chart(new QChart)
{
  styleForScreen(m_chart);
  m_view = new QChartView(m_chart, this);  // takes ownership of the chart
  // Live charts repaint 15 times a second: without antialiasing a repaint costs a fraction, which keeps
  // the GUI thread answering within 50 ms on a busy 2-core machine. PNG exports are antialiased.
  m_view->setRenderHint(QPainter::Antialiasing, false);
  m_view->setFocusPolicy(Qt::NoFocus);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_view);
  m_plot = std::make_unique<LinePlot>(m_chart);
  connect(m_chart, &QChart::plotAreaChanged, this, &LineChart::plotAreaChanged);
  connect(m_chart, &QChart::plotAreaChanged, this, [this] { m_plot->fitToPlotArea(); });
}

QtLineChart::~QtLineChart() = default;

void QtLineChart::setup(const LineChartSetup& setup)
{
  m_setup = setup;
  m_plot->setup(setup);
  m_lines.clear();
  m_bandData.clear();
  m_steps.clear();
}

void QtLineChart::setLines(const QList<LineData>& lines)
{
  m_lines = lines;
  m_plot->setLines(lines);
}

void QtLineChart::setBands(const QList<BandData>& bands)
{
  m_bandData = bands;
  m_plot->setBands(bands);
}

void QtLineChart::setSteps(const QList<StepSpan>& steps)
{
  m_steps = steps;
  m_plot->setSteps(steps);
}

void QtLineChart::setXRange(double min, double max)
{
  m_xMin = min;
  m_xMaxShared = max;
  m_plot->setXRange(min, max);
}

void QtLineChart::clear()
{
  m_lines.clear();
  m_bandData.clear();
  m_steps.clear();
  m_xMaxShared = -1;
  m_plot->clear();
}

int QtLineChart::pointCount() const { return m_plot->pointCount(); }

QMargins QtLineChart::axisInsets() const
{
  const QRectF plot = m_chart->plotArea();
  const QMargins margins = m_chart->margins();
  const int left = int(std::lround(plot.left())) - margins.left();
  const int right = int(std::lround(m_chart->size().width() - plot.right())) - margins.right();
  return QMargins(std::max(0, left), 0, std::max(0, right), 0);
}

void QtLineChart::setAlignmentPadding(int left, int right)
{
  if (left == m_padLeft && right == m_padRight)
    return;
  m_padLeft = left;
  m_padRight = right;
  QMargins margins = m_chart->margins();
  margins.setLeft(4 + left);
  margins.setRight(4 + right);
  m_chart->setMargins(margins);
}

void QtLineChart::setXLabelsShown(bool shown)
{
  m_xLabels = shown;
  m_plot->setXLabelsShown(shown);
}

QImage QtLineChart::renderImage(QSize size) const
{
  QChart chart;
  chart.setTheme(QChart::ChartThemeLight);  // before the series exist: a theme change resets their colours
  LinePlot plot(&chart);
  plot.setup(m_setup);
  if (m_xMaxShared > m_xMin)
    plot.setXRange(m_xMin, m_xMaxShared);
  plot.setLines(m_lines);
  plot.setBands(m_bandData);
  styleForExport(&chart, size);
  plot.setSteps(m_steps);  // after the export fonts: the names are cut to fit in those
  styleForExport(&chart, size);
  return renderChart(&chart, size, subtitle(), [&plot] { plot.fitToPlotArea(); });
}

void QtLineChart::changeEvent(QEvent* event)
{
  if (event->type() == QEvent::PaletteChange) {
    // Light/dark switch: re-theme and rebuild the series (a theme change resets their pens).
    styleForScreen(m_chart);
    m_padLeft = m_padRight = 0;
    m_plot->setup(m_setup);
    m_plot->setXLabelsShown(m_xLabels);
    if (m_xMaxShared > m_xMin)
      m_plot->setXRange(m_xMin, m_xMaxShared);
    m_plot->setLines(m_lines);
    m_plot->setBands(m_bandData);
    m_plot->setSteps(m_steps);
  }
  LineChart::changeEvent(event);
}

}  // namespace hashscope::gui::charts
