// Ceilings as values: what a location or an algorithm did at most, at one point (access, streams, device reads
// in flight and hashing threads per stream), with its unit basis, source and spread. A result's limit is taken
// from the ceilings at its point; where none was measured there, the limit says so.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/types.hpp"

namespace hashscope {

// What a ceiling bounds.
enum class CeilingKind {
  Hash,    // an algorithm hashing a buffer in RAM (hash-memory)
  Read,    // getting a location's bytes: a read pass, or what storage delivered during hash runs
  Memory,  // moving bytes through RAM (the memory workload)
};

// Where a ceiling's figure comes from.
enum class CeilingSource {
  HashMemory,  // the hash-memory passes of the algorithm
  ReadPass,    // the read passes of the location
  Delivered,   // what the location's device delivered per second during a hash run (a device cannot deliver
               // more than it can, so what it did deliver is a ceiling it reached)
  MemoryPass,  // the memory workload's passes
  PairedRead,  // read passes run beside a result's own, one before each pass and one after the last
               // (RunResult::pairedReads): for each pass the faster of its two neighbours, whatever RAM's speed
               // did between them
};

// The unit basis of a ceiling's MB/s.
enum class CeilingBasis {
  WallClock,     // all its streams together, per second of wall time (devices; BLAKE3's threads)
  PerCpuSecond,  // per stream, per second of that stream's own thread's CPU time (work on the CPU: it does not
                 // move with how much CPU time other processes left it)
};

// How a read reached the bytes.
enum class ReadAccess {
  Copy,    // read() into buffers (the pipelined reader, one read per small file; peer tools)
  Mapped,  // mapped pages of the page cache
};

struct Ceiling {
  CeilingKind kind = CeilingKind::Hash;
  CeilingSource source = CeilingSource::HashMemory;
  CeilingBasis basis = CeilingBasis::WallClock;
  std::string algorithm;            // hash ceilings: the algorithm
  double mbps = 0;                  // the median pass, on its basis
  double minMBps = 0, maxMBps = 0;  // its slowest and fastest pass, on the same basis
  int passes = 1;                   // passes behind the figure
  int streams = 1;                  // streams it was measured with
  int threadsPerStream = 1;         // hashing threads per stream (BLAKE3's tree: several)
  int queueDepth = 0;               // device reads in flight per stream; 0 = not a queued device read
  std::optional<ReadAccess> access; // read ceilings: how the bytes were reached
  bool busy = false;                // its run carried the machine-busy flag
  std::string step;                 // the step that measured it ("read", "sha256 hash-file"; stepLabel)

  // Device reads in flight in all (at least one per stream).
  int inFlight() const;
  // Whether the figure extrapolates to other stream counts: a single-threaded hash per CPU second scales with
  // the streams up to the cores (openssl speed -multi N is N x one core). Nothing else does: a read's
  // contention, the memory bus and BLAKE3's threads hold only at the point they were measured.
  bool scales() const;
  // What the ceiling allows `streams` streams on `cores` cores; nullopt when it was not measured there.
  std::optional<double> at(int streams, int cores) const;
};

// A ceiling taken at a result's point: the measured ceiling and what it allows at the result's streams.
struct CeilingAt {
  Ceiling ceiling;
  double mbps = 0;
};

// The limit of one result: min(read ceiling, hash ceiling), each taken at the result's point. A side that
// applies to the result but was not measured at its point is missing (not "unreliable": not measured).
struct Limit {
  std::optional<CeilingAt> hash;
  std::optional<CeilingAt> read;
  bool hashMissing = false;  // the result hashes, but no hash ceiling was measured at its parallelism
  bool readMissing = false;  // the result reads, but no read ceiling was measured at its method and streams
  // A device: the most it gave with more reads in flight than this result kept (a read step, or what it
  // delivered to a hash run), when that is more than the read side; what says "the queue depth limited it".
  std::optional<CeilingAt> deeper;

  // min of the sides present; 0 when none is.
  double mbps() const;
  bool known() const { return mbps() > 0; }
  bool partial() const { return hashMissing || readMissing; }
  // The side that sets the limit (the lower one); nullptr when none.
  const CeilingAt* setter() const;
};

std::string_view toString(CeilingKind kind);      // "hash", "read", "memory"
std::string_view toString(CeilingSource source);  // "hash-memory", "read-pass", "delivered", "memory-pass"
std::string_view toString(CeilingBasis basis);    // "wall-clock", "per-cpu-second"
std::string_view toString(ReadAccess access);     // "copy", "mapped"

// The median of the positive `values` (the mean of the middle two for an even count) with their smallest and
// largest; all 0 when none. The one definition of every "median pass with its spread" figure.
struct Spread {
  double median = 0, min = 0, max = 0;
  int count = 0;
};
Spread spreadOf(std::vector<double> values);

}  // namespace hashscope
