// An app that explains itself: one caveat line for what is wrong with a whole run (tiles keep marks for their
// own problems), the legend under the scoreboard, the report's legend and caveat, Compare naming the settings that
// differ, the history list's size, preset and speed, and a Rename button.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "hashscope/export.hpp"
#include "logic/compare_settings.hpp"
#include "logic/history_model.hpp"
#include "logic/legend.hpp"
#include "logic/report_html.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_legend.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

std::vector<RunResult> busyRun()
{
  return test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
}

}  // namespace

TEST_CASE("A run busy throughout gets one caveat line, and every tile keeps its marks, during the run and after "
          "it", "[gui][explains]")
{
  std::vector<RunResult> results = busyRun();
  // One result of its own kind of trouble: served from the page cache.
  RunResult* xxh = nullptr;
  for (RunResult& r : results) {
    if (r.workload == Workload::HashFile && r.algorithm == "xxh3-64" && r.location == "/data")
      xxh = &r;
  }
  REQUIRE(xxh);
  REQUIRE(xxh->analysis);
  xxh->analysis->flags.push_back({FlagCode::ServedFromCache, 1e6, 256e6});
  const Scoreboard board = buildScoreboard(results);
  CHECK(board.caveat.startsWith(QStringLiteral("Other programs used the CPU during ")));
  CHECK(board.caveat.contains(QStringLiteral("(marked)")));  // the caveat points at the marked tiles
  CHECK(board.caveat.contains(QStringLiteral("run again on a quiet machine")));
  CHECK(board.caveatCodes.contains(QStringLiteral("machine-busy")));
  for (const ScoreTile& t : board.tiles) {
    if (!t.measured)
      continue;
    INFO(t.title().toStdString());
    CHECK(t.flags.join(QLatin1Char(' ')).contains(QStringLiteral("Machine busy")));  // the mark stays
  }
  const ScoreTile* cached = board.find(QStringLiteral("/data"), QStringLiteral("xxh3-64"), ScoreTile::Kind::Hash);
  REQUIRE(cached);
  CHECK(cached->flags.join(QLatin1Char(' ')).contains(QStringLiteral("page cache")));

  // The marks a tile shows while the run goes (its results so far: too few for the caveat) are the marks it
  // shows once the run has ended (the caveat said): no mark vanishes at the end.
  const std::vector<RunResult> firstTwo(results.begin(), results.begin() + 2);
  const Scoreboard during = buildScoreboard(firstTwo, {{}, {}, ScoreTile::Unmeasured::Pending});
  int compared = 0;
  for (const ScoreTile& t : during.tiles) {
    if (!t.measured)
      continue;
    const ScoreTile* after = board.find(t.location, t.algorithm, t.kind);
    REQUIRE(after);
    if (after->resultIndex != t.resultIndex)
      continue;  // a later repeat took the tile
    CHECK(after->flags == t.flags);
    CHECK_FALSE(t.flags.isEmpty());
    ++compared;
  }
  CHECK(compared >= 1);

  // On screen: the line under the headline, and the marks.
  ScoreboardView view;
  view.resize(1200, 500);
  view.setBoard(board);
  view.show();
  QTest::qWait(20);
  CHECK(view.caveatLabel()->isVisible());
  CHECK(view.caveatLabel()->text().contains(board.caveat));
  CHECK(view.findTile(QStringLiteral("/data"), QStringLiteral("xxh3-64"), ScoreTile::Kind::Hash)->hasWarning());
  CHECK(view.findTile(QStringLiteral("/data"), QStringLiteral("md5"), ScoreTile::Kind::Hash)->hasWarning());

  // A clean run has no caveat line.
  std::vector<RunResult> clean = busyRun();
  for (RunResult& r : clean)
    r.analysis->flags.clear();
  view.setBoard(buildScoreboard(clean));
  CHECK(view.caveat().isEmpty());
  CHECK_FALSE(view.caveatLabel()->isVisible());
}

TEST_CASE("The legend under the scoreboard explains badges, the mark, the limit, the spread, the row and the column",
          "[gui][explains]")
{
  ResultsModel model;
  ResultsView view(&model);
  view.resize(1280, 700);
  model.setResults(busyRun());
  view.show();
  QTest::qWait(20);
  ScoreboardLegend* legend = view.legend();
  REQUIRE(legend->isVisible());
  REQUIRE(legend->isExpanded());
  const QString all = legend->texts().join(QLatin1Char('\n'));
  for (const QString& key : {QStringLiteral("CPU"), QStringLiteral("I/O"), QStringLiteral("MEMORY"), QStringLiteral("MIXED"),
                             QStringLiteral("NET"), QStringLiteral("SERVER"), QStringLiteral("\u26a0"), QStringLiteral("97% of the limit"), QStringLiteral("in RAM (CPU)"),
                             QStringLiteral("read")}) {
    INFO(key.toStdString());
    CHECK(legend->texts().contains(key));
  }
  CHECK(all.contains(QStringLiteral("the lower of the read speed and the hash speed")));
  // Folded away with its toggle, and back.
  QTest::mouseClick(legend->toggle(), Qt::LeftButton);
  CHECK_FALSE(legend->isExpanded());
  const auto labels = legend->findChildren<QLabel*>();
  CHECK(std::none_of(labels.begin(), labels.end(), [](const QLabel* l) { return l->isVisible(); }));
  QTest::mouseClick(legend->toggle(), Qt::LeftButton);
  CHECK(legend->isExpanded());
}

