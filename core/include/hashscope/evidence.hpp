// The verdict sentence as data: the clauses of a result's evidence, in order, with their numbers; app/words
// words each once for both front ends. A new clause is one more type in `Clause` (std::visit asks for its words).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "hashscope/results.hpp"

namespace hashscope::evidence {

// A network or FUSE location's link, as the remote verdicts name it.
struct Link {
  std::string interfaceName;  // "eth0", or "" when unknown
  double linkMBps = 0;        // its speed; 0 = unknown
  bool none = false;          // no network link carries the data (a server on this machine, a FUSE daemon)
  bool fuseDaemon = false;    // ...served by a FUSE daemon on this machine
};

// Why the verdict: the rule that decided it. `deeper` is, for QueueDepthLimited, the read ceiling measured with
// more reads in flight; `error` the failure of a failed run; `link` a network or FUSE location's link (the
// remote reasons name it).
struct Why {
  Verdict verdict = Verdict::Unknown;
  VerdictReason reason = VerdictReason::NoCounters;
  Workload workload = Workload::HashFile;
  int streams = 1;
  std::string error;
  std::optional<CeilingAt> deeper;
  int inFlight = 0;  // QueueDepthLimited: the device reads this run kept in flight, all streams together
  std::optional<Link> link;
};

// How the working threads spent their time: busy (inside their work, or on the CPU), on the CPU when that was
// clearly less than busy (other processes or more streams than cores kept them off it), waiting for data
// (workloads that read). `what`: the algorithm, or "" for a workload that does not hash.
struct Threads {
  std::string what;
  Workload workload = Workload::HashFile;
  int streams = 1;
  double busyPct = 0;
  std::optional<double> onCpuPct;
  std::optional<double> waitPct;
};
// A plain read: how much of the time the reader threads were on the CPU rather than blocked in reads.
struct Readers {
  int streams = 1;
  double onCpuPct = 0;
};
// A peer tool: its name and its CPU share.
struct Tool {
  std::string name;
  double cpuPct = 0;
};
struct NoThreadTimes {};
// More streams than cores.
struct StreamsOverCores {
  int streams = 1;
  int cores = 1;
};
// Where the data came from, for workloads that touch a location.
struct FromRam {
  std::string filesystem;  // "tmpfs", or "" when unknown
};
struct Disk {
  std::string device;  // "vda", or "" when unknown
  double busyPct = 0;
  std::uint64_t deliveredBytes = 0;
};
struct NoDiskCounters {};
// A network or FUSE location: what the filesystem delivered (nullopt: not counted), what its interface received
// (every process), one small read's round trip, and what one stream got against several.
struct Remote {
  std::optional<std::uint64_t> deliveredBytes;
  std::string interfaceName;
  std::optional<std::uint64_t> interfaceBytes;  // nullopt: the interface was not sampled
  double interfaceMBps = 0;
  std::optional<double> roundTripMs;
  double oneStreamMBps = 0;  // with manyStreams > 1: one stream against several (0 = not both measured)
  double manyStreamsMBps = 0;
  int manyStreams = 0;
};
// The machine while it ran: the whole CPU's busy share, and the cores other processes took (when at least
// half a core).
struct Machine {
  double cpuBusyPct = 0;
  std::optional<double> otherCores;
  int cores = 0;
};
// The ceilings the limit was taken from, with their point (CeilingAt::mbps is what they allow this result).
struct ReadAlone {
  CeilingAt ceiling;
  bool memoryBacked = false;  // reading RAM, not a device
  bool otherPoint = false;    // measured with other streams or reads in flight than this result (a device's
                              // most: it cannot deliver more, whatever the parallelism)
  bool beside = false;        // read between this result's own passes (CeilingSource::PairedRead)
  bool delivered = false;     // what the device delivered during a hash step (CeilingSource::Delivered: its
                              // ceiling's step names it), not a read alone
  bool own = false;           // ...during this result's own fastest pass
};
struct HashAlone {
  std::string algorithm;
  CeilingAt ceiling;
  int streams = 1;  // the result's streams (the ceiling's figure is per core when it scales)
  bool own = false; // a hash-memory result: its own passes per second of its thread's CPU time
};
// A side of the limit that applies but was not measured at this result's point.
struct NotMeasured {
  CeilingKind side = CeilingKind::Read;
  int streams = 1;
  std::optional<ReadAccess> access;  // read side: the access it would need
};
// The limit and how close the run came (efficiency shown as a number).
struct LimitReached {
  double limitMBps = 0;
  double efficiency = 0;
  double achievedMBps = 0;
};
// The run exceeded its limit beyond noise and nothing recorded explains it within the limit's own spread.
struct LimitExceeded {
  double limitMBps = 0;
  double achievedMBps = 0;
};
// No limit to judge against.
struct RanAt {
  double achievedMBps = 0;
};
// A peer tool's digest against HashScope's.
struct Digest {
  enum class State { Matches, Differs, NoDigest, NotComputed };
  State state = State::NoDigest;
  std::string algorithm;
};

using Clause = std::variant<Why, Threads, Readers, Tool, NoThreadTimes, StreamsOverCores, FromRam, Disk,
                            NoDiskCounters, Remote, Machine, ReadAlone, HashAlone, NotMeasured, LimitReached, LimitExceeded,
                            RanAt, Digest>;

// The clauses of `result`'s evidence, in the order a sentence says them: Why first; a run that failed, was
// cancelled or too short has only Why. Empty when the result was not analysed.
std::vector<Clause> clausesOf(const RunResult& result);

// Why hashing from a location came out faster than the location's read tile: the two read it at different
// points. A point is what either a result or a stored tile records.
struct ReadPoint {
  double mbps = 0;     // the median pass
  double maxMBps = 0;  // the fastest pass
  int streams = 1;
  int inFlight = 0;    // device reads in flight, all streams (0: not a queued device read)
  ReadAccess access = ReadAccess::Copy;
  bool fromCache = false;  // the bytes came from the page cache
};
ReadPoint readPointOf(const RunResult& result);
enum class FasterThanRead {
  MoreStreams,  // more streams read at once than the read tile's
  DeeperQueue,  // more device reads in flight with the same streams
  MappedPages,  // hashed from mapped pages, which a read() copy does not get
  FromCache,    // the bytes came from the page cache
  ReadVaried,   // within the read tile's own passes: its fastest pass was this fast
  Unexplained,  // none of these: nothing recorded explains it
};
// Empty when `hash` is not faster than `read` beyond noise (kMaxPlausibleEfficiency).
std::vector<FasterThanRead> whyFasterThanRead(const ReadPoint& hash, const ReadPoint& read);

// std::visit(Overloaded{[](const Why&) {...}, ...}, clause): one wording per clause type.
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// The other processes' cores are worth saying from this many on.
inline constexpr double kOtherCoresWorthSaying = 0.5;
// The threads' CPU share is worth saying next to their busy share when this many points below it.
inline constexpr double kOffCpuWorthSaying = 10;

}  // namespace hashscope::evidence
