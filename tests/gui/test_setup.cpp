// The setup page's defaults and the window's keyboard and screen behaviour, through the real widgets:
// one location per device, what will be written where, samples removed unless kept, the sample label
// following the selection, export actions only with results, Tab leaving the table, the first window
// fitting the screen.
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "hashscope/samples.hpp"
#include "logic/location_model.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "logic/sample_controller.hpp"
#include "logic/sample_list_model.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/samples_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {
StorageInfo place(const std::string& path, const std::string& device, MediaKind kind, const std::string& fs,
                  const std::string& mount = "/")
{
  StorageInfo s;
  s.path = path;
  s.mountPoint = mount;
  s.filesystem = fs;
  s.device.name = device;
  s.kind = kind;
  s.freeBytes = 100 * GiB;
  s.totalBytes = 200 * GiB;
  s.writable = true;
  return s;
}

int rowOf(const LocationModel& model, const QString& path)
{
  for (int row = 0; row < model.rowCount(); ++row) {
    if (qs(model.info(row).path) == path)
      return row;
  }
  return -1;
}

QPushButton* button(QWidget* parent, const QString& text)
{
  for (QPushButton* b : parent->findChildren<QPushButton*>()) {
    if (b->text() == text)
      return b;
  }
  return nullptr;
}
}  // namespace

TEST_CASE("defaults: one location per device is ticked, RAM counting as its own device", "[gui][defaults]")
{
  LocationModel model;
  StorageInfo readOnly = place("/mnt/cdrom", "sr0", MediaKind::Removable, "iso9660", "/mnt/cdrom");
  readOnly.readOnly = true;
  model.setLocations({place("/tmp", "vda", MediaKind::Hdd, "ext4"), place("/home/me", "vda", MediaKind::Hdd, "ext4"),
                      place("/", "vda", MediaKind::Hdd, "ext4"),
                      place("/dev/shm", "", MediaKind::Ram, "tmpfs", "/dev/shm"),
                      place("/run/user/1000", "", MediaKind::Ram, "tmpfs", "/run/user/1000"),
                      place("/mnt/usb", "sdb", MediaKind::Removable, "exfat", "/mnt/usb"), readOnly});
  model.setSampleSpec(1 * GiB, SampleContent::Random);
  model.checkOnePerDevice({QStringLiteral("/home/me"), QStringLiteral("/tmp")});
  // The preferred folder wins on its disk; RAM and the USB disk are devices of their own; read-only is skipped.
  CHECK(model.checkedPaths() ==
        QStringList{QStringLiteral("/home/me"), QStringLiteral("/dev/shm"), QStringLiteral("/mnt/usb")});

  // What the run will write where, said before it runs.
  const QString plan = model.writePlan(false);
  INFO(plan.toStdString());
  CHECK(plan.startsWith(QStringLiteral("Will write a 1 GiB sample in /home/me (vda, ext4), /dev/shm (RAM, tmpfs) "
                                       "and /mnt/usb (sdb, exfat)")));
  CHECK(plan.contains(QStringLiteral("removed after the run")));
  CHECK(model.writePlan(true).contains(QStringLiteral("keep")));
}

TEST_CASE("defaults: a share or FUSE mount is listed with its server but ticked only when preferred",
          "[gui][defaults][remote]")
{
  LocationModel model;
  StorageInfo nas = place("/mnt/nas", "", MediaKind::Network, "nfs4", "/mnt/nas");
  nas.source = "nas.local:/export";
  nas.remote.transport = "nfs4";
  StorageInfo cipher = place("/mnt/c", "", MediaKind::Fuse, "fuse.gocryptfs", "/mnt/c");
  cipher.source = "/home/me/cipher";
  model.setLocations({place("/tmp", "vda", MediaKind::Hdd, "ext4"), nas, cipher});
  model.setSampleSpec(1 * GiB, SampleContent::Random);
  model.checkOnePerDevice({QStringLiteral("/tmp")});
  // A first start writes no sample over the network.
  CHECK(model.checkedPaths() == QStringList{QStringLiteral("/tmp")});
  const int nasRow = rowOf(model, QStringLiteral("/mnt/nas"));
  REQUIRE(nasRow >= 0);
  CHECK(model.index(nasRow, LocationModel::KindColumn).data().toString() == QStringLiteral("network"));
  CHECK(model.index(nasRow, LocationModel::DeviceColumn).data().toString() == QStringLiteral("nas.local:/export"));
  // A home folder on the share is the user's own choice: it is ticked.
  model.checkOnePerDevice({QStringLiteral("/mnt/nas"), QStringLiteral("/tmp")});
  CHECK(model.checkedPaths() == QStringList{QStringLiteral("/tmp"), QStringLiteral("/mnt/nas")});
}

