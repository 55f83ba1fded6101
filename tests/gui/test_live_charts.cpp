// The live view reads at a glance: the running step on its own scale (a log scale where the steps' speeds are
// far apart, so every step stays in view), lines stopping at the gaps between steps, step names above the plot,
// a time axis that fits the data, one grid for both y axes. And the exported charts say what they show: a legend
// with filled keys and whole names, a subtitle (machine, storage, sample, cache, passes, date, version), short
// legend names, a value on every bar, a preview before saving.
#include "catch.hpp"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QChartView>
#include <QComboBox>
#include <QFontMetrics>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHash>
#include <QImage>
#include <QTextDocument>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

#include "charts/chart_widgets.hpp"
#include "hashscope/types.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/chart_labels.hpp"
#include "logic/live_timeline.hpp"
#include "live_test_support.hpp"
#include "logic/result_summary.hpp"
#include "widgets/chart_export_dialog.hpp"
#include "widgets/live_view.hpp"

using namespace hashscope;
using namespace hashscope::gui;

namespace {

using test::feed;
using test::step;

RunResult finished(double mbps)
{
  RunResult r;
  r.bytes = std::uint64_t(mbps * 1e6);
  r.seconds = 1;
  return r;
}

// A memory step at 40 GB/s, then a disk step at 200 MB/s (still running).
LiveTimeline memoryThenDisk()
{
  LiveTimeline timeline;
  timeline.beginStep(step(0, Workload::HashMemory, "md5"));
  feed(timeline, 0, 0, 10, 40000);
  timeline.endStep(1.05);
  timeline.applyFinalVerdicts(0, finished(40000));
  timeline.beginStep(step(1, Workload::HashFile, "md5"));
  feed(timeline, 1, 1.5, 15, 200, 930);
  return timeline;
}

// The step names the live view's throughput chart shows for a running `timeline` at `size`.
QStringList shownStepNames(const LiveTimeline& timeline, QSize size)
{
  BenchmarkController controller;
  LiveView view(&controller);
  view.resize(size);
  view.show();
  REQUIRE(QTest::qWaitForWindowExposed(&view));
  view.showTimeline(timeline, true);
  // The chart lays out (posted layout requests) and fits the names to their steps' widths; the view then
  // aligns the two charts, which can lay them out again. Settled: nothing posted, no alignment pending.
  REQUIRE(QTest::qWaitFor(
      [&] {
        QCoreApplication::sendPostedEvents();
        return !view.isAligning();
      },
      5000));
  return view.throughputChart()->stepLabels();
}

bool isRoundStep(double tick)
{
  const double exponent = std::pow(10.0, std::floor(std::log10(tick)));
  for (double m : {1.0, 2.0, 2.5, 5.0}) {
    if (std::abs(tick - m * exponent) < 1e-9 * exponent)
      return true;
  }
  return false;
}

// The bars' colours: the two most frequent saturated colours of the image.
QList<QRgb> barColours(const QImage& image)
{
  QHash<QRgb, int> counts;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      if (c.hsvSaturation() > 100 && c.value() > 80)
        ++counts[c.rgb()];
    }
  }
  QList<QPair<int, QRgb>> sorted;
  for (auto it = counts.begin(); it != counts.end(); ++it)
    sorted.append({it.value(), it.key()});
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  QList<QRgb> out;
  for (int i = 0; i < std::min<qsizetype>(2, sorted.size()); ++i)
    out.append(sorted[i].second);
  return out;
}

}  // namespace

