// Not a test: a hidden helper that takes screenshots of the Live tab during and after a real run (memory,
// disk and peer-tool steps) and exports its charts, light and dark, at 1280x800 and 1920x1080, so a
// person can look at them. Run it by name with HASHSCOPE_SHOTS_DIR set:
//   QT_QPA_PLATFORM=offscreen HASHSCOPE_SHOTS_DIR=/tmp/shots build/bin/hashscope_gui_tests "[.shots]"
#include "catch.hpp"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include "charts/chart_widgets.hpp"
#include "gui_test_helpers.hpp"
#include "logic/algorithm_model.hpp"
#include "widgets/chart_export_dialog.hpp"
#include "widgets/live_view.hpp"
#include "widgets/options_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/theme.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {
}  // namespace

TEST_CASE("screenshots of the live view during and after a real run", "[.shots]")
{
  const QString out = qEnvironmentVariable("HASHSCOPE_SHOTS_DIR");
  REQUIRE_FALSE(out.isEmpty());
  QDir().mkpath(out);
  for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
    for (const bool dark : {false, true}) {
      applyTheme(dark ? Theme::Dark : Theme::Light);  // the app's own View > Theme
      const QString tag = QStringLiteral("%1x%2-%3").arg(size.width()).arg(size.height()).arg(dark ? QStringLiteral("dark") : QStringLiteral("light"));
      test::TinyBenchmark bench(QStringLiteral("md5"), qEnvironmentVariable("HASHSCOPE_SHOTS_SAMPLE", QStringLiteral("256M")), 1.0);
      MainWindow& w = *bench.window;
      w.algorithmModel()->setCheckedIds({QStringLiteral("md5"), QStringLiteral("xxh3-64")});
      RunOptions options = w.currentOptions();
      options.peers = true;
      options.preset = Preset::Quick;
      options.waitQuiet = false;
      options.hashSeconds = 1.0;
      w.optionsPanel()->setFrom(options);
      w.resize(size);
      QSignalSpy done(&w, &MainWindow::benchmarkFinished);
      w.startBenchmark();
      w.viewTabs()->setCurrentWidget(w.liveView());
      QTest::qWait(qEnvironmentVariableIntValue("HASHSCOPE_SHOTS_AFTER") > 0
                       ? qEnvironmentVariableIntValue("HASHSCOPE_SHOTS_AFTER")
                       : 5000);
      w.grab().save(out + QStringLiteral("/live-running-") + tag + QStringLiteral(".png"));
      REQUIRE(done.wait(600000));
      w.viewTabs()->setCurrentWidget(w.liveView());
      QTest::qWait(300);
      w.grab().save(out + QStringLiteral("/live-done-") + tag + QStringLiteral(".png"));
      if (!dark) {
        const QList<ChartWidget*> charts = w.charts();
        for (int i = 0; i < charts.size(); ++i)
          w.exportChartPng(charts[i], out + QStringLiteral("/export-%1-%2.png").arg(i).arg(tag), QSize(1600, 900));
        w.viewTabs()->setCurrentWidget(w.resultsView());
        QTest::qWait(300);
        w.grab().save(out + QStringLiteral("/results-") + tag + QStringLiteral(".png"));
        ChartWidget* comparison = charts.value(2);
        comparison->resize(size.width(), size.height() / 2);
        comparison->grab().save(out + QStringLiteral("/comparison-on-screen-") + tag + QStringLiteral(".png"));
        QStringList names;
        for (const ChartWidget* c : charts)
          names.append(c->title());
        ChartExportDialog dialog(names, 0, &w);  // as the File menu opens it
        dialog.show();
        QTest::qWait(300);
        dialog.grab().save(out + QStringLiteral("/export-dialog-") + tag + QStringLiteral(".png"));
      }
    }
  }
  applyTheme(Theme::System);
}
