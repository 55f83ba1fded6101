// The History and Planner tabs: a finished run appears in History, "compare" shows the deltas with
// their colours and words, the planner shows the figures, and the app and the CLI use the same file.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/history_model.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/planner_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

const QString kRuns = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");

// Sets an environment variable for the scope of a test and restores it after.
class ScopedEnv {
public:
  ScopedEnv(const char* name, const QByteArray& value) : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name))
  {
    if (value.isNull())
      qunsetenv(name);
    else
      qputenv(name, value);
  }
  ~ScopedEnv()
  {
    if (m_had)
      qputenv(m_name, m_old);
    else
      qunsetenv(m_name);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
  const char* m_name;
  bool m_had;
  QByteArray m_old;
};

QString rowText(const QTableWidget* table, int row)
{
  QStringList cells;
  for (int c = 0; c < table->columnCount(); ++c)
    cells << (table->item(row, c) ? table->item(row, c)->text() : QString());
  return cells.join(QLatin1Char('|'));
}

}  // namespace

TEST_CASE("history: the app and the CLI resolve the same history file as QStandardPaths", "[gui][history]")
{
  QTemporaryDir home;
  const ScopedEnv noOverride("HASHSCOPE_HISTORY_DB", QByteArray());
  const ScopedEnv homeEnv("HOME", home.path().toUtf8());
  // The app's names (main.cpp), not the test runner's.
  const QString organization = QCoreApplication::organizationName(), application = QCoreApplication::applicationName();
  QCoreApplication::setOrganizationName(QStringLiteral("HashScope"));
  QCoreApplication::setApplicationName(QStringLiteral("HashScope"));
  for (const QByteArray& xdg : {QByteArray(), QByteArray(home.path().toUtf8() + "/xdg")}) {
    const ScopedEnv xdgEnv("XDG_DATA_HOME", xdg);
    const QString qt = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
    INFO(qt.toStdString());
    // One file: the native path (C:\Users\...\AppData\Roaming\HashScope\HashScope\history.sqlite on Windows)
    // is the one Qt spells with '/'.
    CHECK(QDir::fromNativeSeparators(QString::fromStdU16String(defaultHistoryPath().u16string())) == qt);
    // The CLI, run with the same environment, creates exactly that file.
    QProcess cli;
    cli.start(QCoreApplication::applicationDirPath() + QStringLiteral("/hashscope-cli"),
              {QStringLiteral("history"), QStringLiteral("import"), kRuns + QStringLiteral("run_a.json")});
    REQUIRE(cli.waitForFinished(60000));
    CHECK(cli.exitCode() == 0);
    CHECK(QFile::exists(qt));
    HistoryModel model;
    REQUIRE(model.open().isEmpty());  // the app's default: the same file, with the CLI's run in it
    CHECK(QDir::fromNativeSeparators(model.path()) == qt);
    CHECK(model.rowCount() >= 1);
  }
  QCoreApplication::setOrganizationName(organization);
  QCoreApplication::setApplicationName(application);
}

TEST_CASE("history: a finished benchmark appears in History and feeds the planner", "[gui][history]")
{
  QTemporaryDir dir;
  const ScopedEnv db("HASHSCOPE_HISTORY_DB", (dir.path() + QStringLiteral("/h.sqlite")).toUtf8());
  test::TinyBenchmark bench(QStringLiteral("md5"), QStringLiteral("8M"), 0.2);
  MainWindow& w = *bench.window;
  REQUIRE(w.historyModel()->rowCount() == 0);
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(finished.wait(180000));

  HistoryModel* model = w.historyModel();
  REQUIRE(model->rowCount() == 1);
  const QTableView* table = w.historyPanel()->table();
  CHECK(table->model()->index(0, HistoryModel::Algorithms).data().toString() == QStringLiteral("md5"));
  CHECK(table->model()->index(0, HistoryModel::Status).data().toString() == QStringLiteral("finished"));
  CHECK(table->model()->index(0, HistoryModel::Locations).data().toString().contains(bench.location));
  CHECK(w.historyPanel()->statusText().contains(QStringLiteral("Run 1 saved")));
  // The saved run is what the planner works from now.
  REQUIRE(w.plannerPanel()->plan());
  CHECK(w.plannerPanel()->algorithmBox()->currentText() == QStringLiteral("md5"));
  CHECK(w.plannerPanel()->plan()->chosen);

  // Naming it through the table, as a double-click edit would.
  REQUIRE(model->setData(model->index(0, HistoryModel::Name), QStringLiteral("first try"), Qt::EditRole));
  model->refresh();
  CHECK(model->index(0, HistoryModel::Name).data().toString() == QStringLiteral("first try"));
}

