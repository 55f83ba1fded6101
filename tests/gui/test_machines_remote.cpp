// A run over several machines from the window, against the CLI tests' loopback sshd "machines"
// (tests/cli/ssh_lab.hpp): each machine's run saved under its name, Results > Machines, a machine that refuses
// the key said on its row without stopping the others, and Stop ending every remote run with nothing left
// there. Skipped visibly where sshd cannot run.
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/history_model.hpp"
#include "logic/machine_list.hpp"
#include "logic/remote_controller.hpp"
#include "logic/result_text.hpp"
#include "skip.hpp"
#include "widgets/fleet_view.hpp"
#include "widgets/machines_panel.hpp"

#ifdef _WIN32
TEST_CASE("Machines: a run over loopback ssh machines", "[gui][machines][remote]")
{
  HASHSCOPE_SKIP("the loopback sshd machines of these tests are POSIX only");
}
#else
#include "ssh_lab.hpp"

using namespace hashscope;
using namespace hashscope::gui;
using clitest::SshLab;

namespace {

// The window's remote runs go through the lab's ssh config (its key and known_hosts).
void useLab(MainWindow& w, const SshLab& lab)
{
  RemoteOptions options = w.remoteController()->baseOptions();
  options.sshConfig = lab.sshConfig();
  w.remoteController()->setBaseOptions(options);
}

QString statusOf(MachineList* list, const QString& host)
{
  for (int row = 0; row < list->rowCount(); ++row)
    if (list->index(row, MachineList::NameColumn).data().toString() == host)
      return list->index(row, MachineList::StatusColumn).data().toString();
  return QStringLiteral("(not listed)");
}

}  // namespace

TEST_CASE("Machines: the Setup page's options as bench arguments are a run hashscope-cli makes", "[gui][machines]")
{
  // What each other machine gets (remoteBenchArguments), run here by this build's CLI on a temp folder: every
  // option is one it knows, with a value it takes.
  RunOptions o;
  o.preset = Preset::Quick;
  o.quietTimeout = 1;
  o.sampleSize = 4 * MiB;
  o.warm = true;
  o.ramp = true;
  o.maxStreams = 2;
  o.hashSeconds = 0.1;
  clitest::TempDir dir;
  std::vector<std::string> args = {"bench", "--location", dir.path().string(), "--no-save", "--sample-hz", "0"};
  for (const std::string& a : remoteBenchArguments(o, {"md5", "crc32"}))
    args.push_back(a);
  const clitest::ProcessResult r = clitest::runCli(args, {}, 120);
  INFO(r.err);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("md5") != std::string::npos);
  CHECK(r.out.find("crc32") != std::string::npos);
}

TEST_CASE("Machines: this machine and two over ssh, one refusing the key", "[gui][machines][remote]")
{
  SshLab lab;
  const SshLab::Host* a = lab.problem().empty() ? lab.addHost() : nullptr;
  const SshLab::Host* refused = a ? lab.addHost(false) : nullptr;
  if (!refused)
    HASHSCOPE_SKIP("no loopback sshd: " << lab.problem());
  QTemporaryDir dir;
  const gui::test::ScopedHistory db(dir.filePath(QStringLiteral("h.sqlite")));
  gui::test::TinyBenchmark bench(QStringLiteral("md5"));
  MainWindow& w = *bench.window;
  useLab(w, lab);
  const QString good = qs(a->label), bad = qs(refused->label);
  REQUIRE(w.machinesPanel()->addTyped(good));
  REQUIRE(w.machinesPanel()->addTyped(bad));

  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  CHECK(w.isBusy());
  CHECK_FALSE(w.benchmarkButton()->isEnabled());
  REQUIRE(finished.wait(180000));
  CHECK_FALSE(w.isBusy());

  MachineList* list = w.machineList();
  INFO("this machine: " << statusOf(list, QStringLiteral("This machine")).toStdString() << "; " << good.toStdString()
                        << ": " << statusOf(list, good).toStdString() << "; " << bad.toStdString() << ": "
                        << statusOf(list, bad).toStdString());
  CHECK(statusOf(list, good).contains(QStringLiteral("saved as run")));
  CHECK(statusOf(list, QStringLiteral("This machine")).contains(QStringLiteral("saved as run")));
  CHECK_FALSE(statusOf(list, bad).isEmpty());
  CHECK_FALSE(statusOf(list, bad).contains(QStringLiteral("saved")));
  CHECK(w.statusText().contains(bad));  // the failure said in the status line too

  HistoryModel* history = w.historyModel();
  REQUIRE(history->rowCount() == 2);  // this machine's run and the good host's, under its name
  QStringList names;
  for (int row = 0; row < history->rowCount(); ++row)
    names.append(qs(history->record(row).name));
  CHECK(names.contains(good));

  const QTableWidget* table = w.fleetView()->table();
  REQUIRE(table->rowCount() == 3);
  CHECK(table->item(0, 0)->text().startsWith(QStringLiteral("This machine")));
  CHECK(table->item(1, 3)->text().contains(QStringLiteral("MB/s")));
  CHECK(table->item(2, 3)->text().isEmpty());  // the refused one: no figures, its reason instead
  CHECK_FALSE(table->item(2, 4)->text().isEmpty());
  CHECK(w.fleetView()->aggregateText().contains(QStringLiteral("The fleet")));
  CHECK(clitest::leftNothing(*a));
}

