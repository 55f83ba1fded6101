// How the scoreboard and a tile's details share a window: the board takes the height its final scale
// needs, the headline grows with the tiles, the details give every pass its row, their text the tiles' size
// and their chart a time axis that ends with the data; Compare's two boards never scroll sideways.
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include <string>

#include "catch.hpp"
#include "charts/chart_widgets.hpp"
#include "hashscope/library.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_legend.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;
using Kind = ScoreTile::Kind;

namespace {

// Resizes a window and waits until the platform has applied it: on a real window system (Qt's windows
// platform under wine) a top-level window's new size arrives with a later event, not with resize().
void resizeShown(QWidget& window, QSize size)
{
  window.resize(size);
  // A size the platform will not give (below a minimum) is left to the checks that follow to show.
  static_cast<void>(QTest::qWaitFor([&] { return window.size() == size; }, 3000));
  QApplication::processEvents();
}

const QString kRuns = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");

// The Results view at `size` with the recorded suite, the details of /data's md5 tile open (3 passes).
struct OpenDetails {
  explicit OpenDetails(QSize size)
  {
    view.show();
    resizeShown(view, size);
    model.setResults(results);
    QApplication::processEvents();
    TileWidget* md5 = view.scoreboard()->findTile(QStringLiteral("/data"), QStringLiteral("md5"), Kind::Hash);
    REQUIRE(md5);
    QTest::mouseClick(md5, Qt::LeftButton);
    QApplication::processEvents();
    REQUIRE(view.tileDetails()->isVisible());
  }
  const std::vector<RunResult> results = test::loadRecordedResults(kRuns + QStringLiteral("board_suite.json"));
  ResultsModel model;
  ResultsView view{&model};
};

// The lowest edge of a shown tile, in `to`'s coordinates.
int tilesBottom(const ScoreboardView* board, const QWidget* to)
{
  int bottom = 0;
  for (const TileWidget* tile : board->findChildren<TileWidget*>()) {
    if (tile->isVisible())
      bottom = std::max(bottom, tile->mapTo(to, QPoint(0, tile->height())).y());
  }
  return bottom;
}

std::string readFile(const QString& path)
{
  QFile f(path);
  REQUIRE(f.open(QIODevice::ReadOnly));
  return f.readAll().toStdString();
}

// Both boards whole across: no sideways scrolling, every measured tile and its change badge inside the
// view's width (rows may scroll when the boards are stacked). Where the view folded them away (a short view
// gives its table the room), they are opened first, as the user would with their toggle.
void checkBoardsAcross(CompareView& view)
{
  if (!view.boardsShown()) {
    QTest::mouseClick(view.boardsToggle(), Qt::LeftButton);
    QApplication::processEvents();
  }
  REQUIRE(view.boardsShown());
  for (const ScoreboardView* board : {view.baseBoard(), view.otherBoard()}) {
    INFO(board->objectName().toStdString());
    const QScrollArea* scroll = board->findChild<QScrollArea*>();
    CHECK_FALSE(scroll->horizontalScrollBar()->isVisible());
    const QWidget* viewport = scroll->viewport();
    int shown = 0;
    for (const TileWidget* tile : board->findChildren<TileWidget*>()) {
      if (!tile->isVisible() || tile->numberText().isEmpty())
        continue;
      ++shown;
      INFO(tile->accessibleName().toStdString());
      const QRect inView(tile->mapTo(viewport, QPoint(0, 0)), tile->size());
      CHECK(inView.left() >= 0);
      CHECK(inView.right() <= viewport->rect().right());
      CHECK(tile->width() >= tile->minimumSizeHint().width());
    }
    CHECK(shown > 0);
  }
}

}  // namespace

TEST_CASE("details: every pass has its row, the text grows with the tiles, the time axis ends with the data",
          "[gui][board]")
{
  OpenDetails open(QSize(1920, 1000));  // a 1920x1080 window
  TileDetails* details = open.view.tileDetails();
  QTableWidget* passes = details->passesTable();
  REQUIRE(passes->rowCount() == 3);
  int rows = 0;
  for (int row = 0; row < passes->rowCount(); ++row)
    rows += passes->rowHeight(row);
  CHECK(passes->viewport()->height() >= rows);  // no pass cut off nor scrolled away

  const double normal = open.view.font().pointSizeF();
  CHECK(open.view.scoreboard()->tileScale() > 1.2);
  CHECK(details->findChild<QTextBrowser*>()->font().pointSizeF() >= normal * open.view.scoreboard()->tileScale() - 0.01);

  const double lastSample = open.results[2].samples.back().t;
  const AxisRange time = details->chart()->axisRange(2);
  CHECK(time.max >= lastSample);
  CHECK(time.max <= lastSample * 1.01);
}

TEST_CASE("details: the board above them is as tall as its tiles at the scale they settle at", "[gui][board]")
{
  // A 1280x720 screen's window under a panel, 1280x800, 1366x768 and 1920x1080 windows. In the first the tiles
  // need more than the 60% of the height they get when that is enough: they take what the details' minimum
  // leaves instead of scrolling (with 60% at most, the rows scrolled in any Results view under about 640 px).
  for (const QSize size : {QSize(1280, 620), QSize(1280, 740), QSize(1366, 720), QSize(1920, 1000)}) {
    INFO(size.width());
    OpenDetails open(size);
    const ScoreboardView* board = open.view.scoreboard();
    const QWidget* details = open.view.tileDetails();
    const int gap = details->mapTo(&open.view, QPoint(0, 0)).y() - tilesBottom(board, &open.view);
    CHECK(gap >= 0);  // no tile hidden under the details
    CHECK(gap < 30);  // nor a band of nothing between them
    const QScrollArea* scroll = board->findChild<QScrollArea*>();
    INFO("tiles " << scroll->widget()->height() << " px high (hint " << scroll->widget()->sizeHint().height()
                  << ") in a viewport of " << scroll->viewport()->height() << "; board " << board->height()
                  << ", preferred " << board->preferredHeight(board->height()) << "; scale "
                  << board->tileScale());
    CHECK_FALSE(scroll->verticalScrollBar()->isVisible());
  }
}

