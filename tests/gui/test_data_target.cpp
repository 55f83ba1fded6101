// "Benchmark a file or folder...": a read-only location is labelled as usable for existing files (not an
// error), and is benchmarked through the setup page's button and the dialog, with the real window, the
// real controller and a real read-only mount where the machine allows one; results appear, nothing is
// written there.
#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTimer>

#include <sys/stat.h>
#ifndef _WIN32
#include <unistd.h>
#endif

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "skip.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/workload.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/location_model.hpp"
#include "logic/result_text.hpp"
#include "logic/results_model.hpp"
#include "widgets/data_target_dialog.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/theme.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

// Root reads and writes through permission bits (there is no such user on Windows).
bool isRoot()
{
#ifdef _WIN32
  return false;
#else
  return ::geteuid() == 0;
#endif
}

bool runTool(const QStringList& args)
{
  QProcess p;
  p.start(args.first(), args.mid(1));
  return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A tmpfs filled with two "photos", then remounted read-only (root only); unmounted at the end.
struct ReadOnlyPhotos {
  explicit ReadOnlyPhotos(const QString& path) : folder(path)
  {
    QDir().mkpath(folder);
    mounted = isRoot() &&
              runTool({QStringLiteral("mount"), QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                       QStringLiteral("size=16m"), QStringLiteral("hashscope-gui-test"), folder});
    writeFile(QStringLiteral("/a.jpg"), 3 * 1024 * 1024);
    writeFile(QStringLiteral("/b.jpg"), 700 * 1024);
    if (mounted && !runTool({QStringLiteral("mount"), QStringLiteral("-o"), QStringLiteral("remount,ro"), folder})) {
      runTool({QStringLiteral("umount"), folder});  // the files went with the tmpfs: write them again below
      mounted = false;
      writeFile(QStringLiteral("/a.jpg"), 3 * 1024 * 1024);
      writeFile(QStringLiteral("/b.jpg"), 700 * 1024);
    }
    if (!mounted) {  // the same files, made read-only by their modes (which root ignores)
      ::chmod(QFile::encodeName(folder + QStringLiteral("/a.jpg")).constData(), 0444);
      ::chmod(QFile::encodeName(folder + QStringLiteral("/b.jpg")).constData(), 0444);
      ::chmod(QFile::encodeName(folder).constData(), 0555);
    }
  }
  ~ReadOnlyPhotos()
  {
    if (mounted)
      runTool({QStringLiteral("umount"), folder});
    else
      ::chmod(QFile::encodeName(folder).constData(), 0755);
  }
  void writeFile(const QString& name, qint64 size) const
  {
    QFile f(folder + name);
    REQUIRE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QByteArray block(64 * 1024, '\0');
    for (qint64 i = 0; i < size; i += block.size()) {
      for (int k = 0; k < block.size(); ++k)
        block[k] = char((i + k) * 2654435761u >> 24);
      f.write(block.constData(), std::min<qint64>(block.size(), size - i));
    }
  }
  QString folder;
  bool mounted = false;
  static constexpr qint64 kBytes = 3 * 1024 * 1024 + 700 * 1024;
};

// Every entry under `folder` with its size and modification time (the folder's own too).
QStringList listing(const QString& folder)
{
  QStringList out{folder + QLatin1Char(' ') + QFileInfo(folder).lastModified().toString(Qt::ISODateWithMs)};
  QDirIterator it(folder, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                  QDirIterator::Subdirectories);
  while (it.hasNext()) {
    const QFileInfo info(it.next());
    out.append(info.filePath() + QLatin1Char(' ') + QString::number(info.size()) + QLatin1Char(' ') +
               info.lastModified().toString(Qt::ISODateWithMs));
  }
  out.sort();
  return out;
}

}  // namespace