TEST_CASE("defaults: a fresh window ticks no two locations on one device", "[gui][defaults]")
{
  QTemporaryDir dir;
  AppSettings settings(dir.path() + QStringLiteral("/settings.ini"));
  MainWindow w(settings);
  LocationModel* model = w.locationModel();
  QStringList devices;
  int ticked = 0;
  for (int row = 0; row < model->rowCount(); ++row) {
    if (model->index(row, 0).data(Qt::CheckStateRole).toInt() != Qt::Checked)
      continue;
    ++ticked;
    const QString key = LocationModel::deviceKey(model->info(row));
    INFO(key.toStdString());
    CHECK_FALSE(devices.contains(key));
    devices.append(key);
  }
  CHECK(ticked >= 1);
  // The setup page says what the run writes, and the default size fits the ticked locations.
  CHECK(w.samplesPanel()->planText().startsWith(QStringLiteral("Will write")));
  CHECK(w.currentOptions().sampleSize * 4 <= std::max<std::uint64_t>(model->smallestFreeChecked(), 64 * MiB));
}

TEST_CASE("samples: the Create label follows the selection, unticked locations keep their samples listed",
          "[gui][defaults]")
{
  test::TinyBenchmark bench(QStringLiteral("crc32"), QStringLiteral("4M"), 0.1);
  MainWindow& w = *bench.window;
  const QString other = bench.dir.path() + QStringLiteral("/other");
  QDir().mkpath(other);
  SamplesPanel* samples = w.samplesPanel();
  w.locationsPanel()->addFolder(other);  // selects it
  CHECK(samples->targetText().contains(other));
  QTableView* view = w.locationsPanel()->view();
  const int locationRow = rowOf(*w.locationModel(), bench.location);
  REQUIRE(locationRow >= 0);
  view->setCurrentIndex(w.locationModel()->index(locationRow, 0));
  CHECK(samples->targetText().contains(bench.location));
  CHECK_FALSE(samples->targetText().contains(other));

  // Create writes where the label says.
  QSignalSpy created(samples->controller(), &SampleController::finished);
  QPushButton* create = button(samples, QStringLiteral("Create"));
  REQUIRE(create);
  QTest::mouseClick(create, Qt::LeftButton);
  REQUIRE(created.wait(30000));
  REQUIRE(created.at(0).at(0).toBool());
  CHECK(QFileInfo(created.at(0).at(1).toString()).absolutePath() == bench.location);
  CHECK(listSamples(toPath(other)).empty());

  // Unticking the location leaves its sample listed (it still takes space and can be deleted).
  w.locationModel()->setChecked(locationRow, false);
  CHECK_FALSE(w.locationModel()->checkedPaths().contains(bench.location));
  bool listed = false;
  for (int row = 0; row < samples->listModel()->rowCount(); ++row)
    listed = listed || samples->listModel()->index(row, 0).data(SampleListModel::PathRole).toString() ==
                           created.at(0).at(1).toString();
  CHECK(listed);
}

