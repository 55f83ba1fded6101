// The bottleneck analysis: turns a run, its samples and reference speeds into a verdict, the reason code of
// the rule that decided it, and the numbers behind it (no prose: each front end writes its own sentence).
#pragma once

#include "hashscope/results.hpp"

namespace hashscope {

// Every ceiling among `results` (the runs of one benchmark, `run` may be one of them) that can bear on `run`:
// the read ceilings of its location in its cache mode (each read step, from a device also what storage
// delivered per second during the location's hash runs: a device cannot deliver more than it can), the hash
// ceilings of its algorithm from any location (hashing a buffer does not depend on the folder; pooled, so one
// algorithm has one figure per parallelism in the whole run) and the memory ceilings. Work on the CPU (hashing,
// memory, reading a RAM-backed location) is per second of its thread's CPU time, so the ceilings do not move
// with the machine's load; a device's reads are per second of wall time. A warm run has no read ceiling: it
// reads RAM, not what was measured.
std::vector<Ceiling> ceilingsFor(const RunResult& run, const std::vector<RunResult>& results);

// The ceilings `run`'s sample intervals are judged against: `ceilings` (ceilingsFor), except that where a
// RAM-backed run's read ceiling is its paired reads (RunResult::pairedReads), it is the read made just before the
// pass its samples come from (RunResult::keptPass): what the live context knew while that pass ran, so an
// interval's verdict does not change once the step ends (the run's own verdict also has the read after it).
std::vector<Ceiling> intervalCeilings(const RunResult& run, std::vector<Ceiling> ceilings);

// What a network or FUSE location delivered (bytes fetched per second) to one stream and to the most
// streams it was given, from its read ceilings (0 = not measured). Remote storage often needs parallel
// streams: a single stream that gets much less than several left the link room.
struct StreamDelivery {
  double oneStreamMBps = 0;
  double manyStreamsMBps = 0;
  int manyStreams = 0;
};

// What judges a step beyond its own numbers: its limit, the memory ceiling at its streams (hash-memory near
// memory speed), whether the whole run was served from the page cache (live, before it ends: false), and on a
// network or FUSE location what its read ceilings show of one stream against several (zeros elsewhere).
struct StepContext {
  Limit limit;
  // A hash-memory result: its algorithm's hash ceiling at its point pooled from every hash-memory pass there (its
  // per-core figure, shown in its own place; its limit is its own passes: it is judged against no other figure).
  std::optional<CeilingAt> perCore;
  std::optional<CeilingAt> memory;
  bool servedFromCache = false;
  StreamDelivery delivery;
};
// `run`'s context from `ceilings`: each side of the limit taken at the run's point (its read method, streams,
// device reads in flight, hashing threads), and a remote location's delivery to one stream and to several.
// `run` may be a step that has not run yet (live): its read method is then the one the engine will choose.
StepContext contextFor(const RunResult& run, const std::vector<Ceiling>& ceilings, bool servedFromCache = false);

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

// Classifies one sample interval (fills Sample::verdict's value) from its own numbers and `context`: live (the
// suite's intervalContext) the ceilings the location measured before the step; once analysed, those of the
// whole run and whether it was served from the page cache. The signals are assembled by the same code as the
// whole run's, so live and final verdicts follow the same rules.
Verdict classifyInterval(const Sample& sample, const RunResult& run, const StepContext& context);

// Analyses a finished run against `ceilings` (ceilingsFor): verdict and reason, served_from_cache,
// memory_backed, limit, efficiency, flags. Also fills each sample's interval verdict.
Analysis analyse(RunResult& run, const std::vector<Ceiling>& ceilings);

// Analyses every result of a finished run against all the run's ceilings, as the suite does once its steps ran.
void analyseRun(std::vector<RunResult>& results);

}  // namespace hashscope
