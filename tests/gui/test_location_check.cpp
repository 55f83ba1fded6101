// Benchmark checks the ticked locations first. A folder deleted since it was ticked, or one turned read-only,
// says so on its tiles and above them (in the headline when nothing could be measured); a run that left a
// location out is not saved as "finished".
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#ifndef _WIN32
#include <unistd.h>
#endif

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/history_model.hpp"
#include "logic/location_model.hpp"
#include "logic/results_model.hpp"
#include "skip.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {


// Root on a system with mount(8): the only way here to turn a filesystem read-only under the running app.
bool mayMount()
{
#ifdef _WIN32
  return false;
#else
  return ::geteuid() == 0;
#endif
}

bool runTool(const QStringList& command)
{
  QProcess p;
  p.start(command.first(), command.mid(1));
  return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// Every tile of `location` on the board: their texts.
QStringList tileTexts(ScoreboardView* board, const QString& location)
{
  QStringList texts;
  for (const ScoreTile& t : board->board().tiles) {
    if (t.kind != ScoreTile::Kind::Empty && t.location == location)
      texts.append(board->tileWidget(t.row, t.column)->unitText());
  }
  return texts;
}

}  // namespace

TEST_CASE("a ticked folder deleted before the run: its tiles and the line above them say so, the run is not "
          "\"finished\"",
          "[gui][locations]")
{
  QTemporaryDir history;
  const gui::test::ScopedHistory db(history.path() + QStringLiteral("/h.sqlite"));
  gui::test::TinyBenchmark bench(QStringLiteral("xxh3-64"), QStringLiteral("8M"), 0.1);
  MainWindow& w = *bench.window;
  const QString gone = bench.dir.path() + QStringLiteral("/gone");
  QDir().mkpath(gone);
  w.locationsPanel()->addFolder(gone);
  w.locationModel()->setCheckedPaths({bench.location, gone});
  REQUIRE(w.locationModel()->checkedPaths().contains(gone));
  REQUIRE(QDir(gone).removeRecursively());

  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(w.controller()->isRunning());  // the other location is measured
  ScoreboardView* board = w.resultsView()->scoreboard();
  // Said at once, before the run gets anywhere: on the tiles and above them.
  const QStringList tiles = tileTexts(board, gone);
  REQUIRE_FALSE(tiles.isEmpty());
  for (const QString& text : tiles)
    CHECK(text == QStringLiteral("not measured: folder missing"));
  CHECK(board->caveat().contains(gone + QStringLiteral(" no longer exists")));

  REQUIRE(finished.wait(60000));
  CHECK(finished.at(0).at(0).toBool() == false);
  for (const QString& text : tileTexts(board, gone))
    CHECK(text == QStringLiteral("not measured: folder missing"));
  CHECK(board->caveat().contains(gone));
  CHECK(board->board().measuredCount() > 0);
  CHECK(w.statusText().contains(gone));
  // Saved, but not as "finished".
  REQUIRE(w.historyModel()->rowCount() == 1);
  CHECK(w.historyModel()->record(0).status == "incomplete");
  CHECK(w.historyModel()->index(0, HistoryModel::Status).data().toString().startsWith(QStringLiteral("incomplete")));
}

TEST_CASE("the only location turned read-only: nothing starts, its tiles and the headline say read-only",
          "[gui][locations]")
{
  QTemporaryDir history;
  const gui::test::ScopedHistory db(history.path() + QStringLiteral("/h.sqlite"));
  gui::test::TinyBenchmark bench(QStringLiteral("xxh3-64"), QStringLiteral("8M"), 0.1);
  MainWindow& w = *bench.window;
  const QString folder = bench.dir.path() + QStringLiteral("/rolater");
  QDir().mkpath(folder);
  // A tmpfs of its own, ticked while writable, then remounted read-only (root only; unmounted at the end).
  if (!mayMount() || !runTool({QStringLiteral("mount"), QStringLiteral("-t"), QStringLiteral("tmpfs"),
                                    QStringLiteral("-o"), QStringLiteral("size=256m"), QStringLiteral("hashscope-ro-test"),
                                    folder}))
    HASHSCOPE_SKIP("needs root and mount rights for a filesystem to turn read-only");
  struct Unmount {
    QString folder;
    ~Unmount() { runTool({QStringLiteral("umount"), folder}); }
  } unmount{folder};
  w.locationsPanel()->addFolder(folder);
  w.locationModel()->setCheckedPaths({folder});
  REQUIRE(w.locationModel()->checkedPaths() == QStringList{folder});
  REQUIRE(runTool({QStringLiteral("mount"), QStringLiteral("-o"), QStringLiteral("remount,ro"), folder}));

  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  CHECK_FALSE(w.controller()->isRunning());
  ScoreboardView* board = w.resultsView()->scoreboard();
  const QStringList tiles = tileTexts(board, folder);
  REQUIRE_FALSE(tiles.isEmpty());
  for (const QString& text : tiles)
    CHECK(text == QStringLiteral("not measured: read-only"));
  CHECK(board->headline().startsWith(QStringLiteral("Nothing was measured: ")));
  CHECK(board->headline().contains(QStringLiteral("read-only")));
  CHECK_FALSE(board->headline().startsWith(QStringLiteral("Measuring")));
  CHECK(w.statusText().contains(QStringLiteral("read-only")));
  CHECK(w.historyModel()->rowCount() == 0);  // nothing ran: nothing saved as finished
  CHECK(w.benchmarkButton()->isEnabled());
}
