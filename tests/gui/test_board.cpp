// The scoreboard as the user sees it (offscreen, real widgets): the tiles' numbers and badges equal the
// results and fill in as results arrive, a flagged result shows its mark, a click or Enter on a tile opens
// its details, compare shows the change per tile, and Export report refuses with no results and writes
// one self-contained HTML file with the headline and the tiles.
#include <QAction>
#include <QPushButton>
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include "catch.hpp"
#include "hashscope/figures.hpp"
#include "words.hpp"
#include "charts/chart_widgets.hpp"
#include "hashscope/analysis.hpp"
#include "gui_test_helpers.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;
using Kind = ScoreTile::Kind;

namespace {

const QString kRuns = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");

Kind kindOf(const RunResult& r)
{
  return r.workload == Workload::Read ? Kind::Read : r.workload == Workload::HashMemory ? Kind::InRam : Kind::Hash;
}

std::string readFile(const QString& path)
{
  QFile f(path);
  REQUIRE(f.open(QIODevice::ReadOnly));
  return f.readAll().toStdString();
}

// The Results tab's view on its own model, shown, with the recorded run at hand.
struct RecordedView {
  RecordedView()
  {
    view.resize(1200, 800);
    view.show();
  }
  const std::vector<RunResult> results = test::loadRecordedResults(kRuns + QStringLiteral("board_suite.json"));
  ResultsModel model;
  ResultsView view{&model};
};

}  // namespace

