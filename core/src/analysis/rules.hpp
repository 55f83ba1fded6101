// The verdict rules, shared by whole runs and single sample intervals: numbers in, one Verdict out.
#pragma once

#include "hashscope/results.hpp"

namespace hashscope::analysis {

// What the analyser knows about a run or an interval. Percentages are 0..100; -1 means unknown.
struct Signals {
  Workload workload = Workload::HashFile;
  bool hashing = false;        // the workers hash (hash-file, hash-tree, hash-memory, peer tools)
  int streams = 1;
  int cores = 1;
  double workerPct = -1;       // mean CPU share of the working threads (peer tools: the child process)
  double waitPct = -1;         // mean share of time the workers waited for data
  double readerPct = -1;       // mean CPU share of the reader threads
  bool diskValid = false;
  double diskBusyPct = 0;
  double systemCpuPct = -1;    // whole machine
  bool fromRam = false;        // memory-backed location, or served from the page cache
  double achievedMBps = 0;
  double hashLimitMBps = 0;    // hash-memory speed x min(streams, cores); 0 = unknown
  double memoryLimitMBps = 0;  // memory speed x min(streams, cores); 0 = unknown
};

// The CPU share a worker thread could get at most, in percent: 100, or less when streams > cores.
double workerCapacityPct(int streams, int cores);
// The workers' CPU share relative to that capacity (so 4 threads at 50% on 2 cores read as 100%).
double normalisedWorkerPct(const Signals& s);

// The classification itself. Returns Unknown when the signals say nothing.
Verdict decide(const Signals& s);

}  // namespace hashscope::analysis