TEST_CASE("the live throughput scale follows the running step while the steps run at similar speeds", "[gui][live]")
{
  BenchmarkController controller;
  LiveView view(&controller);
  view.resize(1200, 700);
  // A read at 700 MB/s, then a hash at 200 MB/s (running): one linear scale for both, the read faint.
  LiveTimeline timeline;
  timeline.beginStep(step(0, Workload::Read, ""));
  feed(timeline, 0, 0, 10, 700);
  timeline.endStep(1.05);
  timeline.applyFinalVerdicts(0, finished(700));
  timeline.beginStep(step(1, Workload::HashFile, "md5"));
  feed(timeline, 1, 1.5, 15, 200, 930);
  view.showTimeline(timeline, true);
  const AxisRange y = view.throughputChart()->axisRange(0);
  CHECK_FALSE(y.logarithmic);
  CHECK(y.max >= 200);
  CHECK(y.max <= 1000);
  CHECK(isRoundStep(y.tick));
  CHECK(y.intervals() >= 3);
  CHECK(y.intervals() <= 6);

  // A faster step after a slower one gets its own (larger) scale too.
  timeline.endStep(3.1);
  timeline.beginStep(step(2, Workload::HashFile, "xxh3-64"));
  feed(timeline, 2, 3.5, 10, 780);
  view.showTimeline(timeline, true);
  CHECK_FALSE(view.throughputChart()->axisRange(0).logarithmic);
  CHECK(view.throughputChart()->axisRange(0).max >= 780);
  CHECK(view.throughputChart()->axisRange(0).max <= 1000);
}

TEST_CASE("the live throughput keeps every step on a readable scale: RAM at tens of GB/s beside a disk", "[gui][live]")
{
  BenchmarkController controller;
  LiveView view(&controller);
  view.resize(1200, 700);
  // A hash in RAM at 40 GB/s, then a disk step at 200 MB/s (running): on one linear scale either the RAM step
  // leaves the top of the plot or the disk step lies on its floor.
  const LiveTimeline timeline = memoryThenDisk();
  view.showTimeline(timeline, true);
  const AxisRange y = view.throughputChart()->axisRange(0);
  CHECK(y.logarithmic);
  CHECK(view.throughputChart()->axisTitle(0).contains(QStringLiteral("log")));
  // Every point of the total on the scale, and each step's peak at least a fifth of the way up.
  const QList<LineData> lines = timeline.throughputLines();
  REQUIRE_FALSE(lines.isEmpty());
  const auto height = [&](double v) { return (std::log10(v) - std::log10(y.min)) / (std::log10(y.max) - std::log10(y.min)); };
  for (const QPointF& p : lines.front().points) {
    if (isLineBreak(p) || p.y() <= 0)
      continue;
    CHECK(p.y() <= y.max);
  }
  CHECK(height(40000) <= 1.0);
  CHECK(height(40000) >= 0.5);
  CHECK(height(200) >= 0.2);
  CHECK(height(200) <= 0.8);
  // The exported image says the same (its own chart, same data).
  CHECK_FALSE(view.throughputChart()->renderImage(QSize(1000, 500)).isNull());
  // A new run starts again on a linear scale.
  view.reset();
  CHECK_FALSE(view.throughputChart()->axisRange(0).logarithmic);
}

TEST_CASE("live lines stop at the gaps between steps and passes", "[gui][live]")
{
  LiveTimeline timeline = memoryThenDisk();
  const QList<QPointF> total = timeline.throughputLines().front().points;
  const auto breaks = std::count_if(total.begin(), total.end(), isLineBreak);
  CHECK(breaks == 1);  // memory | disk
  // No point of the line lies in the gap (1.05 .. 1.5 s): it is not bridged, nor dropped to zero.
  for (const QPointF& p : total)
    CHECK((isLineBreak(p) || p.x() <= 1.05 + 1e-9 || p.x() >= 1.5 - 1e-9));

  BenchmarkController controller;
  LiveView view(&controller);
  view.showTimeline(timeline, true);
  CHECK(view.throughputChart()->segmentCount(QStringLiteral("Total")) == 2);
  CHECK(view.bottleneckChart()->segmentCount(QStringLiteral("Hashing threads CPU %")) == 2);
  // System CPU is drawn where it was measured: during the steps and the waits for a quiet machine, not as a
  // straight line across a gap nothing measured.
  CHECK(view.bottleneckChart()->segmentCount(QStringLiteral("System CPU %")) == 2);

  // A second pass of the same step restarts its clock: a gap of its own.
  feed(timeline, 1, 3.5, 5, 210, 900);
  view.showTimeline(timeline, true);
  CHECK(view.throughputChart()->segmentCount(QStringLiteral("Total")) == 3);

  // Halving a long history keeps the breaks.
  BoundedSeries series(8);
  for (int i = 0; i < 40; ++i) {
    series.append(QPointF(i, 1));
    if (i % 10 == 9)
      series.appendBreak();
  }
  CHECK(std::count_if(series.points().begin(), series.points().end(), isLineBreak) == 4);
}

