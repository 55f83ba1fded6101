// The legend under the scoreboard: what the badges, the warning mark, "% of the limit", the spread, the
// "in RAM (CPU)" row and the "read" column mean (logic/legend.hpp), behind a toggle that folds it away.
#pragma once

#include <QWidget>

class QToolButton;

namespace hashscope::gui {

class ScoreboardLegend : public QWidget {
  Q_OBJECT
public:
  explicit ScoreboardLegend(QWidget* parent = nullptr);
  void setExpanded(bool expanded);
  bool isExpanded() const;
  QToolButton* toggle() const { return m_toggle; }
  QStringList texts() const;  // every entry's key and meaning, for tests
  int openHeight(int width) const;  // its height open at that width, whether open now or not

Q_SIGNALS:
  void toggledByUser(bool expanded);  // a click on the toggle (not setExpanded)

private:
  QToolButton* m_toggle;
  QWidget* m_body;
};

}  // namespace hashscope::gui
