// Every model under QAbstractItemModelTester, plus the pure logic behind the charts and settings.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>

#include "catch.hpp"
#include "command_line.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/storage.hpp"
#include "logic/algorithm_model.hpp"
#include "logic/app_settings.hpp"
#include "logic/live_timeline.hpp"
#include "logic/location_model.hpp"
#include "logic/result_summary.hpp"
#include "logic/results_model.hpp"
#include "logic/run_options.hpp"
#include "logic/sample_list_model.hpp"

#include <sstream>

using namespace hashscope;
using namespace hashscope::gui;

namespace {

RunResult makeResult(Workload workload, const std::string& algorithm, const std::string& location, int streams,
                     double mbps, bool fromCache = false)
{
  RunResult r;
  r.workload = workload;
  r.algorithm = algorithm;
  r.location = location;
  r.streams = streams;
  r.cache = CacheMode::Cold;
  r.cacheMethod = CacheMethod::Direct;
  r.bytes = std::uint64_t(mbps * 1e6);
  r.seconds = 1.0;
  Analysis a;
  a.verdict = Verdict::CpuBound;
  a.servedFromCache = fromCache;
  a.limit.hash = CeilingAt{Ceiling{}, mbps * 1.1};
  a.efficiency = 0.9;
  a.workerBusyPct = 97;
  a.diskBusyPct = 20;
  a.reason = VerdictReason::WorkerSaturated;
  r.analysis = a;
  return r;
}

std::vector<RunResult> sampleResults()
{
  return {makeResult(Workload::Read, "", "/tmp", 1, 900), makeResult(Workload::HashMemory, "md5", "/tmp", 1, 700),
          makeResult(Workload::HashFile, "md5", "/tmp", 1, 650), makeResult(Workload::HashFile, "md5", "/tmp", 2, 1200),
          makeResult(Workload::HashFile, "sha256", "/home", 1, 1500, true)};
}

}  // namespace

TEST_CASE("Models pass QAbstractItemModelTester", "[gui][models]")
{
  QTemporaryDir dir;
  SECTION("locations")
  {
    LocationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setLocations(candidateLocations());
    const int row = model.addFolder(describeStorage(dir.path().toStdString()));
    model.setSampleSpec(8 * MiB, SampleContent::Random);
    model.setChecked(row, true);
    CHECK(model.checkedPaths().contains(dir.path()));
    model.setError(dir.path(), QStringLiteral("something went wrong"));
    CHECK(model.index(row, LocationModel::StatusColumn).data().toString() == QStringLiteral("something went wrong"));
    model.clearErrors();
    model.setSampleSpec(1024 * 1024 * GiB, SampleContent::Random);  // no disk has room for this
    CHECK(model.index(row, LocationModel::StatusColumn).data().toString().startsWith(QStringLiteral("full")));
    CHECK_FALSE(model.checkedPaths().contains(dir.path()));
    model.setLocations(candidateLocations());  // a refresh keeps added folders
    CHECK(model.addedFolders() == QStringList{dir.path()});
  }
  SECTION("algorithms")
  {
    AlgorithmModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setCheckedIds({QStringLiteral("md5"), QStringLiteral("crc32"), QStringLiteral("nonsense")});
    CHECK(model.checkedIds() == QStringList{QStringLiteral("md5"), QStringLiteral("crc32")});
    int headers = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
      const QModelIndex i = model.index(row);
      if (i.data(AlgorithmModel::IsHeaderRole).toBool()) {
        ++headers;
        CHECK_FALSE(model.setData(i, Qt::Checked, Qt::CheckStateRole));
      } else {
        CHECK_FALSE(i.data(Qt::ToolTipRole).toString().isEmpty());  // the implementation in use
      }
    }
    CHECK(headers == 3);
  }
  SECTION("results, through the sorting proxy")
  {
    ResultsModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultsModel::SortRole);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    for (const RunResult& r : sampleResults())
      model.append(r);
    proxy.sort(ResultsModel::SpeedColumn, Qt::DescendingOrder);
    CHECK(proxy.index(0, ResultsModel::AlgorithmColumn).data().toString() == QStringLiteral("sha256"));
    // The cached row says loudly that it describes RAM.
    const QString verdict = model.index(4, ResultsModel::VerdictColumn).data().toString();
    CHECK(verdict.contains(QStringLiteral("from the page cache")));  // its mark, in the tile's words
    CHECK(model.index(4, 0).data(Qt::BackgroundRole).isValid());
    CHECK_FALSE(model.index(2, 0).data(Qt::BackgroundRole).isValid());
    model.setResults({});
    CHECK(model.rowCount() == 0);
  }
  SECTION("samples")
  {
    SampleListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QFile sample(dir.filePath(QString::fromStdString(sampleFileName(4096, SampleContent::Zeros))));
    REQUIRE(sample.open(QIODevice::WriteOnly));
    sample.write(QByteArray(4096, '\0'));
    sample.close();
    QFile other(dir.filePath(QStringLiteral("not-a-sample.bin")));
    REQUIRE(other.open(QIODevice::WriteOnly));
    other.close();
    REQUIRE(createSample(dir.path().toStdString(), 8192, SampleContent::Text, {}).ok());
    model.refresh({dir.path()});
    REQUIRE(model.rowCount() == 2);
    // Sorted by name: text-8KiB (HashScope's), then zeros-4KiB, named like a sample but written by hand:
    // listed, and said not to be one (never deleted).
    CHECK(model.sample(0).isSample());
    CHECK(model.index(0, SampleListModel::StatusColumn).data().toString() == QStringLiteral("sample"));
    CHECK(model.sample(1).size == 4096);
    CHECK_FALSE(model.sample(1).isSample());
    CHECK(model.index(1, SampleListModel::StatusColumn).data().toString().startsWith(
        QStringLiteral("not a HashScope sample")));
  }
}