TEST_CASE("live steps are named on the time axis, finished ones with their result", "[gui][live]")
{
  const LiveTimeline timeline = memoryThenDisk();
  const QList<StepSpan> steps = timeline.steps();
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].label == QStringLiteral("md5 in RAM"));
  CHECK(steps[0].value == QStringLiteral("40000 MB/s"));
  CHECK(steps[1].label == QStringLiteral("md5 \u00b7 /tmp"));
  CHECK(steps[1].value.isEmpty());  // running: no result yet
  CHECK(steps[0].from == Approx(0));
  CHECK(steps[1].from == Approx(1.5));

  const QStringList shown = shownStepNames(timeline, QSize(1600, 900));
  REQUIRE(shown.size() == 2);
  CHECK(shown[0] == QStringLiteral("md5 in RAM  40000 MB/s"));
  CHECK(shown[1] == steps[1].label);

  SuiteStep peer = step(3, Workload::PeerTool, "md5", QDir::homePath().toStdString());
  peer.tool = "md5sum";
  CHECK(stepLabel(peer) == QStringLiteral("md5sum \u00b7 home"));
  SuiteStep warm = step(4, Workload::HashFile, "xxh3-64");
  warm.spec.cache = CacheMode::Warm;
  warm.spec.streams = 2;
  CHECK(stepLabel(warm) == QStringLiteral("xxh3-64 warm \u00d72 \u00b7 /tmp"));
}

TEST_CASE("the live time axis fits the data, the y axes share one grid, with units", "[gui][live]")
{
  CHECK(timeAxisEnd(3.0, false) == Approx(3.0));  // a finished run: exactly to its end
  for (double t : {3.0, 12.0, 61.0, 95.0, 1234.0}) {
    const double end = timeAxisEnd(t, true);
    CHECK(end > t);
    CHECK(end <= t * 1.25);  // running: the data fills most of the width
  }
  BenchmarkController controller;
  LiveView view(&controller);
  const LiveTimeline timeline = memoryThenDisk();
  view.showTimeline(timeline, false);
  CHECK(view.throughputChart()->axisRange(2).max == Approx(timeline.lastTime()));
  CHECK(view.bottleneckChart()->axisRange(2).max == Approx(timeline.lastTime()));

  const AxisRange left = view.bottleneckChart()->axisRange(0);
  const AxisRange right = view.bottleneckChart()->axisRange(1);
  CHECK(left.max == Approx(100));
  CHECK(right.max >= 930);  // the disk read line fits
  CHECK(left.intervals() == right.intervals());  // the right axis's labels sit on the left's grid lines
  CHECK(isRoundStep(right.tick));
}

