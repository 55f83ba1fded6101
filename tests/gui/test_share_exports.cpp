// What people share: File > Export scoreboard as PNG renders the tiles with the headline, machine, date and
// caveat; Copy results table starts with the headline, the machine and the date. An export that fails says so
// in a dialog. The headline keeps paths whole when it wraps.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QSysInfo>
#include <QTabWidget>
#include <QTest>
#include <QTextLayout>

#include <memory>

#include "catch.hpp"
#include "charts/chart_widgets.hpp"
#include "gui_test_helpers.hpp"
#include "logic/app_settings.hpp"
#include "logic/chart_labels.hpp"
#include "logic/exporters.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/status_strip.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

const QString kBoardSuite = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json");

// The board suite's results in the window's Results tab, as a run that started on 2026-11-22.
void showBoardSuite(MainWindow& w)
{
  ExportOptions when;
  when.startedAt = "2026-11-22T15:29:04Z";
  when.finishedAt = "2026-11-22T15:29:22Z";
  when.status = "finished";
  w.resultsModel()->showSavedRun(test::loadRecordedResults(kBoardSuite), when, thisMachine(), QStringLiteral("0.2.0"), {});
}

QMenu* fileMenu(MainWindow& w)
{
  for (QAction* menu : w.menuBar()->actions()) {
    if (menu->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
      return menu->menu();
  }
  return nullptr;
}

QAction* fileAction(MainWindow& w, const QString& text)
{
  QMenu* menu = fileMenu(w);
  if (!menu)
    return nullptr;
  for (QAction* a : menu->actions()) {
    if (a->text().remove(QLatin1Char('&')).startsWith(text))
      return a;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("File > Export scoreboard as PNG renders the tiles with the headline, machine, date and caveat",
          "[gui][export]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  const QString exports = bench.dir.path() + QStringLiteral("/exports");
  QDir().mkpath(exports);
  showBoardSuite(w);
  w.viewTabs()->setCurrentWidget(w.resultsView());
  QTest::qWait(20);

  // In the File menu beside the other exports, with a shortcut of its own, enabled with results.
  QAction* action = fileAction(w, QStringLiteral("Export scoreboard as PNG"));
  REQUIRE(action);
  CHECK(w.exportActions().contains(action));
  CHECK(action->isEnabled());
  REQUIRE_FALSE(action->shortcut().isEmpty());
  for (QAction* other : w.findChildren<QAction*>()) {
    if (other != action)
      CHECK(other->shortcut() != action->shortcut());
  }
  QAction* chart = fileAction(w, QStringLiteral("Export chart as PNG"));
  REQUIRE(chart);
  const QList<QAction*> file = fileMenu(w)->actions();
  CHECK(std::abs(file.indexOf(action) - file.indexOf(chart)) == 1);  // next to the chart export

  // Saved where File's other exports go, named as they are: the run's date and the machine, "-scoreboard.png".
  bench.settings->setExportFolder(exports);
  const QString path = exports + QStringLiteral("/board.png");
  auto suggested = test::answerNextFileDialog(path);
  QTest::keySequence(&w, action->shortcut());
  CHECK(QFileInfo(*suggested).absolutePath() == exports);
  CHECK(QFileInfo(*suggested).fileName() ==
        exportBaseName(w.resultsModel()->when(), QSysInfo::machineHostName()) + QStringLiteral("-scoreboard.png"));
  REQUIRE(QFileInfo::exists(path));
  CHECK(w.statusText().contains(path));

  const QImage image(path);
  REQUIRE_FALSE(image.isNull());
  ScoreboardView* board = w.resultsView()->scoreboard();
  // Every tile at its normal size: at least as wide and as tall as the board's grid of tiles.
  const TileWidget* corner = board->tileWidget(int(board->board().rows.size()) - 1, int(board->board().columns.size()) - 1);
  REQUIRE(corner);
  CHECK(image.width() >= 900);
  CHECK(image.height() >= int(board->board().rows.size()) * corner->minimumSizeHint().height());
  CHECK(test::greyDeviation(image) > 10);  // a picture, not a blank
  // What it says above the tiles travels in the file's text too (for whoever reads it without the picture).
  CHECK(image.text(QStringLiteral("Title")).contains(QStringLiteral("HashScope")));
  CHECK(image.text(QStringLiteral("Title")).contains(QStringLiteral("2026-11-22")));  // the run's date
  CHECK(image.text(QStringLiteral("Description")).contains(board->headline()));
  CHECK(image.text(QStringLiteral("Description")).contains(QStringLiteral("cores")));  // the machine
  CHECK(image.text(QStringLiteral("Description")).contains(board->caveat()));
}

TEST_CASE("Copy results table starts with the headline, the machine and the date, and the message counts rows in words",
          "[gui][export]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  showBoardSuite(w);
  QTest::qWait(20);
  QAction* copy = fileAction(w, QStringLiteral("Copy results table"));
  REQUIRE(copy);
  QApplication::clipboard()->clear();
  QTest::keySequence(&w, copy->shortcut());
  const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'));
  const qsizetype blank = lines.indexOf(QString());
  REQUIRE(blank >= 3);
  const QStringList header = lines.mid(0, blank);
  INFO(header.join(QLatin1Char('\n')).toStdString());
  CHECK(header.first() == w.resultsView()->scoreboard()->headline());
  CHECK(header[1].contains(QStringLiteral("cores")));           // the machine
  CHECK(header.last().contains(QStringLiteral("2026-11-22")));  // the run's date
  REQUIRE(lines.size() > blank + 2);
  CHECK(lines[blank + 1].startsWith(QStringLiteral("Location\t")));  // then the table, header first
  const int rows = w.resultsModel()->rowCount();
  CHECK(w.statusText() == QStringLiteral("Results table copied to the clipboard: %1 rows.").arg(rows));
  CHECK_FALSE(w.statusText().contains(QStringLiteral("(s)")));
}

TEST_CASE("an export that fails says so in a dialog, not only in the status bar", "[gui][export]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  showBoardSuite(w);
  QTest::qWait(20);
  QAction* csv = fileAction(w, QStringLiteral("Export results as CSV"));
  REQUIRE(csv);
  // A folder that does not exist (a read-only one would not stop root, who runs these tests in CI).
  const QString path = bench.dir.path() + QStringLiteral("/no-such-folder/results.csv");
  test::answerNextFileDialog(path);
  auto box = test::answerNextMessageBoxSeen(QStringLiteral("OK"));
  QTest::keySequence(&w, csv->shortcut());
  CHECK(box->seen);
  CHECK(box->title == QStringLiteral("Export failed"));
  CHECK(box->informative.contains(path));
  CHECK_FALSE(QFileInfo::exists(path));
}

TEST_CASE("the headline keeps a path on one line when it wraps", "[gui][board]")
{
  ScoreboardView view;
  Scoreboard board;
  board.headline = QStringLiteral("On this machine md5 is CPU-bound (750 MB/s per core); /tmp reads 902 MB/s, so crc32 "
                                  "and xxh3-64 are disk-bound and sha256 is mixed there; /dev/shm, in RAM, reads 6197 "
                                  "MB/s, so sha256 is CPU-bound and crc32 and xxh3-64 are memory-bound there.");
  view.setBoard(board);
  CHECK(view.headline() == board.headline);  // what it says is unchanged
  const QLabel* label = view.headlineLabel();
  int wraps = 0;
  for (int width = 200; width <= 1400; width += 3) {
    QTextLayout layout(label->text(), label->font());
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
      line.setLineWidth(width);
      const QString shown = label->text().mid(line.textStart(), line.textLength()).trimmed().remove(QChar(0x2060));
      INFO("width " << width << ": \"" << shown.toStdString() << "\"");
      CHECK_FALSE(shown.endsWith(QLatin1Char('/')));
      CHECK_FALSE(shown.startsWith(QStringLiteral("dev/")));
      ++wraps;
    }
    layout.endLayout();
  }
  CHECK(wraps > 100);
}
