#include "charts/line_chart.hpp"

#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/chart_style.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui::charts {

namespace {
constexpr Verdict kBandOrder[] = {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed};
}

namespace {
// A count axis (streams): whole-number ticks, with a little room so the end points are not on the edges.
void setCountRange(QValueAxis* axis, double max)
{
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickInterval(std::max(1.0, std::ceil((max - 1) / 10)));  // before the range: see setNiceRange
  axis->setTickAnchor(1);
  axis->setRange(0.75, max + 0.25);
  axis->setLabelFormat(QStringLiteral("%d"));
}
}  // namespace

LinePlot::LinePlot(QChart* chart) : m_chart(chart) {}

void LinePlot::setup(const LineChartSetup& setup)
{
  m_chart->removeAllSeries();
  for (QAbstractAxis* axis : m_chart->axes())
    m_chart->removeAxis(axis);
  m_series.clear();
  m_bands.clear();
  m_setup = setup;
  m_chart->setTitle(setup.title);
  m_x = new QValueAxis;
  m_x->setTitleText(setup.xLabel);
  m_x->setLabelFormat(setup.integerX ? QStringLiteral("%d") : QStringLiteral("%.0f"));
  m_chart->addAxis(m_x, Qt::AlignBottom);
  m_y = new QValueAxis;
  m_y->setTitleText(setup.yLabel);
  m_y->setLabelFormat(QStringLiteral("%.0f"));
  m_chart->addAxis(m_y, Qt::AlignLeft);
  if (!setup.y2Label.isEmpty()) {
    m_y2 = new QValueAxis;
    m_y2->setTitleText(setup.y2Label);
    m_y2->setLabelFormat(QStringLiteral("%.0f"));
    m_chart->addAxis(m_y2, Qt::AlignRight);
  } else {
    m_y2 = nullptr;
  }
  if (setup.showBands) {
    // Bands first so the lines are drawn over them.
    for (Verdict v : kBandOrder) {
      auto* upper = new QLineSeries(m_chart);
      auto* area = new QAreaSeries(upper);
      area->setName(QCoreApplication::translate("hashscope::gui::LineChart", "%1").arg(verdictName(v)));
      m_chart->addSeries(area);
      // After addSeries: adding applies the theme's colours, which would replace the verdict colours.
      area->setColor(verdictColor(v));
      area->setPen(Qt::NoPen);
      area->attachAxis(m_x);
      area->attachAxis(m_y);
      m_bands[v] = area;  // its legend entry stays: a colour key for the bands
    }
  }
  clear();
}

void LinePlot::clear()
{
  for (QLineSeries* s : std::as_const(m_series))
    s->clear();
  for (auto& [verdict, area] : m_bands)
    area->upperSeries()->clear();
  m_xMax = 0;
  m_yMax = m_setup.yMax > 0 ? m_setup.yMax : 0;
  m_y2Max = 0;
  m_sharedX = false;
  if (m_x && m_setup.integerX)
    setCountRange(m_x, 2);
  else if (m_x)
    setNiceRange(m_x, 0, 10);
  if (m_y)
    setNiceRange(m_y, 0, m_setup.yMax > 0 ? m_setup.yMax : 10);
  if (m_y2)
    setNiceRange(m_y2, 0, 10);
}

QLineSeries* LinePlot::seriesFor(const LineData& line)
{
  if (QLineSeries* s = m_series.value(line.name))
    return s;
  auto* s = new QLineSeries(m_chart);
  s->setName(line.name);
  m_chart->addSeries(s);
  s->attachAxis(m_x);
  s->attachAxis(line.axis == 1 && m_y2 ? m_y2 : m_y);
  QPen pen = s->pen();
  pen.setWidthF(m_series.isEmpty() ? 2.4 : 1.5);  // the first line (the total) stands out
  if (line.axis == 1)
    pen.setStyle(Qt::DashLine);
  s->setPen(pen);
  s->setPointsVisible(m_setup.integerX);  // ramp charts: few points, show them
  m_series.insert(line.name, s);
  return s;
}

