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
};

// Runs `body(stream, outcome)` on `streams` threads and joins them all. Each thread registers its CPU clock
// in `counters` and gets its wall and CPU time measured; exceptions become outcome.error.
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

// Pulls every block of the reader's current job through `hashers` (none: read and discard), accounting
// waiting for data vs working. Returns false with `error` on a read error or when stopped.
bool consumeJob(PipelinedReader& reader, std::span<Hasher* const> hashers, LiveCounters& counters, int stream,
                StreamResult& result, std::string& error);

// How the bytes of a file reach the hashers. Chosen per file from measurements on a 2-core VM, kernel 6.18
// (issue 12; 1 GiB random file in /dev/shm, medians of interleaved runs):
//  - Whole: files of at most one block are read with one read into a reused buffer, inline (no thread);
//  - Mapped: every other cached or RAM-backed file that is hashed, whatever the algorithm, straight from the
//    page cache. When the hashing threads leave a core free per stream (mappedHelperFits), a helper thread
//    populates the next window and unmaps the last one, so the hashing thread does no page-table work:
//      one stream:  sha1 0.581 s (pipelined 0.580, mapped alone 0.696), md5 1.452 s (pipelined 1.461),
//                   xxh3-64 0.138 s (mapped alone 0.164), cksum 0.152 (0.175), blake3 one thread 0.263 (0.380);
//    when the streams fill the cores (hash-file, 2 streams of 512 MiB) the hashing threads fault the pages in
//    themselves, which costs less CPU than the pipelined reader's copy on the same cores or a helper:
//      md5 1346 MB/s (helper 1193, pipelined 1087), xxh3-64 10476 MB/s (helper 8549, pipelined 4561).
//    With per-VMA locks (6.4+) the threads' faults do not contend; on 6.1 a fault takes mmap_lock for
//    reading, blocked only by the 16 MiB windows' mmap/munmap, a few per 100 ms;
//  - Pipelined: reads that bypass or evict the cache (cold: direct I/O or drop-behind), the read workload
//    (it measures the copy), and builds that cannot map.
enum class ReadMethod { Whole, Mapped, Pipelined };
// "read", "mmap", "pipelined": the words results use.
const char* readMethodName(ReadMethod method);
// The method for `file` (opened under a plan with `dropBehind`), `length` bytes of it, these hashers (none:
// the read workload).
ReadMethod chooseReadMethod(const platform::InputFile& file, bool dropBehind, std::uint64_t length,
                            std::span<Hasher* const> hashers, std::uint64_t blockSize);
// Whether mapped reads of `threads` streams hashed by `hashers` get the window helper: only when each stream's
// hashing threads plus its helper fit on the cores (1 stream of md5 on 2 cores yes, 2 streams or BLAKE3's
// tree no) and the platform has one.
bool mappedHelperFits(std::span<Hasher* const> hashers, int threads);
// The read methods a run used, as a set (bit 1 << ReadMethod), and its text ("read+mmap").
std::string readMethodsText(unsigned methods);

// Hashes [offset, offset+length) of `file` through mapped windows, accounting like consumeJob. `threads`: how
// many threads of the process hash at once, for mappedHelperFits (1: this one alone). `cannotMap` (optional):
// set when the file cannot be mapped at all (nothing was hashed; read it through the pipelined reader instead).
bool consumeMapped(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                   std::span<Hasher* const> hashers, std::stop_token stop, LiveCounters& counters, int stream,
                   StreamResult& result, std::string& error, int threads = 1, bool* cannotMap = nullptr);
// Hashes all of `file` (at most a block) with one read into `buffer`, grown as needed and reused.
bool consumeWhole(platform::InputFile& file, std::vector<std::byte>& buffer, std::span<Hasher* const> hashers,
                  LiveCounters& counters, int stream, StreamResult& result, std::string& error);

// How a file is opened for a given cache mode, and what that achieved.
struct CachePlan {
  platform::ReadMode mode = platform::ReadMode::Cached;
  bool dropBehind = false;   // cold fallback: evict each consumed range
  CacheMethod method = CacheMethod::AsIs;
  std::string note;
};
// Opens one file for reading under `cache` (warming it, or evicting it, first) into `file`, and tells how
// further handles must be opened. Returns false with `error` when the file cannot be read at all.
// `prewarmed`: the caller already warmed the file, so warm mode only opens it.
bool prepareFile(const std::filesystem::path& path, CacheMode cache, std::stop_token stop, CachePlan& plan,
                 platform::InputFile& file, std::string& error, bool prewarmed = false);

// "Not enough free space in /x: 1 GiB needed, 12 MiB free", or "" when there is room (or it is unknown).
std::string freeSpaceProblem(const std::filesystem::path& folder, std::uint64_t needed);

// One clear sentence for a missing or unusable folder; "" when `folder` is a usable folder.
std::string folderProblem(const std::filesystem::path& folder);

// The individual workloads (run_workload.cpp validates the spec and catches everything around them).
void runMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
void runHashMemory(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
void runWrite(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
void runFileRead(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);
void runHashTree(const WorkloadSpec& spec, std::stop_token stop, LiveCounters& counters, RunResult& result);

// Fills result.perStream, bytes, files and the first stream error from the outcomes.
void collectOutcomes(std::vector<StreamOutcome>& outcomes, RunResult& result);

}  // namespace hashscope::engine
