#include "charts/chart_style.hpp"

#include <QAbstractAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QFontMetricsF>
#include <QApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QPalette>
#include <QValueAxis>

#include <cmath>

namespace hashscope::gui::charts {

QChart::ChartTheme screenTheme()
{
  const QColor window = QApplication::palette().color(QPalette::Window);
  return window.lightness() < 128 ? QChart::ChartThemeDark : QChart::ChartThemeLight;
}

void styleForScreen(QChart* chart)
{
  chart->setTheme(screenTheme());
  chart->setAnimationOptions(QChart::NoAnimation);  // live data: animations would lag and cost CPU
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->layout()->setContentsMargins(0, 0, 0, 0);
  chart->setBackgroundRoundness(0);
  chart->legend()->setAlignment(Qt::AlignBottom);
  // A line's key is a piece of the line, dashes and all: lines in one neutral colour are told apart by them.
  chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

void styleForExport(QChart* chart, QSize size)
{
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setBackgroundRoundness(0);
  chart->setBackgroundBrush(Qt::white);
  chart->setMargins(QMargins(12, 8, 12, 8));
  // Fonts grow with the image so a 1920-pixel export reads as well as an 800-pixel one.
  const int base = std::max(11, std::min(size.width() / 70, size.height() / 40));
  QFont title = chart->titleFont();
  title.setPixelSize(base + 5);
  title.setBold(true);
  chart->setTitleFont(title);
  QFont label;
  label.setPixelSize(base);
  chart->legend()->setFont(label);
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(label);
    QFont axisTitle = label;
    axisTitle.setBold(true);
    axis->setTitleFont(axisTitle);
  }
}

namespace {
// Paints the title and the subtitle centred at the top of `painter`'s image; returns the height used.
qreal paintHeader(QPainter& painter, QChart* chart, QSize size, const QString& subtitle)
{
  const qreal margin = chart->margins().left();
  const QRectF area(margin, margin, size.width() - 2 * margin, size.height());
  const int flags = Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap;
  painter.setFont(chart->titleFont());
  painter.setPen(Qt::black);
  QRectF title;
  painter.drawText(area, flags, chart->title(), &title);
  QFont small = chart->legend()->font();
  small.setPixelSize(std::max(10, small.pixelSize() - 1));
  painter.setFont(small);
  painter.setPen(QColor(70, 70, 70));  // dark grey: secondary to the title, still readable when printed
  QRectF sub;
  painter.drawText(area.adjusted(0, title.height() + margin / 2, 0, 0), flags, subtitle, &sub);
  return sub.bottom() + margin / 2;
}
// One entry of an exported chart's legend: the key as its marker gives it, and its whole label.
struct LegendKey {
  QString label;
  QBrush brush;
  QPen pen;
  bool line = false;  // a line's key is a piece of the line (its dashes tell lines apart); else a filled square
};

QList<LegendKey> legendKeys(QChart* chart)
{
  QList<LegendKey> keys;
  if (!chart->legend()->isVisible())
    return keys;
  for (QLegendMarker* marker : chart->legend()->markers()) {
    if (!marker->isVisible() || marker->label().isEmpty())
      continue;
    const bool line = marker->type() == QLegendMarker::LegendMarkerTypeXY;
    QBrush brush = marker->brush();
    // A bar's marker is hollow off screen (its brush not set yet): the set's own colour, as its bars have it.
    if (auto* bar = qobject_cast<QBarLegendMarker*>(marker); bar && bar->barset())
      brush = QBrush(bar->barset()->color());
    keys.append({marker->label(), brush, marker->pen(), line});
  }
  return keys;
}

// Qt Charts lays an off-screen chart's legend out before it knows the export font: the labels came out cut
// ("/t...", "/dev/s...") and the bars' keys hollow, so disk and RAM bars could not be told apart. The legend
// is painted here instead, under the chart: every key filled with its series' colour, every label whole,
// in as many centred rows as the width needs.
struct LegendLayout {
  QList<QList<int>> rows;  // indexes into the keys, per row
  QList<qreal> rowWidths;
  qreal rowHeight = 0, height = 0, keyWidth = 0, gap = 0, spacing = 0;
};

LegendLayout layoutLegend(const QList<LegendKey>& keys, const QFont& font, qreal width)
{
  LegendLayout out;
  if (keys.isEmpty())
    return out;
  const QFontMetricsF metrics(font);
  out.rowHeight = metrics.height() * 1.4;
  out.gap = metrics.height() * 0.4;
  out.spacing = metrics.height() * 1.5;
  const auto itemWidth = [&](const LegendKey& key) {
    const qreal keyWidth = key.line ? metrics.height() * 2 : metrics.height() * 0.9;
    return keyWidth + out.gap + metrics.horizontalAdvance(key.label);
  };
  for (int i = 0; i < keys.size(); ++i) {
    const qreal w = itemWidth(keys[i]);
    if (out.rows.isEmpty() || out.rowWidths.back() + out.spacing + w > width) {
      out.rows.append(QList<int>{i});
      out.rowWidths.append(w);
    } else {
      out.rows.back().append(i);
      out.rowWidths.back() += out.spacing + w;
    }
  }
  out.height = out.rows.size() * out.rowHeight + metrics.height() * 0.5;
  return out;
}

void paintLegend(QPainter& painter, const QList<LegendKey>& keys, const LegendLayout& layout, const QFont& font,
                 const QRectF& area)
{
  const QFontMetricsF metrics(font);
  painter.save();
  painter.setFont(font);
  for (int row = 0; row < layout.rows.size(); ++row) {
    qreal x = area.left() + (area.width() - layout.rowWidths[row]) / 2;
    const qreal middle = area.top() + row * layout.rowHeight + layout.rowHeight / 2;
    for (const int i : layout.rows[row]) {
      const LegendKey& key = keys[i];
      if (key.line) {
        QPen pen = key.pen;
        pen.setWidthF(std::max<qreal>(2.5, pen.widthF()));
        painter.setPen(pen);
        painter.drawLine(QPointF(x, middle), QPointF(x + metrics.height() * 2, middle));
        x += metrics.height() * 2;
      } else {
        const qreal side = metrics.height() * 0.9;
        QBrush brush = key.brush;
        if (brush.style() == Qt::NoBrush)
          brush = key.pen.color();
        painter.setPen(QPen(QColor(60, 60, 60), 1));
        painter.setBrush(brush);
        painter.drawRect(QRectF(x, middle - side / 2, side, side));
        x += side;
      }
      x += layout.gap;
      painter.setPen(Qt::black);
      const qreal w = metrics.horizontalAdvance(key.label);
      painter.drawText(QRectF(x, middle - metrics.height() / 2, w + 2, metrics.height()),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, key.label);
      x += w + layout.spacing;
    }
  }
  painter.restore();
}
}  // namespace

QImage renderChart(QChart* chart, QSize size, const QString& subtitle, const std::function<void()>& laidOut)
{
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  QRectF target(QPointF(0, 0), QSizeF(size));
  const QString title = chart->title();
  if (!subtitle.isEmpty()) {
    // Qt Charts has no subtitle: the header is painted here and the chart, without its title, goes below.
    target.setTop(std::min(paintHeader(painter, chart, size, subtitle), size.height() / 2.0));
    chart->setTitle(QString());
  }
  QGraphicsScene scene;
  scene.addItem(chart);
  // Let the chart lay itself out (axes, legend) before painting: it does so on posted layout events.
  auto layout = [&] {
    chart->setGeometry(QRectF(QPointF(0, 0), target.size()));
    scene.setSceneRect(QRectF(QPointF(0, 0), target.size()));
    if (chart->layout())
      chart->layout()->activate();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  };
  layout();
  // The legend's keys once the chart has made its markers; the legend is then painted here, under the chart.
  const QList<LegendKey> keys = legendKeys(chart);
  const QFont legendFont = chart->legend()->font();
  const LegendLayout legend = layoutLegend(keys, legendFont, size.width() - 2 * chart->margins().left());
  if (!keys.isEmpty()) {
    chart->legend()->setVisible(false);
    target.setBottom(std::max(target.top() + size.height() / 3.0, size.height() - legend.height));
    layout();
  }
  if (laidOut) {
    laidOut();
    layout();
  }
  scene.render(&painter, target, scene.sceneRect());
  if (!keys.isEmpty())
    paintLegend(painter, keys, legend, legendFont, QRectF(0, target.bottom(), size.width(), legend.height));
  painter.end();
  scene.removeItem(chart);  // the caller owns the chart
  chart->setTitle(title);
  if (!keys.isEmpty())
    chart->legend()->setVisible(true);
  return image;
}

void setNiceRange(QValueAxis* axis, double min, double max)
{
  if (!(max > min))
    max = min + 1;
  applyRange(axis, {min, max, niceStep((max - min) / 5.0)});
}

double niceStep(double raw)
{
  if (!(raw > 0) || !std::isfinite(raw))
    return 1;
  const double exponent = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0}) {
    if (m * exponent >= raw * (1 - 1e-9))
      return m * exponent;
  }
  return 10 * exponent;
}

