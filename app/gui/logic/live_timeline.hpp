// The GUI-thread history behind the live charts: one bounded point list per series, built from drained
// LiveSamples, plus the verdict bands. Bounded: past `maxPoints` a series is halved by averaging
// neighbours, so a long run keeps its whole shape in constant memory.
#pragma once

#include <QList>
#include <QPointF>

#include <map>
#include <vector>

#include "hashscope/suite.hpp"
#include "logic/chart_data.hpp"
#include "logic/live_buffer.hpp"

namespace hashscope::gui {

// A list of points that never grows past its cap. Line breaks (lineBreak()) survive the halving.
class BoundedSeries {
public:
  explicit BoundedSeries(int maxPoints = 2000) : m_max(maxPoints < 4 ? 4 : maxPoints) {}
  void append(QPointF point);
  void appendBreak();  // ends the current piece (nothing happens when there is none)
  void clear() { m_points.clear(); }
  const QList<QPointF>& points() const { return m_points; }

private:
  void halve();
  QList<QPointF> m_points;
  int m_max;
};

// Where the live time axis ends for data up to `lastT`: during a run the next round tick past it (the
// axis moves in a few steps, and the data fills most of it); after the run exactly at its end.
double timeAxisEnd(double lastT, bool running);

class LiveTimeline {
public:
  explicit LiveTimeline(int maxPoints = 2000);
  void clear();
  // A step is about to run: its name for the time axis (its samples and stretch come with add()).
  void beginStep(const SuiteStep& step);
  void add(const LiveSample& live);
  // A step ended at suite time `t`: its lines stop there, so they do not bridge the gap to the next step.
  void endStep(double t);
  // A window of a wait for a quiet machine ended at suite time `t`: the system's CPU is drawn on through the
  // wait, and a wait that goes beyond its first window is named on the time axis.
  void addWait(double t, const QuietWait& wait);
  void endWait(double t);
  // The analysed result of a step replaces the live bands of that step with its final interval verdicts.
  void applyFinalVerdicts(int step, const RunResult& result);

  QList<LineData> throughputLines() const;  // Total, Stream 1..N (MB/s)
  // CPU %, disk %, disk MB/s (axis 1); the disk lines only once disk counters were seen, unless asked.
  QList<LineData> bottleneckLines(bool alwaysDisk = false) const;
  QList<BandData> bands() const;
  // Every step that sent samples, where it ran on the time axis, named; a finished step comes with its
  // result ("612 MB/s"), so it can be read even when its line is off the current scale. Waits for a quiet
  // machine are among them (StepSpan::wait), in time order.
  QList<StepSpan> steps() const;
  double lastTime() const { return m_lastT; }
  int samplesReceived() const { return m_received; }

private:
  struct Step {
    QString label;
    double from = -1, to = -1;  // suite time of its first sample's start and of its end (-1: not yet)
    double result = -1;         // MB/s of the finished step (-1: running, failed or not a speed)
    bool peer = false;          // a peer tool: its CPU time is known only at its end, not per sample
  };
  struct Wait {
    double from = 0, to = 0;
    double peakOthers = 0, cores = 1;
    bool open = true;
  };
  void addBand(double from, double to, Verdict verdict);
  void breakStepLines();
  int m_max;
  BoundedSeries m_total;
  std::vector<BoundedSeries> m_streams;
  BoundedSeries m_workerCpu, m_systemCpu, m_diskBusy, m_diskRead;
  std::vector<BandData> m_bands;
  std::map<int, double> m_stepOffsets;  // step index -> suite time at which its own clock started
  std::map<int, Step> m_steps;          // step index -> its name and stretch
  std::vector<Wait> m_waits;            // the named waits, in time order
  int m_currentStep = -1;               // the step of the last sample
  double m_lastStepT = 0;               // that sample's own time (a smaller one starts a new pass)
  double m_lastT = 0;
  int m_received = 0;
  bool m_anyDisk = false;
};

}  // namespace hashscope::gui
