// The run-level numbers behind a verdict (the front ends write the sentence from them and the reason code).
#pragma once

#include "hashscope/analysis.hpp"

namespace hashscope::analysis {

// Whole-run means. Percentages 0..100; -1 = unknown.
// What the threads and the machine were doing, over a whole run or one interval: the counters the verdict
// rules read. Percentages are 0..100 (processCpuPct: 100 = one core); -1 means unknown.
struct Activity {
  double workerPct = -1;      // CPU share of the working threads (peer tools: the child process)
  double waitPct = -1;        // share of time the workers waited for data
  double busyPct = -1;        // share of wall time the workers spent hashing/working (engine accounting)
  double readerPct = -1;      // CPU share of the reader threads
  bool diskValid = false;
  double diskBusyPct = 0;
  double systemCpuPct = -1;   // the whole machine, of all cores
  double processCpuPct = -1;  // this process
};

// A whole run's activity (totalsOf), and the most its device read.
struct RunTotals : Activity {
  std::uint64_t deviceReadBytes = 0;
};

bool isFileWorkload(Workload w);
// The working threads hash (hash-file, hash-tree, hash-memory): their time inside hash calls is their work.
bool hashesOnOwnThreads(Workload w);
bool isMemoryBacked(const RunResult& run);
int coresOf(const RunResult& run);  // logical cores seen by the sampler, else this machine's
RunTotals totalsOf(const RunResult& run);
// The most the device read by the end of any of `samples`; nullopt when none had device counters.
std::optional<std::uint64_t> deviceReadBytesOf(const std::vector<Sample>& samples);

// A run's point (ceilings.cpp): hashing threads per stream, device reads in flight per stream (0: not a queued
// device read), and how its bytes were reached; from what it recorded, else (hashscope.run/3, or a step that
// has not run yet) what the engine did then.
int hashThreadsOf(const RunResult& run);
int queueDepthOf(const RunResult& run);
ReadAccess accessOf(const RunResult& run);

// The run's own speed per stream per second of its working threads' CPU time; -1 when no thread clock was read.
double ownCpuMBps(const RunResult& run);

// The flags a result carries (flags.cpp).
std::vector<Flag> flagsOf(const RunResult& run, const Analysis& a, const RunTotals& t);

}  // namespace hashscope::analysis
