#include "charts/line_plot.hpp"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QFontMetricsF>
#include <QGraphicsTextItem>
#include <QSet>
#include <QTextDocument>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/chart_style.hpp"
#include "charts/line_pieces.hpp"
#include "logic/chart_labels.hpp"
#include "logic/result_text.hpp"

namespace hashscope::gui::charts {

namespace {
constexpr Verdict kBandOrder[] = {Verdict::CpuBound, Verdict::IoBound, Verdict::MemoryBound, Verdict::Mixed};


// The unit of an axis title, "MB/s" of "disk read (MB/s)"; empty when the title has none in parentheses.
QString unitOf(const QString& title)
{
  const qsizetype open = title.lastIndexOf(u'(');
  if (open < 0 || !title.endsWith(u')'))
    return {};
  return title.mid(open + 1, title.size() - open - 2);
}

}  // namespace

LinePlot::LinePlot(QChart* chart) : m_chart(chart), m_names(chart) {}

void LinePlot::setup(const LineChartSetup& setup)
{
  m_chart->removeAllSeries();
  for (QAbstractAxis* axis : m_chart->axes()) {
    m_chart->removeAxis(axis);  // gives the axis back to us
    delete axis;
  }
  m_lines.clear();
  m_bands.clear();
  m_steps = nullptr;
  m_stepData.clear();
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
  m_log = {};
  m_yLog = nullptr;
  if (setup.yFollowsCurrent) {
    m_yLog = new QLogValueAxis;
    m_yLog->setBase(10);
    m_yLog->setLabelFormat(QStringLiteral("%.0f"));
    m_yLog->setMinorTickCount(8);  // a grid line at 2, 3, ... 9 times each power of ten, faint: the powers of
    // ten carry the labels, the minor lines only the log paper's rhythm
    const bool dark = m_chart->theme() == QChart::ChartThemeDark;
    m_yLog->setMinorGridLinePen(QPen(dark ? QColor(255, 255, 255, 22) : QColor(0, 0, 0, 18), 1));
    m_yLog->setTitleText(QCoreApplication::translate("hashscope::gui::LineChart", "%1, log scale").arg(setup.yLabel));
    m_chart->addAxis(m_yLog, Qt::AlignLeft);
    m_yLog->setVisible(false);
  }
  if (!setup.y2Label.isEmpty()) {
    m_y2 = new QValueAxis;
    m_y2->setTitleText(setup.y2Label);
    m_y2->setLabelFormat(QStringLiteral("%.0f"));
    // Its ticks sit on the left axis's grid lines (same count of intervals): one grid, not two.
    m_y2->setGridLineVisible(false);
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
      keyBand(area, verdictColor(v));
    }
  }
  clear();
}

void LinePlot::keyBand(QAreaSeries* area, QColor color)
{
  // The bands' faint tints read as areas, but as a legend's small square on a dark chart they all but
  // vanish (#2e303a under a 35% tint): there the key shows the hue at 80%, outlined in full. A light chart
  // keeps the band's own colour, which reads on white. The key is a filled square whatever shape the legend
  // gives the lines' keys (a piece of each line, dashes and all): an area's "shape from series" is hollow.
  for (QLegendMarker* marker : m_chart->legend()->markers(area))
    marker->setShape(QLegend::MarkerShapeRectangle);
  if (m_chart->theme() != QChart::ChartThemeDark)
    return;
  QColor key = color;
  key.setAlphaF(0.8);
  color.setAlpha(255);
  for (QLegendMarker* marker : m_chart->legend()->markers(area)) {
    marker->setBrush(key);
    marker->setPen(QPen(color, 1));
  }
}

void LinePlot::clear()
{
  for (Line& line : m_lines) {
    for (QLineSeries* s : std::as_const(line.pieces))
      s->clear();
    line.shown.fill({0, QPointF()});
  }
  for (auto& [verdict, area] : m_bands)
    area->upperSeries()->clear();
  setSteps({});
  m_xMax = 0;
  m_y2Peak = 0;
  m_currentFrom = -1;
  m_sharedX = false;
  if (m_x && m_setup.integerX)
    setCountRange(m_x, 2);
  else if (m_x)
    setNiceRange(m_x, 0, 10);
  m_yRange = niceTicks(m_setup.yMax > 0 ? m_setup.yMax : 10);
  m_y2Range = ticksWithIntervals(10, m_yRange.intervals());
  useLogScale({});
  applyY();
}

