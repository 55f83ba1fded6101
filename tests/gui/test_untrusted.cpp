// Untrusted runs in the app: no label that shows data renders it as markup (a hostile run loaded in every
// view, a folder named like HTML ticked), Import runs off the GUI thread with progress, and Export says so
// when the file could not be written.
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>

#ifndef _WIN32
#include <unistd.h>
#endif

#include "catch.hpp"
#include "gui_test_helpers.hpp"
#include "logic/history_model.hpp"
#include "machine.hpp"
#include "skip.hpp"
#include "widgets/compare_view.hpp"
#include "widgets/history_panel.hpp"
#include "widgets/locations_panel.hpp"
#include "widgets/planner_panel.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

const QString kRuns = QStringLiteral(HASHSCOPE_TEST_DATA_DIR "/runs/");

class ScopedHistoryDb {
public:
  explicit ScopedHistoryDb(const QString& file) : m_old(qgetenv("HASHSCOPE_HISTORY_DB"))
  {
    qputenv("HASHSCOPE_HISTORY_DB", file.toUtf8());
  }
  ~ScopedHistoryDb() { qputenv("HASHSCOPE_HISTORY_DB", m_old); }
  ScopedHistoryDb(const ScopedHistoryDb&) = delete;
  ScopedHistoryDb& operator=(const ScopedHistoryDb&) = delete;

private:
  QByteArray m_old;
};

QByteArray readFile(const QString& path)
{
  QFile f(path);
  REQUIRE(f.open(QIODevice::ReadOnly));
  return f.readAll();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
  QFile f(path);
  REQUIRE(f.open(QIODevice::WriteOnly));
  REQUIRE(f.write(bytes) == bytes.size());
}

// run_a.json with markup wherever a run holds text: the time, the machine, a location, an algorithm.
QByteArray hostileRun()
{
  QByteArray json = readFile(kRuns + QStringLiteral("run_a.json"));
  // (The time itself must be a time: a run whose started_at is markup is refused at import.)
  json.replace("\"Example CPU 8C\"",
               "\"<b>HOSTILE CPU</b><h1 style=\\\"color:red\\\">EVERYTHING 900% FASTER</h1><a "
               "href=\\\"https://x\\\">HOSTILE</a><img src=\\\"/tmp/x.png\\\">\"");
  json.replace("\"Linux 6.1.0-13-amd64 x86_64\"", "\"<i>HOSTILE OS</i>\"");
  json.replace("\"/data\"", "\"<u>HOSTILE</u>/data\"");
  return json;
}

// What Qt would render as markup: a rich-text label, or an automatic one whose text looks like HTML.
bool rendersMarkup(const QLabel* label)
{
  return label->textFormat() == Qt::RichText ||
         ((label->textFormat() == Qt::AutoText || label->textFormat() == Qt::MarkdownText) &&
          Qt::mightBeRichText(label->text()));
}

bool holdsHostileData(const QString& text)
{
  return text.contains(QStringLiteral("HOSTILE")) || text.contains(QStringLiteral("EVERYTHING")) ||
         text.contains(QStringLiteral("<img"));
}

}  // namespace

