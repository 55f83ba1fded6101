#include "logic/benchmark_controller.hpp"

#include <exception>

#include "logic/result_text.hpp"

namespace hashscope::gui {

BenchmarkController::BenchmarkController(QObject* parent) : QObject(parent)
{
  m_tick.setInterval(80);  // 12.5 Hz: smooth enough, and leaves the GUI thread mostly idle
  connect(&m_tick, &QTimer::timeout, this, &BenchmarkController::onTick);
}

BenchmarkController::~BenchmarkController() { stopAndWait(); }

void BenchmarkController::setTickInterval(int milliseconds) { m_tick.setInterval(qBound(40, milliseconds, 100)); }

double BenchmarkController::elapsedSeconds() const { return m_clock.isValid() ? m_clock.elapsed() / 1000.0 : 0; }

double BenchmarkController::suiteTime() const
{
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

std::uint64_t BenchmarkController::start(const SuiteSpec& spec)
{
  if (m_job.isRunning())
    return 0;
  m_stopRequested = false;
  m_buffer.clear();
  m_timeline.clear();
  m_results.clear();
  const std::vector<SuiteStep> plan = planSuite(spec);
  const int total = int(plan.size());
  m_progress.start(plan, spec);
  m_phase = RunPhase();
  m_phase.kind = RunPhase::Kind::Preparing;
  m_phase.total = total;
  m_phase.passes = std::max(1, spec.passes);
  m_skip = std::stop_source();
  m_start = std::chrono::steady_clock::now();
  m_clock.start();
  m_tick.start();
  const std::uint64_t id = m_job.start(
      [this, spec, control = SuiteControl{m_skip.get_token()}](std::stop_token stop, std::uint64_t runId) {
        SuiteResult result;
        try {
          result = runSuite(spec, makeObserver(runId), stop, control);
        } catch (const std::exception& e) {  // never let an exception cross the thread boundary
          result.errors.push_back({{}, e.what()});
        } catch (...) {
          result.errors.push_back({{}, "The benchmark stopped on an unexpected error."});
        }
        result.cancelled = result.cancelled || stop.stop_requested();
        return result;
      },
      [this](std::uint64_t runId, const SuiteResult& result) { onFinished(runId, result); });
  Q_EMIT runStarted(id, total);
  return id;
}

// Every callback below runs on an engine thread: it only copies values and posts them (or pushes live
// samples into the buffer). m_job drops whatever arrives after the run was cancelled or replaced.
SuiteObserver BenchmarkController::makeObserver(std::uint64_t id)
{
  SuiteObserver observer;
  observer.stepStarted = [this, id](const SuiteStep& step, int totalSteps) {
    const double t = suiteTime();
    m_job.post(id, [=, this] { onStepStarted(step, totalSteps, t); });
  };
  observer.passStarted = [this, id](const SuiteStep& step, int pass, int passes) {
    const double t = suiteTime();
    m_job.post(id, [=, this] { onPassStarted(step.index, pass, passes, t); });
  };
  observer.waiting = [this, id](const QuietWait& wait) {
    const double t = suiteTime();
    m_job.post(id, [=, this] { onWaiting(wait, t); });
  };
  observer.waitEnded = [this, id](const QuietWait& wait, QuietOutcome outcome) {
    const double t = suiteTime();
    m_job.post(id, [=, this] { onWaitEnded(wait, outcome, t); });
  };
  observer.sample = [this, id](const SuiteStep& step, const Sample& sample) {
    LiveSample live;
    live.runId = id;
    live.step = step.index;
    live.streams = step.spec.streams;
    // Wall-clock suite time: a step's sampler may start well after stepStarted (warm-up reads).
    live.t = suiteTime();
    live.sample = sample;
    m_buffer.push(std::move(live));
  };
  observer.stepFinished = [this, id](const SuiteStep& step, const RunResult& result) {
    const double endT = suiteTime();
    m_job.post(id, [=, this] { onStepFinished(step.index, endT, result); });
  };
  observer.sampleProgress = [this, id](const std::filesystem::path& location, const SampleProgress& p) {
    const double fraction = p.totalBytes ? double(p.bytesWritten) / double(p.totalBytes) : 0;
    const double mbps = p.mbPerSec();
    const double t = suiteTime();
    m_job.post(id, [=, this] {
      if (m_job.stopRequested())
        return;
      m_progress.sampleWriting(location, fraction, mbps, t);
      m_phase.kind = RunPhase::Kind::Writing;
      m_phase.location = qs(location);
      m_phase.fraction = fraction;
      m_phase.mbps = mbps;
      Q_EMIT sampleProgress(qs(location), fraction, mbps);
      Q_EMIT phaseChanged();
    });
  };
  observer.message = [this, id](const std::string& text) { m_job.post(id, [=, this] { Q_EMIT message(qs(text)); }); };
  // Location problems arrive with the location they belong to: "/var/tmp" failing never marks "/tmp".
  observer.locationError = [this, id](const std::filesystem::path& location, const std::string& text) {
    m_job.post(id, [=, this] {
      m_progress.locationFailed(location);
      Q_EMIT locationError(qs(location), qs(text));
    });
  };
  return observer;
}

void BenchmarkController::stop()
{
  if (!m_job.isRunning())
    return;
  m_stopRequested = true;
  m_phase.kind = RunPhase::Kind::Stopping;
  m_job.requestStop();
  Q_EMIT phaseChanged();
}

void BenchmarkController::skipWait()
{
  if (m_job.isRunning())
    m_skip.request_stop();
}

void BenchmarkController::stopAndWait()
{
  // finished() of this run is dropped: the run is no longer current once cancelled.
  m_job.cancel();
  m_tick.stop();
}

void BenchmarkController::onTick()
{
  if (drainLive(liveRun()) > 0)
    Q_EMIT liveUpdated();
}

std::uint64_t BenchmarkController::liveRun() const { return m_job.stopRequested() ? 0 : m_job.currentJob(); }

int BenchmarkController::drainLive(std::uint64_t run)
{
  int added = 0;
  for (const LiveSample& live : m_buffer.drain()) {
    if (run == 0 || live.runId != run)
      continue;  // a stale or stopping run's samples: drop
    m_timeline.add(live);
    m_progress.sample(live.sample, live.t);
    if (!m_phase.measuring && m_phase.kind == RunPhase::Kind::Step && live.step == m_phase.stepIndex) {
      m_phase.measuring = true;  // the pass's sampler runs: the warm-up or eviction before it is over
      Q_EMIT phaseChanged();
    }
    ++added;
  }
  return added;
}

void BenchmarkController::onStepStarted(const SuiteStep& step, int total, double t)
{
  if (m_job.stopRequested())
    return;
  drainLive(liveRun());
  m_progress.stepStarted(step, t);
  m_timeline.beginStep(step);  // its name on the live time axis
  m_phase.kind = RunPhase::Kind::Step;
  m_phase.step = m_progress.stepNumber();
  m_phase.stepIndex = step.index;
  m_phase.total = total;
  m_phase.title = qs(step.title);
  m_phase.pass = 0;
  m_phase.workload = step.spec.workload;
  m_phase.cache = step.spec.cache;
  m_phase.measuring = false;
  Q_EMIT stepStarted(m_job.currentJob(), m_progress.stepNumber(), total, m_phase.title);
  Q_EMIT phaseChanged();
}

void BenchmarkController::onPassStarted(int step, int pass, int passes, double t)
{
  if (m_job.stopRequested() || step != m_phase.stepIndex)
    return;
  drainLive(liveRun());  // the last pass's samples first
  m_progress.passStarted(pass, t);
  m_phase.pass = pass;
  m_phase.passes = passes;
  m_phase.measuring = false;
  Q_EMIT phaseChanged();
}

void BenchmarkController::onWaiting(const QuietWait& wait, double t)
{
  if (m_job.stopRequested())
    return;
  m_progress.waiting(wait.waited, t);
  m_timeline.addWait(t, wait);
  // The first window of every step is the quick check of a quiet machine: named only when it goes on.
  if (wait.waited <= 1.5 * QuietPolicy::kWindowSeconds && wait.otherCores < kQuietOtherCores)
    return;
  m_phase.kind = RunPhase::Kind::Waiting;
  m_phase.wait = wait;
  m_phase.step = m_progress.stepNumber() + 1;
  Q_EMIT phaseChanged();
  Q_EMIT liveUpdated();
}

void BenchmarkController::onWaitEnded(const QuietWait& wait, QuietOutcome outcome, double t)
{
  if (m_job.stopRequested())
    return;
  m_timeline.endWait(t);
  if (outcome != QuietOutcome::Quiet && outcome != QuietOutcome::Stopped) {
    m_phase.quietGivenUp = true;
    m_phase.quietOutcome = outcome;
  }
  m_phase.wait = wait;
  Q_EMIT phaseChanged();
}

void BenchmarkController::onStepFinished(int step, double endT, const RunResult& result)
{
  if (m_job.stopRequested())
    return;
  drainLive(liveRun());  // this step's last samples first, then close it on the time axis
  m_timeline.endStep(endT);
  m_timeline.applyFinalVerdicts(step, result);
  m_progress.stepFinished(result, endT);
  m_results.push_back(result);
  if (!result.error.empty())
    Q_EMIT locationError(qs(result.location), qs(result.error));
  Q_EMIT resultAdded(m_job.currentJob(), int(m_results.size()) - 1);
  Q_EMIT liveUpdated();
}

void BenchmarkController::onFinished(std::uint64_t id, const SuiteResult& result)
{
  // m_job delivers this only for the current run, with its thread joined. A run the user stopped says
  // cancelled even when the suite got to its end before it noticed: the user saw it as stopped.
  const bool cancelled = result.cancelled || m_stopRequested;
  drainLive(cancelled ? 0 : id);
  m_tick.stop();
  // The suite analyses each location again once all its steps ran (its ceilings are final only then):
  // the final list replaces the provisional one.
  if (!cancelled) {
    m_results = result.results;
    Q_EMIT resultsReplaced(id);
  }
  QStringList errors;
  for (const SuiteError& e : result.errors)
    errors.append(qs(e.text));
  m_phase.kind = RunPhase::Kind::Idle;
  Q_EMIT liveUpdated();
  Q_EMIT finished(id, cancelled, errors);
}

}  // namespace hashscope::gui
