// Sizes and charts: the Setup page in one column at 800x600 (no sideways scrolling) and every ticked algorithm
// named at 1280x800; waits drawn as waits; earlier steps of about the running step's size kept on its scale; lines
// over the verdict bands in neutral colours; short passes as bars; warning text readable in light and dark; and the
// small things: export names, the report's date, the image's verdict and caveat.
#include <QApplication>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QTextBrowser>

#include <cmath>

#include "catch.hpp"
#include "charts/chart_widgets.hpp"
#include "gui_test_helpers.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/chart_labels.hpp"
#include "logic/exporters.hpp"
#include "logic/live_timeline.hpp"
#include "live_test_support.hpp"
#include "logic/report_html.hpp"
#include "logic/result_text.hpp"
#include "recorded_results.hpp"
#include "widgets/algorithms_panel.hpp"
#include "widgets/live_view.hpp"
#include "widgets/setup_page.hpp"
#include "widgets/tile_details.hpp"
#include "widgets/theme.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

double contrast(QColor a, QColor b) { return test::contrastRatio(a, b); }

}  // namespace

TEST_CASE("At 800x600 the Setup page is one column and never scrolls sideways, at 1280x800 all ticked algorithms "
          "are named", "[gui][sizes]")
{
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  // The window fits itself into the screen when first shown, again 0 and 300 ms later (once framed): let those
  // pass, or the last one pulls the 1280-pixel window below back into the offscreen platform's 800x800 screen.
  QTest::qWait(500);
  w.algorithmModel()->setCheckedIds({QStringLiteral("md5"), QStringLiteral("sha256"), QStringLiteral("xxh3-64"),
                                     QStringLiteral("crc32")});
  w.viewTabs()->setCurrentIndex(0);
  w.resize(800, 600);
  QTest::qWait(100);
  auto* page = w.findChild<SetupPage*>();
  REQUIRE(page);
  CHECK(page->columns() == 1);
  auto* scroll = qobject_cast<QScrollArea*>(page->parentWidget()->parentWidget());
  REQUIRE(scroll);
  CHECK_FALSE(scroll->horizontalScrollBar()->isVisible());
  CHECK(w.width() <= 800);

  w.resize(1280, 800);
  QTest::qWait(100);
  CHECK(page->columns() == 2);
  auto* algorithms = w.findChild<AlgorithmsPanel*>();
  REQUIRE(algorithms);
  CHECK(algorithms->tickedText() == QStringLiteral("4 ticked: md5, sha256, crc32, xxh3-64"));  // in the list's order
}

TEST_CASE("A wait for a quiet machine is drawn as a wait: named, with the system's CPU through it, and the step "
          "before it ends where it ended", "[gui][live]")
{
  LiveTimeline timeline;
  timeline.beginStep(test::step(0, Workload::Read, ""));
  test::feed(timeline, 0, 0, 10, 1200);
  timeline.endStep(1.0);
  timeline.applyFinalVerdicts(0, RunResult{});
  QuietWait wait;
  wait.otherCores = 1.3;
  wait.cores = 2;
  wait.systemBusyPct = 70;
  for (double t = 1.25; t <= 4.0; t += 0.25) {
    wait.waited = t - 1.0;
    timeline.addWait(t, wait);
  }
  timeline.endWait(4.0);
  timeline.beginStep(test::step(1, Workload::HashMemory, "md5"));
  test::feed(timeline, 1, 4.0, 10, 700);
  const QList<StepSpan> spans = timeline.steps();
  REQUIRE(spans.size() == 3);
  CHECK(spans[0].to == Approx(1.0));  // the read ends where it ended, not where the next step began
  CHECK(spans[1].wait);
  CHECK(spans[1].label == QStringLiteral("waiting"));
  CHECK(spans[1].value.contains(QStringLiteral("1.3 of 2 cores")));
  CHECK(spans[1].from == Approx(1.0).margin(0.01));
  CHECK(spans[1].to == Approx(4.0));
  // System CPU is drawn through the wait at what the wait measured (70%), not as a ramp from the last step's.
  bool inWait = false;
  for (const LineData& line : timeline.bottleneckLines()) {
    if (line.name != QStringLiteral("System CPU %"))
      continue;
    for (const QPointF& p : line.points) {
      if (!isLineBreak(p) && p.x() > 1.5 && p.x() < 3.5) {
        inWait = true;
        CHECK(p.y() == Approx(70));
      }
    }
  }
  CHECK(inWait);
  // The quick check of a quiet machine before each step is no wait worth a name.
  LiveTimeline quick;
  QuietWait check;
  check.waited = 0.25;
  check.otherCores = 0.05;
  quick.addWait(0.25, check);
  quick.endWait(0.26);
  CHECK(quick.steps().isEmpty());
}

