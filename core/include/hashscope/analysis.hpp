// The bottleneck analysis: turns a run, its samples and reference speeds into a verdict with evidence.
#pragma once

#include "hashscope/results.hpp"

namespace hashscope {

// Reference speeds measured on the same location/algorithm, used to compute the limit.
struct References {
  double readMBps = 0;      // read-only speed of the location in the same cache mode (0 = unknown)
  double hashMBps = 0;      // hash-memory speed of the algorithm, one stream (0 = unknown)
  double memoryMBps = 0;    // memory workload speed, one stream (0 = unknown)
};

// Classifies one sample interval (fills Sample::verdict's value).
Verdict classifyInterval(const Sample& sample, const RunResult& run);

// Analyses a finished run: verdict, served_from_cache, memory_backed, limit, efficiency, evidence.
// Also fills each sample's interval verdict.
Analysis analyse(RunResult& run, const References& refs);

}  // namespace hashscope
