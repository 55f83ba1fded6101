#include "widgets/live_view.hpp"

#include <QVBoxLayout>

#include "charts/chart_widgets.hpp"
#include "logic/benchmark_controller.hpp"
#include "logic/chart_labels.hpp"

namespace hashscope::gui {

LiveView::LiveView(BenchmarkController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
  m_throughput = createLineChart(this);
  LineChartSetup throughput{tr("Throughput"), tr("time (s)"), tr("MB/s"), QString(), 0, false, false};
  throughput.yFollowsCurrent = true;
  m_throughput->setup(throughput);
  // One time axis for both charts: its labels under the lower one only, the upper one's plot gets the height.
  m_throughput->setXLabelsShown(false);
  m_throughput->setToolTip(tr("Throughput of the running step: each stream and the total, in decimal MB/s.\n"
                              "The scale follows the running step; earlier steps are drawn faint behind it,\n"
                              "and each finished step's result is written next to its name above the chart.\n"
                              "Where the steps' speeds differ more than fourfold (hashing in RAM beside a disk),\n"
                              "the scale is logarithmic, so every step stays in view."));
  m_bottleneck = createLineChart(this);
  m_bottleneck->setup({tr("Bottleneck"), tr("time (s)"), tr("busy (%)"), tr("disk read (MB/s)"), 100, false, true});
  m_bottleneck->setToolTip(tr("What the machine was doing: CPU of the hashing threads and of the whole system,\n"
                              "how busy the disk was and how fast it read. Bands: what limited each interval."));
  // Create the lines now, empty, so the legend is complete from the start and no series is created
  // in the middle of a run.
  prepareLines();
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(m_throughput, 1);
  layout->addWidget(m_bottleneck, 1);
  connect(controller, &BenchmarkController::liveUpdated, this, &LiveView::update);
  // Exported live charts say what ran where, like the results charts (made when an image is made).
  const auto subtitle = [this] { return chartSubtitle(m_controller->results()); };
  m_throughput->setSubtitleSource(subtitle);
  m_bottleneck->setSubtitleSource(subtitle);
  // Aligning changes a chart's margins, which moves its plot area again: done at most once per 30 ms,
  // after the charts settled, or the two charts can answer each other for a second of GUI time
  // (an axis whose labels change width at each pass).
  m_alignTimer.setSingleShot(true);
  m_alignTimer.setInterval(30);
  connect(&m_alignTimer, &QTimer::timeout, this, &LiveView::alignPlots);
  connect(m_throughput, &LineChart::plotAreaChanged, &m_alignTimer, qOverload<>(&QTimer::start));
  connect(m_bottleneck, &LineChart::plotAreaChanged, &m_alignTimer, qOverload<>(&QTimer::start));
}

void LiveView::alignPlots()
{
  // Both charts share one time axis: pad each so their plot areas line up exactly, whatever the
  // width of their axis labels (the bottleneck chart has a second axis on the right).
  const QMargins a = m_throughput->axisInsets();
  const QMargins b = m_bottleneck->axisInsets();
  const int left = std::max(a.left(), b.left());
  const int right = std::max(a.right(), b.right());
  m_throughput->setAlignmentPadding(left - a.left(), right - a.right());
  m_bottleneck->setAlignmentPadding(left - b.left(), right - b.right());
}

void LiveView::prepareLines()
{
  const LiveTimeline empty;
  m_throughput->setLines(empty.throughputLines());
  m_bottleneck->setLines(empty.bottleneckLines(true));
}

void LiveView::reset()
{
  m_xMax = 0;
  m_throughput->clear();
  m_bottleneck->clear();
}

void LiveView::update() { showTimeline(m_controller->timeline(), m_controller->isRunning()); }

void LiveView::showTimeline(const LiveTimeline& timeline, bool running)
{
  const double xMax = timeAxisEnd(timeline.lastTime(), running);
  if (xMax != m_xMax) {
    m_xMax = xMax;
    m_throughput->setXRange(0, xMax);
    m_bottleneck->setXRange(0, xMax);
  }
  m_throughput->setLines(timeline.throughputLines());
  m_throughput->setSteps(timeline.steps());
  m_bottleneck->setLines(timeline.bottleneckLines());
  m_bottleneck->setBands(timeline.bands());
}

}  // namespace hashscope::gui