TEST_CASE("no label shows a hostile run's strings as markup, in any view", "[gui][history][untrusted]")
{
  QTemporaryDir dir;
  const ScopedHistoryDb db(dir.path() + QStringLiteral("/h.sqlite"));
  gui::test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  // A folder named like HTML, ticked on the Setup page.
  if (const std::string why = hashscope::test::whyNameNotHeld(dir.path().toStdU16String(), "L<img src=x>HOSTILE");
      !why.empty()) {
    HASHSCOPE_SKIP_PART(why << ": no location is named like HTML");
  } else {
    const QString hostileFolder = dir.path() + QStringLiteral("/L<img src=x>HOSTILE");
    REQUIRE(QDir().mkpath(hostileFolder));
    w.locationsPanel()->addFolder(hostileFolder);
  }

  const QString file = dir.path() + QStringLiteral("/hostile.json");
  writeFile(file, hostileRun());
  HistoryModel* model = w.historyModel();
  std::int64_t hostile = 0, other = 0;
  REQUIRE(model->importFile(file, &hostile).isEmpty());
  REQUIRE(model->importFile(kRuns + QStringLiteral("run_b.json"), &other).isEmpty());
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);
  // Open it (the compare view and, through runChosen, the planner), then compare it with another run.
  panel->selectRun(hostile);
  QTest::mouseClick(panel->openButton(), Qt::LeftButton);
  QCoreApplication::processEvents();
  auto walk = [&](const char* where) {
    int shown = 0;
    for (const QLabel* label : w.findChildren<QLabel*>()) {
      if (!holdsHostileData(label->text()))
        continue;
      ++shown;
      INFO(where << ": " << label->objectName().toStdString() << " (" << label->metaObject()->className()
                 << ") shows " << label->text().toStdString());
      CHECK_FALSE(rendersMarkup(label));
    }
    return shown;
  };
  CHECK(walk("a hostile run opened") >= 3);  // the summary, the planner's source, the Setup page's folder
  panel->compare(other, hostile);
  QCoreApplication::processEvents();
  CHECK(walk("compared") >= 2);
  // Tooltips render HTML whenever it looks like HTML: the history's tooltip shows the text itself.
  const QString tip = model->index(model->rowOf(hostile), HistoryModel::Machine).data(Qt::ToolTipRole).toString();
  QTextDocument doc;
  doc.setHtml(tip);
  CHECK(doc.toPlainText().contains(QStringLiteral("<b>HOSTILE CPU</b>")));
}

TEST_CASE("an imported run's long CPU name and right-to-left override neither widen the window nor reverse "
          "its sentences, and the details pane follows the selected run",
          "[gui][history][untrusted]")
{
  QTemporaryDir dir;
  const ScopedHistoryDb db(dir.path() + QStringLiteral("/h.sqlite"));
  gui::test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  // The longest CPU name an import accepts (a longer one is refused: the core's tests), and U+202E in the
  // OS and a location: shown raw, it turns the rest of a sentence ("805 MB/s") into "508 s/BM".
  QByteArray json = readFile(kRuns + QStringLiteral("run_a.json"));
  const QByteArray longCpu = QByteArray(1, '"') + QByteArray(4096, 'X') + QByteArray(1, '"');
  json.replace(QByteArray("\"Example CPU 8C\""), longCpu);
  json.replace("\"Linux 6.1.0-13-amd64 x86_64\"", "\"Linux \xE2\x80\xAE" "x86_64\"");
  const QString file = dir.path() + QStringLiteral("/long.json");
  writeFile(file, json);
  HistoryModel* model = w.historyModel();
  std::int64_t id = 0, other = 0;
  REQUIRE(model->importFile(file, &id).isEmpty());
  REQUIRE(model->importFile(kRuns + QStringLiteral("run_b.json"), &other).isEmpty());
  HistoryPanel* panel = w.historyPanel();
  w.viewTabs()->setCurrentWidget(panel);
  w.resize(1280, 800);
  w.show();
  panel->selectRun(id);
  QTest::mouseClick(panel->openButton(), Qt::LeftButton);
  QCoreApplication::processEvents();
  // The window, its tabs and buttons stay on a 1920-pixel screen (it was 32 767 pixels wide).
  CHECK(w.minimumSizeHint().width() <= 1920);
  CHECK(w.width() <= 1920);
  const QString machine = model->index(model->rowOf(id), HistoryModel::Machine).data().toString();
  CHECK(machine.size() <= 120);
  CHECK(machine.endsWith(QChar(0x2026)));
  // No view shows the override itself; the tooltip names it as \u202e.
  const QChar override(0x202E);
  for (const QLabel* label : w.findChildren<QLabel*>()) {
    INFO(label->objectName().toStdString());
    CHECK_FALSE(label->text().contains(override));
  }
  const QString tip = model->index(model->rowOf(id), HistoryModel::Machine).data(Qt::ToolTipRole).toString();
  CHECK_FALSE(tip.contains(override));
  CHECK(tip.contains(QStringLiteral("\\u202e")));

  // The details pane follows the selection: the other run selected, the pane shows it, not the one opened before.
  const QString before = panel->compareView()->headline();
  panel->selectRun(other);
  QCoreApplication::processEvents();
  const QString after = panel->compareView()->headline();
  INFO(before.toStdString() << " / " << after.toStdString());
  CHECK(after != before);
  CHECK(after.contains(model->title(other)));
}

