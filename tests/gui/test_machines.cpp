// The Setup page's Machines list: typed hosts (and the message for a bad one), ~/.ssh/config's Host entries,
// Remove, the settings that keep the list, and the remote bench's arguments made from the Setup page.
#include <QFile>
#include <QAbstractItemModelTester>
#include <QTableWidget>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/history_model.hpp"
#include "logic/machine_list.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/fleet_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/machines_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

const QString kRuns = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");

std::string readFile(const QString& path)
{
  QFile file(path);
  REQUIRE(file.open(QIODevice::ReadOnly));
  return file.readAll().toStdString();
}

void writeFile(const QString& path, const QByteArray& text)
{
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write(text);
}

}  // namespace

TEST_CASE("Machines: a typed host is added ticked, a bad one is said and kept to fix", "[gui][machines]")
{
  test::TinyBenchmark bench;
  MachinesPanel* panel = bench.window->machinesPanel();
  MachineList* list = bench.window->machineList();
  QAbstractItemModelTester tester(list, QAbstractItemModelTester::FailureReportingMode::Fatal);
  REQUIRE(list->rowCount() == 1);
  CHECK(list->index(0, 0).data().toString() == QStringLiteral("This machine"));
  CHECK(list->localChecked());

  panel->hostEdit()->setFocus();
  QTest::keyClicks(panel->hostEdit(), QStringLiteral("alice@server:2222"));
  QTest::keyClick(panel->hostEdit(), Qt::Key_Return);
  CHECK(list->hosts() == QStringList{QStringLiteral("alice@server:2222")});
  CHECK(list->checkedHosts() == list->hosts());
  CHECK(panel->hostEdit()->text().isEmpty());
  CHECK(panel->message().isEmpty());

  QTest::keyClicks(panel->hostEdit(), QStringLiteral("server:99999"));
  QTest::keyClick(panel->hostEdit(), Qt::Key_Return);
  CHECK(list->rowCount() == 2);
  CHECK(panel->message().contains(QStringLiteral("server:99999")));
  CHECK(panel->message().contains(QStringLiteral("[USER@]HOST[:PORT]")));
  CHECK(panel->hostEdit()->text() == QStringLiteral("server:99999"));  // kept, to fix

  CHECK_FALSE(panel->addTyped(QStringLiteral("-oProxyCommand=x")));  // ssh would read it as an option
  CHECK_FALSE(panel->addTyped(QStringLiteral("alice@server:2222")));
  CHECK(panel->message().contains(QStringLiteral("already")));
  CHECK(list->rowCount() == 2);
}

TEST_CASE("Machines: Space ticks and unticks a machine, Tab reaches the list", "[gui][machines]")
{
  test::TinyBenchmark bench;
  MachinesPanel* panel = bench.window->machinesPanel();
  MachineList* list = bench.window->machineList();
  REQUIRE(panel->addTyped(QStringLiteral("db1")));
  panel->view()->setFocus();
  panel->view()->setCurrentIndex(list->index(1, 0));
  QTest::keyClick(panel->view(), Qt::Key_Space);
  CHECK(list->checkedHosts().isEmpty());
  QTest::keyClick(panel->view(), Qt::Key_Space);
  CHECK(list->checkedHosts() == QStringList{QStringLiteral("db1")});
  // The list and its box are in the Setup page's Tab chain.
  QWidget* w = panel->view();
  bool reachesEdit = false;
  for (int i = 0; i < 5 && !reachesEdit; ++i) {
    w = w->nextInFocusChain();
    reachesEdit = w == panel->hostEdit();
  }
  CHECK(reachesEdit);
  CHECK_FALSE(panel->view()->toolTip().isEmpty());
  CHECK_FALSE(panel->hostEdit()->toolTip().isEmpty());
}

TEST_CASE("Machines: Remove takes a host away, never this machine", "[gui][machines]")
{
  test::TinyBenchmark bench;
  MachinesPanel* panel = bench.window->machinesPanel();
  MachineList* list = bench.window->machineList();
  REQUIRE(panel->addTyped(QStringLiteral("db1")));
  panel->view()->setCurrentIndex(list->index(0, 0));
  QTest::keyClick(panel->view(), Qt::Key_Delete);
  CHECK(list->rowCount() == 2);
  CHECK_FALSE(panel->message().isEmpty());
  panel->view()->setCurrentIndex(list->index(1, 0));
  QTest::keyClick(panel->view(), Qt::Key_Delete);
  CHECK(list->rowCount() == 1);
  CHECK(list->hosts().isEmpty());
}

TEST_CASE("Machines: ~/.ssh/config's Host lines, patterns left out", "[gui][machines]")
{
  QTemporaryDir dir;
  const QString config = dir.filePath(QStringLiteral("config"));
  writeFile(config, "# my machines\nHost web1 web2\n  HostName 10.0.0.1\n  User alice\n"
                    "host=db  # the database\nHost *\n  ServerAliveInterval 30\nHost *.lan !bad build?\n"
                    "  HOST   nas\nMatch host foo\nHostName ignored\nHost web1\n");
  CHECK(sshConfigHosts(config) ==
        QStringList{QStringLiteral("web1"), QStringLiteral("web2"), QStringLiteral("db"), QStringLiteral("nas")});
  CHECK(sshConfigHosts(dir.filePath(QStringLiteral("missing"))).isEmpty());

  test::TinyBenchmark bench;
  MachinesPanel* panel = bench.window->machinesPanel();
  panel->setSshConfig(config);
  REQUIRE(panel->addFromConfig(QStringLiteral("db")));
  CHECK(panel->configHosts() == QStringList({QStringLiteral("web1"), QStringLiteral("web2"), QStringLiteral("nas")}));
}