void LinePlot::setLines(const QList<LineData>& lines)
{
  for (const LineData& line : lines)
    seriesFor(line)->replace(line.points);
  growAxes(lines);
}

void LinePlot::growAxes(const QList<LineData>& lines)
{
  // Ranges change only when data leaves them, so the axes do not jitter at every tick.
  double xMax = 0, yMax = 0, y2Max = 0;
  for (const LineData& line : lines) {
    for (const QPointF& p : line.points) {
      xMax = std::max(xMax, p.x());
      (line.axis == 1 ? y2Max : yMax) = std::max(line.axis == 1 ? y2Max : yMax, p.y());
    }
  }
  if (!m_sharedX && xMax > m_xMax) {
    m_xMax = m_setup.integerX ? std::max(2.0, std::ceil(xMax)) : niceCeiling(xMax * 1.05);
    if (m_setup.integerX) {
      setCountRange(m_x, m_xMax);
    } else {
      setNiceRange(m_x, 0, m_xMax);
    }
  }
  if (m_setup.yMax <= 0 && yMax > m_yMax) {
    m_yMax = niceCeiling(yMax * 1.08);
    setNiceRange(m_y, 0, m_yMax);
  }
  if (m_y2 && y2Max > m_y2Max) {
    m_y2Max = niceCeiling(y2Max * 1.08);
    setNiceRange(m_y2, 0, m_y2Max);
  }
}

void LinePlot::setBands(const QList<BandData>& bands)
{
  if (m_bands.empty())
    return;
  const double top = m_setup.yMax > 0 ? m_setup.yMax : std::max(m_yMax, 1.0);
  std::map<Verdict, QList<QPointF>> outlines;
  for (const BandData& b : bands) {
    if (!m_bands.count(b.verdict) || b.to <= b.from)
      continue;
    QList<QPointF>& pts = outlines[b.verdict];
    pts << QPointF(b.from, 0) << QPointF(b.from, top) << QPointF(b.to, top) << QPointF(b.to, 0);
  }
  for (auto& [verdict, area] : m_bands)
    area->upperSeries()->replace(outlines[verdict]);
}

void LinePlot::setXRange(double min, double max)
{
  if (max <= min)
    return;
  m_sharedX = true;
  m_xMax = max;
  setNiceRange(m_x, min, max);
}

int LinePlot::pointCount() const
{
  int n = 0;
  for (const QLineSeries* s : std::as_const(m_series))
    n += int(s->count());
  return n;
}

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
}

QtLineChart::~QtLineChart() = default;

void QtLineChart::setup(const LineChartSetup& setup)
{
  m_setup = setup;
  m_plot->setup(setup);
  m_lines.clear();
  m_bandData.clear();
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

QImage QtLineChart::renderImage(QSize size) const
{
  QChart chart;
  chart.setTheme(QChart::ChartThemeLight);  // before the series exist: a theme change resets their colours
  LinePlot plot(&chart);
  plot.setup(m_setup);
  plot.setLines(m_lines);
  plot.setBands(m_bandData);
  if (m_xMaxShared > m_xMin)
    plot.setXRange(m_xMin, m_xMaxShared);
  styleForExport(&chart, size);
  return renderChart(&chart, size);
}

void QtLineChart::changeEvent(QEvent* event)
{
  if (event->type() == QEvent::PaletteChange) {
    // Light/dark switch: re-theme and rebuild the series (a theme change resets their pens).
    styleForScreen(m_chart);
    m_padLeft = m_padRight = 0;
    const QList<LineData> lines = m_lines;
    const QList<BandData> bands = m_bandData;
    m_plot->setup(m_setup);
    m_plot->setLines(lines);
    m_plot->setBands(bands);
  }
  LineChart::changeEvent(event);
}

}  // namespace hashscope::gui::charts
