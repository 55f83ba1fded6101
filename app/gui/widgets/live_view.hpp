// Step 6: the live charts. Throughput (MB/s per stream and total) above, the bottleneck chart
// (hashing-thread CPU %, system CPU %, disk busy %, disk read MB/s, verdict bands) below, on one time axis.
#pragma once

#include <QWidget>

namespace hashscope::gui {

class BenchmarkController;
class LineChart;

class LiveView : public QWidget {
  Q_OBJECT
public:
  LiveView(BenchmarkController* controller, QWidget* parent = nullptr);
  LineChart* throughputChart() const { return m_throughput; }
  LineChart* bottleneckChart() const { return m_bottleneck; }
  void reset();

private:
  void update();
  void prepareLines();
  void alignPlots();
  BenchmarkController* m_controller;
  LineChart* m_throughput;
  LineChart* m_bottleneck;
  double m_xMax = 0;
};

}  // namespace hashscope::gui
