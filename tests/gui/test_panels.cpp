// The samples panel (create, list, delete), the About text, and the results charts rendered offscreen.
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "catch.hpp"
#include "charts/chart_widgets.hpp"
#include "gui_test_helpers.hpp"
#include "logic/result_summary.hpp"
#include "logic/sample_controller.hpp"
#include "logic/sample_list_model.hpp"
#include "widgets/about_dialog.hpp"
#include "widgets/samples_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {
QPushButton* button(QWidget* parent, const QString& text)
{
  for (QPushButton* b : parent->findChildren<QPushButton*>()) {
    if (b->text() == text)
      return b;
  }
  return nullptr;
}

// The rows of the samples list in `folder` (the list also shows the machine's other locations).
QList<int> rowsIn(const SampleListModel& list, const QString& folder)
{
  QList<int> rows;
  for (int row = 0; row < list.rowCount(); ++row) {
    if (QFileInfo(list.index(row, 0).data(SampleListModel::PathRole).toString()).absolutePath() == folder)
      rows.append(row);
  }
  return rows;
}

RunResult hashFile(const std::string& algorithm, const std::string& location, int streams, double mbps)
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = algorithm;
  r.location = location;
  r.streams = streams;
  r.cache = CacheMode::Cold;
  r.bytes = std::uint64_t(mbps * 1e6);
  r.seconds = 1;
  return r;
}
}  // namespace

TEST_CASE("Samples panel creates, lists and deletes a sample", "[gui][samples]")
{
  test::TinyBenchmark bench(QStringLiteral("md5"), QStringLiteral("8M"), 0.2);
  SamplesPanel* panel = bench.window->samplesPanel();
  QSignalSpy finished(panel->controller(), &SampleController::finished);
  QPushButton* create = button(panel, QStringLiteral("Create"));
  REQUIRE(create);
  REQUIRE(create->isEnabled());
  QTest::mouseClick(create, Qt::LeftButton);
  REQUIRE(finished.wait(30000));
  CHECK(finished.at(0).at(0).toBool());  // ok
  const QList<int> rows = rowsIn(*panel->listModel(), bench.location);
  REQUIRE(rows.size() == 1);
  CHECK(panel->listModel()->sample(rows[0]).size == 8 * MiB);

  // A second Create reuses it instead of writing again.
  QTest::mouseClick(create, Qt::LeftButton);
  REQUIRE(finished.wait(30000));
  CHECK(finished.at(1).at(2).toBool());  // reused
  CHECK(rowsIn(*panel->listModel(), bench.location).size() == 1);

  auto* view = panel->findChild<QTableView*>();
  REQUIRE(view);
  view->selectRow(rowsIn(*panel->listModel(), bench.location).value(0));
  QPushButton* remove = button(panel, QStringLiteral("Delete sample"));
  REQUIRE(remove);
  REQUIRE(remove->isEnabled());
  QTest::mouseClick(remove, Qt::LeftButton);
  CHECK(rowsIn(*panel->listModel(), bench.location).isEmpty());
  CHECK(QDir(bench.location).entryList(QDir::Files).isEmpty());
}

TEST_CASE("About names the version, Qt, OpenSSL and the licence", "[gui][about]")
{
  const QString text = AboutDialog::aboutText();
  CHECK(text.contains(QString::fromUtf8(hashscope::version().data(), qsizetype(hashscope::version().size()))));
  CHECK(text.contains(QString::fromLatin1(qVersion())));
  CHECK(text.contains(QStringLiteral("OpenSSL")));
  CHECK(text.contains(QStringLiteral("GPL-3.0-or-later")));
}

TEST_CASE("Ramp and comparison charts render legibly offscreen", "[gui][charts]")
{
  const std::vector<RunResult> results{hashFile("md5", "/tmp", 1, 600), hashFile("sha256", "/tmp", 1, 800),
                                       hashFile("md5", "/tmp", 2, 1100), hashFile("md5", "/home", 1, 500)};
  std::unique_ptr<LineChart> ramp(createLineChart());
  ramp->setup({QStringLiteral("Stream ramp"), QStringLiteral("streams"), QStringLiteral("MB/s"), QString(), 0, true,
               false});
  ramp->setLines(buildRamp(results));
  CHECK(ramp->pointCount() == 2);
  std::unique_ptr<BarChart> bars(createBarChart());
  const Comparison c = buildComparison(results);
  bars->setData(QStringLiteral("Hashing speed"), QStringLiteral("MB/s"), c.categories, c.sets);
  CHECK(bars->valueCount() == 4);  // 2 algorithms x 2 locations
  const QString keep = qEnvironmentVariable("HASHSCOPE_KEEP_PNG");
  for (const ChartWidget* chart : {static_cast<const ChartWidget*>(ramp.get()), static_cast<const ChartWidget*>(bars.get())}) {
    const QImage image = chart->renderImage(QSize(1200, 700));
    CHECK(image.size() == QSize(1200, 700));
    CHECK(test::greyDeviation(image) > 10.0);
    if (!keep.isEmpty())
      image.save(keep + QLatin1Char('/') + chart->title() + QStringLiteral(".png"));
  }
}