TEST_CASE("Comparison and ramp data come from the right runs", "[gui][logic]")
{
  const Comparison c = buildComparison(sampleResults());
  CHECK(c.categories == QStringList{QStringLiteral("read only"), QStringLiteral("md5"), QStringLiteral("sha256")});
  REQUIRE(c.sets.size() == 2);
  CHECK(c.sets[0].name == QStringLiteral("/tmp"));
  CHECK(c.sets[0].values == QList<double>{900, 650, 0});  // the 2-stream run is the ramp, not the main run
  const QList<LineData> ramp = buildRamp(sampleResults());
  REQUIRE(ramp.size() == 1);
  CHECK(ramp[0].points == QList<QPointF>{QPointF(1, 650), QPointF(2, 1200)});
}

TEST_CASE("Live timeline stays bounded and keeps the newest point", "[gui][logic]")
{
  LiveTimeline timeline(100);
  for (int i = 1; i <= 5000; ++i) {
    LiveSample live;
    live.runId = 1;
    live.step = i / 1000;
    live.t = i * 0.1;
    live.sample.t = (i % 1000) * 0.1;
    live.sample.interval = 0.1;
    live.sample.totalMBps = i;
    live.sample.streamMBps = {i / 2.0, i / 2.0};
    live.sample.workerCpuPct = {50, 70};
    live.sample.verdict = i < 2500 ? Verdict::CpuBound : Verdict::IoBound;
    timeline.add(live);
  }
  const QList<LineData> lines = timeline.throughputLines();
  REQUIRE(lines.size() == 3);  // total and two streams
  for (const LineData& line : lines)
    CHECK(line.points.size() <= 100);
  CHECK(lines[0].points.back() == QPointF(500.0, 5000.0));
  CHECK(timeline.bottleneckLines()[0].points.back().y() == Approx(60.0));
  const QList<BandData> bands = timeline.bands();
  REQUIRE(bands.size() == 2);  // touching intervals of one verdict merge into one band
  CHECK(bands[0].verdict == Verdict::CpuBound);
  CHECK(bands[1].verdict == Verdict::IoBound);
  CHECK(timeline.samplesReceived() == 5000);
}

TEST_CASE("Settings round-trip, and a corrupt file gives the defaults", "[gui][settings]")
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("settings.ini"));
  {
    AppSettings settings(path);
    CHECK_FALSE(settings.hasOptions());
    CHECK_FALSE(settings.algorithms().has_value());
    CHECK_FALSE(settings.legendShown().has_value());  // never chosen: the legend follows the room it has
    settings.setLegendShown(false);
    RunOptions o;
    o.cache = CacheMode::Warm;
    o.streams = 3;
    o.ramp = true;
    o.blockSize = 4 * MiB;
    o.sampleSize = 256 * MiB;
    o.content = SampleContent::Text;
    settings.setOptions(o);
    settings.setAlgorithms({QStringLiteral("sha1")});
    settings.sync();
  }
  {
    AppSettings settings(path);
    const RunOptions o = settings.options();
    CHECK(o.cache == CacheMode::Warm);
    CHECK(o.streams == 3);
    CHECK(o.ramp);
    CHECK(o.blockSize == 4 * MiB);
    CHECK(o.sampleSize == 256 * MiB);
    CHECK(o.content == SampleContent::Text);
    CHECK(settings.algorithms() == QStringList{QStringLiteral("sha1")});
    CHECK(settings.legendShown() == std::optional<bool>(false));
    settings.setLegendShown(std::nullopt);
    CHECK_FALSE(settings.legendShown().has_value());
  }
  // Hand-edited nonsense: every value falls back to its default instead of being trusted.
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write("[options]\ncache=lukewarm\nstreams=-4\nblockSize=banana\nhashMemorySeconds=nan\n"
             "[window]\ngeometry=@ByteArray(garbage)\n[view]\nlegend=perhaps\n");
  file.close();
  AppSettings settings(path);
  const RunOptions o = settings.options();
  const RunOptions defaults;
  CHECK(o.cache == defaults.cache);
  CHECK(o.streams == defaults.streams);
  CHECK(o.blockSize == defaults.blockSize);
  CHECK(o.hashSeconds == defaults.hashSeconds);
  CHECK_FALSE(settings.legendShown().has_value());
}

TEST_CASE("Default sample size shrinks when space is short", "[gui][logic]")
{
  CHECK(defaultSampleSize(100 * GiB) == 256 * MiB);  // the default (issue 20: a first answer within a minute)
  CHECK(defaultSampleSize(1 * GiB) == 256 * MiB);
  CHECK(defaultSampleSize(10 * MiB) == 16 * MiB);  // the floor; the location then says it is full
}

TEST_CASE("--help and --version answer without a window", "[gui][cli]")
{
  std::ostringstream out, err;
  char program[] = "hashscope";
  char version[] = "--version";
  char* argv1[] = {program, version};
  CHECK(handleEarlyArguments(2, argv1, out, err) == 0);
  CHECK(out.str() == "hashscope " + std::string(hashscope::version()) + "\n");
  char help[] = "--help";
  char* argv2[] = {program, help};
  out.str({});
  CHECK(handleEarlyArguments(2, argv2, out, err) == 0);
  CHECK(out.str().find("Usage: hashscope") == 0);
  char bogus[] = "--bogus";
  char* argv3[] = {program, bogus};
  CHECK(handleEarlyArguments(2, argv3, out, err) == 2);
  char* argv4[] = {program};
  CHECK(handleEarlyArguments(1, argv4, out, err) == -1);
}
