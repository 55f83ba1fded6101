// Not a test: a hidden helper that takes the screenshots of issue 40's Machines list, at 1280x800 light and
// dark: the Setup page with the list (after the run, each row saying what its run did) and Results > Machines
// after a run over this machine and one loopback sshd "machine" (tests/cli/ssh_lab.hpp). Run it by name:
//   QT_QPA_PLATFORM=offscreen HASHSCOPE_SHOTS_DIR=resources/screenshots build/bin/hashscope_gui_tests
//     "screenshots of the Machines list and a run over two machines"  (one command line)
#include "catch.hpp"

#include <QDir>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include "gui_test_helpers.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/machine_list.hpp"
#include "logic/remote_controller.hpp"
#include "logic/result_text.hpp"
#include "skip.hpp"
#include "widgets/machines_panel.hpp"
#include "widgets/options_panel.hpp"
#include "widgets/results_view.hpp"
#include "widgets/theme.hpp"

#ifndef _WIN32
#include "ssh_lab.hpp"

using namespace hashscope;
using namespace hashscope::gui;

TEST_CASE("screenshots of the Machines list and a run over two machines", "[.shots]")
{
  const QString out = qEnvironmentVariable("HASHSCOPE_SHOTS_DIR");
  REQUIRE_FALSE(out.isEmpty());
  QDir().mkpath(out);
  clitest::SshLab lab;
  const clitest::SshLab::Host* host = lab.problem().empty() ? lab.addHost() : nullptr;
  if (!host)
    HASHSCOPE_SKIP("no loopback sshd: " << lab.problem());
  for (const bool dark : {false, true}) {
    applyTheme(dark ? Theme::Dark : Theme::Light);  // the app's own View > Theme
    const QString tag = dark ? QStringLiteral("dark") : QStringLiteral("light");
    QTemporaryDir dir;
    const gui::test::ScopedHistory db(dir.filePath(QStringLiteral("h.sqlite")));
    gui::test::TinyBenchmark bench(QStringLiteral("md5"), QStringLiteral("64M"), 0.5);
    MainWindow& w = *bench.window;
    QTest::qWait(400);  // after the window's first fitting into the (offscreen) screen
    w.resize(1280, 800);
    w.algorithmModel()->setCheckedIds({QStringLiteral("md5"), QStringLiteral("sha256"), QStringLiteral("xxh3-64")});
    RemoteOptions options = w.remoteController()->baseOptions();
    options.sshConfig = lab.sshConfig();
    w.remoteController()->setBaseOptions(options);
    REQUIRE(w.machinesPanel()->addTyped(qs(host->label)));
    REQUIRE(w.machinesPanel()->addTyped(QStringLiteral("alice@build-server")));
    MachineList* list = w.machineList();
    list->setData(list->index(2, 0), Qt::Unchecked, Qt::CheckStateRole);  // listed, not in this run
    QSignalSpy done(&w, &MainWindow::benchmarkFinished);
    w.startBenchmark();
    REQUIRE(done.wait(300000));
    QTest::qWait(300);
    w.grab().save(out + QStringLiteral("/machines-results-1280x800-") + tag + QStringLiteral(".png"));
    w.viewTabs()->setCurrentIndex(0);
    QTest::qWait(300);
    w.grab().save(out + QStringLiteral("/machines-setup-1280x800-") + tag + QStringLiteral(".png"));
  }
  applyTheme(Theme::System);
}
#endif
