// Pieces shared by the workload implementations: stream threads, timing, cache preparation, block consumers.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/pipelined_reader.hpp"
#include "engine/read_range.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

namespace hashscope::engine {

using Clock = std::chrono::steady_clock;

inline std::uint64_t nanosBetween(Clock::time_point a, Clock::time_point b)
{
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}
inline double secondsBetween(Clock::time_point a, Clock::time_point b)
{
  return std::chrono::duration<double>(b - a).count();
}

// What one stream thread reports back to the run.
struct StreamOutcome {
  StreamResult result;
  std::string error;                     // a failure that makes the whole run fail
  std::vector<std::string> fileErrors;   // hash-tree: per-file problems
  std::optional<CacheMethod> cacheMethod;  // hash-tree: the least cold method the stream's files achieved
  std::string cacheNote;
  unsigned hashThreads = 0;              // threads the stream's hasher used (0: none hashed)
  ReadMethods readMethods;               // the read methods the stream used
  bool queuedDirect = false;             // it read direct through the pipelined reader (queue depth applies)
};

// Runs `body()` as stream `i` of `streams` on the calling thread: registers the thread's CPU clock in
// `counters`, measures its wall and CPU time into outcome.result; exceptions become outcome.error.
void runAsStream(int i, int streams, LiveCounters& counters, StreamOutcome& outcome,
                 const std::function<void()>& body);
// runAsStream(i, ..., body(i, outcome)) on `streams` threads; joins them all.
std::vector<StreamOutcome> runStreams(int streams, LiveCounters& counters,
                                      const std::function<void(int, StreamOutcome&)>& body);

// Wall time and process CPU of the measured part of a run.
class Measurement {
public:
  void begin();
  void end(RunResult& result);

private:
  Clock::time_point m_start;
  double m_user = 0, m_system = 0;
};

// "Unknown hash algorithm "x"": the one wording of an algorithm id nobody knows.
std::string unknownAlgorithmText(std::string_view id);
// The hasher of one stream of `spec`: nullptr for workloads that hash nothing (read). An unknown algorithm
// (runWorkload checked it: a bug) throws, reported as an unexpected failure.
std::unique_ptr<Hasher> hasherFor(const WorkloadSpec& spec);
// The stream's reads of a file workload under `spec`, for a file opened with `dropBehind` (CachePlan).
ReadPlan readPlan(const WorkloadSpec& spec, bool dropBehind);
// Records what a stream's reads did in its outcome (readMethods, queuedDirect, reader CPU time).
void noteReads(const StreamReads& reads, StreamOutcome& out);

// How a file is opened for a given cache mode, and what that achieved.
struct CachePlan {
  platform::ReadMode mode = platform::ReadMode::Cached;
  bool dropBehind = false;   // cold fallback: evict each consumed range
  CacheMethod method = CacheMethod::AsIs;
  std::string note;
};
// Opens one file into `file` under `cache` (cold: evicted first, or for direct I/O; warm: warmUp read it) and
// tells in `plan` how further handles must be opened. False with `error` when it cannot be opened.
bool prepareFile(const std::filesystem::path& path, CacheMode cache, CachePlan& plan, platform::InputFile& file,
                 std::string& error);

// "Not enough free space in /x: 1 GiB needed, 12 MiB free", or "" when there is room (or it is unknown).
std::string freeSpaceProblem(const std::filesystem::path& folder, std::uint64_t needed);

// One clear sentence for a missing or unusable folder; "" when `folder` is a usable folder.
std::string folderProblem(const std::filesystem::path& folder);

// The memory workloads' buffers: page-aligned like the file paths' bytes, since a vector hash whose loads split
// cache lines (a heap buffer is 16-byte aligned) would set a hash ceiling that depends on where the heap put it
// (docs/measurements/2026-11-28-core-comments.md). nullptr when out of memory (the workloads throw bad_alloc).
inline platform::AlignedBuffer workBuffer(std::size_t size) { return platform::allocateAligned(size, 4096); }
// Where the memory workloads take their buffers: workBuffer, or a test's function that hands them on.
using WorkBuffers = std::function<platform::AlignedBuffer(std::size_t size)>;

// The individual workloads (run_workload.cpp validates the spec and catches everything around them).
void runMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result,
               const WorkBuffers& buffers = workBuffer);
void runHashMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result,
                   const WorkBuffers& buffers = workBuffer);
void runWrite(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
// read and hash-file: one file (workload_file.cpp).
void runFile(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
// The threads that list and look at folders' entries ahead of a tree walk (list_files.cpp): the walk alone
// holds back more than about six workers, and listers slow machines with few cores (docs/benchmarks.md, "The
// walk's work on other threads"): none below 8 cores, then one per 4 cores, at most 4.
unsigned listerThreads();
// walkTree and listFiles with `listers` threads whatever the machine, so a 2-core machine tests the listers.
void walkTreeWithListers(unsigned listers, const std::filesystem::path& root, std::stop_token stop, bool sizes,
                         LinkPolicy links, const TreeSink& sink);
TreeListing listFilesWithListers(unsigned listers, const std::filesystem::path& root, std::stop_token stop = {},
                                 bool sizes = true, LinkPolicy links = LinkPolicy::Follow);

// hash-tree, and read over a folder: every file under it (workload_tree.cpp).
void runTree(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);

// Fills the result's per-stream figures, totals, first error, read methods, queue depth and hashing threads.
void collectOutcomes(const WorkloadSpec& spec, std::vector<StreamOutcome>& outcomes, RunResult& result);

}  // namespace hashscope::engine
