// One idea, one number, in the app: for every result of every recorded run (tests/data/replay) that a tile shows,
// the tile, its details (evidence and pass table), the Details table and the HTML report show the figures core
// made (figuresOf) and the one evidence sentence both front ends show (words::evidence). The CLI's table, CSV and
// JSON are checked against the same figures in tests/cli/test_cli_one_idea.cpp.
#include <QTableWidget>
#include <QTextDocumentFragment>
#include <QTest>

#include <filesystem>

#include "catch.hpp"
#include "hashscope/analysis.hpp"
#include "hashscope/figures.hpp"
#include "logic/report_html.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "logic/scoreboard.hpp"
#include "replay_helpers.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/tile_widget.hpp"
#include "words.hpp"

using namespace hashscope;
using namespace hashscope::gui;

TEST_CASE("every view of the app shows one figure per idea of each recorded result, and one sentence", "[gui][one-idea]")
{
  int tiles = 0;
  for (const auto& file : test::replayFiles()) {
    INFO(file.filename().string());
    const std::vector<RunResult> results = test::analysedRuns(file);
    ResultsModel model;
    ResultsView view{&model};
    view.resize(1600, 1000);
    view.show();
    model.setResults(results);
    const QString report =
        QTextDocumentFragment::fromHtml(reportHtml(results, {}, {}, QStringLiteral("2026-11-28 12:00 UTC"))).toPlainText();

    for (TileWidget* tile : view.scoreboard()->findChildren<TileWidget*>()) {
      const ScoreTile& t = tile->tile();
      if (!t.measured || t.failed || t.resultIndex < 0)
        continue;
      const RunResult& r = results[std::size_t(t.resultIndex)];
      const Figures f = figuresOf(r);
      INFO(resultTitle(r).toStdString());
      ++tiles;
      // The tile: speed, spread, share of the limit, marks.
      CHECK(tile->numberText() == speedText(f.mbps).number);
      CHECK(tile->unitText() == speedText(f.mbps).unit);
      if (f.passes > 1) {
        // In the tile's unit: "185–585, 3 passes" under "228 MB/s", "13.5–15.5, 3 passes" under "14.1 GB/s".
        const double unit = speedText(f.mbps).unit == speedText(1).unit ? 1 : 1000;
        const QStringList range = tile->spreadText().section(QLatin1Char(','), 0, 0).split(QChar(0x2013));
        REQUIRE(range.size() == 2);
        CHECK(range[0].toDouble() * unit == Approx(f.minMBps).margin(0.05 * unit + 0.5));
        CHECK(range[1].toDouble() * unit == Approx(f.maxMBps).margin(0.05 * unit + 0.5));
        CHECK(tile->spreadText().endsWith(QStringLiteral(", %1 passes").arg(f.passes)));
      }
      CHECK(tile->limitText() == qs(words::shareText(f)));
      CHECK(tile->hasWarning() == !f.marks.empty());
      for (const Flag& mark : f.marks)
        CHECK(tile->warningToolTip().contains(qs(words::flagSentence(mark))));
      // The badge is the verdict's word: the evidence opens with it ("I/O" -> "I/O-bound: ...").
      if (f.verdict != Verdict::Unknown)
        CHECK(qs(words::evidence(r)).startsWith(tile->badgeText(), Qt::CaseInsensitive));

      // Its details: the evidence (the verdict named once) and every pass, the median among them.
      QTest::mouseClick(tile, Qt::LeftButton);
      const QString details = view.tileDetails()->evidenceText();
      CHECK(details.contains(qs(words::evidence(r))));
      const QString name = qs(words::capitalised(words::verdictName(f.verdict)));
      CHECK_FALSE(details.contains(name + QStringLiteral(". ") + name));
      for (const Flag& mark : f.marks)
        CHECK(details.contains(qs(words::flagSentence(mark))));
      QTableWidget* passes = view.tileDetails()->passesTable();
      CHECK(passes->rowCount() == int(r.passes.size()));
      bool medianListed = r.passes.empty();
      for (int row = 0; row < passes->rowCount(); ++row)
        medianListed = medianListed || std::abs(passes->item(row, 1)->text().toDouble() - f.mbps) <= 0.05;
      CHECK(medianListed);
      QTest::keyClick(view.tileDetails(), Qt::Key_Escape);

      // The Details table's row of the same result.
      const int row = t.resultIndex;
      CHECK(model.index(row, ResultsModel::SpeedColumn).data().toString().startsWith(formatMBps(f.mbps)));
      CHECK(model.index(row, ResultsModel::LimitColumn).data().toString() ==
            (f.limitMBps > 0 ? formatMBps(f.limitMBps) : QStringLiteral("—")));
      if (f.share)
        CHECK(model.index(row, ResultsModel::EfficiencyColumn).data().toString() == qs(words::shareText(f)));

      // The HTML report: the same sentence and marks.
      CHECK(report.contains(qs(words::evidence(r))));
      for (const Flag& mark : f.marks)
        CHECK(report.contains(qs(words::flagSentence(mark))));
    }
  }
  CHECK(tiles > 30);
}
