// Result value types of every run, the bottleneck verdict, and the live samples behind the graphs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "hashscope/ceiling.hpp"
#include "hashscope/storage.hpp"
#include "hashscope/types.hpp"

namespace hashscope {

// What limited the speed of a run or of one sample interval.
enum class Verdict {
  Unknown,      // not enough evidence (too short, no counters)
  CpuBound,     // the hashing threads were busy nearly all the time
  IoBound,      // the reader waited on the device and the device was busy
  MemoryBound,  // data came from RAM and neither the hash nor the device was the limit
  Mixed,        // no single resource explains the speed
  NetworkBound, // a network location: the link carried data at its speed
  ServerBound,  // a network or FUSE location: the workers waited for data while the link had room (or there
                // is none: a local FUSE daemon, a server on this machine): the server delivered less
};
// "cpu-bound", "io-bound", "memory-bound", "mixed", "network-bound", "server-bound", "unknown"
std::string_view toString(Verdict verdict);

// Time accounting of one stream (one hashing/reading/writing thread).
struct StreamResult {
  std::uint64_t bytes = 0;
  double wallSeconds = 0;
  double cpuSeconds = 0;      // CPU time of the stream's worker thread (user+sys)
  double readerCpuSeconds = 0;  // CPU time of the stream's reader thread, when reading is pipelined
  double waitSeconds = 0;     // the worker waited for data (reader behind)
  double busySeconds = 0;     // the worker hashed / copied / wrote
  std::uint64_t files = 0;    // hash-tree: files done by this stream
};

// One CPU/disk/throughput sample, taken by the sampler thread during a run.
// Cumulative counters are "since run start"; rates and percentages describe the interval that ends at `t`.
struct Sample {
  double t = 0;                           // seconds since run start
  double interval = 0;                    // seconds since the previous sample
  std::vector<std::uint64_t> streamBytes; // cumulative bytes per stream
  std::uint64_t totalBytes = 0;           // cumulative, all streams
  std::vector<double> streamMBps;         // interval throughput per stream (decimal MB/s)
  double totalMBps = 0;
  double cpuBusyPct = 0;                  // whole system, 0..100 of all cores
  double cpuUserPct = 0, cpuSystemPct = 0, cpuIowaitPct = 0;
  std::vector<double> coreBusyPct;        // per logical core, 0..100
  double processCpuPct = 0;               // this process, 100 = one full core
  std::vector<double> workerCpuPct;       // per stream: the hashing/working thread, 0..100
  std::vector<double> readerCpuPct;       // per stream: the reader thread, 0..100 (empty when none)
  double waitPct = 0;                     // mean over streams: share of the interval spent waiting for data
  double busyPct = 0;                     // mean over streams: share of the interval spent hashing/working
  bool diskValid = false;                 // device counters were readable for this interval
  std::uint64_t diskReadBytes = 0;        // cumulative since run start, from the device
  std::uint64_t diskWriteBytes = 0;
  double diskReadMBps = 0, diskWriteMBps = 0;
  double diskBusyPct = 0;                 // io_ticks share of the interval (may exceed 100 on some OSes: clamped)
  double diskInFlight = 0;                // requests in flight at the sample time
  bool netValid = false;                  // the network location's interface counters were readable for this interval
  std::uint64_t netRxBytes = 0;           // cumulative since run start: what that interface received (all processes)
  double netRxMBps = 0;                   // received over the interval (decimal MB/s)
  Verdict verdict = Verdict::Unknown;     // what limited this interval
};

// How a run's fetched bytes (RunResult::ownReadBytes: from storage, not the page cache) were counted. Network
// and FUSE filesystems bypass the block layer, where the process's accounting counts: one of the others does.
enum class FetchBasis {
  Unknown,        // nothing could count it (ownReadBytes is empty)
  ProcessIo,      // the process's (or peer tool's) block-layer I/O accounting: /proc/self/io, proc_pid_rusage
  MountCounters,  // the network mount's own counters (NFS: /proc/self/mountstats): every process on that mount
  PageCache,      // the bytes read less what the page cache held of the files as the run began (mincore)
  DirectIo,       // read with direct I/O, which the page cache never serves: the filesystem delivered every byte
  Interface,      // what the location's network interface received during the run: every process on it
};
std::string_view toString(FetchBasis basis);  // "unknown", "process-io", "mount-counters", "page-cache", "direct-io", "interface"

// Why a limit estimate could not be trusted for a run that exceeded it (efficiency above 103%).
enum class LimitReason {
  Unexplained,        // nothing recorded explains it: treat the limit as a lower bound
  PartlyFromCache,    // the process fetched fewer bytes from storage than it processed (value1 of value2 bytes)
  ReferenceVaried,    // the reference's passes spread widely (value1..value2 MB/s)
  NoDeviceFigure,     // no device or own-I/O figure could confirm the read ceiling
  HashReferenceVaried,  // the run's own threads hashed faster per CPU second (value2) than the hash ceiling (value1)
};

// A condition the front ends must show next to a result. The analysis gives the numbers; each front end
// writes the sentence (the GUI through tr()).
enum class FlagCode {
  MachineBusy,        // other processes used value1 cores of value2 while the step ran: not representative
  WideSpread,         // the passes ranged value1..value2 MB/s (median in the result)
  LimitUnreliable,    // efficiency exceeds the limit estimate; `reason` says why, with its numbers in value1/2
  ServedFromCache,    // the process fetched value1 bytes from storage for value2 processed
  WithinReferenceSpread,  // above the limit by less than the spread of the ceiling that set it (its passes
                          // ranged value1..value2 MB/s): the efficiency is shown, the reason is that spread
};
struct Flag {
  FlagCode code = FlagCode::MachineBusy;
  double value1 = 0, value2 = 0;
  LimitReason reason = LimitReason::Unexplained;
};
std::string_view toString(FlagCode code);      // "machine-busy", "wide-spread", "limit-unreliable", "served-from-cache"
std::string_view toString(LimitReason reason); // "unexplained", "partly-from-cache", "reference-varied", "no-device-figure", ...
std::optional<FlagCode> parseFlagCode(std::string_view text);
std::optional<LimitReason> parseLimitReason(std::string_view text);

// Why the analysis reached its verdict: the rule that decided it. The analysis gives this code and the
// numbers; app/words writes the sentence, once for both front ends.
enum class VerdictReason {
  // unknown
  RunFailed,          // the run failed (RunResult::error)
  RunCancelled,       // the run was stopped
  TooShort,           // no bytes, or too short to measure
  NoCounters,         // neither thread CPU times nor device counters were recorded
  // cpu-bound
  WorkerSaturated,    // the working threads were busy nearly all the time and hardly waited for data
  AtHashLimit,        // the run reached its limit, and the hash ceiling sets it
  HashSlowerThanRam,  // the data is in RAM and the hash ceiling is clearly below the read ceiling there
  CpuContended,       // every core was busy and other processes held a good part of them
  // io-bound
  DeviceSaturated,    // the workers waited for data while the device was busy
  ReaderBlocked,      // the reader threads sat off the CPU, blocked in reads
  WaitedForData,      // the workers waited for data from storage; no device counters to say more
  AtReadLimit,        // the run reached the location's read ceiling (memory-bound when that is RAM)
  QueueDepthLimited,  // the device delivered what this many reads in flight get from it, and more with a deeper
                      // queue (Analysis::limit's read ceiling says how much, at which point)
  // memory-bound
  MemoryBacked,       // reading or writing a RAM-backed location: no device involved
  ServedFromCache,    // reading data the page cache already held
  WaitedForRam,       // the workers waited for data copied out of RAM
  RamSlowerThanHash,  // the data is in RAM and the read ceiling there is clearly below the hash ceiling
  BelowHashSpeed,     // hashing from RAM well below the hash ceiling, without waiting for data
  NearMemorySpeed,    // hash-memory ran at the speed of a memory copy
  MemoryCopy,         // the memory workload: a copy in RAM, memory-bound by definition
  // network-bound
  LinkSaturated,      // the location's interface carried data at (nearly) its link speed
  // server-bound
  ServerLimited,      // the workers waited for the filesystem while its link had room (or there is no link)
  // mixed
  ReaderOnCpu,        // the workers waited for data, but the reader was on the CPU, not blocked on the device
  DeviceIdle,         // the workers waited for data, but the device was mostly idle
  NoDominantResource, // no single resource explains the speed
};
// "run-failed", "worker-saturated", "at-read-limit", ... (the JSON and CSV spelling)
std::string_view toString(VerdictReason reason);
// The reason spelled as toString writes it, or nullopt.
std::optional<VerdictReason> verdictReasonFromString(std::string_view text);

// What a network or FUSE location's verdict rests on, beyond the common figures (absent elsewhere).
struct RemoteEvidence {
  double linkMBps = 0;             // the interface's link speed in MB/s (Mb/s / 8); 0 = unknown
  bool linkIsMemory = false;       // no network carries the data: a server on this machine (loopback) or a
                                   // local FUSE daemon; the link is never the limit then
  bool interfaceValid = false;     // the interface was sampled
  std::uint64_t interfaceBytes = 0;  // what it received during the run (every process)
  double interfaceMBps = 0;        // ...per second of the run
  double roundTripMs = -1;         // one small read's round trip (RunResult::roundTripMs); -1 = not measured
  double oneStreamMBps = 0;        // the best the location delivered to one stream in this cache mode (0 = none)
  double manyStreamsMBps = 0;      // the best it delivered to more streams, and with how many (0 = none)
  int manyStreams = 0;
};

// The analysis attached to every benchmark result: what limited it, with numbers.
struct Analysis {
  Verdict verdict = Verdict::Unknown;
  VerdictReason reason = VerdictReason::NoCounters;  // why: the rule that decided the verdict
  bool servedFromCache = false;    // a disk-backed file workload read far fewer bytes from the device than it processed
  bool memoryBacked = false;       // the location is RAM (tmpfs): no disk involved at all
  Limit limit;                     // min(read ceiling, hash ceiling), each taken at this result's point
  std::optional<CeilingAt> perCore;  // hash-memory: its algorithm's per-core figure pooled from every such pass
                                     // (StepContext::perCore): shown in its own place, labelled "per core"
  // A read step of a device: the most the device delivered during a hash step of the same location, when that is
  // above the read's own fastest pass (what "reading alone" did not show); absent elsewhere.
  std::optional<CeilingAt> delivered;
  double efficiency = 0;           // end-to-end MB/s / limit, 0..1+ ; 0 = no limit
  double workerBusyPct = 0;        // mean worker-thread CPU share over the run
  double waitPct = 0;              // mean share of time waiting for data
  double diskBusyPct = 0;          // mean device busy share over the run
  double cpuBusyPct = 0;           // mean system CPU busy
  std::uint64_t deviceReadBytes = 0;
  double otherCores = -1;          // cores' worth of CPU other processes used during the run (-1 = unknown)
  // The rest of the evidence as numbers, for front ends that write their own sentence (-1 = unknown).
  double hashCallPct = -1;         // share of wall time the workers spent inside hash calls
  double readerCpuPct = -1;        // CPU share of the reader threads
  bool diskValid = false;          // device counters were read during the run
  int cores = 0;                   // logical cores the run shared (0 = unknown)
  std::optional<RemoteEvidence> remote;  // network and FUSE locations' file workloads
  std::vector<Flag> flags;         // what the front ends must show with the numbers

