#include "widgets/results_view.hpp"

#include <QHeaderView>
#include <QKeyEvent>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "charts/chart_widgets.hpp"
#include "logic/chart_labels.hpp"
#include "logic/exporters.hpp"
#include "logic/result_summary.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "widgets/scoreboard_legend.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"
#include "widgets/tile_details.hpp"

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
  const auto subtitle = [this] {
    return chartSubtitle(m_model->results(), m_model->machine(), runStartTime(m_model->when()).date(),
                         m_model->version());
  };
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

  m_scoreboard = new ScoreboardView(this);
  // In a narrow window (800 pixels) the tiles shrink a quarter rather than hide the read column off to the side.
  m_scoreboard->setMinimumScale(0.75);
  m_details = new TileDetails(this);
  m_details->hide();
  m_details->installEventFilter(this);  // Esc closes the details wherever the focus is inside them
  m_scoreboard->installEventFilter(this);
  m_scoreSplit = new QSplitter(Qt::Vertical, this);
  m_scoreSplit->addWidget(m_scoreboard);
  m_scoreSplit->addWidget(m_details);
  m_scoreSplit->setStretchFactor(0, 1);
  m_scoreSplit->setStretchFactor(1, 1);
  m_scoreSplit->setChildrenCollapsible(false);
  m_scoreSplit->installEventFilter(this);  // its height changes with the window and the legend folding
  connect(m_scoreboard, &ScoreboardView::tileActivated, this, &ResultsView::showTileDetails);
  connect(m_details, &TileDetails::closeRequested, m_details, &QWidget::hide);
  // The details' text grows with the tiles: a large window shows both at a size read from a step back.
  connect(m_scoreboard, &ScoreboardView::scaleChanged, m_details, &TileDetails::setTextScale);
  connect(m_scoreboard, &ScoreboardView::scaleChanged, this, &ResultsView::fitBoardHeight);

  m_pages = new QTabWidget(this);
  m_pages->setDocumentMode(true);
  // The legend at the foot of the page, under the board. The tiles come first: the legend opens where the
  // page has room for it and for the tiles at their normal size, and shows only its toggle where it has not
  // (until the user opens or folds it: setLegendChoice); it steps aside while a tile's details are open, which sit right under
  // the tiles they explain (placeLegend).
  m_legend = new ScoreboardLegend(this);
  connect(m_legend, &ScoreboardLegend::toggledByUser, this, [this](bool open) { m_legendOpen = open; });
  m_scorePage = new QWidget(this);
  auto* scorePageLayout = new QVBoxLayout(m_scorePage);
  scorePageLayout->setContentsMargins(0, 0, 0, 0);
  scorePageLayout->setSpacing(0);
  scorePageLayout->addWidget(m_scoreSplit, 1);
  scorePageLayout->addWidget(m_legend);
  m_scorePage->installEventFilter(this);  // the room for the board and the legend changes with the window
  m_pages->addTab(m_scorePage, tr("Scoreboard"));
  m_pages->addTab(m_splitter, tr("Details: table, charts, verdicts"));
  m_pages->setTabToolTip(0, tr("One tile per location and algorithm: the speed and what limited it. Click a "
                               "tile (or press Enter) for its evidence, passes and chart."));
  m_pages->setTabToolTip(1, tr("Every result in a sortable table, the comparison and stream ramp charts and "
                               "the verdict of each run"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_pages);

  // The view follows its model: rows arriving during a run fill the tiles live; the final list, a new run
  // emptying it.
  connect(model, &QAbstractItemModel::rowsInserted, this, &ResultsView::refresh);
  connect(model, &QAbstractItemModel::rowsRemoved, this, &ResultsView::refresh);
  connect(model, &QAbstractItemModel::modelReset, this, &ResultsView::refresh);
  connect(model, &QAbstractItemModel::dataChanged, this, &ResultsView::refresh);
  refresh();
}

void ResultsView::setPlan(const ScoreboardPlan& plan)
{
  m_plan = plan;
  m_problems.clear();
  refreshScoreboard();
}

void ResultsView::setLocationProblems(const QList<LocationProblem>& problems)
{
  m_problems = problems;
  refreshScoreboard();
}

void ResultsView::addLocationProblem(const QString& location, const QString& sentence)
{
  for (const LocationProblem& p : std::as_const(m_problems)) {
    if (p.location == location && p.sentence == sentence)
      return;
  }
  m_problems.append(locationProblemFrom(location, sentence));
  refreshScoreboard();
}

void ResultsView::setRunEnded(bool stopped)
{
  m_plan.unmeasured = stopped ? ScoreTile::Unmeasured::Stopped : ScoreTile::Unmeasured::NotMeasured;
  refreshScoreboard();
}

