// The engine: runs one workload on background threads with live counters, cancellation and a value result.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/hash.hpp"
#include "hashscope/jobs.hpp"
#include "hashscope/results.hpp"
#include "hashscope/types.hpp"

namespace hashscope {

namespace platform {
class Folder;  // an open folder (core/src/platform/file_io.hpp), held by TreeListing
}

// What a tree walk does with a symbolic link under its root. `hash -r` follows every link (as md5sum would); a
// benchmark of existing data follows only links within the tree if asked: a link to / must not walk the disk.
enum class LinkPolicy {
  Follow,            // every link (a loop back into the current path is still an error line)
  FollowWithinTree,  // links whose target lies under the root; the others are listed in notFollowed
  Skip,              // no link; each is listed in notFollowed
};

// What to run. A plain value: the engine never reads settings.
struct WorkloadSpec {
  Workload workload = Workload::HashFile;
  std::string algorithm;               // hash-memory, hash-file, hash-tree
  std::filesystem::path target;        // read/hash-file: the file (read with `tree`: the folder);
                                       // hash-tree: the folder; write: the folder to write in
  int streams = 1;                     // parallel streams; file workloads split the file into `streams` contiguous slices
  std::uint64_t blockSize = 1 * MiB;   // bytes per read/update/write
  std::uint64_t bytes = 0;             // memory/hash-memory: bytes per stream (0 = use `seconds`); write: file size
  double seconds = 0;                  // memory/hash-memory: run this long when bytes == 0 (default 2 s)
  CacheMode cache = CacheMode::AsIs;
  SampleContent content = SampleContent::Random;  // write
  ReadPath readPath = ReadPath::Auto;  // read, hash-file, hash-tree: how bytes are read (RunResult::readMethods: what ran)
  int queueDepth = kDefaultQueueDepth; // direct (cold) reads in flight per stream, 1..64, like fio's --iodepth
                                       // (a reader thread each; buffers held: queueDepth + 1)
  bool tree = false;                   // read: `target` is a folder, read as hash-tree walks it
  bool prewarmed = false;              // warm: the caller (runSampled) already read the target into the cache
  LinkPolicy links = LinkPolicy::Follow;  // hash-tree and a read with `tree`: symbolic links under the folder
  bool remote = false;                 // a network or FUSE target (set by the suite): Auto never maps (ReadPlan)
};

// A CPU-time clock of one thread, readable from any other thread (the sampler's).
class ThreadClock {
public:
  virtual ~ThreadClock() = default;
  virtual double cpuSeconds() const = 0;  // user+sys of that thread so far
};
// The calling thread's clock. Never null.
std::shared_ptr<ThreadClock> currentThreadClock();
// This process: user and system CPU seconds so far.
void processCpuSeconds(double& user, double& system);

// Counters the engine updates while it runs and the sampler reads concurrently. Lock-free on the hot path.
class LiveCounters {
public:
  explicit LiveCounters(int streams = 1);
  int streams() const { return static_cast<int>(m_streams.size()); }

  // Hot path (workers): relaxed atomics.
  void addBytes(int stream, std::uint64_t n) { m_streams[stream]->bytes.fetch_add(n, std::memory_order_relaxed); }
  void addWaitNanos(int stream, std::uint64_t n) { m_streams[stream]->waitNs.fetch_add(n, std::memory_order_relaxed); }
  void addBusyNanos(int stream, std::uint64_t n) { m_streams[stream]->busyNs.fetch_add(n, std::memory_order_relaxed); }
  void addFile(int stream) { m_streams[stream]->files.fetch_add(1, std::memory_order_relaxed); }
  void setExpectedBytes(std::uint64_t n) { m_expected.store(n, std::memory_order_relaxed); }
  // Workers register their threads' clocks once they start (role: "worker" or "reader").
  void registerThread(int stream, bool reader, std::shared_ptr<ThreadClock> clock);