TEST_CASE("The live scale keeps an earlier step of about the running step's size in view", "[gui][live]")
{
  LiveTimeline timeline;
  timeline.beginStep(test::step(0, Workload::Read, ""));
  test::feed(timeline, 0, 0, 10, 1212);
  timeline.endStep(1.0);
  timeline.beginStep(test::step(1, Workload::HashFile, "md5"));
  test::feed(timeline, 1, 1.2, 10, 700);
  BenchmarkController controller;
  LiveView view(&controller);
  view.resize(1200, 700);
  view.showTimeline(timeline, true);
  CHECK(view.throughputChart()->axisRange(0).max >= 1212);  // not cut at 800 while its name says 1212 MB/s
  // A step in RAM forty times faster is neither left above the top nor allowed to flatten the running step: the
  // scale turns logarithmic and holds them all, the running step well above the floor.
  timeline.endStep(2.3);
  timeline.beginStep(test::step(2, Workload::HashMemory, "xxh3-64"));
  test::feed(timeline, 2, 2.4, 10, 40000);
  timeline.endStep(3.5);
  timeline.beginStep(test::step(3, Workload::HashFile, "xxh3-64"));
  test::feed(timeline, 3, 3.6, 10, 1100);
  view.showTimeline(timeline, true);
  const AxisRange y = view.throughputChart()->axisRange(0);
  CHECK(y.logarithmic);
  CHECK(y.max >= 40000);
  CHECK(y.min <= 700);
  CHECK((std::log10(1100) - std::log10(y.min)) / (std::log10(y.max) - std::log10(y.min)) > 0.25);
}

TEST_CASE("Lines over the verdict bands are drawn in neutral colours, told apart by their dashes", "[gui][live]")
{
  const LiveTimeline timeline;
  const QList<LineData> lines = timeline.bottleneckLines(true);
  REQUIRE(lines.size() == 4);
  QList<LineLook> looks;
  for (const LineData& line : lines) {
    CHECK(line.look != LineLook::Theme);  // never a theme hue that a band may share
    CHECK_FALSE(looks.contains(line.look));
    looks << line.look;
  }
}

TEST_CASE("A tile whose passes were too short to sample shows each pass's speed as bars", "[gui][charts]")
{
  RunResult r;
  r.workload = Workload::Read;
  r.location = "/tmp";
  r.bytes = 256 * MiB;
  r.seconds = 0.12;
  for (const double seconds : {0.12, 0.11, 0.13}) {
    PassResult p;
    p.bytes = r.bytes;
    p.seconds = seconds;
    r.passes.push_back(p);
  }
  Sample s;
  s.t = 0.1;
  s.interval = 0.1;
  r.samples = {s, s};
  TileDetails details;
  details.resize(900, 400);
  ScoreTile tile;
  tile.kind = ScoreTile::Kind::Read;
  tile.measured = true;
  details.showTile(tile, &r);
  CHECK(details.shownChart() == details.passChart());
  CHECK(details.passChart()->valueCount() == 3);
  CHECK_FALSE(details.passChart()->legendVisible());  // one unnamed set: the title and axis say what it is
  r.samples.assign(30, s);
  details.showTile(tile, &r);
  CHECK(details.shownChart() == details.chart());
}

