// The GUI-thread history behind the live charts: one bounded point list per series, built from drained
// LiveSamples, plus the verdict bands. Bounded: past `maxPoints` a series is halved by averaging
// neighbours, so a long run keeps its whole shape in constant memory.
#pragma once

#include <QList>
#include <QPointF>

#include <map>
#include <vector>

#include "logic/chart_data.hpp"
#include "logic/live_buffer.hpp"

namespace hashscope::gui {

// A list of points that never grows past its cap.
class BoundedSeries {
public:
  explicit BoundedSeries(int maxPoints = 2000) : m_max(maxPoints < 4 ? 4 : maxPoints) {}
  void append(QPointF point);
  void clear() { m_points.clear(); }
  const QList<QPointF>& points() const { return m_points; }

private:
  void halve();
  QList<QPointF> m_points;
  int m_max;
};

class LiveTimeline {
public:
  explicit LiveTimeline(int maxPoints = 2000);
  void clear();
  void add(const LiveSample& live);
  // A step ended at suite time `t`: its streams drop to zero, so lines don't bridge the gap.
  void endStep(double t);
  // The analysed result of a step replaces the live bands of that step with its final interval verdicts.
  void applyFinalVerdicts(int step, const RunResult& result);

  QList<LineData> throughputLines() const;  // Total, Stream 1..N (MB/s)
  // CPU %, disk %, disk MB/s (axis 1); the disk lines only once disk counters were seen, unless asked.
  QList<LineData> bottleneckLines(bool alwaysDisk = false) const;
  QList<BandData> bands() const;
  double lastTime() const { return m_lastT; }
  int samplesReceived() const { return m_received; }

private:
  void addBand(double from, double to, Verdict verdict);
  int m_max;
  BoundedSeries m_total;
  std::vector<BoundedSeries> m_streams;
  BoundedSeries m_workerCpu, m_systemCpu, m_diskBusy, m_diskRead;
  std::vector<BandData> m_bands;
  std::map<int, double> m_stepOffsets;  // step index -> suite time at which its own clock started
  std::vector<int> m_activeStreams;     // per stream: had points since the last endStep
  double m_lastT = 0;
  int m_received = 0;
  bool m_anyDisk = false;
};

}  // namespace hashscope::gui