TEST_CASE("history: compare shows the deltas with colours and words, the planner's figures", "[gui][history]")
{
  QTemporaryDir dir;
  const ScopedEnv db("HASHSCOPE_HISTORY_DB", (dir.path() + QStringLiteral("/h.sqlite")).toUtf8());
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  HistoryModel* model = w.historyModel();
  QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  std::int64_t a = 0, b = 0;
  REQUIRE(model->importFile(kRuns + QStringLiteral("run_a.json"), &a).isEmpty());
  REQUIRE(model->importFile(kRuns + QStringLiteral("run_b.json"), &b).isEmpty());
  REQUIRE(model->rowCount() == 2);
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);

  // Select both runs and click Compare: the older is the base.
  panel->table()->selectAll();
  REQUIRE(panel->compareButton()->isEnabled());
  QTest::mouseClick(panel->compareButton(), Qt::LeftButton);
  const QTableWidget* table = panel->compareView()->table();
  REQUIRE(table->rowCount() == 6);
  CHECK(rowText(table, 0) == QStringLiteral("hash-memory md5|610.0|671.0|+10.0%|\u00b11.6%|\u25b2 faster"));
  CHECK(rowText(table, 2) == QStringLiteral("hash-memory sha256|400.0|360.0|-10.0%|\u00b13.0%*|\u25bc slower"));
  CHECK(rowText(table, 3) == QStringLiteral("read /data (cold)|1500.0|1455.0|-3.0%|\u00b13.3%|= within spread"));
  const QColor green = table->item(0, 0)->background().color(), red = table->item(2, 0)->background().color(),
               grey = table->item(3, 0)->background().color();
  CHECK(green.green() > green.red());
  CHECK(red.red() > red.green());
  CHECK(grey.red() == grey.green());
  CHECK(panel->compareView()->headline().contains(QStringLiteral("1 faster, 1 slower, 2 within the spread")));

  // Set run a as the baseline: a newly saved run is compared with it automatically.
  panel->selectRun(a);
  QTest::mouseClick(panel->baselineButton(), Qt::LeftButton);
  CHECK(model->baseline() == a);
  panel->showSavedRun(b);
  CHECK(panel->compareView()->headline().contains(QStringLiteral("Base: Run %1").arg(a)));

  // The planner, fed by the run chosen: 1 TB in a minute with md5 from run a.
  panel->selectRun(a);
  QTest::mouseClick(panel->openButton(), Qt::LeftButton);
  PlannerPanel* planner = w.plannerPanel();
  planner->dataEdit()->setText(QStringLiteral("1T"));
  planner->timeEdit()->setText(QStringLiteral("1m"));
  planner->algorithmBox()->setCurrentIndex(planner->algorithmBox()->findText(QStringLiteral("md5")));
  INFO(planner->needsText().toStdString());
  CHECK(planner->needsText().contains(QStringLiteral("Throughput: 16.7 GB/s")));
  CHECK(planner->needsText().contains(QStringLiteral("About 27 cores at 610 MB/s per core for md5 (27.3; 28 to be sure)")));
  CHECK(planner->needsText().contains(QStringLiteral("Storage that reads 16.7 GB/s")));
  CHECK(planner->machineText().contains(QStringLiteral("md5 on all cores: 2.4 GB/s (measured at 4 streams)")));
  CHECK(planner->machineText().contains(QStringLiteral("limited by storage")));
  CHECK(planner->table()->rowCount() == 2);
  planner->dataEdit()->setText(QStringLiteral("lots"));
  CHECK(planner->needsText().contains(QStringLiteral("Give the data as a size")));
}

TEST_CASE("history: a stopped benchmark is kept too, marked stopped", "[gui][history]")
{
  QTemporaryDir dir;
  const ScopedEnv db("HASHSCOPE_HISTORY_DB", (dir.path() + QStringLiteral("/h.sqlite")).toUtf8());
  test::TinyBenchmark bench(QStringLiteral("md5"), QStringLiteral("8M"), 5.0);
  MainWindow& w = *bench.window;
  QSignalSpy added(w.controller(), &BenchmarkController::resultAdded);
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(added.wait(180000));  // one result in, the rest still to come
  QTest::mouseClick(w.stopButton(), Qt::LeftButton);
  REQUIRE((finished.count() > 0 || finished.wait(60000)));
  REQUIRE(finished.at(0).at(0).toBool());  // cancelled
  HistoryModel* model = w.historyModel();
  REQUIRE(model->rowCount() == 1);
  CHECK(model->index(0, HistoryModel::Status).data().toString() == QStringLiteral("stopped"));
  const auto run = model->run(model->record(0).id);
  REQUIRE(run);
  CHECK(run->status == "stopped");
  CHECK_FALSE(run->tiles.empty());
}
