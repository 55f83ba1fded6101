// The planner: "to hash DATA in TIME with ALGO", from the measured numbers of one run, what the target
// needs, what this machine would take and what limits it. Pure numbers and reason codes; the front ends
// write the sentences.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hashscope/library.hpp"

namespace hashscope {

// "1T", "500G", "1.5TB" (decimal: T = 10^12, as disks are sold), "2TiB", "64MiB" (binary), "4096" bytes.
std::optional<std::uint64_t> parseDataSize(std::string_view text);
// "1m", "90s", "60 s", "1 minute", "1h30m", "1.5 hours", "2d", "45" (seconds). Must be > 0.
std::optional<double> parseDuration(std::string_view text);

// What bounds this machine's time for the target.
enum class PlanLimit { Hashing, Storage, Unknown };
std::string_view toString(PlanLimit limit);  // "hashing", "storage", "unknown"

// Why a figure is missing or estimated.
enum class PlanNote {
  AlgorithmNotMeasured,   // the asked algorithm has no hash-memory result in the run
  NoHashFigures,          // the run has no hash-memory results at all
  NoReadFigure,           // no read result: storage cannot be judged
  ReadNotCold,            // the best read figure was not cold from a disk (page cache or RAM-backed location)
  AllCoresEstimated,      // no stream ramp: all-core speed = per-core x logical cores
  PerCoreFromStreams,     // no 1-stream result: per-core = the fewest-streams result / its streams
  PerCoreFromThreads,     // the algorithm hashes one stream on several threads: per-core = its speed / threads
  MeasuredWhileBusy,      // a figure the plan uses was measured while other processes held the CPU
  ReadOverNetwork,        // the best read figure came from a network or FUSE location: its link is part of storage
};
std::string_view toString(PlanNote note);

// The plan for one algorithm on the run's machine.
struct AlgorithmPlan {
  std::string algorithm;
  double perCoreMBps = 0;       // the run's per-core figure (RunDocument::perCore: the median pass, decimal MB/s)
  double perCoreMinMBps = 0, perCoreMaxMBps = 0;  // the spread of its passes
  double allCoresMBps = 0;      // best measured over the streams (hash-memory, or the ramp hashing files from
                                // RAM while CPU-bound), or the estimate
  int allCoresStreams = 0;      // streams of that figure (the logical cores when estimated)
  bool allCoresEstimated = false;
  std::string allCoresLocation; // where the ramp measured it; "" for hash-memory or the estimate
  bool perCoreFromStreams = false;
  bool perCoreFromThreads = false;
  bool busy = false;            // a figure of this plan was measured on a busy machine
  double coresExact = 0;        // target throughput / per-core speed
  std::int64_t coresAbout = 0;    // rounded to nearest ("about 27")
  std::int64_t coresAtLeast = 0;  // rounded up (what guarantees it)
  double machineSeconds = 0;    // this machine: data / min(all cores, storage)
  PlanLimit limit = PlanLimit::Unknown;
  bool meetsTarget = false;
};

// Network links that would carry the target's throughput: "storage that reads X" may be a share, and then
// the network has to carry X too. Counted with what TCP over Ethernet carries as payload, 94% of the line
// rate (1 GbE: about 117 MB/s).
struct LinkPlan {
  double gbitPerSecond = 0;   // the line rate
  double payloadMBps = 0;     // what one such link carries
  std::int64_t links = 0;     // how many the target needs (rounded up, saturated like the cores)
  bool measured = false;      // the link of the run's own network location, at the speed its OS reported
};
inline constexpr double kLinkPayloadFraction = 0.94;
// The links of the standard Ethernet speeds (1, 10, 25, 100 Gb/s), and the run's own first (`ownMbps` > 0).
std::vector<LinkPlan> linksFor(double neededMBps, double ownMbps = 0);

struct Plan {
  std::uint64_t bytes = 0;
  double seconds = 0;
  double neededMBps = 0;        // throughput the target needs = storage read speed it needs
  std::string algorithm;        // asked for, may be empty
  std::optional<AlgorithmPlan> chosen;  // the asked algorithm's plan, when it was measured
  std::vector<AlgorithmPlan> algorithms;  // every measured algorithm, fastest on this machine first
  std::vector<std::string> meeting;       // algorithms that would meet the target here
  double readMBps = 0;          // best read speed among the run's locations (0 = none): the read at the deepest
                                // queue that gave most, cold from a disk when there is one
  std::string readLocation;
  int readStreams = 0;          // that read's streams and device reads in flight per stream (0 = unknown)
  int readQueueDepth = 0;
  bool readBusy = false;
  std::vector<LinkPlan> links;  // the network links the target's throughput needs
  int logicalCores = 0;
  std::vector<PlanNote> notes;
};

// Throws std::invalid_argument when bytes or seconds are 0.
Plan makePlan(const RunDocument& run, std::uint64_t bytes, double seconds, const std::string& algorithm = {});

// {"schema": "hashscope.plan/1", ...}: the plan's numbers and codes, for scripts.
std::string planJson(const Plan& plan, std::int64_t runId);

// ---- A measured fleet: several machines' runs (bench --host) -----------------------------------------

// One machine of a fleet, as the fleet's sum counts it.
struct FleetMachine {
  std::string name;          // the run's name in the history (the host)
  std::string algorithm;     // of its hashing figure
  double hashMBps = 0;       // its fastest end-to-end hashing (hash-file or hash-tree) of `algorithm`: what it
                             // reached as its verdict's limit allowed; hash-memory when it hashed no files
  std::string verdict;       // that result's verdict
  double storageMBps = 0;    // its storage's delivery: the planner's read figure (Plan::readMBps)
};
struct Fleet {
  std::vector<FleetMachine> machines;
  double hashMBps = 0, storageMBps = 0;  // the sums
};
// `algorithm` empty: each machine's headline algorithm (runHeadline).
Fleet fleetOf(const std::vector<std::pair<std::string, RunDocument>>& runs, const std::string& algorithm = {});

// What limits a fleet's time for a target on one machine of it.
enum class FleetLimit { Hashing, Storage, Network };
std::string_view toString(FleetLimit limit);  // "hashing", "storage", "network"

struct FleetMachinePlan {
  std::string name;
  Plan plan;                 // makePlan on its run
  double capacityMBps = 0;   // what it would hash of the target per second: min(all cores, storage)
  FleetLimit limit = FleetLimit::Hashing;
};
struct FleetPlan {
  std::uint64_t bytes = 0;
  double seconds = 0, neededMBps = 0;
  std::string algorithm;
  std::vector<FleetMachinePlan> machines;  // those that measured the algorithm
  std::vector<std::string> notMeasured;    // machines whose run has no figure for it
  double capacityMBps = 0;                 // the fleet's sum
  double fleetSeconds = 0;                 // the target's time on the whole fleet (0: nothing measured)
  std::int64_t machinesNeeded = 0;         // machines like these (their mean capacity) the target needs, rounded up
  int limitedByStorage = 0, limitedByNetwork = 0;  // machines whose storage (or network location) limits them
};
// Throws std::invalid_argument when bytes or seconds are 0.
FleetPlan makeFleetPlan(const std::vector<std::pair<std::string, RunDocument>>& runs, std::uint64_t bytes,
                        double seconds, const std::string& algorithm);

}  // namespace hashscope
