#include "logic/progress_estimate.hpp"

#include <algorithm>

namespace hashscope::gui {

void ProgressEstimate::start(int totalSteps, std::uint64_t sampleSize, int passes)
{
  *this = ProgressEstimate();
  m_total = std::max(0, totalSteps);
  m_sampleSize = sampleSize;
  m_passes = std::max(1, passes);
}

void ProgressEstimate::stepStarted(const SuiteStep& step)
{
  m_started = std::min(m_total, m_finished + 1);
  m_spec = step.spec;
  m_expected = step.expectedBytes ? step.expectedBytes : m_sampleSize;  // existing data: its own size
  m_within = 0;
  m_pass = 0;
  m_lastT = 0;
  m_lastBytes = 0;
}

void ProgressEstimate::sample(const Sample& sample)
{
  // A new pass starts its own sampler: its clock and byte count begin again.
  if (sample.t < m_lastT || sample.totalBytes < m_lastBytes)
    m_pass = std::min(m_passes - 1, m_pass + 1);
  m_lastT = sample.t;
  m_lastBytes = sample.totalBytes;
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
    within = m_expected ? double(sample.totalBytes) / double(m_expected) : 0;
    break;
  }
  within = (m_pass + std::clamp(within, 0.0, 1.0)) / m_passes;
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