TEST_CASE("exported charts carry a subtitle: machine, storage, sample, cache, passes, date, version", "[gui][export]")
{
  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = "/tmp";
  r.bytes = 1024ull * 1024 * 1024;
  r.seconds = 2;
  r.cache = CacheMode::Cold;
  r.passes.resize(3);
  r.storage.path = "/tmp";
  r.storage.filesystem = "ext4";
  r.storage.kind = MediaKind::Ssd;
  r.storage.device.name = "vda";
  RunResult ram = r;
  ram.location = "/dev/shm";
  ram.storage.path = "/dev/shm";
  ram.storage.filesystem = "tmpfs";
  ram.storage.kind = MediaKind::Ram;
  ram.storage.device.name.clear();
  MachineFingerprint machine;
  machine.cpu = "Intel(R) Xeon(R) CPU @ 2.20GHz";
  machine.logicalCores = 8;
  const ChartContext c = chartContext({r, ram}, machine, QDate(2026, 11, 22), QStringLiteral("0.2.0"));
  const QString subtitle = chartSubtitle(c);
  CHECK(subtitle.toStdString() ==
        QStringLiteral("Intel(R) Xeon(R) CPU @ 2.20GHz, 8 cores \u00b7 /tmp: vda (SSD, ext4) \u00b7 /dev/shm: RAM, no "
                       "device (tmpfs)\nsample 1 GiB \u00b7 cache cold \u00b7 3 passes per step \u00b7 2026-11-22 "
                       "\u00b7 HashScope 0.2.0").toStdString());

  // This machine and build: the CPU and the version come from the same place as the JSON export's.
  const QString here = chartSubtitle(std::vector<RunResult>{r});
  CHECK(here.contains(QStringLiteral("HashScope ") + QString::fromUtf8(version().data(), qsizetype(version().size()))));
  CHECK(here.contains(QDate::currentDate().toString(Qt::ISODate)));
  if (!thisMachine().cpu.empty())
    CHECK(here.contains(QString::fromStdString(thisMachine().cpu).simplified()));

  // The charts keep it for their exported images.
  std::unique_ptr<BarChart> bars(createBarChart());
  bars->setSubtitle(subtitle);
  CHECK(bars->subtitle() == subtitle);
}

TEST_CASE("chart legends name locations shortly, not by their paths", "[gui][export]")
{
  const QString home = QStringLiteral("/home/ann");
  CHECK(shortLocationLabel(QStringLiteral("/home/ann"), home) == QStringLiteral("home"));
  CHECK(shortLocationLabel(QStringLiteral("/home/ann/data"), home) == QStringLiteral("~/data"));
  CHECK(shortLocationLabel(QStringLiteral("/tmp/"), home) == QStringLiteral("/tmp"));
  CHECK(shortLocationLabel(QStringLiteral("/tmp/hashscope-test-1234567890-12/disk"), home) ==
        QStringLiteral("\u2026/hashscope-test-1234567890-12/disk"));
  // Two that would read the same keep their full paths.
  const QStringList twins = shortLocationLabels(
      {QStringLiteral("/mnt/one/very/long/path/x/data"), QStringLiteral("/mnt/two/very/long/path/x/data")}, home);
  CHECK(twins == QStringList{QStringLiteral("/mnt/one/very/long/path/x/data"), QStringLiteral("/mnt/two/very/long/path/x/data")});

  RunResult r;
  r.workload = Workload::HashFile;
  r.algorithm = "md5";
  r.location = QDir::homePath().toStdString();
  r.bytes = 1000000;
  r.seconds = 1;
  const gui::Comparison c = buildComparison({r});
  REQUIRE(c.sets.size() == 1);
  CHECK(c.sets[0].name == QStringLiteral("home"));
}

TEST_CASE("bar charts show each bar's value, on screen and in the export", "[gui][export]")
{
  std::unique_ptr<BarChart> bars(createBarChart());
  bars->resize(900, 500);
  bars->setData(QStringLiteral("Hashing speed"), QStringLiteral("MB/s"), {QStringLiteral("md5"), QStringLiteral("sha256")},
                {{QStringLiteral("/tmp"), {612.4, 41234.0}}});
  CHECK(bars->valueLabelsVisible());
  const QImage image = bars->renderImage(QSize(1200, 700));
  CHECK(image.size() == QSize(1200, 700));
}

