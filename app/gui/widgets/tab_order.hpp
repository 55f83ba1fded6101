// The keyboard's Tab order, set from the layouts: a panel's controls in the order its layout holds them
// (rows top to bottom, left to right within a row), whatever order they were created or reparented in.
#pragma once

#include <QList>

class QWidget;

namespace hashscope::gui {

// Every widget that takes focus by Tab under `root`'s layout, in layout order; a container without a layout
// of its own is taken whole (a list, a table, a combo box), never its inner parts.
QList<QWidget*> layoutTabOrder(const QWidget* root);
// Tab goes from each widget of `chain` to the next.
void chainTabOrder(const QList<QWidget*>& chain);

}  // namespace hashscope::gui
