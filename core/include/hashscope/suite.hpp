// The suite behind the Benchmark button and `hashscope-cli bench --suite`: for each location and
// algorithm, read (cold), hash-memory, hash-file (cold), optionally hash-file (warm), a stream ramp
// and peer tools, each sampled live, then analysed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/results.hpp"
#include "hashscope/samples.hpp"
#include "hashscope/workload.hpp"

namespace hashscope {

struct SuiteSpec {
  std::vector<std::filesystem::path> locations;   // folders; a sample file is created (or reused) in each
  std::vector<std::string> algorithms;            // default: md5, sha256, xxh3-64, crc32
  std::uint64_t sampleSize = 1 * GiB;
  SampleContent content = SampleContent::Random;
  CacheMode cache = CacheMode::Cold;
  std::uint64_t blockSize = 1 * MiB;
  int streams = 1;                                // streams of the main hash-file runs
  bool warm = false;                              // add hash-file (warm)
  bool ramp = false;                              // add hash-file with 1..maxStreams streams
  int maxStreams = 0;                             // 0 = logical cores
  bool peers = false;                             // add installed peer tools on the same sample
  double hashMemorySeconds = 1.0;                 // duration of each hash-memory reference run
  double sampleHz = 10.0;
  bool removeSamplesAfter = false;                // remove samples this suite created (never others)
};

// One planned step of a suite.
struct SuiteStep {
  int index = 0;
  std::filesystem::path location;
  WorkloadSpec spec;
  std::string title;    // "md5 hash-file (cold), /tmp" — shown in status lines
  std::string tool;     // peer-tool steps: the tool name
};

// Callbacks from the suite's threads. All are optional; each may be called from a worker or sampler
// thread, so implementations must be thread-safe and quick.
struct SuiteObserver {
  std::function<void(const std::filesystem::path& location, const SampleProgress&)> sampleProgress;
  std::function<void(const SuiteStep& step, int total)> stepStarted;
  std::function<void(const SuiteStep& step, const Sample& sample)> sample;
  std::function<void(const SuiteStep& step, const RunResult& result)> stepFinished;
  std::function<void(const std::string& message)> message;   // notes and non-fatal errors, one sentence each
};

struct SuiteResult {
  std::vector<RunResult> results;    // in execution order, each analysed
  std::vector<std::string> errors;   // per-location problems (e.g. no space for the sample)
  bool cancelled = false;
  double seconds = 0;
};

// One measured step, as the suite runs it and as any front end should: a warm workload's file is read into
// the page cache first (so the warm-up's device reads are not counted in the run), then `work` runs while a
// Sampler at `hz` watches the CPU and the location's device (hz <= 0: no sampling); the samples land in the
// result. `work` reports to `counters`. `onNote` receives one sentence when the warm-up failed.
RunResult runSampled(const WorkloadSpec& spec, const StorageInfo& storage, double hz, LiveCounters& counters,
                     std::stop_token stop, const std::function<RunResult()>& work,
                     const std::function<void(const Sample&)>& onSample = {},
                     const std::function<void(const std::string&)>& onNote = {});

// The steps `spec` expands to, before anything runs (for progress: "step 3 of 14").
std::vector<SuiteStep> planSuite(const SuiteSpec& spec);

// Runs the suite on background threads and returns when it is done or stopped (within 200 ms).
SuiteResult runSuite(const SuiteSpec& spec, const SuiteObserver& observer, std::stop_token stop);

}  // namespace hashscope
