// The run-level numbers behind a verdict, and the one plain sentence that states them.
#pragma once

#include <string>

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

// "CPU-bound: the md5 thread was busy 99% of the time while the disk was busy 21%; reading alone runs at
// 2900 MB/s, md5 alone at 660 MB/s, so 660 MB/s is the limit and this run reached 97% of it."
std::string evidenceSentence(const RunResult& run, const Analysis& a, const RunTotals& t,
                             const References& refs);

// The flags a result carries (references.cpp).
std::vector<Flag> flagsOf(const RunResult& run, const Analysis& a, const RunTotals& t, const References& refs);

// "660 MB/s", "12.5 MB/s": decimal MB/s, no false precision.
std::string formatMBps(double mbps);

}  // namespace hashscope::analysis