TEST_CASE("the exported chart's legend shows each location's colour and its whole name", "[gui][export]")
{
  std::unique_ptr<BarChart> bars(createBarChart());
  const QString disk = QStringLiteral("/mnt/bench/ssd-array"), ram = QStringLiteral("/dev/shm");
  bars->setData(QStringLiteral("Hashing speed by algorithm and location"), QStringLiteral("MB/s"),
                {QStringLiteral("read only"), QStringLiteral("md5"), QStringLiteral("sha256"), QStringLiteral("crc32"),
                 QStringLiteral("xxh3-64")},
                {{disk, {868, 352, 959, 1017, 920}}, {ram, {4934, 375, 1168, 7498, 7405}}});
  // The subtitle of a real export: four lines of machine, run, verdict and caveat above the chart.
  bars->setSubtitle(QStringLiteral("AMD EPYC, 2 cores \u00b7 /mnt/bench/ssd-array: vda (virtual disk, ext4) \u00b7 "
                                   "/dev/shm: RAM, no device (tmpfs)\nsample 256 MiB \u00b7 cache cold \u00b7 3 passes "
                                   "per step \u00b7 2026-11-28 \u00b7 HashScope 0.2.0\nOn this machine md5 and sha256 "
                                   "are CPU-bound; /mnt/bench/ssd-array reads 868 MB/s, so crc32 and xxh3-64 are "
                                   "disk-bound there.\n\u26a0 Other programs used the CPU during 14 of 14 results."));
  const QSize size(1600, 900);
  const QImage image = bars->renderImage(size);
  if (qEnvironmentVariableIsSet("HASHSCOPE_TEST_SAVE_IMAGES"))
    image.save(QString::fromLocal8Bit(qgetenv("HASHSCOPE_TEST_SAVE_IMAGES")) + QStringLiteral("/chart-legend.png"));
  REQUIRE(image.size() == size);
  const QList<QRgb> colours = barColours(image);
  REQUIRE(colours.size() == 2);

  // The legend is the strip under the x axis's names: the bottom 5% of the image.
  const QRect strip(0, size.height() * 95 / 100, size.width(), size.height() * 5 / 100);
  int keyPixels[2] = {0, 0};
  int left = size.width(), right = -1;
  for (int y = strip.top(); y <= strip.bottom(); ++y) {
    for (int x = 0; x < size.width(); ++x) {
      const QRgb p = image.pixel(x, y);
      for (int i = 0; i < 2; ++i)
        keyPixels[i] += p == colours[i];
      if (qGray(p) < 110) {
        left = std::min(left, x);
        right = std::max(right, x);
      }
    }
  }
  // Each key is a filled square of its bars' colour (an outline alone is a few dozen pixels).
  CHECK(keyPixels[0] > 150);
  CHECK(keyPixels[1] > 150);
  // Both names are there in full: the legend's ink is at least as wide as the two names side by side, at the
  // export's legend size (a fortieth of the height, as chart_style sizes it).
  QFont font = QApplication::font();
  font.setPixelSize(std::max(11, std::min(size.width() / 70, size.height() / 40)));
  const QFontMetrics metrics(font);
  INFO("legend ink from " << left << " to " << right);
  CHECK(right - left >= metrics.horizontalAdvance(disk) + metrics.horizontalAdvance(ram));
}

TEST_CASE("the chart export dialog previews the image it will save", "[gui][export]")
{
  std::unique_ptr<BarChart> bars(createBarChart());
  bars->setData(QStringLiteral("Hashing speed"), QStringLiteral("MB/s"), {QStringLiteral("md5")},
                {{QStringLiteral("/tmp"), {612.4}}});
  bars->setSubtitle(QStringLiteral("a subtitle"));
  std::unique_ptr<LineChart> empty(createLineChart());
  empty->setup({QStringLiteral("Throughput"), QStringLiteral("time (s)"), QStringLiteral("MB/s"), QString(), 0, false, false});
  ChartExportDialog dialog(QList<const ChartWidget*>{bars.get(), empty.get()}, 0);
  CHECK_FALSE(dialog.previewImage().isNull());
  CHECK(dialog.previewImage().width() <= 520);
  const double aspect = double(dialog.previewImage().width()) / dialog.previewImage().height();
  CHECK(aspect == Approx(1600.0 / 900.0).epsilon(0.02));  // the export's shape, scaled down

  // The chart without data says so instead of a picture.
  dialog.findChild<QComboBox*>()->setCurrentIndex(1);
  dialog.updatePreview();
  CHECK(dialog.previewImage().isNull());
}

