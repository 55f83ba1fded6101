// A read-only QTableWidget cell, numbers right-aligned: shared by the compare view and the planner.
#pragma once

#include <QTableWidgetItem>

namespace hashscope::gui {

inline QTableWidgetItem* readOnlyCell(const QString& text, bool number = false)
{
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  if (number)
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace hashscope::gui
