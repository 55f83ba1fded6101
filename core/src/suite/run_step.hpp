// One planned step of a benchmark, run for k passes: peers and eviction, sampling, the median pass.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <stop_token>
#include <string>

#include "hashscope/suite.hpp"

namespace hashscope::suite {

// What the earlier steps of one location measured, for peer digest checks.
struct LocationState {
  StorageInfo storage;
  std::map<std::string, std::string> digests;  // HashScope's hex digest of the sample, per algorithm
  std::optional<double> roundTripMs;           // network and FUSE locations: measureRoundTrip before the first step
};

// The round trip of one small read of `file` that has to reach its filesystem: the median of a few 4 KiB
// direct reads at offsets spread over the file (where direct I/O is refused, each page is dropped from the
// cache first), in milliseconds. Nullopt when the file cannot be read so (RAM-backed, empty, stopped).
std::optional<double> measureRoundTrip(const std::filesystem::path& file, std::stop_token stop);

void note(const SuiteObserver& observer, const std::string& message);

// Runs `step` spec.passes times (each pass in the same cache state) and returns the median pass in full,
// with every pass in RunResult::passes. A failed or cancelled pass ends the step with that pass. `earlier` are
// the benchmark's finished steps: their ceilings classify the step's sample intervals live.
RunResult runStep(const SuiteStep& step, const SuiteSpec& spec, LocationState& state,
                  const std::vector<RunResult>& earlier, const SuiteObserver& observer, std::stop_token stop);

// The median pass of `passes` (all succeeded) with every pass recorded in it.
RunResult combinePasses(std::vector<RunResult> passes);

}  // namespace hashscope::suite
