// How far a suite has got and roughly how long it has left, from the planned steps and live samples.
#pragma once

#include <cstdint>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"

namespace hashscope::gui {

class ProgressEstimate {
public:
  void start(int totalSteps, std::uint64_t sampleSize, int passes = 1);
  void stepStarted(const SuiteStep& step);
  void sample(const Sample& sample);
  void stepFinished();
  int stepNumber() const { return m_started; }   // 1-based number of the running step
  int totalSteps() const { return m_total; }
  double fraction() const;                       // 0..1
  // Seconds left given the time elapsed so far; negative while too little is known.
  double secondsLeft(double elapsed) const;

private:
  int m_total = 0;
  int m_started = 0;
  int m_finished = 0;
  double m_within = 0;  // 0..1 inside the running step
  std::uint64_t m_sampleSize = 0;
  int m_passes = 1;          // passes per step: each restarts the step's bytes and time
  int m_pass = 0;            // passes of the running step already finished
  double m_lastT = 0;
  std::uint64_t m_lastBytes = 0;
  WorkloadSpec m_spec;
  std::uint64_t m_expected = 0;  // bytes one pass of the running step reads (the plan's, else the sample size)
};

}  // namespace hashscope::gui
