#include "charts/step_names.hpp"

#include <QBrush>
#include <QChart>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

#include <algorithm>
#include <map>

namespace hashscope::gui::charts {

void StepNames::show(const QList<StepNamePlace>& places, const QList<QPair<double, double>>& spans,
                     const QRectF& plot, const QFont& font, const QBrush& brush)
{
  clear();
  const QFontMetricsF metrics(font);
  // The strip the top axis keeps for its (empty) labels, just above the plot.
  const double height = metrics.height() + 4;
  const double top = plot.top() - height - 2;
  std::map<double, QString> shown;
  for (qsizetype i = 0; i < places.size() && i < spans.size(); ++i) {
    const double left = plot.left() + spans[i].first, right = plot.left() + spans[i].second;
    if (right <= left)
      continue;
    auto* strip = new QGraphicsRectItem(left, top, right - left, height, m_chart);
    strip->setPen(Qt::NoPen);
    strip->setBrush(Qt::transparent);  // invisible, but it takes the hover: the tooltip over the whole stretch
    strip->setToolTip(places[i].toolTip);
    strip->setZValue(100);  // over the axes and the plot's background
    m_items.append(strip);
    if (places[i].text.isEmpty())
      continue;
    auto* text = new QGraphicsSimpleTextItem(places[i].text, strip);
    text->setFont(font);
    text->setBrush(brush);
    text->setToolTip(places[i].toolTip);
    text->setPos(plot.left() + places[i].center - metrics.horizontalAdvance(places[i].text) / 2, top + 2);
    shown[places[i].center] = places[i].text;
  }
  for (const auto& [center, text] : shown)
    m_texts.append(text);
}

void StepNames::clear()
{
  qDeleteAll(m_items);  // their text items are their children
  m_items.clear();
  m_texts.clear();
}

QStringList StepNames::texts() const { return m_texts; }

}  // namespace hashscope::gui::charts
