// History > Open puts a saved run in the Results tab, so an older run is exported in every format (PNG, CSV,
// HTML, JSON); History > Export... names and places the file as File's exports do. Compare gives its table the
// room at 1280x800 and 1366x768: the scoreboards fold away.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QPushButton>
#include <QSysInfo>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>

#include <cmath>

#include "catch.hpp"
#include "charts/chart_widgets.hpp"
#include "gui_test_helpers.hpp"
#include "logic/exporters.hpp"
#include "logic/history_model.hpp"
#include "logic/results_model.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {


const QString kRun = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/replay/vm_quick_ramp_paired.json");
const QString kBoardSuite = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json");

QByteArray fileBytes(const QString& path)
{
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Rows of `table` shown whole in its viewport.
int wholeRowsShown(const QTableWidget* table)
{
  int rows = 0;
  for (int row = 0; row < table->rowCount(); ++row) {
    const int top = table->rowViewportPosition(row);
    if (top >= 0 && top + table->rowHeight(row) <= table->viewport()->height())
      ++rows;
  }
  return rows;
}

}  // namespace

TEST_CASE("History > Open shows a saved run in Results, where every export works on it", "[gui][history][export]")
{
  QTemporaryDir history;
  const gui::test::ScopedHistory db(history.path() + QStringLiteral("/h.sqlite"));
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  std::int64_t id = 0;
  REQUIRE(w.historyModel()->importFile(kRun, &id).isEmpty());
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);
  panel->selectRun(id);
  REQUIRE(w.resultsModel()->rowCount() == 0);
  for (QAction* a : w.exportActions())
    CHECK_FALSE(a->isEnabled());  // nothing to export yet

  QTest::mouseClick(panel->openButton(), Qt::LeftButton);
  CHECK(w.viewTabs()->currentWidget() == w.resultsView());
  const auto run = w.historyModel()->run(id);
  REQUIRE(run);
  REQUIRE(w.resultsModel()->rowCount() == int(run->tiles.size()));
  for (QAction* a : w.exportActions())
    CHECK(a->isEnabled());
  // The same tiles as History's own view of the run: each measured tile with the run's figure.
  const Scoreboard opened = w.resultsView()->scoreboard()->board();
  const Scoreboard saved = buildScoreboard(*run);
  REQUIRE(opened.measuredCount() == saved.measuredCount());
  for (const ScoreTile& t : saved.tiles) {
    if (!t.measured)
      continue;
    const ScoreTile* o = opened.find(t.location, t.algorithm, t.kind);
    REQUIRE(o);
    INFO(t.title().toStdString());
    CHECK(o->mbps == Approx(t.mbps).epsilon(0.005));
  }
  CHECK_FALSE(w.resultsView()->scoreboard()->headline().startsWith(QStringLiteral("Measuring")));

  // Every format: the run's own JSON document (the record), and the CSV, HTML and both PNGs of its results.
  const QString out = bench.dir.path();
  REQUIRE(w.exportResultsJson(out + QStringLiteral("/run.json")).isEmpty());
  CHECK(fileBytes(out + QStringLiteral("/run.json")) == w.historyModel()->document(id));
  REQUIRE(w.exportResultsCsv(out + QStringLiteral("/run.csv")).isEmpty());
  CHECK(test::parseCsv(QString::fromUtf8(fileBytes(out + QStringLiteral("/run.csv")))).size() ==
        std::size_t(run->tiles.size()) + 1);
  REQUIRE(exportReport(*w.resultsModel(), *w.resultsView(), out + QStringLiteral("/run.html")).isEmpty());
  CHECK(fileBytes(out + QStringLiteral("/run.html")).contains(run->machine.cpu.c_str()));
  REQUIRE(w.exportChartPng(w.resultsView()->comparisonChart(), out + QStringLiteral("/chart.png"), QSize(1200, 700)).isEmpty());
  REQUIRE(w.exportScoreboardPng(out + QStringLiteral("/board.png")).isEmpty());
  CHECK_FALSE(QImage(out + QStringLiteral("/board.png")).isNull());
  // Exports of the opened run are named after its date, not today's.
  const QString started = QString::fromStdString(run->startedAt).left(10);
  CHECK(exportBaseName(w.resultsModel()->when(), QStringLiteral("host")).startsWith(QStringLiteral("hashscope-") + started));
}

