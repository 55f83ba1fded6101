// Two runs side by side: each run's scoreboard (the same tiles as the Results tab), the other run's tiles
// marked with the change in % against the base (green faster, red slower, grey within the spread of their
// passes; the words and the sign carry the meaning too, for colour-blind users), and below them the
// table of every tile with both speeds, the change, the spread and the verdict.
#pragma once

#include <QWidget>

#include <optional>

#include "hashscope/library.hpp"

class QLabel;
class QSplitter;
class QTableWidget;
class QToolButton;

namespace hashscope::gui {

class ScoreboardView;

class CompareView : public QWidget {
  Q_OBJECT
public:
  explicit CompareView(QWidget* parent = nullptr);

  // Compares `other` with `base` (compareRuns) and shows both scoreboards and the table.
  void showComparison(const RunDocument& base, const RunDocument& other, const QString& baseTitle,
                      const QString& otherTitle);
  void showRun(const RunDocument& run, const QString& title);  // one run alone: its scoreboard and tiles
  void clear(const QString& hint);

  QTableWidget* table() const { return m_table; }
  // The scoreboards fold away behind this toggle so the table has the room; they start folded where the view
  // cannot hold them and eight rows of the table (1280x800, 1366x768), until the user opens or folds them.
  QToolButton* boardsToggle() const { return m_boardsToggle; }
  bool boardsShown() const;
  ScoreboardView* baseBoard() const { return m_base; }
  ScoreboardView* otherBoard() const { return m_other; }
  Qt::Orientation boardsOrientation() const;  // side by side, or one above the other when too wide
  QString headline() const;
  QString settingsText() const;  // which settings differ between the two runs; empty when none (or one run)

protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void showTable(const Comparison& comparison);
  void arrangeBoards(bool force);
  // As the user chose, else where the room is short; `opened`: the user just clicked the toggle.
  void foldBoards(bool opened = false);
  int tableRowsHeight(int rows) const;
  QLabel* m_title;
  QLabel* m_baseTitle;
  QLabel* m_otherTitle;
  ScoreboardView* m_base;
  ScoreboardView* m_other;
  QWidget* m_otherPane;
  QSplitter* m_boards;
  QLabel* m_summary;
  QLabel* m_settings;
  QTableWidget* m_table;
  bool m_arranging = false;
  QToolButton* m_boardsToggle;
  QSplitter* m_split;  // the boards above the table
  std::optional<bool> m_boardsChoice;  // opened (true) or folded (false) by the user
};

}  // namespace hashscope::gui
