// The first answer as a measurement, not a test (hidden: "[.bench]"): a first start with every default (fresh
// settings, the default locations, algorithms and options, waiting for a quiet machine), Benchmark clicked as soon
// as the window shows. Prints the seconds to the first tile and to the full answer, and the time-left estimate's
// error at 10%, 50% and 90% of the run. Run by tests/bench/first_answer.sh, which repeats it and reports medians.
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "catch.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/app_settings.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/location_model.hpp"
#include "logic/results_model.hpp"
#include "widgets/main_window.hpp"
#include "widgets/results_view.hpp"
#include "widgets/scoreboard_view.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

QString loadAverage()
{
  QFile f(QStringLiteral("/proc/loadavg"));
  return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll()).section(QLatin1Char(' '), 0, 2) : QStringLiteral("?");
}

}  // namespace

TEST_CASE("first answer measurement", "[.bench][first_answer]")
{
  QElapsedTimer launch;
  launch.start();
  QTemporaryDir dir;
  AppSettings settings(dir.filePath(QStringLiteral("settings.ini")));  // a first start: nothing saved yet
  MainWindow w(settings);
  w.show();
  REQUIRE(QTest::qWaitForWindowExposed(&w));
  const double windowShown = launch.elapsed() / 1000.0;
  const QString loadBefore = loadAverage();

  struct Estimate {
    double t, left;
  };
  std::vector<Estimate> estimates;
  double firstTile = -1;
  QElapsedTimer clock;
  QTimer poll;
  poll.setInterval(250);
  QObject::connect(&poll, &QTimer::timeout, [&] {
    const double t = clock.elapsed() / 1000.0;
    if (firstTile < 0 && w.resultsView()->scoreboard()->board().measuredCount() > 0)
      firstTile = t;
    const double left = w.controller()->progress().secondsLeft(w.controller()->elapsedSeconds());
    estimates.push_back({t, left});
  });
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  clock.start();
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(w.controller()->isRunning());
  poll.start();
  REQUIRE(finished.wait(900000));
  poll.stop();
  const double full = clock.elapsed() / 1000.0;
  if (firstTile < 0 && w.resultsView()->scoreboard()->board().measuredCount() > 0)
    firstTile = full;

  std::printf("locations %s\nalgorithms %s\n", qPrintable(w.locationModel()->checkedPaths().join(QLatin1Char(','))),
              qPrintable(w.algorithmModel()->checkedIds().join(QLatin1Char(','))));
  std::printf("window_shown_s %.2f\nfirst_tile_s %.2f\nfull_answer_s %.2f\n", windowShown, firstTile, full);
  for (const double share : {0.1, 0.5, 0.9}) {
    const auto it = std::find_if(estimates.begin(), estimates.end(),
                                 [&](const Estimate& e) { return e.t >= share * full; });
    if (it == estimates.end() || it->left < 0) {
      std::printf("estimate_at_%.0f_pct none\n", share * 100);
      continue;
    }
    const double trueLeft = full - it->t;
    std::printf("estimate_at_%.0f_pct left_s %.2f true_left_s %.2f end_error_pct %.1f left_error_pct %.1f\n",
                share * 100, it->left, trueLeft, 100 * std::abs(it->t + it->left - full) / full,
                trueLeft > 0 ? 100 * std::abs(it->left - trueLeft) / trueLeft : 0.0);
  }
  // From the first step on (the first estimate there is): the worst error of the predicted end.
  double worst = 0;
  for (const Estimate& e : estimates) {
    if (e.left >= 0)
      worst = std::max(worst, std::abs(e.t + e.left - full) / full);
  }
  std::printf("worst_end_error_pct %.1f\nbusy_tiles %d of %d\nloadavg_before %s\nloadavg_after %s\n", 100 * worst,
              int(std::count_if(w.resultsView()->scoreboard()->board().tiles.begin(),
                                w.resultsView()->scoreboard()->board().tiles.end(),
                                [](const ScoreTile& t) { return t.flagCodes.contains(QStringLiteral("machine-busy")); })),
              w.resultsView()->scoreboard()->board().measuredCount(), qPrintable(loadBefore), qPrintable(loadAverage()));
  std::fflush(stdout);
}
