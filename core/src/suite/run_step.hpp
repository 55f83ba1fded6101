// One planned step of a benchmark, run for k passes: peers and eviction, sampling, the median pass.
#pragma once

#include <map>
#include <string>

#include "hashscope/suite.hpp"

namespace hashscope::suite {

// What the earlier steps of one location measured, for peer digest checks.
struct LocationState {
  StorageInfo storage;
  std::map<std::string, std::string> digests;  // HashScope's hex digest of the sample, per algorithm
};

void note(const SuiteObserver& observer, const std::string& message);

// Runs `step` spec.passes times (each pass in the same cache state) and returns the median pass in full,
// with every pass in RunResult::passes. A failed or cancelled pass ends the step with that pass. `earlier` are
// the benchmark's finished steps: their ceilings classify the step's sample intervals live.
RunResult runStep(const SuiteStep& step, const SuiteSpec& spec, LocationState& state,
                  const std::vector<RunResult>& earlier, const SuiteObserver& observer, std::stop_token stop);

// The median pass of `passes` (all succeeded) with every pass recorded in it.
RunResult combinePasses(std::vector<RunResult> passes);

}  // namespace hashscope::suite
