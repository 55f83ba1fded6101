// Step 7: the results. A sortable table (ResultsModel behind a QSortFilterProxyModel), and below it
// the comparison bar chart, the stream ramp chart and the verdict sentences with their evidence.
#pragma once

#include <QWidget>

class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTextBrowser;

namespace hashscope::gui {

class BarChart;
class LineChart;
class ResultsModel;

class ResultsView : public QWidget {
  Q_OBJECT
public:
  ResultsView(ResultsModel* model, QWidget* parent = nullptr);
  void refresh();  // charts and verdicts from the model's results (called on every model change)
  QTableView* table() const { return m_table; }
  QSortFilterProxyModel* proxy() const { return m_proxy; }
  BarChart* comparisonChart() const { return m_comparison; }
  LineChart* rampChart() const { return m_ramp; }
  QString verdictText() const;
  QSplitter* splitter() const { return m_splitter; }

private:
  ResultsModel* m_model;
  QSortFilterProxyModel* m_proxy;
  QTableView* m_table;
  QTabWidget* m_tabs;
  BarChart* m_comparison;
  LineChart* m_ramp;
  QTextBrowser* m_verdicts;
  QSplitter* m_splitter;
};

}  // namespace hashscope::gui
