#include "logic/progress_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace hashscope::gui {

namespace {

// Before anything was measured around passes: opening, evicting, starting the sampler and its threads.
constexpr double kPassOverheadPrior = 0.03;
// Reading a file into the page cache before a warm pass, against the location's cold read speed (a guess
// until the first warm step has been measured: the second and later passes find it cached already).
constexpr double kWarmUpShare = 0.5;

bool readsBytes(Workload w)
{
  return w == Workload::Read || w == Workload::HashFile || w == Workload::HashTree || w == Workload::PeerTool;
}

}  // namespace

void ProgressEstimate::start(const std::vector<SuiteStep>& plan, const SuiteSpec& spec)
{
  *this = ProgressEstimate();
  m_plan = plan;
  m_state.assign(plan.size(), State::Pending);
  m_sampleSize = spec.data.empty() ? spec.sampleSize : 0;
  m_passes = std::clamp(spec.passes, 1, 100);
  m_waitQuiet = spec.waitQuiet;
}

void ProgressEstimate::sampleWriting(const std::filesystem::path& location, double fraction, double mbps, double)
{
  m_writing[location] = std::clamp(fraction, 0.0, 1.0);
  if (mbps > 0)
    m_write[location] = mbps;
}

void ProgressEstimate::waiting(double waited, double)
{
  // One window is the price of every step on a quiet machine (in the gaps); more is a real wait.
  if (waited > 2 * QuietPolicy::kWindowSeconds)
    m_longWait = true;
}

void ProgressEstimate::stepStarted(const SuiteStep& step, double t)
{
  if (m_lastEndT >= 0 && !m_longWait)
    m_gaps.push_back(std::max(0.0, t - m_lastEndT));
  m_longWait = false;
  m_started = std::min(int(m_plan.size()), m_started + 1);
  m_running = step.index >= 0 && std::size_t(step.index) < m_plan.size() ? step.index : -1;
  if (m_running >= 0) {
    m_plan[std::size_t(m_running)] = step;  // the runner's copy knows the data's size and the sample's name
    m_state[std::size_t(m_running)] = State::Running;
  }
  if (step.expectedBytes > 0 && m_sampleSize == 0)
    m_dataBytes = step.expectedBytes;
  m_writing[step.location] = 1;  // whatever it wrote is written by now
  m_stepT = t;
  m_passT = t;
  m_pass = 0;
  m_liveValid = false;
}

void ProgressEstimate::passStarted(int pass, double t)
{
  m_pass = pass;
  m_passT = t;
  m_liveValid = false;
}

void ProgressEstimate::sample(const Sample& sample, double)
{
  m_live = sample;
  m_liveValid = true;
}

void ProgressEstimate::stepFinished(const RunResult& result, double t)
{
  m_finished = std::min(int(m_plan.size()), m_finished + 1);
  if (m_running >= 0)
    m_state[std::size_t(m_running)] = State::Done;
  m_running = -1;
  m_lastEndT = t;
  m_liveValid = false;
  if (result.ok() && result.bytes > 0 && result.seconds > 0) {
    const double mbps = result.mbPerSec();
    const int streams = std::max(1, result.streams);
    if (result.workload == Workload::Read && streams == 1 && result.cache != CacheMode::Warm) {
      m_read[result.location] = mbps;
      if (result.cacheMethod == CacheMethod::MemoryBacked)
        m_pairsReads.insert(result.location);  // its cold hash-files read beside their passes (runStep)
    }
    if (result.workload == Workload::HashMemory)
      m_hash[result.algorithm] = std::max(m_hash[result.algorithm], mbps / streams);
  }
  // What the step took beyond the work of its passes: the same around every later pass.
  double work = 0;
  for (const PassResult& p : result.passes)
    work += p.seconds;
  for (const PassResult& p : result.pairedReads)
    work += p.seconds;  // counted as work by passSeconds, not as overhead
  const int passes = std::max<int>(1, int(result.passes.size()));
  if (result.passes.empty())
    work = result.seconds;
  if (result.ok() && work > 0) {
    const double overhead = std::max(0.0, (t - m_stepT) - work) / passes;
    if (result.cache == CacheMode::Warm && readsBytes(result.workload)) {
      m_warmOverheadSum += overhead;
      ++m_warmOverheadSteps;
    } else {
      m_overheadSum += overhead;
      ++m_overheadSteps;
    }
  }
}