TEST_CASE("step names never overlap nor get cut mid-word, the running step is named in full", "[gui][live]")
{
  // 10 steps, some wide, some a few pixels narrow, the last one running; 7 px a letter.
  QList<StepSpan> steps;
  QList<QPair<double, double>> spans;
  const double widths[] = {150, 20, 260, 35, 90, 15, 200, 60, 140, 30};
  const char* names[] = {"md5 in RAM", "md5 \u00b7 /tmp", "sha256 in RAM", "sha256 \u00b7 /tmp", "crc32 in RAM",
                         "crc32 \u00b7 /tmp", "xxh3-64 in RAM", "xxh3-64 warm \u00d72 \u00b7 /tmp", "read \u00b7 /tmp",
                         "md5 \u00b7 /dev/shm"};
  double x = 0;
  for (int i = 0; i < 10; ++i) {
    steps.append({0, 0, QString::fromUtf8(names[i]), i < 9 ? QStringLiteral("%1 MB/s").arg(100 * (i + 1)) : QString()});
    spans.append({x, x + widths[i]});
    x += widths[i];
  }
  const auto width = [](const QString& text) { return 7.0 * double(text.size()); };
  const QList<StepNamePlace> places = placeStepNames(steps, spans, x, width, true);
  REQUIRE(places.size() == 10);
  int named = 0;
  for (int i = 0; i < 10; ++i) {
    const StepNamePlace& p = places[i];
    INFO(i << ": " << p.text.toStdString());
    CHECK(p.toolTip.startsWith(steps[i].label));  // the whole name is always a hover away
    CHECK_FALSE(p.text.contains(QChar(0x2026)));
    if (p.text.isEmpty())
      continue;
    ++named;
    CHECK((steps[i].label.startsWith(p.text) || p.text.startsWith(steps[i].label)));  // whole words
    CHECK(p.center - p.width / 2 >= 0);
    CHECK(p.center + p.width / 2 <= x);
    for (int j = 0; j < i; ++j) {
      if (!places[j].text.isEmpty())
        CHECK(std::abs(p.center - places[j].center) >= (p.width + places[j].width) / 2 + 12);
    }
  }
  CHECK(places[9].text == steps[9].label);  // running, 30 px wide: still in full
  CHECK(places[2].text == steps[2].label + QStringLiteral("  ") + steps[2].value);  // room for the result
  CHECK(named >= 6);

  // The same on screen: a 10-step run in the live view at 1280 px, the running step narrow at the end.
  LiveTimeline timeline;
  double t = 0;
  for (int i = 0; i < 10; ++i) {
    SuiteStep s = step(i, i % 2 ? Workload::HashFile : Workload::HashMemory, i < 5 ? "md5" : "sha256");
    timeline.beginStep(s);
    const int samples = int(widths[i] / 10);
    feed(timeline, i, t, samples, 500);
    t += 0.1 * samples;
    if (i < 9) {
      timeline.endStep(t);
      timeline.applyFinalVerdicts(i, finished(500));
    }
  }
  const QStringList shown = shownStepNames(timeline, QSize(1280, 760));
  REQUIRE_FALSE(shown.isEmpty());
  CHECK(shown.back() == timeline.steps().back().label);  // the running step, in full
  for (const QString& text : shown) {
    INFO(text.toStdString());
    CHECK_FALSE(text.contains(QChar(0x2026)));
    CHECK_FALSE(text.contains(QStringLiteral("...")));
  }
}

