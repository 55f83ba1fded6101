// Step 7: the results. First the scoreboard (the answer at a glance, filled in as results arrive, a
// tile's details below it on a click); one click away, on the "Details" page, the sortable table
// (ResultsModel behind a QSortFilterProxyModel) above the comparison and ramp charts and the verdicts.
// The view listens to the model's own signals: whoever fills the model, the view follows.
#pragma once

#include <QWidget>

#include <optional>

#include "logic/location_check.hpp"
#include "logic/scoreboard.hpp"

class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace hashscope::gui {

class BarChart;
class LineChart;
class ResultsModel;
class ScoreboardLegend;
class ScoreboardView;
class TileDetails;

class ResultsView : public QWidget {
  Q_OBJECT
public:
  ResultsView(ResultsModel* model, QWidget* parent = nullptr);
  void refresh();  // scoreboard, charts and verdicts from the model's results (on every model change)
  // The grid of the run under way, so its tiles show "pending" before their results arrive.
  void setPlan(const ScoreboardPlan& plan);
  // The run ended: its tiles without a result say "not measured", or "not measured (stopped)".
  void setRunEnded(bool stopped);
  // The grid and ending the scoreboard is built with (what the report shows too).
  const ScoreboardPlan& plan() const { return m_plan; }
  // Locations of this run that could not be measured (checked before it, or reported by it): their tiles say
  // why, and so does the line above them. setPlan() forgets them (a new run).
  void setLocationProblems(const QList<LocationProblem>& problems);
  void addLocationProblem(const QString& location, const QString& sentence);
  const QList<LocationProblem>& locationProblems() const { return m_problems; }
  // Closes a tile's details when they are open (shown), the focus back on their tile; false when none were.
  bool closeDetails();
  bool detailsOpen() const;
  ScoreboardView* scoreboard() const { return m_scoreboard; }
  ScoreboardLegend* legend() const { return m_legend; }
  // The legend opened (true) or folded (false) by the user, or nullopt: open where the page has room for it
  // and every row of tiles at their normal size, folded to its toggle where it has not.
  void setLegendChoice(std::optional<bool> open);
  std::optional<bool> legendChoice() const { return m_legendOpen; }
  TileDetails* tileDetails() const { return m_details; }
  QTabWidget* pages() const { return m_pages; }  // "Scoreboard" and "Details"
  void showTileDetails(const ScoreTile& tile);
  QTableView* table() const { return m_table; }
  QSortFilterProxyModel* proxy() const { return m_proxy; }
  BarChart* comparisonChart() const { return m_comparison; }
  LineChart* rampChart() const { return m_ramp; }
  QString verdictText() const;
  QSplitter* splitter() const { return m_splitter; }

Q_SIGNALS:
  void detailsShownChanged(bool shown);  // a tile's details opened or closed

protected:
  void changeEvent(QEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

private:
  void refreshScoreboard();
  void fitBoardHeight();
  void placeLegend();
  bool legendFits() const;
  ResultsModel* m_model;
  ScoreboardPlan m_plan;
  QList<LocationProblem> m_problems;
  QTabWidget* m_pages;
  ScoreboardView* m_scoreboard;
  ScoreboardLegend* m_legend;
  QWidget* m_scorePage;  // the Scoreboard page: the board/details splitter above the legend
  std::optional<bool> m_legendOpen;  // see setLegendChoice: set by a click on the legend's toggle
  TileDetails* m_details;
  QSplitter* m_scoreSplit;
  QSortFilterProxyModel* m_proxy;
  QTableView* m_table;
  QTabWidget* m_tabs;
  BarChart* m_comparison;
  LineChart* m_ramp;
  QTextBrowser* m_verdicts;
  QSplitter* m_splitter;
  bool m_fittingBoard = false;
  bool m_refitBoard = false;  // the tiles' scale changed while fitBoardHeight() gave the board its height
};

}  // namespace hashscope::gui