void ProgressEstimate::locationFailed(const std::filesystem::path& location)
{
  for (std::size_t i = 0; i < m_plan.size(); ++i) {
    if (m_plan[i].location == location && m_state[i] == State::Pending)
      m_state[i] = State::Done;
  }
}

double ProgressEstimate::readSpeed(const std::filesystem::path& location) const
{
  if (const auto it = m_read.find(location); it != m_read.end())
    return it->second;
  // The read of this location is running now: its live speed.
  if (m_liveValid && m_running >= 0) {
    const SuiteStep& running = m_plan[std::size_t(m_running)];
    if (running.location == location && running.spec.workload == Workload::Read && m_live.t > 0.05 &&
        m_live.totalBytes > 0)
      return double(m_live.totalBytes) / 1e6 / m_live.t;
  }
  if (const auto it = m_write.find(location); it != m_write.end())
    return it->second;  // the device wrote the sample at this speed: reading it is rarely slower
  if (!m_read.empty())
    return m_read.begin()->second;  // another location's: better than nothing
  if (!m_write.empty())
    return m_write.begin()->second;
  return 0;
}

double ProgressEstimate::hashSpeed(const std::string& algorithm) const
{
  const auto it = m_hash.find(algorithm);
  return it != m_hash.end() ? it->second : 0;
}

double ProgressEstimate::stepBytes(const SuiteStep& step) const
{
  if (step.expectedBytes > 0)
    return double(step.expectedBytes);
  return double(m_sampleSize > 0 ? m_sampleSize : m_dataBytes);
}

double ProgressEstimate::passSeconds(const SuiteStep& step) const
{
  const WorkloadSpec& w = step.spec;
  const int streams = std::max(1, w.streams);
  if (w.workload == Workload::HashMemory || w.workload == Workload::Memory) {
    if (w.bytes == 0)
      return w.seconds > 0 ? w.seconds : 1.0;
    const double hash = hashSpeed(w.algorithm);
    return hash > 0 ? double(w.bytes) / 1e6 / hash : -1;
  }
  const double mb = stepBytes(step) / 1e6;
  if (w.workload == Workload::Write) {
    const auto it = m_write.find(step.location);
    const double write = it != m_write.end() ? it->second : readSpeed(step.location);
    return write > 0 ? double(w.bytes ? w.bytes : stepBytes(step)) / 1e6 / write : -1;
  }
  const double read = readSpeed(step.location);
  if (read <= 0 || mb <= 0)
    return -1;  // nothing measured to go on yet, or a data plan's size not listed yet
  if (w.workload == Workload::Read)
    return mb / read;
  // A hash not measured yet is taken to keep up with the reads: the step then takes the read's time.
  const double hash = hashSpeed(w.algorithm) * streams;
  if (w.cache == CacheMode::Warm)
    return mb / (hash > 0 ? hash : read);
  // A hash-file from RAM reads the file once beside each pass, and once more after the last.
  const double paired = w.workload == Workload::HashFile && m_pairsReads.count(step.location) > 0
                            ? mb / read * (1.0 + 1.0 / stepPasses(step))
                            : 0.0;
  return mb / (hash > 0 ? std::min(read, hash) : read) + paired;
}

double ProgressEstimate::overheadPerPass(const SuiteStep& step) const
{
  const double base = m_overheadSteps > 0 ? m_overheadSum / m_overheadSteps : kPassOverheadPrior;
  if (step.spec.cache != CacheMode::Warm || !readsBytes(step.spec.workload))
    return base;
  if (m_warmOverheadSteps > 0)
    return m_warmOverheadSum / m_warmOverheadSteps;
  const double read = readSpeed(step.location);
  return base + (read > 0 ? kWarmUpShare * stepBytes(step) / 1e6 / read : 0);
}

