// Step 6: the live charts. Throughput (MB/s per stream and total, on the running step's scale, steps
// named above it) and the bottleneck chart (hashing-thread CPU %, system CPU %, disk busy %, disk read
// MB/s, verdict bands) below, on one time axis. Lines stop at the gaps between steps.
#pragma once

#include <QTimer>
#include <QWidget>

namespace hashscope::gui {

class BenchmarkController;
class LineChart;
class LiveTimeline;

class LiveView : public QWidget {
  Q_OBJECT
public:
  LiveView(BenchmarkController* controller, QWidget* parent = nullptr);
  LineChart* throughputChart() const { return m_throughput; }
  LineChart* bottleneckChart() const { return m_bottleneck; }
  void reset();
  // Shows `timeline` (what update() does with the controller's; tests pass their own).
  void showTimeline(const LiveTimeline& timeline, bool running);
  // True while the two charts wait to be aligned after their plot areas moved (aligning can move them again).
  bool isAligning() const { return m_alignTimer.isActive(); }

private:
  void update();
  void prepareLines();
  void alignPlots();
  BenchmarkController* m_controller;
  LineChart* m_throughput;
  LineChart* m_bottleneck;
  double m_xMax = 0;
  QTimer m_alignTimer;
};

}  // namespace hashscope::gui