TEST_CASE("A tile's evidence opens at its first line, at any size and text scale", "[gui][charts]")
{
  // Seen at 1366x768 and at 150%: the evidence opened scrolled a little down, its first line hidden.
  const std::vector<RunResult> results =
      test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
  REQUIRE_FALSE(results.empty());
  ScoreTile tile;
  tile.kind = ScoreTile::Kind::Hash;
  tile.measured = true;
  for (const QSize size : {QSize(1366, 260), QSize(900, 200), QSize(1900, 420)}) {
    for (const double scale : {1.0, 1.5}) {
      CAPTURE(size.width(), size.height(), scale);
      TileDetails details;
      details.resize(size);
      details.setTextScale(scale);
      details.show();
      REQUIRE(QTest::qWaitForWindowExposed(&details));
      auto* evidence = details.findChild<QTextBrowser*>();
      REQUIRE(evidence);
      for (const RunResult& r : results) {
        details.showTile(tile, &r);
        details.setTextScale(scale);  // the board sets the scale again as it refits
        QApplication::processEvents();
        CHECK(evidence->verticalScrollBar()->value() == 0);
      }
    }
  }
}

TEST_CASE("Warning text reads at 4.5:1 or more in the light and the dark theme, a RAM-backed note is no warning",
          "[gui][charts]")
{
  applyTheme(Theme::Dark);
  const QPalette dark = QApplication::palette();
  CHECK(contrast(warningTextColor(), dark.color(QPalette::Base)) >= 4.5);
  CHECK(contrast(warningTextColor(), dark.color(QPalette::Window)) >= 4.5);
  applyTheme(Theme::Light);
  const QPalette light = QApplication::palette();
  CHECK(contrast(warningTextColor(), light.color(QPalette::Base)) >= 4.5);
  CHECK(contrast(warningTextColor(), light.color(QPalette::Window)) >= 4.5);
  applyTheme(Theme::System);

  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = "/dev/shm";
  r.bytes = 1;
  r.seconds = 1;
  Analysis a;
  a.memoryBacked = true;
  r.analysis = a;
  CHECK(cacheWarning(r).isEmpty());
  CHECK(memoryBackedNote(r) == QStringLiteral("RAM-backed location: no disk was involved."));
  const QString html = verdictSentenceHtml(r);
  CHECK(html.contains(QStringLiteral("<i>RAM-backed location: no disk was involved.</i>")));
  CHECK_FALSE(html.contains(QStringLiteral("color:")));  // not in the warning colour
}

TEST_CASE("Exports are named after the run's date and the machine, the report has the run's date, an image says the "
          "verdict and the caveat", "[gui][export]")
{
  ExportOptions when;
  when.startedAt = "2026-11-26T13:05:00Z";
  const QDateTime local = QDateTime(QDate(2026, 11, 26), QTime(13, 5), Qt::UTC).toLocalTime();
  CHECK(exportBaseName(when, QStringLiteral("build-vm.example")) ==
        QStringLiteral("hashscope-") + local.toString(QStringLiteral("yyyy-MM-dd-HHmm")) +
            QStringLiteral("-build-vm.example"));
  CHECK(exportBaseName(when, QStringLiteral("  ")).endsWith(local.toString(QStringLiteral("HHmm"))));
  CHECK(exportBaseName(when, QStringLiteral("a/b\\c")).endsWith(QStringLiteral("-abc")));  // no folders in a name
  CHECK(runStartTime(when) == local);

  const std::vector<RunResult> results =
      test::loadRecordedResults(QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/board_suite.json"));
  const QString subtitle = chartSubtitle(results, QDate(2026, 11, 26));
  CHECK(subtitle.contains(QStringLiteral("2026-11-26")));
  const QString headline = buildScoreboard(results).headline;
  REQUIRE_FALSE(headline.isEmpty());
  CHECK(subtitle.contains(headline));
  CHECK(subtitle.contains(QStringLiteral("\u26a0 Other programs used the CPU")));
}
