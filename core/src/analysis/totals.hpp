// The run-level numbers behind a verdict (the front ends write the sentence from them and the reason code).
#pragma once

#include "hashscope/analysis.hpp"

namespace hashscope::analysis {

// Whole-run means. Percentages 0..100; -1 = unknown.
struct RunTotals {
  double workerPct = -1;   // CPU share of the working threads (peer tools: the child process)
  double waitPct = -1;     // share of time waiting for data
  double busyPct = -1;     // share of time hashing/working (engine accounting)
  double readerPct = -1;   // CPU share of the reader threads
  double cpuBusyPct = -1;  // the whole machine
  double processCpuPct = -1;  // this process, 100 = one core
  bool diskValid = false;
  double diskBusyPct = 0;
  std::uint64_t deviceReadBytes = 0;
};

bool isFileWorkload(Workload w);
bool isMemoryBacked(const RunResult& run);
int coresOf(const RunResult& run);  // logical cores seen by the sampler, else this machine's
RunTotals totalsOf(const RunResult& run);
// The best rate at which storage delivered a file run's data (bytes fetched per second), over its passes;
// 0 when unknown (references.cpp).
double deliveredMBps(const RunResult& run);

// The flags a result carries (references.cpp).
std::vector<Flag> flagsOf(const RunResult& run, const Analysis& a, const RunTotals& t, const References& refs);

}  // namespace hashscope::analysis
