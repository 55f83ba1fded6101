// Two runs side by side: one row per tile with both speeds, the change in % and a coloured verdict
// (green faster, red slower, grey within the spread) that also says it in words for colour-blind users.
// A small widget on purpose: a scoreboard can replace it without touching the history panel.
#pragma once

#include <QWidget>

#include "hashscope/library.hpp"

class QLabel;
class QTableWidget;

namespace hashscope::gui {

class CompareView : public QWidget {
  Q_OBJECT
public:
  explicit CompareView(QWidget* parent = nullptr);

  void showComparison(const Comparison& comparison, const QString& baseTitle, const QString& otherTitle);
  void showRun(const RunDocument& run, const QString& title);  // one run alone: its tiles and spreads
  void clear(const QString& hint);

  QTableWidget* table() const { return m_table; }
  QString headline() const;

private:
  QLabel* m_title;
  QLabel* m_summary;
  QTableWidget* m_table;
};

}  // namespace hashscope::gui
