// A tile squeezed into a narrow place (Compare shows two boards side by side) keeps the width its number,
// badge and spread line need: the board scrolls instead of clipping "1227 MB/s" to "1227" over "MB/s".
#include <QApplication>
#include <QLayout>

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