TEST_CASE("board: the tiles fill in as results arrive, with the results' numbers, badges and flag marks", "[gui][board]")
{
  RecordedView recorded;
  const std::vector<RunResult>& results = recorded.results;
  ResultsModel& model = recorded.model;
  ResultsView& view = recorded.view;
  REQUIRE(view.pages()->currentIndex() == 0);  // the scoreboard is the first thing the Results tab shows
  ScoreboardView* board = view.scoreboard();
  CHECK(board->headline().contains(QStringLiteral("Run a benchmark")));

  for (std::size_t i = 0; i < results.size(); ++i) {
    model.append(results[i]);  // as the controller appends each finished step
    const RunResult& r = results[i];
    TileWidget* tile = board->findTile(qs(r.location), qs(r.algorithm), kindOf(r));
    REQUIRE(tile);
    if (r.workload == Workload::HashMemory && tile->tile().resultIndex != int(i))
      continue;  // a slower hash-memory repeat does not take the in-RAM tile
    INFO(resultTitle(r).toStdString());
    CHECK(tile->tile().resultIndex == int(i));
    const Figures figures = figuresOf(r);
    CHECK(tile->numberText() == speedText(figures.mbps).number);  // its own median pass, every kind of tile
    CHECK(tile->unitText() == speedText(figures.mbps).unit);
    CHECK(tile->badgeText() == badgeText(badgeOf(r)));
    CHECK_FALSE(tile->badgeText().isEmpty());
    CHECK(tile->limitText() == qs(words::shareText(figures)));
    CHECK_FALSE(tile->limitText().isEmpty());
    // Every tile its own step's three passes; the in-RAM tile also md5 per core, in its own field.
    CHECK(tile->spreadText().endsWith(QStringLiteral(", 3 passes")));
    if (r.workload == Workload::HashMemory) {
      CHECK(figures.perCore);
      CHECK(tile->tile().perCoreMBps == Approx(figures.perCore->median));
    }
    // Recorded on a busy machine: every result carries the machine-busy flag. Every tile shows the mark, before
    // and after two or more results (and at least half) carry it and the board says so in its caveat line.
    const QString busy = flagText(r.analysis->flags.front());
    CHECK(tile->tile().flags.contains(busy));
    CHECK(tile->hasWarning());
    CHECK(tile->warningToolTip().contains(busy));
    if (!board->caveat().isEmpty())
      CHECK(board->caveat().startsWith(QStringLiteral("Other programs used the CPU during")));
    if (i == 4) {  // xxh3-64 on /data is in; its /dev/shm tile is still pending
      TileWidget* pending = board->findTile(QStringLiteral("/dev/shm"), QStringLiteral("xxh3-64"), Kind::Hash);
      CHECK(pending == nullptr);  // /dev/shm has no row before its first result
      TileWidget* sha = board->findTile(QStringLiteral("/data"), QStringLiteral("sha256"), Kind::Hash);
      CHECK(sha == nullptr);      // nor sha256 a column
    }
    if (i == 8) {  // /dev/shm's read and md5 hash-memory are in: its other tiles wait, saying so
      TileWidget* pending = board->findTile(QStringLiteral("/dev/shm"), QStringLiteral("xxh3-64"), Kind::Hash);
      REQUIRE(pending);
      CHECK(pending->numberText() == QStringLiteral("\u2026"));
      CHECK(pending->unitText() == QStringLiteral("pending"));
      CHECK_FALSE(pending->hasWarning());
      CHECK(pending->badgeText().isEmpty());
    }
  }
  CHECK(board->headline().startsWith(QStringLiteral("On this machine md5 is CPU-bound")));

  // A result without flags shows no mark; the one with a flag does.
  RunResult clean = results[2];
  clean.analysis->flags.clear();
  model.setResults({clean});
  TileWidget* tile = board->findTile(QStringLiteral("/data"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(tile);
  CHECK_FALSE(tile->hasWarning());
  clean.analysis->flags.push_back({FlagCode::ServedFromCache, 1e6, 192e6});
  clean.analysis->servedFromCache = true;
  model.setResults({clean});
  tile = board->findTile(QStringLiteral("/data"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(tile);
  CHECK(tile->hasWarning());
  CHECK(tile->warningToolTip().contains(QStringLiteral("page cache")));
}

TEST_CASE("board: a click or Enter on a tile shows its evidence, passes and chart", "[gui][board]")
{
  RecordedView recorded;
  const std::vector<RunResult>& results = recorded.results;
  ResultsView& view = recorded.view;
  recorded.model.setResults(results);
  TileDetails* details = view.tileDetails();
  CHECK_FALSE(details->isVisible());

  TileWidget* md5 = view.scoreboard()->findTile(QStringLiteral("/data"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(md5);
  QTest::mouseClick(md5, Qt::LeftButton);
  REQUIRE(details->isVisible());
  const RunResult& r = results[2];
  CHECK(details->titleText() == resultTitle(r));
  CHECK(details->evidenceText().contains(evidenceText(r)));
  CHECK(details->evidenceText().contains(QStringLiteral("Machine busy")));
  REQUIRE(details->passesTable()->rowCount() == 3);
  CHECK(details->passesTable()->item(1, 1)->text() == QString::number(r.passes[1].mbPerSec(), 'f', 1));
  CHECK(details->chart()->pointCount() == int(r.samples.size()));

  // The keyboard: Tab reaches the tiles, Enter opens the focused one.
  TileWidget* read = view.scoreboard()->findTile(QStringLiteral("/dev/shm"), {}, Kind::Read);
  REQUIRE(read);
  CHECK(read->focusPolicy() == Qt::StrongFocus);
  view.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&view));
  read->setFocus();
  QTest::keyClick(read, Qt::Key_Return);
  CHECK(details->tile().kind == Kind::Read);
  CHECK(details->titleText() == resultTitle(results[7]));
  CHECK(details->evidenceText().contains(QStringLiteral("Memory-bound")));
  QTest::keyClick(read, Qt::Key_Tab);  // on to the next tile
  CHECK(QApplication::focusWidget() != read);
  CHECK(qobject_cast<TileWidget*>(QApplication::focusWidget()) != nullptr);
}

TEST_CASE("board: compare shows both runs' scoreboards with the change per tile", "[gui][board]")
{
  const RunDocument a = readRunDocument(readFile(kRuns + QStringLiteral("run_a.json")));
  const RunDocument b = readRunDocument(readFile(kRuns + QStringLiteral("run_b.json")));
  CompareView view;
  view.resize(1400, 800);
  view.show();
  view.showComparison(a, b, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  ScoreboardView* base = view.baseBoard();
  ScoreboardView* other = view.otherBoard();
  REQUIRE(other->isVisible());
  TileWidget* md5 = other->findTile({}, QStringLiteral("md5"), Kind::InRam);
  TileWidget* sha = other->findTile({}, QStringLiteral("sha256"), Kind::InRam);
  TileWidget* read = other->findTile(QStringLiteral("/data"), {}, Kind::Read);
  REQUIRE((md5 && sha && read));
  CHECK(md5->numberText() == QStringLiteral("671"));
  CHECK(md5->deltaText() == QStringLiteral("\u25b2 +10.0%"));
  CHECK(sha->deltaText() == QStringLiteral("\u25bc -10.0%"));
  CHECK(read->deltaText() == QStringLiteral("= -3.0%"));
  TileWidget* baseMd5 = base->findTile({}, QStringLiteral("md5"), Kind::InRam);
  REQUIRE(baseMd5);
  CHECK(baseMd5->numberText() == QStringLiteral("610"));
  CHECK(baseMd5->deltaText().isEmpty());  // the base is the reference: its tiles carry no change
  // The table below stays, row for row.
  CHECK(view.table()->rowCount() == 6);

  // One run alone: its scoreboard, no second side.
  view.showRun(a, QStringLiteral("Run 1"));
  CHECK_FALSE(other->isVisible());
  CHECK(base->findTile({}, QStringLiteral("md5"), Kind::InRam)->numberText() == QStringLiteral("610"));
  int titles = 0;  // the run is named once, not once above the page and again above its board
  for (const QLabel* label : view.findChildren<QLabel*>())
    titles += label->isVisible() && label->text().startsWith(QStringLiteral("Run 1")) ? 1 : 0;
  CHECK(titles == 1);
  // Its table's numbers stay under their headers: the tile names take the spare width, not "Passes" (whose
  // right-aligned count sat a screen away from its centred header).
  QApplication::processEvents();
  QHeaderView* header = view.table()->horizontalHeader();
  CHECK(header->sectionSize(4) < header->width() / 4);
  CHECK(header->sectionSize(0) > header->sectionSize(4));
  // Back to a comparison: the verdict, text, takes the spare width again.
  view.showComparison(a, b, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  QApplication::processEvents();
  CHECK(header->sectionSize(5) > header->width() / 4);
}

TEST_CASE("board: Export report refuses with no results and writes one self-contained HTML file", "[gui][board]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  auto* action = w.findChild<QAction*>(QStringLiteral("exportReportAction"));
  REQUIRE(action);
  CHECK_FALSE(action->shortcut().isEmpty());
  CHECK_FALSE(action->isEnabled());
  QTemporaryDir dir;
  const QString empty = dir.filePath(QStringLiteral("empty.html"));
  CHECK_FALSE(exportReport(*w.resultsModel(), *w.resultsView(), empty).isEmpty());
  CHECK_FALSE(QFile::exists(empty));

  std::vector<RunResult> results = test::loadRecordedResults(kRuns + QStringLiteral("board_suite.json"));
  results[0].location = "/data/<b>&\"odd\"";  // every text from a result is escaped
  w.resultsModel()->setResults(results);
  CHECK(action->isEnabled());
  const QString path = dir.filePath(QStringLiteral("report.html"));
  REQUIRE(exportReport(*w.resultsModel(), *w.resultsView(), path).isEmpty());
  QFile file(path);
  REQUIRE(file.open(QIODevice::ReadOnly));
  const QString html = QString::fromUtf8(file.readAll());
  const Scoreboard board = buildScoreboard(results);
  CHECK(html.contains(board.headline.toHtmlEscaped()));
  for (const ScoreTile& t : board.tiles) {
    if (t.measured)
      CHECK(html.contains(QStringLiteral("<span class=\"num\">") + speedText(t.mbps).number + QStringLiteral("</span>")));
  }
  CHECK(html.contains(QStringLiteral(">I/O<")));
  CHECK(html.contains(QStringLiteral("/data/&lt;b&gt;&amp;&quot;odd&quot;")));
  CHECK_FALSE(html.contains(QStringLiteral("<b>&\"odd\"")));
  CHECK(html.contains(QStringLiteral("data:image/png;base64,")));
  CHECK(html.contains(QStringLiteral("Passes per step</th><td>3")));
  CHECK(html.contains(qs(version())));
  // Self-contained: nothing is fetched from elsewhere.
  CHECK_FALSE(html.contains(QStringLiteral("http://")));
  CHECK_FALSE(html.contains(QStringLiteral("https://")));
  CHECK_FALSE(html.contains(QStringLiteral("<link")));
  CHECK_FALSE(html.contains(QStringLiteral("<script")));
  w.resultsModel()->clear();
  CHECK_FALSE(action->isEnabled());
}

TEST_CASE("board: a real benchmark fills the tiles while it runs, each with its result's number", "[gui][board]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  ScoreboardView* board = w.resultsView()->scoreboard();
  // Each time a result arrives, the tiles already show it (the view listens to the model).
  std::vector<int> measured;
  QObject::connect(w.resultsModel(), &QAbstractItemModel::rowsInserted, board,
                   [&] { measured.push_back(board->board().measuredCount()); });
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(finished.wait(180000));
  REQUIRE(measured.size() >= 3);
  CHECK(measured.front() == 1);
  for (std::size_t i = 1; i < measured.size(); ++i)
    CHECK(measured[i] >= measured[i - 1]);
  const std::vector<RunResult>& results = w.resultsModel()->results();
  TileWidget* file = board->findTile(bench.location, QStringLiteral("xxh3-64"), Kind::Hash);
  REQUIRE(file);
  REQUIRE(file->tile().resultIndex >= 0);
  const RunResult& r = results.at(std::size_t(file->tile().resultIndex));
  CHECK(r.workload == Workload::HashFile);
  CHECK(file->numberText() == speedText(r.mbPerSec()).number);
  CHECK(file->badgeText() == badgeText(badgeOf(r)));
  CHECK(board->headline().startsWith(QStringLiteral("On this machine")));
}