TEST_CASE("a read-only location says it can benchmark existing files, and is benchmarked through \"file or "
          "folder\" with results and nothing written",
          "[gui][data]")
{
  hashscope::gui::test::TinyBenchmark bench(QStringLiteral("md5"));
  MainWindow& w = *bench.window;
  ReadOnlyPhotos photos(bench.dir.path() + QStringLiteral("/photos"));
  StorageInfo info = describeStorage(toPath(photos.folder));
  if (!photos.mounted) {
    HASHSCOPE_SKIP_PART("no read-only mount here (needs root and mount rights): the location is described "
                        "as read-only, its files made read-only by their modes");
    info.readOnly = true;
  }
  REQUIRE(info.readOnly);
  const QStringList before = listing(photos.folder);

  // The row: a label in the normal text colour, not a red error; no sample benchmark can be ticked there.
  LocationModel* model = w.locationModel();
  const int row = model->addFolder(info);
  const QModelIndex status = model->index(row, LocationModel::StatusColumn);
  CHECK(status.data().toString() == QStringLiteral("read-only: can benchmark existing files"));
  CHECK_FALSE(status.data(Qt::ForegroundRole).isValid());
  CHECK(model->dataOnly(row));
  CHECK_FALSE(model->checkedPaths().contains(photos.folder));
  CHECK(model->index(row, LocationModel::PathColumn).data(Qt::ToolTipRole).toString().contains(
      QStringLiteral("Benchmark a file or folder")));

  // The action: File menu, Ctrl+Shift+B.
  REQUIRE(w.dataAction());
  CHECK(w.dataAction()->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+B")));

  // Select the read-only row and click the setup page's button; the dialog gets the folder as the user
  // would browse to it, and its Benchmark button starts the run.
  w.locationsPanel()->view()->setCurrentIndex(model->index(row, 0));
  CHECK(w.locationsPanel()->selectedPath() == photos.folder);
  QPushButton* button = nullptr;
  for (QPushButton* b : w.locationsPanel()->findChildren<QPushButton*>()) {
    if (b->text().remove(QLatin1Char('&')) == QStringLiteral("Benchmark a file or folder..."))
      button = b;
  }
  REQUIRE(button);
  QString dialogSaid;
  bool dialogCould = false, dialogFolder = false;
  QTimer poll;
  poll.setInterval(20);
  QObject::connect(&poll, &QTimer::timeout, [&] {
    auto* dialog = qobject_cast<DataTargetDialog*>(QApplication::activeModalWidget());
    if (!dialog)
      return;
    poll.stop();
    dialog->setPath(photos.folder);
    dialogSaid = dialog->checkText();
    dialogCould = dialog->canStart();
    dialogFolder = dialog->folderChosen();
    dialog->accept();
  });
  poll.start();
  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  QTest::mouseClick(button, Qt::LeftButton);  // returns once the dialog closed and the run started
  poll.stop();
  CHECK(dialogFolder);
  CHECK(dialogCould);
  CHECK(dialogSaid.contains(photos.folder));
  REQUIRE(finished.wait(180000));
  CHECK(finished.at(0).at(0).toBool() == false);
  CHECK(w.dataAction()->isEnabled());

  // Results: the tree read, md5 hash-memory and md5 hash-tree, each on this data.
  const std::vector<RunResult>& results = w.resultsModel()->results();
  INFO(w.statusText().toStdString());
  REQUIRE(results.size() == 3);
  CHECK(results[0].workload == Workload::Read);
  CHECK(results[2].workload == Workload::HashTree);
  for (const RunResult& r : results) {
    INFO(r.error);
    CHECK(r.ok());
    CHECK(r.location == toPath(photos.folder));
    if (r.workload != Workload::HashMemory) {
      CHECK(r.files == 2);
      CHECK(r.bytes == std::uint64_t(ReadOnlyPhotos::kBytes));
    }
  }
  CHECK(w.resultsModel()->rowCount() == 3);
  CHECK(w.statusText().startsWith(QStringLiteral("Finished")));
  CHECK(listing(photos.folder) == before);
}

TEST_CASE("the file-or-folder dialog refuses a FIFO and a wrong kind before any run, and takes a file",
          "[gui][data]")
{
  QTemporaryDir dir;
  const QString fifo = dir.path() + QStringLiteral("/pipe");
#ifdef _WIN32
  HASHSCOPE_SKIP("no FIFOs on Windows");
#else
  REQUIRE(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
#endif
  const QString file = dir.path() + QStringLiteral("/disk image.iso");
  QFile f(file);
  REQUIRE(f.open(QIODevice::WriteOnly));
  f.write(QByteArray(5000, 'x'));
  f.close();

  DataTargetDialog dialog(dir.path());
  CHECK_FALSE(dialog.canStart());  // nothing chosen yet
  dialog.setPath(fifo);
  CHECK_FALSE(dialog.canStart());
  CHECK(dialog.checkText().contains(QStringLiteral("is a FIFO")));
  dialog.setPath(file);
  CHECK_FALSE(dialog.folderChosen());
  CHECK(dialog.canStart());
  CHECK(dialog.checkText() == file + QStringLiteral(": ") + hashscope::gui::formatBytes(std::uint64_t(5000)) + QStringLiteral("."));
  dialog.setPath(dir.path() + QStringLiteral("/nothing here"));
  CHECK_FALSE(dialog.canStart());
  CHECK(dialog.checkText().contains(QStringLiteral("no such file or folder")));
}

// Not a check: pictures for a person to look at (hidden; run with HASHSCOPE_SHOTS_DIR set, under Xvfb or
// offscreen, HASHSCOPE_SHOTS_DARK=1 for a dark Fusion palette): the read-only label, the dialog, and the
// results of a folder run.
TEST_CASE("screenshots of benchmarking a read-only folder", "[.shots]")
{
  const QString out = qEnvironmentVariable("HASHSCOPE_SHOTS_DIR");
  if (out.isEmpty())
    HASHSCOPE_SKIP("HASHSCOPE_SHOTS_DIR is not set");
  const bool dark = qEnvironmentVariableIsSet("HASHSCOPE_SHOTS_DARK");
  const QString theme = dark ? QStringLiteral("dark") : QStringLiteral("light");
  applyTheme(dark ? Theme::Dark : Theme::Light);  // the app's own View > Theme
  hashscope::gui::test::TinyBenchmark bench(QStringLiteral("md5"));
  bench.window->algorithmModel()->setCheckedIds({QStringLiteral("md5"), QStringLiteral("sha256"), QStringLiteral("xxh3-64")});
  MainWindow& w = *bench.window;
  ReadOnlyPhotos photos(QStringLiteral("/tmp/hashscope-photos"));
  StorageInfo info = describeStorage(toPath(photos.folder));
  info.readOnly = true;
  const int row = w.locationModel()->addFolder(info);
  w.locationsPanel()->view()->setCurrentIndex(w.locationModel()->index(row, 0));
  QTest::qWait(300);
  w.grab().save(out + QStringLiteral("/setup-readonly-") + theme + QStringLiteral(".png"));

  DataTargetDialog dialog(photos.folder, &w);
  dialog.setPath(photos.folder);
  dialog.show();
  QTest::qWait(300);
  dialog.grab().save(out + QStringLiteral("/dialog-") + theme + QStringLiteral(".png"));
  dialog.setPath(photos.folder + QStringLiteral("/a.jpg"));
  QTest::qWait(100);
  dialog.grab().save(out + QStringLiteral("/dialog-file-") + theme + QStringLiteral(".png"));
  dialog.hide();

  QSignalSpy finished(&w, &MainWindow::benchmarkFinished);
  REQUIRE(w.benchmarkData(photos.folder));
  QTest::qWait(400);
  w.grab().save(out + QStringLiteral("/running-") + theme + QStringLiteral(".png"));
  if (finished.isEmpty())
    REQUIRE(finished.wait(180000));
  QTest::qWait(300);
  w.grab().save(out + QStringLiteral("/results-") + theme + QStringLiteral(".png"));
}
