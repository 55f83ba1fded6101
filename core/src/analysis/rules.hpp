// The verdict rules, shared by whole runs and single sample intervals: numbers in, one Verdict and the reason
// (the rule that decided it) out.
#pragma once

#include "analysis/totals.hpp"
#include "hashscope/results.hpp"

namespace hashscope::analysis {

// What the analyser knows about a run or an interval. Percentages are 0..100; -1 means unknown.
struct Signals : Activity {
  Workload workload = Workload::HashFile;
  bool hashing = false;        // the workers hash (hash-file, hash-tree, hash-memory, peer tools)
  int streams = 1;
  int cores = 1;
  bool fromRam = false;        // memory-backed location, or served from the page cache
  bool memoryBacked = false;   // the location itself is RAM (fromRam without a page-cache hit)
  double achievedMBps = 0;
  double ownCpuMBps = -1;      // per stream per second of the working threads' CPU time; -1 = unknown
  // The ceilings at this run's point (0 = not measured there): hashing, reading the location (0 when the data
  // came from the page cache), moving bytes through RAM.
  double hashLimitMBps = 0;
  double readLimitMBps = 0;
  double memoryLimitMBps = 0;
  double hashPerCoreMBps = 0;  // one single-threaded stream of the algorithm per CPU second; 0 = unknown
  // A device: reads in flight of this run (all streams), and the read ceiling when it was measured with more
  // in flight than that (0 = none deeper).
  int inFlight = 0;
  double deeperReadMBps = 0;
  // A network or FUSE location whose data came from the filesystem (not the page cache): what decideRemote
  // weighs. Elsewhere `remote` is false and the rest unused.
  bool remote = false;
  double linkMBps = 0;         // the interface's link speed in MB/s; 0 = unknown
  bool linkIsMemory = false;   // a server on this machine or a local FUSE daemon: no network link to fill
  double interfaceMBps = -1;   // what the interface received per second (every process); -1 = unknown
  double moreStreamsMBps = 0;  // the best the location delivered to more streams than this run used; 0 = none
};

struct Decision {
  Verdict verdict = Verdict::Unknown;
  VerdictReason reason = VerdictReason::NoCounters;
};

// The classification itself. Returns Unknown (NoCounters) when the signals say nothing.
Decision decide(const Signals& s);

// Data fetched from a network or FUSE filesystem that the workers waited for: network-bound when the link
// carried it at (nearly) its speed, server-bound when the link had room: its speed is known and was not
// reached, there is no network link at all, or more streams got clearly more. Unknown when the link's speed
// is unknown and nothing shows it had room (decide() then falls back to the general rules).
Decision decideRemote(const Signals& s);

}  // namespace hashscope::analysis