namespace {

// The vertical axes' titles as Qt Charts draws them: the text items it turns upright (rotated), with the width
// each would take with the full title in their own font and margins, against the plot's height.
struct DrawnTitle {
  QString text;
  double fullWidth = 0;  // what the full title would take, drawn so
};
// Each vertical axis's full title and its unit.
using AxisTitles = QList<std::pair<QString, QString>>;
QList<DrawnTitle> drawnAxisTitles(const LineChart* chart, const AxisTitles& titles)
{
  QList<DrawnTitle> out;
  const QChartView* view = chart->findChild<QChartView*>();
  if (!view)
    return out;
  for (QGraphicsItem* item : view->scene()->items()) {
    auto* text = dynamic_cast<QGraphicsTextItem*>(item);
    if (!text || !text->isVisible() || text->rotation() == 0 || text->toPlainText().isEmpty())
      continue;
    DrawnTitle title{text->toPlainText(), 0};
    for (const auto& [full, unit] : titles) {  // the title this item's text was cut from, or its unit
      if (full.startsWith(title.text.chopped(title.text.endsWith(QStringLiteral("...")) ? 3 : 0)) ||
          unit == title.text) {
        QGraphicsTextItem probe;
        probe.document()->setDocumentMargin(text->document()->documentMargin());
        probe.setFont(text->font());
        probe.setHtml(full);
        title.fullWidth = probe.boundingRect().width();
      }
    }
    out.append(title);
  }
  return out;
}

}  // namespace

TEST_CASE("a vertical axis too short for its title shows its unit and is never cut", "[gui][live]")
{
  // The Live tab at 1366x768 at 150% left the bottleneck chart's plot about 160 px high: Qt Charts cut the
  // right axis's "disk read (MB/s)" to "disk read (M...". Here the chart is drawn at every height from
  // cramped to roomy: each title as drawn is whole, the full title wherever it fits the plot's height, and
  // the unit alone only where it does not.
  BenchmarkController controller;
  LiveView view(&controller);
  view.showTimeline(memoryThenDisk(), false);
  view.resize(900, 420);
  view.show();
  REQUIRE(QTest::qWaitForWindowExposed(&view));
  const AxisTitles full = {{QStringLiteral("busy (%)"), QStringLiteral("%")},
                           {QStringLiteral("disk read (MB/s)"), QStringLiteral("MB/s")}};
  const LineChart* chart = view.bottleneckChart();
  const QChartView* chartView = chart->findChild<QChartView*>();
  REQUIRE(chartView);
  int unitShown = 0, fullShown = 0;
  for (int height = 380; height <= 820; ++height) {
    view.resize(900, height);
    // Laid out once the chart's plot has the height the window gives it and the titles are fitted to it.
    double plot = 0;
    const auto laidOut = [&] {
      plot = chartView->chart()->plotArea().height();
      const QList<DrawnTitle> titles = drawnAxisTitles(chart, full);
      return titles.size() == 2 && std::all_of(titles.begin(), titles.end(), [&](const DrawnTitle& t) {
               return t.text == chart->axisTitle(0) || t.text == chart->axisTitle(1);
             });
    };
    INFO("window height " << height << ", plot " << plot << " px high");
    REQUIRE(QTest::qWaitFor(laidOut, 5000));
    QTest::qWait(0);
    REQUIRE(laidOut());
    for (const DrawnTitle& t : drawnAxisTitles(chart, full)) {
      INFO("drawn \"" << t.text.toStdString() << "\", the full title would take " << t.fullWidth << " px of " << plot);
      CHECK_FALSE(t.text.endsWith(QStringLiteral("...")));  // never cut
      REQUIRE(t.fullWidth > 0);
      const bool isFull = t.text == full[0].first || t.text == full[1].first;
      CHECK(isFull == (t.fullWidth <= plot));  // the whole title where it fits, the unit where it does not
      (isFull ? fullShown : unitShown) += 1;
    }
  }
  // The heights went from too short for "disk read (MB/s)" to room for it.
  CHECK(unitShown > 0);
  CHECK(fullShown > 0);
}
