#include "logic/benchmark_controller.hpp"

#include <QPointer>

#include <exception>

#include "logic/result_text.hpp"

namespace hashscope::gui {

std::atomic<std::uint64_t> BenchmarkController::s_nextRunId{1};

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
  if (m_activeRun != 0)
    return 0;
  if (m_thread.joinable())
    m_thread.join();  // the previous run already posted finished(): this returns at once

  const std::uint64_t id = s_nextRunId.fetch_add(1);
  m_activeRun = id;
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
  Q_EMIT runStarted(id, total);

  QPointer<BenchmarkController> self(this);
  // Every callback below runs on an engine thread: it only copies values and posts them.
  auto post = [this](auto&& fn) { QMetaObject::invokeMethod(this, std::forward<decltype(fn)>(fn), Qt::QueuedConnection); };
  SuiteObserver observer;
  observer.stepStarted = [=, this](const SuiteStep& step, int totalSteps) {
    post([=, this] {
      if (self)
        onStepStarted(id, step, totalSteps);
    });
  };
  observer.sample = [=, this](const SuiteStep& step, const Sample& sample) {
    LiveSample live;
    live.runId = id;
    live.step = step.index;
    live.streams = step.spec.streams;
    // Wall-clock suite time: a step's sampler may start well after stepStarted (warm-up reads).
    live.t = suiteTime();
    live.sample = sample;
    m_buffer.push(std::move(live));
  };
  observer.stepFinished = [=, this](const SuiteStep& step, const RunResult& result) {
    const double endT = suiteTime();
    post([=, this] {
      if (self)
        onStepFinished(id, step.index, endT, result);
    });
  };
  observer.sampleProgress = [=, this](const std::filesystem::path& location, const SampleProgress& p) {
    const double fraction = p.totalBytes ? double(p.bytesWritten) / double(p.totalBytes) : 0;
    const double mbps = p.mbPerSec();
    post([=, this] {
      if (self && id == m_activeRun)
        Q_EMIT sampleProgress(qs(location), fraction, mbps);
    });
  };
  observer.message = [=, this](const std::string& text) {
    post([=, this] {
      if (self && id == m_activeRun)
        Q_EMIT message(qs(text));
    });
  };
  // Location problems arrive with the location they belong to: "/var/tmp" failing never marks "/tmp".
  observer.locationError = [=, this](const std::filesystem::path& location, const std::string& text) {
    post([=, this] {
      if (self && id == m_activeRun)
        Q_EMIT locationError(qs(location), qs(text));
    });
  };

  m_thread = std::jthread([=, this](std::stop_token stop) {
    SuiteResult result;
    try {
      result = runSuite(spec, observer, stop);
    } catch (const std::exception& e) {  // never let an exception cross the thread boundary
      result.errors.push_back({{}, e.what()});
    } catch (...) {
      result.errors.push_back({{}, "The benchmark stopped on an unexpected error."});
    }
    post([=, this] {
      if (self)
        onFinished(id, result);
    });
  });
  return id;
}

void BenchmarkController::stop()
{
  if (m_activeRun == 0 || m_stopRequested)
    return;
  m_stopRequested = true;
  m_thread.request_stop();
}

void BenchmarkController::stopAndWait()
{
  m_thread.request_stop();
  if (m_thread.joinable())
    m_thread.join();
  m_tick.stop();
  // Finished() of this run is still queued; it is dropped because the run is no longer active.
  m_activeRun = 0;
}

void BenchmarkController::onTick()
{
  if (drainLive() > 0)
    Q_EMIT liveUpdated();
}

int BenchmarkController::drainLive()
{
  int added = 0;
  for (const LiveSample& live : m_buffer.drain()) {
    if (live.runId != m_activeRun || m_stopRequested)
      continue;  // a stale run's samples: drop
    m_timeline.add(live);
    m_progress.sample(live.sample);
    ++added;
  }
  return added;
}

void BenchmarkController::onStepStarted(std::uint64_t id, const SuiteStep& step, int total)
{
  if (id != m_activeRun || m_stopRequested)
    return;
  drainLive();
  m_progress.stepStarted(step);
  m_timeline.beginStep(step);  // its name on the live time axis
  m_stepTitle = qs(step.title);
  Q_EMIT stepStarted(id, m_progress.stepNumber(), total, m_stepTitle);
}

void BenchmarkController::onStepFinished(std::uint64_t id, int step, double endT, const RunResult& result)
{
  if (id != m_activeRun || m_stopRequested)
    return;
  drainLive();  // this step's last samples first, then close it on the time axis
  m_timeline.endStep(endT);
  m_timeline.applyFinalVerdicts(step, result);
  m_progress.stepFinished();
  m_results.push_back(result);
  if (!result.error.empty())
    Q_EMIT locationError(qs(result.location), qs(result.error));
  Q_EMIT resultAdded(id, int(m_results.size()) - 1);
  Q_EMIT liveUpdated();
}

void BenchmarkController::onFinished(std::uint64_t id, const SuiteResult& result)
{
  if (id != m_activeRun)
    return;  // stale: a newer run owns the window (and the thread)
  if (m_thread.joinable())
    m_thread.join();  // the thread posted this as its last act: returns at once
  drainLive();
  m_tick.stop();
  const bool cancelled = result.cancelled || m_stopRequested;
  // The suite analyses each location again once all its steps ran (its ceilings are final only then):
  // the final list replaces the provisional one.
  if (!cancelled) {
    m_results = result.results;
    Q_EMIT resultsReplaced(id);
  }
  QStringList errors;
  for (const SuiteError& e : result.errors)
    errors.append(qs(e.text));
  m_activeRun = 0;
  m_stopRequested = false;
  m_stepTitle.clear();
  Q_EMIT liveUpdated();
  Q_EMIT finished(id, cancelled, errors);
}

}  // namespace hashscope::gui