TEST_CASE("Import runs on a worker thread with progress, and the window stays responsive", "[gui][history][untrusted]")
{
  QTemporaryDir dir;
  const ScopedHistoryDb db(dir.path() + QStringLiteral("/h.sqlite"));
  gui::test::TinyBenchmark bench;
  MainWindow& w = *bench.window;
  // A run of 100 000 results: seconds of work for the importer, none for the window.
  QByteArray big = "{\"schema\": \"hashscope.run/3\", \"machine\": {\"cpu\": \"big\"}, \"results\": [";
  for (int i = 0; i < 100000; ++i)
    big += (i ? "," : "") + QByteArray("{\"workload\":\"read\",\"location\":\"/l") + QByteArray::number(i) +
           "\",\"mb_per_s\":100}";
  big += "]}";
  const QString bigFile = dir.path() + QStringLiteral("/big.json");
  writeFile(bigFile, big);
  const QString folder = dir.path();  // not a run: reported, the others still imported

  HistoryModel* model = w.historyModel();
  HistoryPanel* panel = w.historyPanel();
  QSignalSpy progress(model, &HistoryModel::importProgress);
  QSignalSpy finished(model, &HistoryModel::importFinished);
  panel->importRunFiles({bigFile, folder, kRuns + QStringLiteral("run_a.json")});
  // Before: the import ran inside this call, the window frozen until it was done.
  CHECK(model->importing());
  CHECK(model->rowCount() == 0);
  REQUIRE(finished.wait(120000));
  CHECK_FALSE(model->importing());
  CHECK(progress.count() == 3);
  CHECK(model->rowCount() == 2);
  const QList<QVariant> args = finished.takeFirst();
  CHECK(args.at(0).toInt() == 2);
  CHECK(args.at(2).toStringList().size() == 1);
  CHECK(panel->statusText().contains(QStringLiteral("is a folder")));
  CHECK(panel->importProgress()->isHidden());
  // The big run's locations are listed, not all 100 000 of them.
  CHECK(model->index(model->rowOf(1), HistoryModel::Locations).data().toString().size() < 400);
}

TEST_CASE("Export of a run says when the file could not be written, and leaves nothing", "[gui][history][untrusted]")
{
#ifdef _WIN32
  HASHSCOPE_SKIP("needs a Linux tmpfs mount to fill");
#else
  if (::geteuid() != 0)
    HASHSCOPE_SKIP("needs root to mount a full tmpfs");
#endif
  QTemporaryDir dir;
  const ScopedHistoryDb db(dir.path() + QStringLiteral("/h.sqlite"));
  HistoryModel model;
  REQUIRE(model.open(dir.path() + QStringLiteral("/h.sqlite")).isEmpty());
  std::int64_t id = 0;
  REQUIRE(model.importFile(kRuns + QStringLiteral("board_suite.json"), &id).isEmpty());
  const QString full = dir.path() + QStringLiteral("/full");
  REQUIRE(QDir().mkpath(full));
  if (QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                  QStringLiteral("size=64k"), QStringLiteral("hashscope-full"), full}) != 0)
    HASHSCOPE_SKIP("cannot mount a tmpfs here");
  QFile filler(full + QStringLiteral("/filler"));
  REQUIRE(filler.open(QIODevice::WriteOnly));
  const QByteArray block(4096, 'x');
  while (filler.write(block) == block.size() && filler.flush()) {
  }
  filler.close();
  // Before: "Run N exported" and a 0-byte file (a QFile written without checking).
  const QString error = model.exportRun(id, full + QStringLiteral("/run.json"));
  QStringList left = QDir(full).entryList(QDir::Files | QDir::Hidden);
  QProcess::execute(QStringLiteral("umount"), {full});
  INFO(error.toStdString());
  CHECK_FALSE(error.isEmpty());
  CHECK(left == QStringList{QStringLiteral("filler")});
}