TEST_CASE("Machines: the list and its ticks are remembered", "[gui][machines]")
{
  QTemporaryDir dir;
  const QString ini = dir.filePath(QStringLiteral("settings.ini"));
  {
    AppSettings settings(ini);
    MainWindow window(settings);
    window.show();
    MachinesPanel* panel = window.machinesPanel();
    REQUIRE(panel->addTyped(QStringLiteral("alice@server:2222")));
    REQUIRE(panel->addTyped(QStringLiteral("[::1]:2200")));
    MachineList* list = window.machineList();
    list->setData(list->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);  // this machine unticked
    list->setData(list->index(2, 0), Qt::Unchecked, Qt::CheckStateRole);
    window.close();  // saves the settings
  }
  AppSettings settings(ini);
  MainWindow window(settings);
  MachineList* list = window.machineList();
  CHECK(list->hosts() == QStringList({QStringLiteral("alice@server:2222"), QStringLiteral("[::1]:2200")}));
  CHECK(list->checkedHosts() == QStringList{QStringLiteral("alice@server:2222")});
  CHECK_FALSE(list->localChecked());
  REQUIRE(list->checkedRemoteHosts().size() == 1);
  CHECK(list->checkedRemoteHosts().front().port == 2222);
}

TEST_CASE("Machines: a run with no machine ticked says so and starts nothing", "[gui][machines]")
{
  test::TinyBenchmark bench;
  MachineList* list = bench.window->machineList();
  list->setData(list->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);
  bench.window->startBenchmark();
  CHECK_FALSE(bench.window->isBusy());
  CHECK(bench.window->statusText().contains(QStringLiteral("machine")));
}

TEST_CASE("Machines: the remote bench gets the Setup page's options", "[gui][machines]")
{
  RunOptions o;
  o.preset = Preset::Quick;
  o.waitQuiet = false;
  o.sampleSize = 64 * MiB;
  o.cache = CacheMode::Warm;
  o.streams = 2;
  o.ramp = true;
  o.maxStreams = 4;
  const std::vector<std::string> args = remoteBenchArguments(o, {"md5", "crc32"});
  const auto after = [&](const std::string& option) {
    const auto it = std::find(args.begin(), args.end(), option);
    return it == args.end() || it + 1 == args.end() ? std::string("(none)") : *(it + 1);
  };
  CHECK(after("--preset") == "quick");
  CHECK(after("--size") == std::to_string(64 * MiB));
  CHECK(after("--cache") == "warm");
  CHECK(after("--streams") == "2");
  CHECK(after("--max-streams") == "4");
  CHECK(std::count(args.begin(), args.end(), "--algorithm") == 2);
  CHECK(std::find(args.begin(), args.end(), "--ramp") != args.end());
  CHECK(std::find(args.begin(), args.end(), "--quiet-timeout") == args.end());
  CHECK(std::find(args.begin(), args.end(), "--location") == args.end());  // each machine's own temp folder
}

TEST_CASE("Machines: two machines' runs saved under their names, side by side, and compared", "[gui][machines]")
{
  QTemporaryDir dir;
  const test::ScopedHistory db(dir.filePath(QStringLiteral("h.sqlite")));
  test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  HistoryModel* history = w.historyModel();
  std::vector<MachineRun> runs(3);
  const QStringList names = {QStringLiteral("alice@server:2222"), QStringLiteral("db1")};
  for (int i = 0; i < 2; ++i) {
    const std::string json = readFile(kRuns + (i == 0 ? QStringLiteral("run_a.json") : QStringLiteral("run_b.json")));
    MachineRun& m = runs[std::size_t(i)];
    m.name = m.shownName = names[i];
    m.platform = QStringLiteral("Linux x86_64");
    REQUIRE(history->saveDocument(json, m.name, &m.id).isEmpty());
    m.run = history->run(m.id);
    REQUIRE(m.run);
  }
  runs[2].name = runs[2].shownName = QStringLiteral("web9");
  runs[2].problem = QStringLiteral("ssh could not log in to web9: the key was refused");
  REQUIRE(history->rowCount() == 2);
  CHECK(history->title(runs[0].id).contains(names[0]));

  // Results > Machines: one row per machine, the one that failed says why, and the fleet's sum.
  FleetView* fleet = w.fleetView();
  fleet->setRuns(runs);
  const QTableWidget* table = fleet->table();
  REQUIRE(table->rowCount() == 3);
  CHECK(table->item(0, 0)->text() == names[0]);
  CHECK(table->item(1, 0)->text() == names[1]);
  CHECK(table->item(0, 3)->text().contains(QStringLiteral("MB/s")));
  CHECK(table->item(2, 4)->text().contains(QStringLiteral("refused")));
  CHECK(table->item(0, 6)->text() == QStringLiteral("run %1").arg(runs[0].id));
  CHECK(fleet->aggregateText().contains(QStringLiteral("The fleet")));

  // History's Compare: the two machines' runs, each named with its machine.
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);
  panel->table()->selectAll();
  REQUIRE(panel->compareButton()->isEnabled());
  QTest::mouseClick(panel->compareButton(), Qt::LeftButton);
  const QString headline = panel->compareView()->headline();
  CHECK(headline.contains(names[0]));
  CHECK(headline.contains(names[1]));
  CHECK(headline.contains(QStringLiteral("Example CPU 8C")));
  CHECK(headline.contains(QStringLiteral("Other CPU 16C")));
}