TEST_CASE("legend: open where the tiles leave it room, folded to its toggle where they need it, aside for details",
          "[gui][board]")
{
  OpenDetails open(QSize(1280, 740));
  ScoreboardLegend* legend = open.view.legend();
  const QScrollArea* scroll = open.view.scoreboard()->findChild<QScrollArea*>();
  // A tile's details sit right under the tiles: the legend steps aside.
  CHECK_FALSE(legend->isVisible());
  open.view.tileDetails()->hide();
  QApplication::processEvents();
  const auto check = [&](bool expanded) {
    QApplication::processEvents();
    INFO("window " << open.view.width() << "x" << open.view.height());
    CHECK(legend->isVisible());
    CHECK(legend->isExpanded() == expanded);
    CHECK_FALSE(scroll->verticalScrollBar()->isVisible());  // every row of tiles in view
  };
  // 1280x800: room for the tiles and the legend under them.
  check(true);
  // 1024x600: the tiles at their normal size fill the page; the legend shows its toggle alone.
  resizeShown(open.view, QSize(900, 560));
  check(false);
  resizeShown(open.view, QSize(1280, 740));
  check(true);

  // Opened or folded by hand, it stays so whatever the window (opened in a small one, the rows scroll).
  QTest::mouseClick(legend->toggle(), Qt::LeftButton);
  CHECK_FALSE(legend->isExpanded());
  resizeShown(open.view, QSize(1920, 1000));
  check(false);
  resizeShown(open.view, QSize(900, 560));
  QTest::mouseClick(legend->toggle(), Qt::LeftButton);
  QApplication::processEvents();
  CHECK(legend->isExpanded());
  resizeShown(open.view, QSize(1280, 740));
  check(true);

  // The choice the app saved and restores (nullopt: never made, the legend follows the room again).
  CHECK(open.view.legendChoice() == std::optional<bool>(true));
  open.view.setLegendChoice(false);
  check(false);
  open.view.setLegendChoice(std::nullopt);
  check(true);
  resizeShown(open.view, QSize(900, 560));
  check(false);
}

TEST_CASE("board: the headline grows with the tiles", "[gui][board]")
{
  OpenDetails open(QSize(900, 560));
  const double normal = open.view.scoreboard()->headlineLabel()->font().pointSizeF();
  open.view.tileDetails()->hide();
  resizeShown(open.view, QSize(1920, 1000));
  QApplication::processEvents();
  const double scale = open.view.scoreboard()->tileScale();
  REQUIRE(scale > 1.3);
  CHECK(open.view.scoreboard()->headlineLabel()->font().pointSizeF() >= normal * (1 + (scale - 1) / 2) - 0.01);
  // Nothing clipped: the headline shows all its lines.
  const QLabel* headline = open.view.scoreboard()->headlineLabel();
  CHECK(headline->height() >= headline->heightForWidth(headline->width()));
}

TEST_CASE("compare: at 1280 both boards are read without scrolling sideways, deltas shown", "[gui][board]")
{
  const RunDocument a = readRunDocument(readFile(kRuns + QStringLiteral("run_a.json")));
  const RunDocument b = readRunDocument(readFile(kRuns + QStringLiteral("run_b.json")));
  CompareView view;
  view.resize(1900, 700);  // a 1920x1080 window: room for both side by side
  view.show();
  view.showComparison(a, b, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  QApplication::processEvents();
  CHECK(view.boardsOrientation() == Qt::Horizontal);
  checkBoardsAcross(view);

  view.resize(1270, 560);  // the History tab's lower part in a 1280x800 window
  QApplication::processEvents();
  checkBoardsAcross(view);
  TileWidget* read = view.otherBoard()->findTile(QStringLiteral("/data"), {}, Kind::Read);
  REQUIRE(read);
  CHECK(read->deltaText() == QStringLiteral("= -3.0%"));

  // Two boards of three columns fit side by side, the tiles a little smaller; also when the comparison was
  // first shown in a narrow place (the History tab lays it out after).
  view.resize(300, 560);
  view.showRun(a, QStringLiteral("Run 1"));
  view.showComparison(a, a, QStringLiteral("Run 1"), QStringLiteral("Run 1 again"));
  QApplication::processEvents();
  view.resize(1270, 560);
  QApplication::processEvents();
  CHECK(view.boardsOrientation() == Qt::Horizontal);
  checkBoardsAcross(view);

  // As History does it: one run opened at full width, then compared with another.
  view.showRun(a, QStringLiteral("Run 1"));
  QApplication::processEvents();
  view.showComparison(a, b, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  QApplication::processEvents();
  checkBoardsAcross(view);

  // As the app does at start with a baseline set: the comparison is made before the window is shown, and
  // the boards first get their room when it is. The base board was left clipped at its first scale (its
  // fit ran before the tiles' new sizes had reached the grid's layout).
  CompareView hidden;
  hidden.showComparison(a, b, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  hidden.resize(1270, 560);
  hidden.show();
  QApplication::processEvents();
  QApplication::processEvents();
  checkBoardsAcross(hidden);
}