TEST_CASE("samples: a run removes the samples it wrote unless kept, and never a user's file", "[gui][defaults]")
{
  test::TinyBenchmark bench(QStringLiteral("crc32"), QStringLiteral("4M"), 0.1);
  MainWindow& w = *bench.window;
  // A user's file next to the sample, and one named like a sample of another size (not HashScope's): both stay.
  const QString userFile = bench.location + QStringLiteral("/notes.txt");
  const QString lookalike = bench.location + QStringLiteral("/") + qs(sampleFileName(8 * MiB, SampleContent::Random));
  for (const QString& path : {userFile, lookalike}) {
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("mine");
  }
  auto samplesThere = [&] {
    std::vector<SampleFile> out;
    for (const SampleFile& f : listSamples(toPath(bench.location))) {
      if (f.isSample())
        out.push_back(f);
    }
    return out;
  };
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);

  REQUIRE_FALSE(w.samplesPanel()->keepSamples());  // the default
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  INFO(w.statusText().toStdString());
  CHECK(w.statusText().startsWith(QStringLiteral("Will write a 4 MiB sample in ") + bench.location));
  REQUIRE(finished.wait(120000));
  CHECK_FALSE(finished.at(0).at(0).toBool());
  CHECK(w.resultsModel()->rowCount() >= 3);
  CHECK(samplesThere().empty());  // the sample this run wrote is gone
  CHECK(QFile::exists(userFile));
  CHECK(QFile::exists(lookalike));

  // Kept when asked.
  w.samplesPanel()->setKeepSamples(true);
  CHECK(w.samplesPanel()->planText().contains(QStringLiteral("keep")));
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(finished.wait(120000));
  const auto kept = samplesThere();
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].size == 4 * MiB);

  // A sample that was already there is reused and kept, even when "Keep samples" is off.
  w.samplesPanel()->setKeepSamples(false);
  CHECK(w.samplesPanel()->planText().contains(QStringLiteral("Reuses")));
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  REQUIRE(finished.wait(120000));
  CHECK(samplesThere().size() == 1);
  CHECK(QFile::exists(userFile));
  CHECK(QFile::exists(lookalike));
}

TEST_CASE("export actions are disabled with no results and enabled once results arrive", "[gui][keyboard]")
{
  test::TinyBenchmark bench(QStringLiteral("crc32"), QStringLiteral("4M"), 0.1);
  MainWindow& w = *bench.window;
  const QList<QAction*> exports = w.exportActions();
  REQUIRE(exports.size() >= 4);
  for (QAction* a : exports) {
    INFO(a->text().toStdString());
    CHECK_FALSE(a->isEnabled());
    CHECK_FALSE(a->shortcut().isEmpty());  // every export has a shortcut, shown in the menu
  }
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(w.benchmarkButton(), Qt::LeftButton);
  for (QAction* a : exports)
    CHECK_FALSE(a->isEnabled());  // not mid-run either
  REQUIRE(finished.wait(120000));
  REQUIRE(w.resultsModel()->rowCount() > 0);
  for (QAction* a : exports) {
    INFO(a->text().toStdString());
    CHECK(a->isEnabled());
  }
}

TEST_CASE("Tab leaves the locations table in one press", "[gui][keyboard]")
{
  test::TinyBenchmark bench(QStringLiteral("crc32"), QStringLiteral("4M"), 0.1);
  MainWindow& w = *bench.window;
  QApplication::setActiveWindow(&w);
  QTableView* view = w.locationsPanel()->view();
  view->setFocus(Qt::TabFocusReason);
  REQUIRE(QTest::qWaitFor([&] { return view->hasFocus(); }, 5000));
  view->setCurrentIndex(w.locationModel()->index(0, 0));
  QTest::keyClick(view, Qt::Key_Tab);
  CHECK_FALSE(view->hasFocus());
}

TEST_CASE("the first window fits the available screen area", "[gui][keyboard]")
{
  QTemporaryDir dir;
  AppSettings settings(dir.path() + QStringLiteral("/settings.ini"));
  MainWindow w(settings);
  w.show();
  REQUIRE(QTest::qWaitForWindowExposed(&w));
  const QRect available = w.screen()->availableGeometry();
  INFO("window " << w.frameGeometry().width() << "x" << w.frameGeometry().height() << " at "
                 << w.frameGeometry().x() << "," << w.frameGeometry().y() << "; available " << available.width()
                 << "x" << available.height());
  CHECK(available.contains(w.frameGeometry()));
}

TEST_CASE("Keep samples is remembered and reaches the suite as its opposite, removeSamplesAfter", "[gui][defaults]")
{
  QTemporaryDir dir;
  const QString file = dir.path() + QStringLiteral("/settings.ini");
  {
    AppSettings settings(file);
    CHECK_FALSE(settings.options().keepSamples);  // off by default: a run cleans up after itself
    RunOptions o;
    o.keepSamples = true;
    settings.setOptions(o);
    settings.sync();
  }
  AppSettings again(file);
  CHECK(again.options().keepSamples);
  RunOptions o;
  CHECK(makeSuiteSpec(o, {"/tmp"}, {"md5"}).removeSamplesAfter);
  o.keepSamples = true;
  CHECK_FALSE(makeSuiteSpec(o, {"/tmp"}, {"md5"}).removeSamplesAfter);
}