  // Readers (sampler, progress bars).
  std::uint64_t bytes(int stream) const { return m_streams[stream]->bytes.load(std::memory_order_relaxed); }
  std::uint64_t waitNanos(int stream) const { return m_streams[stream]->waitNs.load(std::memory_order_relaxed); }
  std::uint64_t busyNanos(int stream) const { return m_streams[stream]->busyNs.load(std::memory_order_relaxed); }
  std::uint64_t files(int stream) const { return m_streams[stream]->files.load(std::memory_order_relaxed); }
  std::uint64_t totalBytes() const;
  std::uint64_t expectedBytes() const { return m_expected.load(std::memory_order_relaxed); }  // 0 = unknown (duration-bound)
  // Null before the thread started; the reader's null when the stream has no reader thread.
  std::shared_ptr<ThreadClock> workerClock(int stream) const { return clock(stream, false); }
  std::shared_ptr<ThreadClock> readerClock(int stream) const { return clock(stream, true); }

private:
  std::shared_ptr<ThreadClock> clock(int stream, bool reader) const;
  struct alignas(64) Stream {
    std::atomic<std::uint64_t> bytes{0}, waitNs{0}, busyNs{0}, files{0};
  };
  std::vector<std::unique_ptr<Stream>> m_streams;
  std::atomic<std::uint64_t> m_expected{0};
  mutable std::mutex m_clockMutex;
  std::vector<std::shared_ptr<ThreadClock>> m_workerClocks, m_readerClocks;
};

// Runs a workload to completion (or `stop`) on background threads, joined before it returns. Never throws:
// failures land in RunResult::error, cancellation (within 200 ms, leaving no file it created) in ::cancelled.
// `counters` must have spec.streams streams; nullptr when nobody samples.
RunResult runWorkload(const WorkloadSpec& spec, std::stop_token stop, LiveCounters* counters = nullptr);

// The read methods runWorkload will choose for `spec`'s file before it runs (engine::chooseReadMethod), so the
// live analysis reads the decision instead of deriving it. `cached`: through the page cache; `hashThreads` per
// stream. Both copies where the engine decides at the first range; none where no file is read.
ReadMethods plannedReadMethods(const WorkloadSpec& spec, bool cached, unsigned hashThreads);

// Whether `spec` works on every file under its target folder (write, hash-tree, a read with `tree`).
bool readsFolder(const WorkloadSpec& spec);
// Reads a file once so the next read is served from RAM (the "warm" cache mode). Returns an error message or "".
std::string warmFile(const std::filesystem::path& file, std::stop_token stop);
// Warm mode's one warm-up, before anything is timed (by runWorkload unless `prewarmed`): the spec's file, or
// every file under its folder (one that cannot be read is skipped: the run says so). An error or "".
std::string warmUp(const WorkloadSpec& spec, std::stop_token stop);

// Digests of one file under several algorithms, read once (the CLI's `hash` and `check`).
struct FileDigests {
  std::vector<Digest> digests;  // in the order of the algorithms asked for
  std::uint64_t size = 0;
  std::string error;            // one clear sentence when the file could not be hashed
};
FileDigests hashFile(const std::filesystem::path& file, const std::vector<std::string>& algorithms,
                     std::stop_token stop, LiveCounters* counters = nullptr, int stream = 0,
                     std::uint64_t blockSize = 1 * MiB);

struct TreeListing;

// hashFile for file after file on one thread (hash -r's workers), keeping its hashers, buffer and reader from
// file to file; each file read as consumeRange chooses (`jobs`: the FileHashers running at once). Files of a
// kernel pseudo filesystem are read until a read returns nothing. Not thread-safe.
class FileHasher {
public:
  FileHasher(std::vector<std::string> algorithms, std::stop_token stop, LiveCounters* counters = nullptr,
             int stream = 0, std::uint64_t blockSize = 1 * MiB, int jobs = 1, const Blake3Options& blake3 = {});
  ~FileHasher();
  FileHasher(const FileHasher&) = delete;
  FileHasher& operator=(const FileHasher&) = delete;
  // What the caller knows of `file` before it is opened.
  enum class Seen {
    Unknown,  // nothing: it is looked at first (opening a FIFO could block, a device could react)
    Regular,  // just seen to be a regular file: opened without a look (the open handle is still checked)
  };
  FileDigests hash(const std::filesystem::path& file, Seen seen = Seen::Unknown);
  // `file`, listed in the open `folder`: opened relative to it without a look (InputFile::openIn). On a thread
  // with its own descriptor table the folder is opened again there, once, and checked to be the one listed.
  FileDigests hash(const std::filesystem::path& file, const platform::Folder& folder);
  // listing.files[index], in its listed folder (by path when the listing kept no folder for it).
  FileDigests hash(const TreeListing& listing, std::size_t index);
  // How the last file was read: "read" (read() on this thread), "mmap" or "pipelined"; "" before any.
  const char* lastReadMethod() const;

private:
  struct State;
  std::unique_ptr<State> m_state;
};

// platform::useOwnDescriptorTable for worker threads that open many files (false where not possible).
// Descriptors opened by other threads are then not valid there: FileHasher opens listed folders again.
bool useOwnDescriptorTable();

// The file loop of `hash`, `check` and hash-tree: runOrdered (jobs.hpp) whose workers, when there are
// several, each open their files in a descriptor table of their own, then run `aroundWorker` (or their loop).
template <class Job, class Result>
void runFileJobs(int workers, std::size_t window, std::stop_token stop,
                 const std::function<void(JobRing<Job, Result>& ring)>& produce,
                 const std::function<Result(int worker, Job& job)>& work,
                 const std::function<void(Job& job, Result& result)>& consume,
                 const std::function<void()>& beforeWait = {},
                 const std::function<void(int worker, const std::function<void()>& loop)>& aroundWorker = {})
{
  runOrdered<Job, Result>(workers, window, std::move(stop), produce, work, consume, beforeWait,
                          [&](int worker, const std::function<void()>& loop) {
                            if (workers > 1)
                              useOwnDescriptorTable();
                            aroundWorker ? aroundWorker(worker, loop) : loop();
                          });
}

// Every regular file under `root`, recursively, sorted by path (like md5deep -r); links as `LinkPolicy` says,
// a loop back into the current path an error line. Unreadable folders, FIFOs, sockets and devices are skipped
// with a sentence each in `errors`.
struct TreeListing {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> errors;
  std::uint64_t totalBytes = 0;
  std::vector<std::uint64_t> sizes;  // sizes[i]: the size of files[i] when it was listed (0 if unknown)
  // folders[i]: the open folder files[i] was listed in; nullptr when none was kept (open it by path).
  std::vector<std::shared_ptr<const platform::Folder>> folders;
  // Links the policy did not follow, one sentence each: by choice, not failures.
  std::vector<std::string> notFollowed;
};
// `sizes` false: no look per file (one system call fewer), `sizes` empty and totalBytes 0.
TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop = {}, bool sizes = true,
                      LinkPolicy links = LinkPolicy::Follow);
// What walkTree hands on, entry by entry, in listFiles's order (sorted by path), on the walking thread.
struct TreeSink {
  // A regular file, listed in `folder` (null: open it by path; keep the pointer while the folder is needed).
  std::function<void(std::filesystem::path path, const std::shared_ptr<const platform::Folder>& folder,
                     std::uint64_t size)> file;
  std::function<void(std::string sentence)> problem;      // an entry skipped, or a folder that cannot be read
  std::function<void(std::string sentence)> notFollowed;  // optional: a link the policy did not follow
  std::function<void()> folderDone;                       // optional: after the last entry of each folder
};
// listFiles as a stream: each file and problem reaches `sink` as soon as found. Stops quietly on `stop`.
void walkTree(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links,
              const TreeSink& sink);


}  // namespace hashscope
