#include "widgets/tab_order.hpp"

#include <QLayout>
#include <QWidget>

namespace hashscope::gui {

namespace {

void collect(const QLayout* layout, QList<QWidget*>& out)
{
  for (int i = 0; i < layout->count(); ++i) {
    QLayoutItem* item = layout->itemAt(i);
    if (QWidget* w = item->widget()) {
      if (w->focusPolicy() & Qt::TabFocus)
        out << w;
      if (w->layout())
        collect(w->layout(), out);  // a container: its own controls in its own layout's order
    } else if (const QLayout* inner = item->layout()) {
      collect(inner, out);
    }
  }
}

}  // namespace

QList<QWidget*> layoutTabOrder(const QWidget* root)
{
  QList<QWidget*> out;
  if (root && root->layout())
    collect(root->layout(), out);
  return out;
}

void chainTabOrder(const QList<QWidget*>& chain)
{
  for (qsizetype i = 0; i + 1 < chain.size(); ++i)
    QWidget::setTabOrder(chain[i], chain[i + 1]);
}

}  // namespace hashscope::gui
