// Esc means one thing at a time: with a tile's details open it closes them and nothing else, even during a
// run; with nothing open it asks before stopping a run, and a run stopped that way keeps what it measured.
// A focused button looks focused; the arrow keys move between the tiles.
#include <QAbstractButton>
#include <QApplication>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/theme.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {
// The first measured tile of the board, or nullptr.
TileWidget* measuredTile(ScoreboardView* board)
{
  for (const ScoreTile& t : board->board().tiles) {
    if (t.measured)
      return board->tileWidget(t.row, t.column);
  }
  return nullptr;
}

// The button as painted now.
QImage paint(QWidget* w)
{
  w->repaint();
  return w->grab().toImage();
}

int differingPixels(const QImage& a, const QImage& b)
{
  if (a.size() != b.size())
    return a.width() * a.height();
  int n = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x)
      n += a.pixel(x, y) != b.pixel(x, y);
  }
  return n;
}
}  // namespace

TEST_CASE("Esc during a run closes a tile's details and nothing else, alone it asks first, and the stop keeps the results",
          "[gui][keyboard][stop]")
{
  // Long reference runs in RAM: the run is certainly still going when the keys are pressed.
  test::TinyBenchmark bench(QStringLiteral("sha256"), QStringLiteral("8M"), 20.0);
  MainWindow& w = *bench.window;
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QSignalSpy results(w.resultsModel(), &QAbstractItemModel::rowsInserted);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(w.controller()->isRunning());
  REQUIRE((results.count() > 0 || results.wait(30000)));  // the read is quick: a measured tile to open
  ScoreboardView* board = w.resultsView()->scoreboard();
  TileWidget* tile = measuredTile(board);
  REQUIRE(tile);
  QTest::mouseClick(tile, Qt::LeftButton);
  REQUIRE(w.resultsView()->tileDetails()->isVisible());

  // Esc with the details open: they close, the run goes on, nothing asks.
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
  CHECK_FALSE(w.resultsView()->tileDetails()->isVisible());
  CHECK(w.controller()->isRunning());
  CHECK(QApplication::activeModalWidget() == nullptr);
  CHECK(finished.isEmpty());

  // Open them again and press Esc with the focus elsewhere (the Benchmark corner's Stop button): the same.
  QTest::mouseClick(tile, Qt::LeftButton);
  REQUIRE(w.resultsView()->tileDetails()->isVisible());
  w.stopButton()->setFocus();
  QTest::keyClick(w.stopButton(), Qt::Key_Escape);
  CHECK_FALSE(w.resultsView()->tileDetails()->isVisible());
  CHECK(w.controller()->isRunning());

  // Nothing open: Esc asks first, Keep running (the default) keeps it running.
  auto kept = test::answerNextMessageBoxSeen(QStringLiteral("Keep running"));
  QTest::keyClick(&w, Qt::Key_Escape);
  CHECK(kept->seen);
  CHECK(kept->text.contains(QStringLiteral("Stop")));
  CHECK(kept->informative.contains(QStringLiteral("kept")));
  CHECK(w.controller()->isRunning());
  CHECK(finished.isEmpty());

  // Esc, Stop: the run stops, and what it measured stays on the board and in the table.
  const int measured = board->board().measuredCount();
  REQUIRE(measured > 0);
  // The window is active again once the box has gone (a window manager gives it back; offscreen it is asked).
  w.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&w));
  auto stopped = test::answerNextMessageBoxSeen(QStringLiteral("Stop"));
  QTest::keyClick(&w, Qt::Key_Escape);
  CHECK(stopped->seen);
  REQUIRE((finished.count() > 0 || finished.wait(10000)));
  CHECK(finished.at(0).at(0).toBool() == true);  // stopped
  CHECK(board->board().measuredCount() >= measured);
  CHECK(w.resultsModel()->rowCount() >= measured);
}

TEST_CASE("every button shows when it has the focus, the default Benchmark button too", "[gui][keyboard][theme]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  w.resultsModel()->setResults(test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json")));
  w.viewTabs()->setCurrentWidget(w.historyPanel());
  QTest::qWait(20);
  for (Theme theme : {Theme::System, Theme::Light, Theme::Dark}) {
    applyTheme(theme);
    QApplication::processEvents();
    QList<QAbstractButton*> buttons{w.benchmarkButton(), w.historyPanel()->openButton(),
                                    w.historyPanel()->compareButton()};
    for (QAbstractButton* button : buttons) {
      INFO(button->text().toStdString() << " in theme " << int(theme));
      REQUIRE(button->isVisible());
      button->setEnabled(true);
      w.historyPanel()->table()->setFocus();  // something else has the focus
      const QImage unfocused = paint(button);
      button->setFocus(Qt::TabFocusReason);
      REQUIRE(button->hasFocus());
      const QImage focused = paint(button);
      // A ring two pixels wide round the inside of the button: hundreds of pixels, not a faint dotted line.
      CHECK(differingPixels(unfocused, focused) > 2 * (button->width() + button->height()));
    }
    // The tile details' Close button (a tool button) as well.
    w.viewTabs()->setCurrentWidget(w.resultsView());
    QTest::mouseClick(w.resultsView()->scoreboard()->tileWidget(0, 0), Qt::LeftButton);
    auto* close = w.resultsView()->tileDetails()->findChild<QToolButton*>();
    REQUIRE(close);
    REQUIRE(close->isVisible());
    w.resultsView()->scoreboard()->tileWidget(0, 0)->setFocus();
    const QImage unfocused = paint(close);
    close->setFocus(Qt::TabFocusReason);
    CHECK(differingPixels(unfocused, paint(close)) > close->width() + close->height());
    w.resultsView()->closeDetails();
    w.viewTabs()->setCurrentWidget(w.historyPanel());
  }
  applyTheme(Theme::System);
}

TEST_CASE("the arrow keys move the focus between tiles, over the cells without a tile", "[gui][keyboard][board]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  w.resultsModel()->setResults(test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json")));
  w.viewTabs()->setCurrentWidget(w.resultsView());
  QTest::qWait(20);
  ScoreboardView* board = w.resultsView()->scoreboard();
  const Scoreboard& b = board->board();
  REQUIRE(b.rows.size() >= 2);
  REQUIRE(b.columns.size() >= 3);
  TileWidget* start = board->tileWidget(0, 0);
  start->setFocus();
  REQUIRE(start->hasFocus());
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
  CHECK(QApplication::focusWidget() == board->tileWidget(0, 1));
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
  CHECK(QApplication::focusWidget() == board->tileWidget(1, 1));
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Left);
  CHECK(QApplication::focusWidget() == board->tileWidget(1, 0));
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Up);
  CHECK(QApplication::focusWidget() == start);
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Left);  // the edge: the focus stays
  CHECK(QApplication::focusWidget() == start);
  // Enter on the tile the arrows reached opens its details.
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
  REQUIRE(w.resultsView()->tileDetails()->isVisible());
  CHECK(w.resultsView()->tileDetails()->tile().column == 1);
}