void LinePlot::applyY()
{
  if (m_y && !m_yRange.logarithmic)  // a log range (no tick) is the log axis's; the linear one keeps its own
    applyRange(m_y, m_yRange);
  if (m_y2)
    applyRange(m_y2, m_y2Range);
}

QLineSeries* LinePlot::addPiece(Line& line)
{
  auto* s = new QLineSeries(m_chart);
  m_chart->addSeries(s);
  s->attachAxis(m_x);
  s->attachAxis(line.axis == 1 && m_y2 ? m_y2 : leftAxis());
  s->setPen(line.pen);  // after addSeries: the theme would give each piece a colour of its own
  s->setPointsVisible(m_setup.integerX);
  for (QLegendMarker* marker : m_chart->legend()->markers(s))
    marker->setVisible(false);  // the line's key series speaks for all its pieces
  line.pieces.append(s);
  line.shown.append({0, QPointF()});
  line.faint.append(false);
  return s;
}

LinePlot::Line& LinePlot::lineFor(const LineData& data)
{
  auto it = m_lines.find(data.name);
  if (it != m_lines.end())
    return *it;
  Line line;
  line.axis = data.axis;
  line.key = new QLineSeries(m_chart);
  line.key->setName(data.name);
  m_chart->addSeries(line.key);
  line.key->attachAxis(m_x);
  line.key->attachAxis(data.axis == 1 && m_y2 ? m_y2 : leftAxis());
  line.pen = line.key->pen();  // the theme's colour for this line
  line.pen.setWidthF(m_lines.isEmpty() ? 2.4 : 1.5);  // the first line (the total) stands out
  if (data.axis == 1)
    line.pen.setStyle(Qt::DashLine);
  if (data.look != LineLook::Theme)
    line.pen = linePen(data.look, m_chart->theme() == QChart::ChartThemeDark);
  line.key->setPen(line.pen);
  line.key->setPointsVisible(m_setup.integerX);
  return *m_lines.insert(data.name, line);
}

void LinePlot::setLines(const QList<LineData>& lines)
{
  // The running step starts where the first line's last piece starts: with yFollowsCurrent, what came
  // before it is drawn fainter (it may also be off the scale).
  const double current = m_setup.yFollowsCurrent && !lines.isEmpty() ? lastPieceStart(lines.front().points) : -1;
  useLogScale(logScaleFor(lines));
  for (const LineData& data : lines) {
    Line& line = lineFor(data);
    QList<QList<QPointF>> pieces = piecesOf(data.points);
    if (m_log.on && data.axis == 0) {  // a log axis has no 0: a stalled moment sits on its floor
      for (QList<QPointF>& piece : pieces)
        for (QPointF& p : piece)
          p.setY(std::max(p.y(), m_log.floor));
    }
    while (line.pieces.size() < pieces.size())
      addPiece(line);
    for (qsizetype i = 0; i < line.pieces.size(); ++i) {
      const QList<QPointF> points = i < pieces.size() ? pieces[i] : QList<QPointF>();
      const QPair<qsizetype, QPointF> shown{points.size(), points.isEmpty() ? QPointF() : points.back()};
      // Pieces of finished steps do not change: replace() only what moved (each one repaints its series).
      if (shown != line.shown[i]) {
        line.pieces[i]->replace(points);
        line.shown[i] = shown;
      }
      const bool faint = current >= 0 && !points.isEmpty() && points.back().x() < current - 1e-9;
      if (faint != line.faint[i]) {
        QPen pen = line.pen;
        if (faint) {
          QColor c = pen.color();
          c.setAlphaF(0.45);
          pen.setColor(c);
        }
        line.pieces[i]->setPen(pen);
        line.faint[i] = faint;
      }
    }
  }
  fitAxes(lines);
}

