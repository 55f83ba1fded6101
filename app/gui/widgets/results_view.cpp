#include "widgets/results_view.hpp"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "charts/chart_widgets.hpp"
#include "logic/chart_labels.hpp"
#include "logic/result_summary.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"

namespace hashscope::gui {

ResultsView::ResultsView(ResultsModel* model, QWidget* parent) : QWidget(parent), m_model(model)
{
  m_proxy = new QSortFilterProxyModel(this);
  m_proxy->setSourceModel(model);
  m_proxy->setSortRole(ResultsModel::SortRole);
  m_table = new QTableView(this);
  m_table->setModel(m_proxy);
  m_table->setSortingEnabled(true);
  m_table->sortByColumn(-1, Qt::AscendingOrder);  // run order until the user clicks a header
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setAlternatingRowColors(true);
  m_table->setWordWrap(false);
  m_table->verticalHeader()->hide();
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  m_table->setToolTip(tr("Click a header to sort. Amber rows were served from the page cache: they describe RAM,\n"
                         "not the disk. Ctrl+C copies the table."));

  m_comparison = createBarChart(this);
  m_comparison->setToolTip(tr("hash-file speed of each algorithm in each location; \"read only\" is the device's "
                              "ceiling"));
  m_ramp = createLineChart(this);
  m_ramp->setup({tr("Stream ramp"), tr("streams"), tr("MB/s"), QString(), 0, true, false});
  m_ramp->setToolTip(tr("hash-file speed against the number of parallel streams"));
  // Exported charts say what ran where, how and when (made when an image is made).
  const auto subtitle = [this] { return chartSubtitle(m_model->results()); };
  m_comparison->setSubtitleSource(subtitle);
  m_ramp->setSubtitleSource(subtitle);
  m_verdicts = new QTextBrowser(this);
  m_verdicts->setOpenLinks(false);
  m_verdicts->setToolTip(tr("What limited each run, with the numbers behind the verdict"));

  m_tabs = new QTabWidget(this);
  m_tabs->addTab(m_verdicts, tr("Verdicts"));
  m_tabs->addTab(m_comparison, tr("Comparison"));
  m_tabs->addTab(m_ramp, tr("Stream ramp"));
  m_tabs->setTabEnabled(2, false);

  m_splitter = new QSplitter(Qt::Vertical, this);
  m_splitter->addWidget(m_table);
  m_splitter->addWidget(m_tabs);
  m_splitter->setStretchFactor(0, 2);
  m_splitter->setStretchFactor(1, 3);
  m_splitter->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_splitter);
  refresh();
}

void ResultsView::refresh()
{
  const std::vector<RunResult>& results = m_model->results();
  const Comparison comparison = buildComparison(results);
  m_comparison->setData(tr("Hashing speed by algorithm and location"), tr("MB/s"), comparison.categories,
                        comparison.sets);
  const QList<LineData> ramp = buildRamp(results);
  m_ramp->clear();
  m_ramp->setLines(ramp);
  m_tabs->setTabEnabled(2, !ramp.isEmpty());

  QString html;
  for (const RunResult& r : results) {
    if (r.workload == Workload::HashFile || r.workload == Workload::HashTree || !r.error.empty() ||
        (r.analysis && r.analysis->servedFromCache))
      html += verdictSentenceHtml(r);
  }
  if (html.isEmpty() && !results.empty()) {
    for (const RunResult& r : results)
      html += verdictSentenceHtml(r);
  }
  if (html.isEmpty())
    html = QStringLiteral("<p>") % tr("Run a benchmark (Ctrl+B) to see what limits hashing on this machine.") %
           QStringLiteral("</p>");
  m_verdicts->setHtml(html);
}

QString ResultsView::verdictText() const { return m_verdicts->toPlainText(); }

}  // namespace hashscope::gui
