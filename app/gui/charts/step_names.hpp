// StepNames: the step names above a live plot, drawn as items of the chart (private to charts/).
// Qt Charts 6.4 cuts every label of a category axis to the average category width, however wide its own
// step is ("md5 in R..." over a step half the plot wide), so the axis keeps only the grid lines and shades
// and the names are drawn here, where placeStepNames (logic/chart_labels) puts them.
#pragma once

#include <QList>
#include <QStringList>

#include "logic/chart_labels.hpp"

class QBrush;
class QChart;
class QFont;
class QGraphicsRectItem;
class QRectF;

namespace hashscope::gui::charts {

class StepNames {
public:
  explicit StepNames(QChart* chart) : m_chart(chart) {}
  // Shows `places` in the strip above `plot` (chart coordinates); each step's stretch of the strip carries
  // its whole name as a tooltip, named or not.
  void show(const QList<StepNamePlace>& places, const QList<QPair<double, double>>& spans, const QRectF& plot,
            const QFont& font, const QBrush& brush);
  void clear();
  QStringList texts() const;  // the names shown, left to right

private:
  QChart* m_chart;
  QList<QGraphicsRectItem*> m_items;  // owned by the chart (its child items)
  QStringList m_texts;
};

}  // namespace hashscope::gui::charts
