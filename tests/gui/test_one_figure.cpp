// One number per concept: "md5 per core" of one run is the same figure in the headline, the in-RAM tile's per-core
// line, the evidence of a hash tile, the run library and the Planner; and each result's own figure (its median pass)
// is the same on its tile, in the Details table and in Compare. The run is the 16-core quick suite
// (tests/data/replay/suite_16_cores.json), analysed as runSuite analyses it: md5 hash-memory was measured in two
// locations (496 and 502 MB/s per CPU second), so the figure is the median of both, not either one.
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTest>

#include "catch.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/export.hpp"
#include "hashscope/library.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "logic/scoreboard.hpp"
#include "replay_helpers.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/planner_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;
using Kind = ScoreTile::Kind;

namespace {

std::vector<RunResult> analysedRun()
{
  std::vector<RunResult> runs =
      test::runsOf(test::loadRecordedRuns(HASHSCOPE_TEST_DATA_DIR "/replay/suite_16_cores.json"));
  const std::vector<RunResult> all = runs;
  for (RunResult& r : runs)
    analyse(r, ceilingsFor(r, all));
  return runs;
}

// The first number in `text` after `prefix` (the prefix included in the match), e.g. "md5 alone at 499".
double numberAfter(const QString& text, const QString& prefix)
{
  const QRegularExpression re(QRegularExpression::escape(prefix) + QStringLiteral("\\s*([0-9]+(?:\\.[0-9]+)?)"));
  const QRegularExpressionMatch m = re.match(text);
  INFO("looking for '" << prefix.toStdString() << "' in: " << text.toStdString());
  REQUIRE(m.hasMatch());
  return m.captured(1).toDouble();
}

}  // namespace

TEST_CASE("one md5-per-core figure in the headline, tile, evidence, details, compare and planner", "[gui][board]")
{
  const std::vector<RunResult> results = analysedRun();
  // The figure itself: the hash ceiling md5's results were judged against, pooled over both locations.
  const RunResult* file = nullptr;
  for (const RunResult& r : results) {
    if (r.workload == Workload::HashFile && r.algorithm == "md5" && r.streams == 1 && r.location == "/tmp")
      file = &r;
  }
  REQUIRE(file);
  REQUIRE(file->analysis->limit.hash);
  const Ceiling& md5 = file->analysis->limit.hash->ceiling;
  const double figure = md5.mbps;
  CHECK(md5.passes == 2);
  CHECK(figure > md5.minMBps);  // neither location's pass alone
  CHECK(figure < md5.maxMBps);
  const auto same = [figure](double shown, double precision) { CHECK(std::abs(shown - figure) <= precision / 2 + 1e-9); };

  ResultsModel model;
  ResultsView view{&model};
  view.resize(1400, 900);
  view.show();
  model.setResults(results);

  // 1. The headline: "On this machine md5 and sha256 are CPU-bound (499 MB/s and 1176 MB/s per core) ...".
  const QString headline = view.scoreboard()->headline();
  CHECK(headline.startsWith(QStringLiteral("On this machine md5 ")));  // md5 first: the first figure is its
  same(numberAfter(headline, QStringLiteral("CPU-bound (")), 1);
  // 2. The in-RAM tile: its own step's figure, and md5 per core beside it in its own field.
  TileWidget* tile = view.scoreboard()->findTile({}, QStringLiteral("md5"), Kind::InRam);
  REQUIRE(tile);
  const RunResult& inRam = results[std::size_t(tile->tile().resultIndex)];
  CHECK(tile->numberText() == speedText(inRam.mbPerSec()).number);
  same(tile->tile().perCoreMBps, 1e-6);
  CHECK(tile->toolTip().contains(QStringLiteral("md5 per core")));
  // 3. The evidence of md5's hash tile on /tmp.
  TileWidget* hash = view.scoreboard()->findTile(QStringLiteral("/tmp"), QStringLiteral("md5"), Kind::Hash);
  REQUIRE(hash);
  QTest::mouseClick(hash, Qt::LeftButton);
  same(numberAfter(view.tileDetails()->evidenceText(), QStringLiteral("md5 alone at")), 1);
  // 4. The Details table: each hash-memory row's speed is its own figure, the one its tile would show.
  int rows = 0;
  for (int row = 0; row < model.rowCount(); ++row) {
    const RunResult& r = results[std::size_t(row)];
    if (r.workload != Workload::HashMemory || r.algorithm != "md5")
      continue;
    ++rows;
    CHECK(numberAfter(model.index(row, ResultsModel::SpeedColumn).data().toString(), QString()) ==
          Approx(r.mbPerSec()).margin(0.5));
  }
  CHECK(rows == 2);
  // 5. Compare: the run as the library stores it, compared with itself.
  const RunDocument doc = readRunDocument(toJson(results));
  REQUIRE(doc.perCoreOf("md5"));
  CHECK(doc.perCoreOf("md5")->figure.median == Approx(figure).epsilon(1e-9));
  CompareView compare;
  compare.resize(1400, 800);
  compare.show();
  compare.showComparison(doc, doc, QStringLiteral("Run 1"), QStringLiteral("Run 1 again"));
  int compared = 0;
  for (int row = 0; row < compare.table()->rowCount(); ++row) {
    if (compare.table()->item(row, 0)->text() == QStringLiteral("hash-memory md5")) {
      CHECK(compare.table()->item(row, 1)->text().toDouble() == Approx(inRam.mbPerSec()).margin(0.05));
      ++compared;
    }
  }
  CHECK(compared == 1);
  CHECK(compare.otherBoard()->findTile({}, QStringLiteral("md5"), Kind::InRam)->numberText() == tile->numberText());
  // 6. The Planner: "About N cores at 499 MB/s per core for md5".
  PlannerPanel planner;
  planner.setRun(doc, QStringLiteral("Run 1"));
  planner.dataEdit()->setText(QStringLiteral("1T"));
  planner.timeEdit()->setText(QStringLiteral("1m"));
  planner.algorithmBox()->setCurrentIndex(planner.algorithmBox()->findText(QStringLiteral("md5")));
  REQUIRE(planner.plan());
  REQUIRE(planner.plan()->chosen);
  CHECK(planner.plan()->chosen->perCoreMBps == Approx(figure).epsilon(1e-9));
  same(numberAfter(planner.needsText(), QStringLiteral("cores at")), 1);
}
