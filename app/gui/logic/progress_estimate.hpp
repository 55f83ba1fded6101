// How far a suite has got and how long it has left, predicted step by step from the plan and the speeds the
// run has measured so far: each remaining pass takes its bytes at the speed that limits it (the location's
// read speed, the algorithm's hash speed times its streams, whichever is lower), or its fixed duration,
// plus the time the run has been spending around each pass and between steps. Before a speed is measured
// the nearest measured one stands in (the sample's write speed for its read, the read speed for a hash
// not yet measured). Waits for a quiet machine are not predicted: the status line shows them as they go.
// Times are the suite's own clock (seconds since the run started), given with every event.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/suite.hpp"

namespace hashscope::gui {

class ProgressEstimate {
public:
  // A run of `plan` (planSuite(spec)) starts at time 0.
  void start(const std::vector<SuiteStep>& plan, const SuiteSpec& spec);
  // The sample of `location` is being written: `fraction` done at `mbps`.
  void sampleWriting(const std::filesystem::path& location, double fraction, double mbps, double t);
  void waiting(double waited, double t);  // a wait for a quiet machine, `waited` seconds in
  void stepStarted(const SuiteStep& step, double t);
  void passStarted(int pass, double t);   // 1-based
  void sample(const Sample& sample, double t);
  void stepFinished(const RunResult& result, double t);
  void locationFailed(const std::filesystem::path& location);  // its steps will not run

  int stepNumber() const { return m_started; }  // how many steps have started (the running one's number)
  int totalSteps() const { return int(m_plan.size()); }
  int pass() const { return m_pass; }           // of the running step, 1-based (0 before its first)
  int passes() const { return m_passes; }
  // Seconds left at suite time `now`; negative while no speed is known yet to predict from.
  double secondsLeft(double now) const;
  // 0..1: the time so far against the time so far plus the time left (the steps done, while unknown);
  // never goes backwards within a run.
  double fraction(double now) const;

private:
  double readSpeed(const std::filesystem::path& location) const;  // MB/s, 0 = nothing to go on yet
  double hashSpeed(const std::string& algorithm) const;            // per stream, 0 = not measured yet
  double stepBytes(const SuiteStep& step) const;
  double passSeconds(const SuiteStep& step) const;     // the work of one pass; negative = unknown
  double overheadPerPass(const SuiteStep& step) const;
  double betweenSteps() const;
  double currentStepLeft(double now) const;            // negative = unknown
  enum class State { Pending, Running, Done };
  double writeLeft(const std::filesystem::path& location) const;  // its sample, if still to be written

  std::vector<SuiteStep> m_plan;
  std::vector<State> m_state;   // per planned step
  int m_running = -1;           // plan index of the running step
  std::uint64_t m_sampleSize = 0;
  int stepPasses(const SuiteStep& step) const;  // the step's own count, else the suite's
  int m_passes = 1;
  bool m_waitQuiet = false;
  int m_started = 0, m_finished = 0;
  int m_pass = 0;
  double m_stepT = 0, m_passT = 0, m_lastEndT = -1;
  Sample m_live;                // the running pass's last sample (t, bytes)
  bool m_liveValid = false;
  bool m_longWait = false;      // a real wait happened since the last step ended: that gap says nothing
  std::uint64_t m_dataBytes = 0;  // a data plan's size, once the runner has listed the data
  std::map<std::filesystem::path, double> m_read, m_write;  // MB/s measured
  std::set<std::filesystem::path> m_pairsReads;              // RAM-backed locations (their read step said so)
  std::map<std::filesystem::path, double> m_writing;        // location -> fraction of its sample written
  std::map<std::string, double> m_hash;                     // MB/s per stream
  double m_overheadSum = 0, m_warmOverheadSum = 0;          // seconds per pass, summed over steps
  int m_overheadSteps = 0, m_warmOverheadSteps = 0;
  std::vector<double> m_gaps;                               // seconds between steps (short waits included)
  mutable double m_shown = 0;                               // the fraction last given (never goes back)
};

}  // namespace hashscope::gui
