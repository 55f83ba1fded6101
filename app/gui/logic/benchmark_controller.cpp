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
  m_stepTitle.clear();
  const int total = int(planSuite(spec).size());
  m_progress.start(total, spec.sampleSize, spec.passes);
  m_start = std::chrono::steady_clock::now();
  m_clock.start();
  m_tick.start();
  const std::uint64_t id = m_job.start(
      [this, spec](std::stop_token stop, std::uint64_t runId) {
        SuiteResult result;
        try {
          result = runSuite(spec, makeObserver(runId), stop);
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
    m_job.post(id, [=, this] { onStepStarted(step, totalSteps); });
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
    m_job.post(id, [=, this] { Q_EMIT sampleProgress(qs(location), fraction, mbps); });
  };
  observer.message = [this, id](const std::string& text) { m_job.post(id, [=, this] { Q_EMIT message(qs(text)); }); };
  // Location problems arrive with the location they belong to: "/var/tmp" failing never marks "/tmp".
  observer.locationError = [this, id](const std::filesystem::path& location, const std::string& text) {
    m_job.post(id, [=, this] { Q_EMIT locationError(qs(location), qs(text)); });
  };
  return observer;
}

void BenchmarkController::stop()
{
  if (!m_job.isRunning())
    return;
  m_stopRequested = true;
  m_job.requestStop();
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
    m_progress.sample(live.sample);
    ++added;
  }
  return added;
}

void BenchmarkController::onStepStarted(const SuiteStep& step, int total)
{
  if (m_job.stopRequested())
    return;
  drainLive(liveRun());
  m_progress.stepStarted(step);
  m_timeline.beginStep(step);  // its name on the live time axis
  m_stepTitle = qs(step.title);
  Q_EMIT stepStarted(m_job.currentJob(), m_progress.stepNumber(), total, m_stepTitle);
}

void BenchmarkController::onStepFinished(int step, double endT, const RunResult& result)
{
  if (m_job.stopRequested())
    return;
  drainLive(liveRun());  // this step's last samples first, then close it on the time axis
  m_timeline.endStep(endT);
  m_timeline.applyFinalVerdicts(step, result);
  m_progress.stepFinished();
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
  m_stepTitle.clear();
  Q_EMIT liveUpdated();
  Q_EMIT finished(id, cancelled, errors);
}

}  // namespace hashscope::gui