double ProgressEstimate::betweenSteps() const
{
  if (!m_gaps.empty()) {
    std::vector<double> gaps = m_gaps;
    std::nth_element(gaps.begin(), gaps.begin() + std::ptrdiff_t(gaps.size() / 2), gaps.end());
    return gaps[gaps.size() / 2];  // the median: one slow gap does not move it
  }
  return m_waitQuiet ? QuietPolicy::kWindowSeconds + 0.02 : 0.02;
}

double ProgressEstimate::writeLeft(const std::filesystem::path& location) const
{
  if (m_sampleSize == 0)
    return 0;
  const auto done = m_writing.find(location);
  const double fraction = done != m_writing.end() ? done->second : 0;
  if (fraction >= 1)
    return 0;
  const auto it = m_write.find(location);
  const double write = it != m_write.end() ? it->second : (m_write.empty() ? 0 : m_write.begin()->second);
  return write > 0 ? (1 - fraction) * double(m_sampleSize) / 1e6 / write : -1;
}

double ProgressEstimate::currentStepLeft(double now) const
{
  const SuiteStep& step = m_plan[std::size_t(m_running)];
  const double perPass = passSeconds(step);
  if (perPass < 0)
    return -1;
  const double overhead = overheadPerPass(step);
  const int pass = std::max(1, m_pass);
  // The pass under way: from its live speed once it has one, else from the prediction and its time so far.
  double passLeft = std::max(0.0, perPass - (now - m_passT));
  if (m_liveValid && m_live.t > 0.05) {
    const WorkloadSpec& w = step.spec;
    if (w.workload == Workload::HashMemory || w.workload == Workload::Memory) {
      if (w.bytes == 0)
        passLeft = std::max(0.0, w.seconds - m_live.t);
    } else if (m_live.totalBytes > 0) {
      const double expected = stepBytes(step);
      const double speed = double(m_live.totalBytes) / m_live.t;  // bytes per second
      passLeft = std::max(0.0, (expected - double(m_live.totalBytes)) / speed);
    }
  }
  if (m_pass == 0)
    passLeft = perPass + overhead;  // announced, its first pass not yet
  return passLeft + (stepPasses(step) - pass) * (perPass + overhead);
}

int ProgressEstimate::stepPasses(const SuiteStep& step) const
{
  return step.passes > 0 ? std::clamp(step.passes, 1, 100) : m_passes;  // a read step may take more (a ceiling)
}

double ProgressEstimate::secondsLeft(double now) const
{
  if (m_plan.empty())
    return -1;
  double left = 0;
  const std::filesystem::path* previous = nullptr;  // the location of the last step counted
  if (m_running >= 0) {
    const double current = currentStepLeft(now);
    if (current < 0)
      return -1;
    left += current;
    previous = &m_plan[std::size_t(m_running)].location;
  } else if (m_lastEndT >= 0) {
    left -= std::min(betweenSteps(), now - m_lastEndT);  // part of the next gap has passed (a wait is not counted)
  }
  bool first = m_running < 0 && m_lastEndT < 0;  // nothing has run yet: no gap before the first step
  for (std::size_t i = 0; i < m_plan.size(); ++i) {
    if (m_state[i] != State::Pending)
      continue;
    const SuiteStep& step = m_plan[i];
    if (!previous || step.location != *previous) {
      const double write = writeLeft(step.location);  // a new location's sample, unless it is there already
      if (write < 0)
        return -1;
      left += write;
    }
    const double perPass = passSeconds(step);
    if (perPass < 0)
      return -1;
    left += stepPasses(step) * (perPass + overheadPerPass(step)) + (first ? 0 : betweenSteps());
    first = false;
    previous = &step.location;
  }
  return std::max(0.0, left);
}

double ProgressEstimate::fraction(double now) const
{
  if (m_plan.empty())
    return 0;
  const double left = secondsLeft(now);
  double f = 0;
  if (left >= 0 && now > 0)
    f = now / (now + left);
  else
    f = double(std::count(m_state.begin(), m_state.end(), State::Done)) / double(m_plan.size());
  m_shown = std::clamp(std::max(m_shown, f), 0.0, 1.0);
  return m_shown;
}

}  // namespace hashscope::gui