  bool has(FlagCode code) const;
  double limitMBps() const { return limit.mbps(); }
  // Efficiency is a plain number only when it is known and not flagged as exceeding an unreliable limit.
  bool efficiencyShown() const { return efficiency > 0 && !has(FlagCode::LimitUnreliable); }
};

// The figures of one pass of a step. A step runs k passes in the same cache state; the RunResult holds the
// median pass in full and every pass in this form.
struct PassResult {
  std::uint64_t bytes = 0;
  double seconds = 0;
  double userSeconds = 0, systemSeconds = 0;
  double cpuMBps = 0;                    // per stream per second of its thread's CPU time (hash-memory: the ceiling)
  bool deviceValid = false;
  std::uint64_t deviceReadBytes = 0;     // what the location's device delivered (all processes)
  std::optional<std::uint64_t> ownReadBytes;  // what this process (or the peer tool) fetched from storage
  double mbPerSec() const { return megabytesPerSecond(bytes, seconds); }
};

// One finished workload run. A value type: copyable, no pointers into the engine.
struct RunResult {
  Workload workload = Workload::HashFile;
  std::string algorithm;             // empty for memory/read/write
  std::string tool;                  // peer-tool workloads: the command as run ("md5sum FILE")
  std::filesystem::path location;    // the folder tested
  std::filesystem::path target;      // the file (or folder for hash-tree) processed
  int streams = 1;
  unsigned hashThreads = 0;          // threads hashing one stream (BLAKE3's tree: several); 0 = no hashing
  std::uint64_t blockSize = 0;
  ReadPath readPath = ReadPath::Auto;  // as requested (readMethods: what ran)
  int queueDepth = 0;                // reads in flight per stream of the run's direct reads (the spec's depth);
                                     // 0 = none were direct (cached and mapped reads are queued by the kernel)
  CacheMode cache = CacheMode::AsIs; // as requested
  CacheMethod cacheMethod = CacheMethod::NotApplicable;  // as achieved
  std::string cacheNote;             // why cold could not be achieved, when it could not
  ReadMethods readMethods;           // how bytes were read, as the engine chose (engine::chooseReadMethod): what
                                     // ran; before a run (suite::plannedRun), what it will choose
  std::uint64_t bytes = 0;           // bytes processed, all streams
  std::uint64_t files = 0;           // files processed (hash-file: 1; hash-tree: all)
  double seconds = 0;                // wall time of the measured part
  double userSeconds = 0;            // process (or child, for peer tools) user CPU
  double systemSeconds = 0;          // process (or child) system CPU
  std::vector<StreamResult> perStream;
  std::string digest;                // hex digest when one stream processed one whole file; peer tools: theirs
  std::optional<bool> digestMatches; // peer tools: equals HashScope's digest of the same file
  bool cancelled = false;
  std::string error;                 // non-empty when the run failed; partial numbers may remain
  std::vector<std::string> fileErrors;  // hash-tree: per-file problems that did not stop the run

