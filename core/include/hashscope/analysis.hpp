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

// The speed one stream of a reference run (hash-memory, memory) reaches per second of its own thread's CPU
// time, like `openssl speed`: what the algorithm does on one core, however busy the other processes kept
// the cores while it was measured. Falls back to wall-clock MB/s per stream when no thread clock was read.
double cpuSpeedPerStream(const RunResult& referenceRun);

// Classifies one sample interval (fills Sample::verdict's value).
Verdict classifyInterval(const Sample& sample, const RunResult& run);

// Analyses a finished run: verdict, served_from_cache, memory_backed, limit, efficiency, evidence.
// Also fills each sample's interval verdict.
Analysis analyse(RunResult& run, const References& refs);

}  // namespace hashscope
