// Owns one benchmark suite run at a time and turns the engine's callbacks into GUI-thread signals. The
// run is a JobTracker job: its callbacks are posted tagged with the run's id, and anything belonging to a
// stale run is dropped there; step events of a run being stopped are dropped here. Live samples go
// through a LiveBuffer drained by a GUI timer.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"
#include "logic/job_tracker.hpp"
#include "logic/live_buffer.hpp"
#include "logic/live_timeline.hpp"
#include "logic/progress_estimate.hpp"

namespace hashscope::gui {

class BenchmarkController : public QObject {
  Q_OBJECT
public:
  explicit BenchmarkController(QObject* parent = nullptr);
  ~BenchmarkController() override;  // stops the run and joins its thread

  // Starts a run; returns its id, or 0 when a run is still going (stop it first).
  std::uint64_t start(const SuiteSpec& spec);
  void stop();           // asks the run to stop; finished() follows within ~200 ms
  void stopAndWait();    // stop and join now (closing the window)
  bool isRunning() const { return m_job.isRunning(); }
  void setTickInterval(int milliseconds);  // live update period (default 80 ms = 12.5 Hz)

  const LiveTimeline& timeline() const { return m_timeline; }
  const ProgressEstimate& progress() const { return m_progress; }
  const std::vector<RunResult>& results() const { return m_results; }
  double elapsedSeconds() const;
  QString currentStepTitle() const { return m_stepTitle; }

Q_SIGNALS:
  void runStarted(quint64 runId, int totalSteps);
  void stepStarted(quint64 runId, int number, int total, const QString& title);
  void resultAdded(quint64 runId, int index);    // results()[index] is new
  void resultsReplaced(quint64 runId);           // results() was replaced by the suite's final list
  void liveUpdated();                            // timeline() and progress() moved (at most once per tick)
  void sampleProgress(const QString& location, double fraction, double mbPerSec);
  void message(const QString& text);
  void locationError(const QString& location, const QString& text);
  void finished(quint64 runId, bool cancelled, const QStringList& errors);

private:
  void onTick();
  std::uint64_t liveRun() const;  // the run whose live samples are wanted now (0 = none)
  int drainLive(std::uint64_t run);
  SuiteObserver makeObserver(std::uint64_t id);
  void onStepStarted(const SuiteStep& step, int total);
  void onStepFinished(int step, double endT, const RunResult& result);
  void onFinished(std::uint64_t id, const SuiteResult& result);
  double suiteTime() const;

  bool m_stopRequested = false;  // stop() was called for the current run (GUI thread only)
  LiveBuffer m_buffer;
  LiveTimeline m_timeline;
  ProgressEstimate m_progress;
  std::vector<RunResult> m_results;
  QString m_stepTitle;
  QTimer m_tick;
  QElapsedTimer m_clock;
  std::chrono::steady_clock::time_point m_start;
  JobTracker m_job{this};  // last: destroyed (its thread joined) before everything the run touches
};

}  // namespace hashscope::gui
