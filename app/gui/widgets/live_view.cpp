#include "widgets/live_view.hpp"

#include <QVBoxLayout>

#include <cmath>

#include "charts/chart_widgets.hpp"
#include "logic/benchmark_controller.hpp"

namespace hashscope::gui {

namespace {
double niceTime(double t)
{
  // Grow the shared time axis in readable steps, so it moves rarely during a run.
  for (double step : {10.0, 20.0, 30.0, 60.0, 90.0, 120.0, 180.0, 300.0, 600.0, 900.0, 1200.0, 1800.0, 3600.0}) {
    if (t <= step)
      return step;
  }
  return std::ceil(t / 3600.0) * 3600.0;
}
}  // namespace

LiveView::LiveView(BenchmarkController* controller, QWidget* parent) : QWidget(parent), m_controller(controller)
{
  m_throughput = createLineChart(this);
  m_throughput->setup({tr("Throughput"), tr("time (s)"), tr("MB/s"), QString(), 0, false, false});
  m_throughput->setToolTip(tr("Throughput of the running step: each stream and the total, in decimal MB/s"));
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
  connect(m_throughput, &LineChart::plotAreaChanged, this, &LiveView::alignPlots);
  connect(m_bottleneck, &LineChart::plotAreaChanged, this, &LiveView::alignPlots);
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

void LiveView::update()
{
  const LiveTimeline& timeline = m_controller->timeline();
  const double xMax = niceTime(std::max(1.0, timeline.lastTime()));
  if (xMax != m_xMax) {
    m_xMax = xMax;
    m_throughput->setXRange(0, xMax);
    m_bottleneck->setXRange(0, xMax);
  }
  m_throughput->setLines(timeline.throughputLines());
  m_bottleneck->setLines(timeline.bottleneckLines());
  m_bottleneck->setBands(timeline.bands());
}

}  // namespace hashscope::gui