TEST_CASE("Machines: Stop ends every remote run and leaves nothing there", "[gui][machines][remote]")
{
  SshLab lab;
  const SshLab::Host* a = lab.problem().empty() ? lab.addHost() : nullptr;
  const SshLab::Host* b = a ? lab.addHost() : nullptr;
  if (!b)
    HASHSCOPE_SKIP("no loopback sshd: " << lab.problem());
  QTemporaryDir dir;
  const gui::test::ScopedHistory db(dir.filePath(QStringLiteral("h.sqlite")));
  gui::test::TinyBenchmark bench(QStringLiteral("md5"), QStringLiteral("64M"), 2.0);
  MainWindow& w = *bench.window;
  useLab(w, lab);
  MachineList* list = w.machineList();
  list->setData(list->index(0, 0), Qt::Unchecked, Qt::CheckStateRole);  // only the other machines
  REQUIRE(w.machinesPanel()->addTyped(qs(a->label)));
  REQUIRE(w.machinesPanel()->addTyped(qs(b->label)));

  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(w.isBusy());
  // Both machines at work (a line of their benchmark arrived), then Stop.
  const auto working = [&](const SshLab::Host* h) {
    const QString s = statusOf(list, qs(h->label));
    return !s.isEmpty() && s != QStringLiteral("connecting...");
  };
  for (int i = 0; i < 600 && !(working(a) && working(b)); ++i)
    QTest::qWait(100);
  REQUIRE(working(a));
  REQUIRE(working(b));
  QElapsedTimer clock;
  clock.start();
  QTest::mouseClick(w.stopButton(), Qt::LeftButton);
  REQUIRE(finished.wait(30000));
  CHECK(clock.elapsed() < 10000);
  CHECK(finished.front().front().toBool());  // cancelled
  CHECK_FALSE(w.isBusy());
  CHECK(w.historyModel()->rowCount() == 0);
  for (const SshLab::Host* h : {a, b}) {
    CHECK(statusOf(list, qs(h->label)) == QStringLiteral("stopped"));
    CHECK(clitest::leftNothing(*h));
  }

  // Again, stopped by Esc once asked; the question says what a stop there keeps (nothing).
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(w.isBusy());
  for (int i = 0; i < 600 && !(working(a) && working(b)); ++i)
    QTest::qWait(100);
  const auto seen = gui::test::answerNextMessageBoxSeen(QStringLiteral("Stop"));
  QTest::keyClick(&w, Qt::Key_Escape);
  REQUIRE(finished.wait(30000));
  CHECK(seen->seen);
  CHECK(seen->informative.contains(QStringLiteral("not saved")));
  CHECK(finished.at(1).at(0).toBool());
  CHECK(w.historyModel()->rowCount() == 0);
  for (const SshLab::Host* h : {a, b})
    CHECK(clitest::leftNothing(*h));
}
#endif