void ResultsView::refreshScoreboard()
{
  Scoreboard board = buildScoreboard(m_model->results(), m_plan);
  applyLocationProblems(board, m_problems, m_plan.unmeasured != ScoreTile::Unmeasured::Pending);
  m_scoreboard->setBoard(board);
  placeLegend();  // a board of another shape needs another height
  if (!m_details->isHidden()) {  // keep the open details in step with their tile (pending -> measured)
    const ScoreTile& open = m_details->tile();
    const ScoreTile* now = board.find(open.location, open.algorithm, open.kind);
    if (now)
      showTileDetails(*now);
    else
      m_details->hide();
  }
}

void ResultsView::showTileDetails(const ScoreTile& tile)
{
  const std::vector<RunResult>& results = m_model->results();
  const bool known = tile.measured && tile.resultIndex >= 0 && std::size_t(tile.resultIndex) < results.size();
  m_details->setTextScale(m_scoreboard->tileScale());
  m_details->showTile(tile, known ? &results[std::size_t(tile.resultIndex)] : nullptr);
  if (m_details->isHidden()) {
    m_details->show();
    fitBoardHeight();
  }
}

void ResultsView::fitBoardHeight()
{
  // With the details open the tiles keep the room they need (up to 60%, more where they cannot fit in that
  // even at their smallest scale, and never more than the details' own minimum leaves), at the scale they take
  // in that room; the details get the rest. Again whenever the scale
  // settles elsewhere (the board's layout catching up, a splitter drag): the board's height follows its
  // tiles' final size, no gap under them.
  if (m_details->isHidden())
    return;
  if (m_fittingBoard) {  // the tiles took another scale in the height just given: fit again after it
    m_refitBoard = true;
    return;
  }
  m_fittingBoard = true;
  // The height asked for a new scale is an estimate (with a few percent to spare); the tiles' exact size at
  // that scale is known once they have taken it, so a second pass (rarely a third) gives the board exactly that.
  for (int pass = 0; pass < 3; ++pass) {
    m_refitBoard = false;
    const int total = m_scoreSplit->height() - m_scoreSplit->handleWidth();
    const int most = total - m_details->minimumSizeHint().height();  // what the details' minimum leaves
    int room = std::min(total * 3 / 5, most);
    // Tiles that need more than 60% even at their smallest scale (a short window, many rows) take what the
    // details can spare rather than scroll: the board is what the details explain.
    if (m_scoreboard->preferredHeight(room) > room)
      room = std::max(room, most);
    const int board = std::max(0, std::min(m_scoreboard->preferredHeight(room), room));
    m_scoreSplit->setSizes({board, std::max(0, total - board)});
    if (!m_refitBoard)
      break;
  }
  m_fittingBoard = false;
}

bool ResultsView::detailsOpen() const { return m_details->isVisible(); }

bool ResultsView::closeDetails()
{
  if (!detailsOpen())
    return false;
  m_details->hide();
  if (TileWidget* tile = m_scoreboard->findTile(m_details->tile().location, m_details->tile().algorithm,
                                                m_details->tile().kind))
    tile->setFocus(Qt::ShortcutFocusReason);
  return true;
}

void ResultsView::setLegendChoice(std::optional<bool> open)
{
  m_legendOpen = open;
  placeLegend();
}

bool ResultsView::legendFits() const
{
  // The page less the open legend holds the headline and every row of tiles at (at least) their normal size.
  const int room = m_scorePage->height() - m_legend->openHeight(m_scorePage->width());
  return room > 0 && m_scoreboard->preferredHeight(room) <= room;
}

void ResultsView::placeLegend()
{
  const bool shown = m_details->isHidden();
  const bool expanded = m_legendOpen ? *m_legendOpen : legendFits();
  if (shown == !m_legend->isHidden() && expanded == m_legend->isExpanded())
    return;
  m_legend->setVisible(shown);
  m_legend->setExpanded(expanded);
  // The page takes the legend's new height now, not after the posted layout requests: the board fits its
  // tiles once, to the room they end up with (this runs before the page's own layout handles its resize).
  m_legend->layout()->activate();
  m_scorePage->layout()->activate();
}

void ResultsView::changeEvent(QEvent* event)
{
  // The verdicts' warning colour follows the palette (light or dark theme).
  if (event->type() == QEvent::PaletteChange)
    refresh();
  QWidget::changeEvent(event);
}

bool ResultsView::eventFilter(QObject* watched, QEvent* event)
{
  if (watched == m_scoreSplit && event->type() == QEvent::Resize)
    fitBoardHeight();
  if ((watched == m_scorePage && event->type() == QEvent::Resize) ||
      (watched == m_details && (event->type() == QEvent::Show || event->type() == QEvent::Hide)))
    placeLegend();
  if (watched == m_details && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
    Q_EMIT detailsShownChanged(event->type() == QEvent::Show);
  // Esc closes a tile's details, from the details or from the tile that opened them, run or no run: it does
  // nothing else while they are open (MainWindow::escapePressed does the same with the focus elsewhere).
  if ((watched == m_details || watched == m_scoreboard) && event->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && closeDetails()) {
      event->accept();
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void ResultsView::refresh()
{
  refreshScoreboard();
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