TEST_CASE("History > Export... names the file and picks the folder as File's exports do", "[gui][history][export]")
{
  QTemporaryDir history;
  const gui::test::ScopedHistory db(history.path() + QStringLiteral("/h.sqlite"));
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  const QString exports = bench.dir.path() + QStringLiteral("/exports");
  QDir().mkpath(exports);
  bench.settings->setExportFolder(exports);  // where the last export of File went
  std::int64_t id = 0;
  REQUIRE(w.historyModel()->importFile(kRun, &id).isEmpty());
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);
  panel->selectRun(id);
  QPushButton* exportButton = nullptr;
  for (QPushButton* b : panel->findChildren<QPushButton*>()) {
    if (b->text().remove(QLatin1Char('&')) == QStringLiteral("Export..."))
      exportButton = b;
  }
  REQUIRE(exportButton);
  const QString path = exports + QStringLiteral("/chosen.json");
  auto suggested = test::answerNextFileDialog(path);
  QTest::mouseClick(exportButton, Qt::LeftButton);
  ExportOptions when;
  when.startedAt = w.historyModel()->record(w.historyModel()->rowOf(id)).startedAt;
  CHECK(QFileInfo(*suggested).absolutePath() == exports);
  CHECK(QFileInfo(*suggested).fileName() == exportBaseName(when, QSysInfo::machineHostName()) + QStringLiteral(".json"));
  CHECK_FALSE(QFileInfo(*suggested).fileName().startsWith(QStringLiteral("hashscope-run-")));
  REQUIRE(QFileInfo::exists(path));
  CHECK(fileBytes(path) == w.historyModel()->document(id));

  // A failed export says so in a dialog.
  auto second = test::answerNextFileDialog(exports + QStringLiteral("/no-such-folder/run.json"));
  auto box = test::answerNextMessageBoxSeen(QStringLiteral("OK"));
  QTest::mouseClick(exportButton, Qt::LeftButton);
  INFO("suggested " << second->toStdString() << "; history says " << panel->statusText().toStdString());
  CHECK(box->seen);
  CHECK(box->title == QStringLiteral("Export failed"));
}

TEST_CASE("Compare gives its table the room at 1280x800 and 1366x768: the scoreboards fold away",
          "[gui][history][compare]")
{
  for (const QSize size : {QSize(1280, 800), QSize(1366, 768)}) {
    INFO(size.width() << "x" << size.height());
    QTemporaryDir history;
    const gui::test::ScopedHistory db(history.path() + QStringLiteral("/h.sqlite"));
    test::TinyBenchmark bench;
    MainWindow& w = *bench.window;
    // Two runs of 14 tiles: the board suite, and the same with another start (a second document).
    QByteArray second = fileBytes(kBoardSuite);
    second.replace("2026-11-22T15:29:04Z", "2026-11-23T09:00:00Z");
    const QString copy = bench.dir.path() + QStringLiteral("/second.json");
    QFile f(copy);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(second);
    f.close();
    std::int64_t a = 0, b = 0;
    REQUIRE(w.historyModel()->importFile(kBoardSuite, &a).isEmpty());
    REQUIRE(w.historyModel()->importFile(copy, &b).isEmpty());
    w.resize(size);
    HistoryPanel* panel = w.historyPanel();
    w.viewTabs()->setCurrentWidget(panel);
    panel->table()->selectAll();
    QTest::mouseClick(panel->compareButton(), Qt::LeftButton);
    QTest::qWait(50);  // let the splitters settle
    CompareView* compare = panel->compareView();
    const QTableWidget* table = compare->table();
    REQUIRE(table->rowCount() >= 10);
    CHECK_FALSE(compare->boardsShown());
    CHECK(wholeRowsShown(table) >= 8);

    // The toggle brings the boards back, and folds them again.
    QTest::mouseClick(compare->boardsToggle(), Qt::LeftButton);
    CHECK(compare->boardsShown());
    CHECK(compare->baseBoard()->isVisible());
    QTest::mouseClick(compare->boardsToggle(), Qt::LeftButton);
    CHECK_FALSE(compare->boardsShown());
    QTest::qWait(20);
    CHECK(wholeRowsShown(table) >= 8);
  }
}