void LinePlot::setBands(const QList<BandData>& bands)
{
  if (m_bands.empty())
    return;
  const double top = m_setup.yMax > 0 ? m_setup.yMax : std::max(m_yRange.max, 1.0);
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

void LinePlot::setSteps(const QList<StepSpan>& steps)
{
  if (steps.isEmpty()) {
    if (m_steps) {
      m_chart->removeAxis(m_steps);
      delete m_steps;
      m_steps = nullptr;
    }
    m_stepData.clear();
    m_names.clear();
    return;
  }
  // Laid out again only when a step is added or renamed: the last one reaches to the axis end, so a
  // running step growing does not touch the axis.
  bool same = m_steps && steps.size() == m_stepData.size();
  for (qsizetype i = 0; same && i < steps.size(); ++i)
    same = steps[i].label == m_stepData[i].label && steps[i].value == m_stepData[i].value &&
           steps[i].from == m_stepData[i].from;
  m_stepData = steps;
  if (same)
    return;
  if (!m_steps) {
    // A category axis on top: each step's name centred over its stretch of time, a grid line where
    // steps change, and alternate steps lightly shaded.
    m_steps = new QCategoryAxis;
    m_steps->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    m_steps->setLineVisible(false);
    m_chart->addAxis(m_steps, Qt::AlignTop);
    const bool dark = m_chart->theme() == QChart::ChartThemeDark;
    QPen grid(dark ? QColor(255, 255, 255, 70) : QColor(0, 0, 0, 60));
    grid.setStyle(Qt::DashLine);
    m_steps->setGridLinePen(grid);
    m_steps->setShadesVisible(true);
    m_steps->setShadesPen(Qt::NoPen);
    m_steps->setShadesBrush(dark ? QColor(255, 255, 255, 14) : QColor(0, 0, 0, 12));
    m_steps->setLabelsFont(m_x->labelsFont());
    m_steps->setLabelsBrush(m_x->labelsBrush());
  }
  m_stepsLaidOut[0] = -1e9;
  layoutSteps();
}

void LinePlot::fitToPlotArea()
{
  layoutSteps();
  fitAxisTitles();
}

namespace {

// The length a vertical axis's title takes as Qt Charts draws it: its text in a QGraphicsTextItem whose
// document margin is Qt Charts' own (ChartPresenter::textMargin(), 0.5 px, private), as it measures the title
// before cutting it to the plot's height. The text's advance alone is about a pixel shorter: a plot that tall
// kept the whole title, and Qt Charts cut it ("disk read (MB..." 111 px high).
double drawnTitleLength(const QFont& font, const QString& title)
{
  QGraphicsTextItem item;
  item.document()->setDocumentMargin(0.5);
  item.setFont(font);
  item.setHtml(title);
  return item.boundingRect().width();
}

}  // namespace

void LinePlot::fitAxisTitles()
{
  // Qt Charts cuts a vertical axis's title that is longer than the axis ("disk read (M..." in a short plot:
  // a small window, 150%): such an axis shows its unit alone, which its line's legend entry names in full.
  const double height = m_chart->plotArea().height();
  if (height <= 10)  // not laid out yet
    return;
  const auto fit = [height](QAbstractAxis* axis, const QString& full, const QString& shorter) {
    if (!axis || full.isEmpty())
      return;
    const bool fits = drawnTitleLength(axis->titleFont(), full) <= height;
    const QString& title = fits || shorter.isEmpty() ? full : shorter;
    if (axis->titleText() != title)
      axis->setTitleText(title);
  };
  fit(m_y, m_setup.yLabel, unitOf(m_setup.yLabel));
  fit(m_y2, m_setup.y2Label, unitOf(m_setup.y2Label));
  if (m_yLog)  // "MB/s, log scale", else "MB/s (log)": the word log is never dropped
    fit(m_yLog, QCoreApplication::translate("hashscope::gui::LineChart", "%1, log scale").arg(m_setup.yLabel),
        QCoreApplication::translate("hashscope::gui::LineChart", "%1 (log)").arg(m_setup.yLabel));
}

void LinePlot::layoutSteps()
{
  if (!m_steps || !m_x || m_stepData.isEmpty())
    return;
  const double min = m_x->min(), max = m_x->max();
  QRectF plot = m_chart->plotArea();
  if (plot.width() <= 10)  // not laid out yet: a guess, fitted again when the plot area is known
    plot = QRectF(0, 0, std::max(400.0, 0.85 * m_chart->size().width()), 100);
  const double key[] = {plot.left(), plot.top(), plot.width(), min, max};
  if (std::equal(std::begin(key), std::end(key), std::begin(m_stepsLaidOut),
                 [](double a, double b) { return std::abs(a - b) < 0.5; }))
    return;
  std::copy(std::begin(key), std::end(key), std::begin(m_stepsLaidOut));
  m_steps->setRange(min, max);
  // The axis draws the grid lines where steps change and the shades; its labels are empty (zero-width
  // spaces, as labels must be unique) and the names are drawn by m_names, fitted to the steps' widths.
  for (const QString& label : m_steps->categoriesLabels())
    m_steps->remove(label);
  QString label;
  const auto add = [&](double end) {
    label += QChar(0x200B);
    m_steps->append(label, end);
  };
  m_steps->setStartValue(std::min(min, m_stepData.front().from));
  const double perUnit = max > min ? plot.width() / (max - min) : 0;
  QList<QPair<double, double>> spans;
  double at = std::min(min, m_stepData.front().from);  // where the axis's categories have got to
  for (qsizetype i = 0; i < m_stepData.size(); ++i) {
    const StepSpan& step = m_stepData[i];
    const double from = std::max(step.from, at);
    // What lies between steps (writing the sample, the quick check for a quiet machine) is unnamed: a step
    // ends where it ended, not where the next begins. The running step reaches to the axis end.
    if (from > at + 1e-6)
      add(from);
    const bool last = i + 1 == m_stepData.size();
    const bool running = last && step.value.isEmpty() && !step.wait;
    const double next = last ? max : std::max(m_stepData[i + 1].from, from);
    const double end = std::max(from + 1e-6, running ? std::max(step.to, max) : std::min(std::max(step.to, from), next));
    add(end);
    at = end;
    spans.append({(std::clamp(from, min, max) - min) * perUnit, (std::clamp(end, min, max) - min) * perUnit});
  }
  const QFont font = m_x->labelsFont();
  const QFontMetricsF metrics(font);
  // A step without its result yet is the running one: its name is always shown in full.
  const bool running = m_stepData.back().value.isEmpty() && !m_stepData.back().wait;
  const QList<StepNamePlace> places = placeStepNames(
      m_stepData, spans, plot.width(), [&metrics](const QString& text) { return metrics.horizontalAdvance(text); },
      running);
  m_names.show(places, spans, plot, font, m_x->labelsBrush());
}

void LinePlot::setXLabelsShown(bool shown)
{
  if (!m_x)
    return;
  m_x->setLabelsVisible(shown);
  m_x->setTitleVisible(shown);
}

void LinePlot::setXRange(double min, double max)
{
  if (max <= min)
    return;
  m_sharedX = true;
  m_xMax = max;
  setNiceRange(m_x, min, max);
  layoutSteps();
}

int LinePlot::pointCount() const
{
  int n = 0;
  for (const Line& line : m_lines) {
    for (const QLineSeries* s : line.pieces)
      n += int(s->count());
  }
  return n;
}

int LinePlot::segmentCount(const QString& name) const
{
  const auto it = m_lines.find(name);
  if (it == m_lines.end())
    return 0;
  return int(std::count_if(it->pieces.begin(), it->pieces.end(), [](const QLineSeries* s) { return s->count() > 0; }));
}

QStringList LinePlot::stepLabels() const { return m_names.texts(); }

AxisRange LinePlot::axisRange(int axis) const
{
  if (axis == 0 && m_log.on)
    return {m_yLog->min(), m_yLog->max(), 0, true};
  const QValueAxis* a = axis == 0 ? m_y : axis == 1 ? m_y2 : m_x;
  if (!a)
    return {};
  return {a->min(), a->max(), a->tickInterval()};
}

QString LinePlot::axisTitle(int axis) const
{
  if (axis == 0 && m_log.on)
    return m_yLog->titleText();
  const QValueAxis* a = axis == 0 ? m_y : axis == 1 ? m_y2 : m_x;
  return a ? a->titleText() : QString();
}

}  // namespace hashscope::gui::charts
