// A tile squeezed into a narrow place (Compare shows two boards side by side) keeps the width its number,
// badge and spread line need: the board scrolls instead of clipping "1227 MB/s" to "1227" over "MB/s".
#include <QApplication>
#include <QLabel>
#include <QLayout>
#include <QScrollArea>

#include "catch.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

TEST_CASE("board: a narrow board scrolls rather than clip its tiles", "[gui][board]")
{
  const std::vector<RunResult> results =
      test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
  ResultsModel model;
  ResultsView view(&model);
  view.resize(300, 600);
  view.show();
  model.setResults(results);
  QApplication::processEvents();
  const QList<TileWidget*> tiles = view.scoreboard()->findChildren<TileWidget*>();
  REQUIRE_FALSE(tiles.isEmpty());
  int measured = 0;
  for (const TileWidget* tile : tiles) {
    if (tile->numberText().isEmpty() || !tile->isVisible())
      continue;
    ++measured;
    INFO(tile->accessibleName().toStdString());
    CHECK(tile->width() >= tile->layout()->minimumSize().width());
  }
  CHECK(measured > 0);
}

namespace {
struct TileLook {
  QSize size;
  double numberPoints = 0;
};
// The first measured tile's size and number font, and whether every shown tile is whole: as wide and tall as
// its contents need, its number not cut, and inside the scroll area's view (no scrolling needed).
TileLook look(const ResultsView& view, bool* allWhole)
{
  TileLook first;
  *allWhole = true;
  const QWidget* viewport = view.scoreboard()->findChild<QScrollArea*>()->viewport();
  for (const TileWidget* tile : view.scoreboard()->findChildren<TileWidget*>()) {
    if (tile->numberText().isEmpty() || !tile->isVisible())
      continue;
    if (first.size.isEmpty())
      first = {tile->size(), tile->numberLabel()->font().pointSizeF()};
    const QRect inView(tile->mapTo(viewport, QPoint(0, 0)), tile->size());
    INFO(tile->accessibleName().toStdString());
    const bool whole = tile->width() >= tile->minimumSizeHint().width() &&
                       tile->height() >= tile->minimumSizeHint().height() &&
                       tile->numberLabel()->width() >= tile->numberLabel()->sizeHint().width() &&
                       viewport->rect().contains(inView);
    CHECK(whole);
    *allWhole = *allWhole && whole;
  }
  return first;
}
}  // namespace

TEST_CASE("board: tiles grow to use a large window, and none is clipped", "[gui][board]")
{
  const std::vector<RunResult> results =
      test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
  ResultsModel model;
  ResultsView view(&model);
  view.resize(900, 560);  // about what the board has at its smallest usual window, 1024x600
  view.show();
  model.setResults(results);
  QApplication::processEvents();
  bool whole = false;
  const TileLook normal = look(view, &whole);
  CHECK(whole);
  // About the normal size: a tenth more where the width allows it (tiles without a mark of their own for a
  // run-wide problem are narrower, and the legend folds to its toggle where the tiles need the room).
  CHECK(view.scoreboard()->tileScale() >= 1.0);
  CHECK(view.scoreboard()->tileScale() < 1.15);

  view.resize(1920, 1000);  // a 1920x1080 window
  QApplication::processEvents();
  const TileLook large = look(view, &whole);
  CHECK(whole);
  CHECK(view.scoreboard()->tileScale() > 1.3);
  CHECK(large.size.width() > normal.size.width() * 13 / 10);
  CHECK(large.size.height() > normal.size.height() * 13 / 10);
  CHECK(large.numberPoints > normal.numberPoints * 1.3);

  view.resize(1280, 740);  // 1280x800: tiles as large as fit, still whole
  QApplication::processEvents();
  const TileLook medium = look(view, &whole);
  CHECK(whole);
  CHECK(medium.size.width() >= normal.size.width());
  CHECK(medium.size.width() < large.size.width());
}
