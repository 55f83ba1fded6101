// The bottleneck analysis: turns a run, its samples and reference speeds into a verdict, the reason code of
// the rule that decided it, and the numbers behind it (no prose: each front end writes its own sentence).
#pragma once

#include "hashscope/results.hpp"

namespace hashscope {

// Every ceiling among `results` (one benchmark's runs) that bears on `run`: its location's read ceilings in its
// cache mode (a device's also from what it delivered during hash runs), its algorithm's hash ceilings from any
// location (pooled: one figure per parallelism) and the memory ceilings. CPU work is per second of its thread's
// CPU time, so ceilings do not move with the machine's load; a device's reads per second of wall time. A warm
// run has no read ceiling: it reads RAM.
std::vector<Ceiling> ceilingsFor(const RunResult& run, const std::vector<RunResult>& results);

// The ceilings `run`'s sample intervals are judged against: `ceilings`, except that a RAM-backed run's paired
// read ceiling is the read just before the kept pass: what the live context knew, so an interval's verdict does
// not change once the step ends.
std::vector<Ceiling> intervalCeilings(const RunResult& run, std::vector<Ceiling> ceilings);

// What a network or FUSE location delivered to one stream and to the most streams, from its read ceilings
// (0 = not measured): one stream that gets much less than several left the link room.
struct StreamDelivery {
  double oneStreamMBps = 0;
  double manyStreamsMBps = 0;
  int manyStreams = 0;
};

// What judges a step beyond its own numbers: its limit, the memory ceiling at its streams, whether the run was
// served from the page cache (live: false), and a remote location's delivery (zeros elsewhere).
struct StepContext {
  Limit limit;
  // A hash-memory result: its algorithm's pooled per-core figure, shown apart (its limit is its own passes).
  std::optional<CeilingAt> perCore;
  std::optional<CeilingAt> memory;
  bool servedFromCache = false;
  StreamDelivery delivery;
};
// `run`'s context from `ceilings`: each side of the limit taken at the run's point (read method, streams, reads
// in flight, hashing threads). A step not yet run (live) carries the read method the engine will choose.
StepContext contextFor(const RunResult& run, const std::vector<Ceiling>& ceilings, bool servedFromCache = false);

// Bytes the run fetched from storage: its own I/O accounting, else the device counters; nullopt when neither.
std::optional<std::uint64_t> fetchedBytes(const RunResult& run);

// Efficiency above this is beyond noise: the limit estimate is flagged unreliable, never shown as a number.
inline constexpr double kMaxPlausibleEfficiency = 1.03;
// Passes whose (max - min) / median exceeds this are flagged as a wide spread.
inline constexpr double kWideSpreadFraction = 0.2;

// One stream of a reference run's speed per second of its own thread's CPU time, like `openssl speed`: what it
// does on one core however busy the machine was. Wall-clock MB/s per stream when no thread clock was read.
double cpuSpeedPerStream(const RunResult& referenceRun);

// Classifies one sample interval from its own numbers and `context` (live: the ceilings measured before the
// step; once analysed: the whole run's), by the same code as the whole run's verdict.
Verdict classifyInterval(const Sample& sample, const RunResult& run, const StepContext& context);

// Analyses a finished run against `ceilings` (ceilingsFor): verdict and reason, served_from_cache,
// memory_backed, limit, efficiency, flags. Also fills each sample's interval verdict.
Analysis analyse(RunResult& run, const std::vector<Ceiling>& ceilings);

// Analyses every result of a finished run against all the run's ceilings, as the suite does once its steps ran.
void analyseRun(std::vector<RunResult>& results);

}  // namespace hashscope
