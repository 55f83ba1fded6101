// What a scoreboard tile stands on: the verdict with its evidence and flags, every pass in a small table,
// and the run's own throughput chart over time (from its samples, through the charts/ interface).
#pragma once

#include <QWidget>

#include "logic/scoreboard.hpp"

class QLabel;
class QStackedWidget;
class QTableWidget;
class QTextBrowser;
class QToolButton;

namespace hashscope::gui {

class BarChart;
class LineChart;

class TileDetails : public QWidget {
  Q_OBJECT
public:
  explicit TileDetails(QWidget* parent = nullptr);
  // `result` is the run behind the tile, nullptr while it is pending.
  void showTile(const ScoreTile& tile, const RunResult* result);
  const ScoreTile& tile() const { return m_tile; }
  QString titleText() const;
  QString evidenceText() const;
  QTableWidget* passesTable() const { return m_passes; }
  LineChart* chart() const { return m_chart; }
  BarChart* passChart() const { return m_passChart; }
  // The chart shown: the throughput over time, or (for passes too short to sample well) each pass's speed.
  QWidget* shownChart() const;
  // The evidence and the passes at `scale` times the normal text size (the scoreboard's tile scale).
  void setTextScale(double scale);

Q_SIGNALS:
  void closeRequested();

private:
  void sizePasses();
  ScoreTile m_tile;
  QLabel* m_title;
  QToolButton* m_close;
  QTextBrowser* m_evidence;
  QTableWidget* m_passes;
  LineChart* m_chart;
  BarChart* m_passChart;
  QStackedWidget* m_charts;
};

}  // namespace hashscope::gui
