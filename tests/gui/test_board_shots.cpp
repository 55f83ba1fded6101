// Not a test: "[.shots]" renders the scoreboard, a tile's details, the compare view and the HTML report
// from the recorded runs, light and dark, into $HASHSCOPE_SHOTS_DIR (default /tmp/board-shots) for a
// person to look at. Hidden from the normal runs.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTabWidget>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "hashscope/library.hpp"
#include "logic/results_model.hpp"
#include "recorded_results.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/report_export.hpp"
#include "widgets/results_view.hpp"
#include "widgets/theme.hpp"
#include "widgets/scoreboard_view.hpp"
#include "widgets/tile_widget.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

void save(QWidget& w, const QString& name)
{
  const QString dir = qEnvironmentVariable("HASHSCOPE_SHOTS_DIR", QStringLiteral("/tmp/board-shots"));
  QDir().mkpath(dir);
  QApplication::processEvents();
  REQUIRE(w.grab().save(dir + QLatin1Char('/') + name));
}

}  // namespace

TEST_CASE("board shots", "[.shots]")
{
  const QString runs = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");
  const std::vector<RunResult> results = test::loadRecordedResults(runs + QStringLiteral("board_suite.json"));
  for (const bool dark : {false, true}) {
    applyTheme(dark ? Theme::Dark : Theme::Light);  // the app's own View > Theme
    const QString theme = dark ? QStringLiteral("dark") : QStringLiteral("light");
    for (const QSize size : {QSize(1280, 640), QSize(1920, 920)}) {
      ResultsModel model;
      ResultsView view(&model);
      view.resize(size);
      view.show();
      model.setResults({results.begin(), results.begin() + 9});
      save(view, QStringLiteral("board-%1-%2-during.png").arg(theme).arg(size.width()));
      model.setResults(results);
      save(view, QStringLiteral("board-%1-%2-done.png").arg(theme).arg(size.width()));
      Q_EMIT view.scoreboard()->tileActivated(
          *buildScoreboard(results).find(QStringLiteral("/data"), QStringLiteral("md5"), ScoreTile::Kind::Hash));
      save(view, QStringLiteral("board-%1-%2-details.png").arg(theme).arg(size.width()));
    }
    QFile a(runs + QStringLiteral("run_a.json")), b(runs + QStringLiteral("run_b.json"));
    REQUIRE((a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly)));
    CompareView compare;
    compare.resize(1280, 640);
    compare.show();
    compare.showComparison(readRunDocument(a.readAll().toStdString()), readRunDocument(b.readAll().toStdString()),
                           QStringLiteral("Run 1, 2026-11-20"), QStringLiteral("Run 2, 2026-11-21"));
    save(compare, QStringLiteral("compare-%1.png").arg(theme));
  }
  applyTheme(Theme::System);
  ResultsModel model;
  ResultsView view(&model);
  view.resize(1280, 800);
  model.setResults(results);
  const QString dir = qEnvironmentVariable("HASHSCOPE_SHOTS_DIR", QStringLiteral("/tmp/board-shots"));
  REQUIRE(exportReport(model, view, dir + QStringLiteral("/report.html")).isEmpty());
}