TEST_CASE("The report carries the legend and the caveat line, and says \"not measured (stopped)\"",
          "[gui][explains]")
{
  // A run stopped before its sha256 steps: the Results page is told the grid it planned and that it was
  // stopped, and File > Export report writes what that page shows.
  std::vector<RunResult> measured;
  for (const RunResult& r : busyRun()) {
    if (r.algorithm != "sha256")
      measured.push_back(r);
  }
  ResultsModel model;
  ResultsView view(&model);
  view.resize(1280, 700);
  model.setResults(measured);
  ScoreboardPlan plan;
  plan.locations = {QStringLiteral("/data"), QStringLiteral("/dev/shm")};
  plan.algorithms = {QStringLiteral("md5"), QStringLiteral("sha256"), QStringLiteral("xxh3-64")};
  view.setPlan(plan);
  QTemporaryDir dir;
  const auto report = [&](bool stopped) {
    view.setRunEnded(stopped);
    const QString path = dir.filePath(stopped ? QStringLiteral("stopped.html") : QStringLiteral("finished.html"));
    REQUIRE(exportReport(model, view, path).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return QString::fromUtf8(file.readAll());
  };
  const QString html = report(true);
  // The sha256 column's tiles (one per location row, and the in-RAM row): each says so in its cell.
  CHECK(html.count(QStringLiteral("<span class=\"pending\">not measured (stopped)</span>")) == 3);
  CHECK_FALSE(html.contains(QStringLiteral("<span class=\"pending\">pending</span>")));
  CHECK(html.contains(QStringLiteral("class=\"caveat\"")));
  CHECK(html.contains(QStringLiteral("Stopped: ")));
  for (const LegendEntry& e : scoreboardLegend())
    CHECK(html.contains(e.text.toHtmlEscaped()));
  // A run that ended on its own: its missing tiles were not measured, and nothing says it was stopped.
  const QString finished = report(false);
  CHECK(finished.count(QStringLiteral("<span class=\"pending\">not measured</span>")) == 3);
  CHECK_FALSE(finished.contains(QStringLiteral("(stopped)")));
  CHECK(finished.contains(QStringLiteral("Other programs used the CPU during")));
}

TEST_CASE("Compare says first which settings differ between the two runs", "[gui][explains]")
{
  RunSettings a, b;
  a.sampleBytes = 64 * MiB;
  a.passes = 1;
  a.caches = {"cold"};
  a.referenceSeconds = 0.5;
  b = a;
  CHECK(settingsDifferenceText(a, b).isEmpty());
  b.sampleBytes = 1 * GiB;
  b.passes = 3;
  const QStringList diff = settingsDifferences(a, b);
  REQUIRE(diff.size() == 2);
  CHECK(diff[0] == QStringLiteral("sample 64 MiB against 1 GiB"));
  CHECK(diff[1] == QStringLiteral("1 pass against 3"));
  CHECK(settingsDifferenceText(a, b).startsWith(QStringLiteral("Different settings: sample 64 MiB against 1 GiB; 1 pass "
                                                               "against 3.")));

  // In the view, above the boards, from the two run documents.
  std::vector<RunResult> small = busyRun(), large = busyRun();
  for (RunResult& r : large) {
    if (r.workload == Workload::Read || r.workload == Workload::HashFile)
      r.bytes *= 4;
  }
  const RunDocument base = readRunDocument(toJson(small)), other = readRunDocument(toJson(large));
  CompareView view;
  view.resize(1280, 700);
  view.show();
  view.showComparison(base, other, QStringLiteral("Run 1"), QStringLiteral("Run 2"));
  CHECK(view.settingsText().contains(QStringLiteral("Different settings: sample ")));
  view.showComparison(base, base, QStringLiteral("Run 1"), QStringLiteral("Run 1 again"));
  CHECK(view.settingsText().isEmpty());
}

TEST_CASE("The run list shows each run's best speed, sample size and preset, Rename opens the name for editing",
          "[gui][explains]")
{
  QTemporaryDir dir;
  HistoryModel model;
  REQUIRE(model.open(dir.filePath(QStringLiteral("h.sqlite"))).isEmpty());
  QAbstractItemModelTester tester(&model);
  ExportOptions when;
  when.startedAt = "2026-11-26T13:05:00Z";
  when.status = "finished";
  REQUIRE(model.saveRun(busyRun(), when).isEmpty());
  REQUIRE(model.rowCount() == 1);
  const QString speed = model.index(0, HistoryModel::Speed).data().toString();
  CHECK(speed.contains(QStringLiteral("MB/s")));
  CHECK(model.index(0, HistoryModel::Preset).data().toString() == QStringLiteral("standard (3 passes)"));
  CHECK(model.headerData(HistoryModel::Sample, Qt::Horizontal, Qt::DisplayRole).toString() == QStringLiteral("Sample"));
  CHECK(model.index(0, HistoryModel::Sample).data().toString() == QStringLiteral("192 MiB"));  // the run's 192 MiB file

  HistoryPanel panel(&model);
  panel.show();
  panel.selectRun(model.record(0).id);
  REQUIRE(panel.renameButton()->isEnabled());
  QTest::mouseClick(panel.renameButton(), Qt::LeftButton);
  auto* editor = panel.table()->findChild<QLineEdit*>();
  REQUIRE(editor);
  CHECK(editor->isVisible());
  editor->setText(QStringLiteral("before the upgrade"));
  QTest::keyClick(editor, Qt::Key_Return);
  // The delegate commits the name from a queued call, after the key press.
  CHECK(QTest::qWaitFor(
      [&] { return model.index(0, HistoryModel::Name).data().toString() == QStringLiteral("before the upgrade"); },
      5000));
}