AxisRange niceTicks(double value, int targetIntervals)
{
  if (!(value > 0) || !std::isfinite(value))
    value = 1;
  const double step = niceStep(value / std::max(1, targetIntervals));
  return {0, std::ceil(value / step - 1e-9) * step, step};
}

AxisRange ticksWithIntervals(double value, int intervals)
{
  intervals = std::max(1, intervals);
  if (!(value > 0) || !std::isfinite(value))
    value = 1;
  const double step = niceStep(value / intervals);
  return {0, step * intervals, step};
}

void applyRange(QValueAxis* axis, const AxisRange& range)
{
  // Qt Charts lays out a label per tick at each change, so the axis must never hold a small interval
  // over a large range, even for a moment (thousands of labels: up to a second of GUI time). Growing,
  // the coarser interval goes first; shrinking, the smaller range goes first.
  axis->setTickType(QValueAxis::TicksDynamic);
  if (range.tick < axis->tickInterval()) {
    axis->setRange(range.min, range.max);
    axis->setTickAnchor(range.min);
    axis->setTickInterval(range.tick);
  } else {
    axis->setTickInterval(range.tick);
    axis->setTickAnchor(range.min);
    axis->setRange(range.min, range.max);
  }
  // As many decimals as the ticks need: a 2.5 step labels 7.5, not a rounded 8.
  int decimals = 0;
  while (decimals < 3 && std::abs(range.tick * std::pow(10.0, decimals) - std::round(range.tick * std::pow(10.0, decimals))) > 1e-6)
    ++decimals;
  axis->setLabelFormat(QStringLiteral("%.") % QString::number(decimals) % QStringLiteral("f"));
}

QPen linePen(LineLook look, bool dark)
{
  const QColor foreground = dark ? QColor(0xEE, 0xEE, 0xEE) : QColor(0x1A, 0x1A, 0x1A);
  QPen pen(foreground);
  pen.setCapStyle(Qt::FlatCap);
  switch (look) {
  case LineLook::Strong: pen.setWidthF(2.4); break;
  case LineLook::Faint:
    pen.setColor(dark ? QColor(0xA0, 0xA0, 0xA0) : QColor(0x80, 0x80, 0x80));
    pen.setWidthF(1.4);
    break;
  case LineLook::Dotted:
    pen.setWidthF(1.8);
    pen.setStyle(Qt::DotLine);
    break;
  case LineLook::Dashed:
    pen.setWidthF(1.6);
    pen.setStyle(Qt::DashLine);
    break;
  case LineLook::Theme: break;
  }
  return pen;
}

double niceCeiling(double value)
{
  if (!(value > 0) || !std::isfinite(value))
    return 1;
  const double exponent = std::pow(10.0, std::floor(std::log10(value)));
  for (double step : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0}) {
    if (step * exponent >= value)
      return step * exponent;
  }
  return 10 * exponent;
}

}  // namespace hashscope::gui::charts
