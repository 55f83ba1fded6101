#include "logic/progress_estimate.hpp"

#include <algorithm>

namespace hashscope::gui {

void ProgressEstimate::start(int totalSteps, std::uint64_t sampleSize)
{
  *this = ProgressEstimate();
  m_total = std::max(0, totalSteps);
  m_sampleSize = sampleSize;
}

void ProgressEstimate::stepStarted(const SuiteStep& step)
{
  m_started = std::min(m_total, m_finished + 1);
  m_spec = step.spec;
  m_within = 0;
}

void ProgressEstimate::sample(const Sample& sample)
{
  double within = 0;
  const int streams = std::max(1, m_spec.streams);
  switch (m_spec.workload) {
  case Workload::Memory:
  case Workload::HashMemory:
    if (m_spec.bytes > 0)
      within = double(sample.totalBytes) / (double(m_spec.bytes) * streams);
    else
      within = sample.t / (m_spec.seconds > 0 ? m_spec.seconds : 2.0);
    break;
  case Workload::Write:
    within = m_spec.bytes ? double(sample.totalBytes) / double(m_spec.bytes) : 0;
    break;
  default:
    within = m_sampleSize ? double(sample.totalBytes) / double(m_sampleSize) : 0;
    break;
  }
  m_within = std::clamp(within, m_within, 1.0);  // never goes backwards within a step
}

void ProgressEstimate::stepFinished()
{
  m_finished = std::min(m_total, m_finished + 1);
  m_within = 0;
}

double ProgressEstimate::fraction() const
{
  if (m_total <= 0)
    return 0;
  const bool running = m_started > m_finished;
  return std::clamp((m_finished + (running ? m_within : 0.0)) / m_total, 0.0, 1.0);
}

double ProgressEstimate::secondsLeft(double elapsed) const
{
  const double f = fraction();
  if (f < 0.02 || elapsed < 1.0)
    return -1;
  return elapsed * (1.0 - f) / f;
}

}  // namespace hashscope::gui
