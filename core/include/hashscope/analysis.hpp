// The bottleneck analysis: turns a run, its samples and reference speeds into a verdict, the reason code of
// the rule that decided it, and the numbers behind it (no prose: each front end writes its own sentence).
#pragma once

#include "hashscope/results.hpp"

namespace hashscope {

// What a network or FUSE location delivered (bytes fetched per second) to one stream and to the most
// streams it was given, over its file-reading runs in one cache mode (0 = not measured). Remote storage
// often needs parallel streams: a single stream that gets much less than several left the link room.
struct StreamDelivery {
  double oneStreamMBps = 0;
  double manyStreamsMBps = 0;
  int manyStreams = 0;
};

// The ceilings of one location, used to compute a run's limit.
struct References {
  double readMBps = 0;      // read ceiling: the best sustained read seen there in the same cache mode (0 = unknown)
  double hashMBps = 0;      // hash ceiling: the algorithm on one whole core, per CPU second (0 = unknown)
  double memoryMBps = 0;    // memory workload speed, one stream (0 = unknown)
  double readMinMBps = 0;   // the read reference's slowest and fastest pass (its spread)
  double readMaxMBps = 0;
};

// The ceilings for `run` from every run of its location (`location` may include `run` itself): the read
// ceiling is the best of the read passes and of what the process actually fetched from storage per second
// during the location's hash runs in the same cache mode (a device cannot deliver more than its ceiling, so
// what it did deliver raises it); the hash ceiling is the best pass of the algorithm's hash-memory run.
// On a RAM-backed location reading is a copy, CPU work like hashing: its ceiling is then per second of the
// reader's CPU time too, so the ratio of the two ceilings does not move with the machine's load.
References referencesFor(const RunResult& run, const std::vector<RunResult>& location);

// Bytes the run fetched from storage: its own I/O accounting, else the device counters; nullopt when neither.
std::optional<std::uint64_t> fetchedBytes(const RunResult& run);

// Efficiency above this is beyond noise: the limit estimate is flagged unreliable, never shown as a number.
inline constexpr double kMaxPlausibleEfficiency = 1.03;
// Passes whose (max - min) / median exceeds this are flagged as a wide spread.
inline constexpr double kWideSpreadFraction = 0.2;

// The speed one stream of a reference run (hash-memory, memory; a read of a RAM-backed location) reaches per
// second of its own thread's CPU time (a read's: its reader thread), like `openssl speed`: what it does on one
// core, however busy the other processes kept the cores while it was measured. Falls back to wall-clock MB/s
// per stream when no thread clock was read.
double cpuSpeedPerStream(const RunResult& referenceRun);

// Classifies one sample interval (fills Sample::verdict's value) from its own numbers: `run` describes the
// step (workload, streams, storage) and run.analysis adds what is known beyond the interval: live (the suite's
// intervalProbe) the ceilings the location measured before the step; once analysed, what the whole run showed
// (served from cache, and its ceilings). On a RAM-backed location the two ceilings decide when clearly apart.
Verdict classifyInterval(const Sample& sample, const RunResult& run);

// What `run`'s network or FUSE location delivered to one stream and to the most streams, over the location's
// file workloads in the run's cache mode (zeros elsewhere): the remote verdict's evidence of parallel streams.
StreamDelivery streamDeliveryFor(const RunResult& run, const std::vector<RunResult>& location);

// Analyses a finished run: verdict and reason, served_from_cache, memory_backed, limit, efficiency, flags.
// Also fills each sample's interval verdict. `delivery` feeds a network or FUSE location's remote verdict.
Analysis analyse(RunResult& run, const References& refs, const StreamDelivery& delivery = {});

}  // namespace hashscope
