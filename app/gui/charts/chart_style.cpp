#include "charts/chart_style.hpp"

#include <QAbstractAxis>
#include <QApplication>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
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
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(label);
    QFont axisTitle = label;
    axisTitle.setBold(true);
    axis->setTitleFont(axisTitle);
  }
}

QImage renderChart(QChart* chart, QSize size)
{
  QGraphicsScene scene;
  scene.addItem(chart);
  chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
  scene.setSceneRect(QRectF(QPointF(0, 0), QSizeF(size)));
  // Let the chart lay itself out (axes, legend) before painting: it does so on posted layout events.
  if (chart->layout())
    chart->layout()->activate();
  QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    scene.render(&painter, QRectF(image.rect()), scene.sceneRect());
  }
  scene.removeItem(chart);  // the caller owns the chart
  return image;
}

void setNiceRange(QValueAxis* axis, double min, double max)
{
  if (!(max > min))
    max = min + 1;
  const double raw = (max - min) / 5.0;
  const double exponent = std::pow(10.0, std::floor(std::log10(raw)));
  double step = 10 * exponent;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (m * exponent >= raw) {
      step = m * exponent;
      break;
    }
  }
  // The interval first, then the range: the other order briefly asks for thousands of ticks (the old
  // small interval over the new large range), and the chart lays out a label for each (~100 ms).
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickInterval(step);
  axis->setTickAnchor(min);
  axis->setRange(min, max);
  const int decimals = step >= 1 ? 0 : (step >= 0.1 ? 1 : 2);
  axis->setLabelFormat(QStringLiteral("%.") % QString::number(decimals) % QStringLiteral("f"));
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