  StorageInfo storage;               // where the run happened (filled by the suite/CLI, may be empty)
  std::optional<Analysis> analysis;  // filled by the analyser
  std::vector<Sample> samples;       // the sampled time series of the median pass (may be empty)
  // What this process (or the peer tool) fetched from storage during the run rather than from the page cache,
  // counted as fetchedBy says; nullopt where nothing can tell cache hits from storage reads.
  std::optional<std::uint64_t> ownReadBytes;
  FetchBasis fetchedBy = FetchBasis::Unknown;  // how ownReadBytes was counted
  // Network and FUSE locations: the round trip of one small read that had to reach the server (median of a
  // few direct reads, before the location's first step), in milliseconds; absent elsewhere.
  std::optional<double> roundTripMs;
  std::vector<PassResult> passes;    // every pass, in the order run (empty: a single unrecorded pass)
  // The pass this result is (its samples, digest and counters: the median of `passes`), an index into them;
  // -1 when not known (a single unrecorded pass, a run loaded from the history).
  int keptPass = -1;
  // A hash-file step from a RAM-backed location: read passes of the same file, streams and access, one before
  // each of its passes and one after the last. Its read ceiling: RAM's speed drifts from step to step, so a read
  // step taken earlier is no limit for it.
  std::vector<PassResult> pairedReads;

  double mbPerSec() const { return megabytesPerSecond(bytes, seconds); }
  double minMBps() const;            // over the passes (mbPerSec() when there are none)
  double maxMBps() const;
  bool ok() const { return error.empty() && !cancelled; }
};

}  // namespace hashscope
