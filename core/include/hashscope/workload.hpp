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

// What a tree walk does with a symbolic link under its root. `hash -r` follows every link (each name is hashed
// as md5sum would); a benchmark of existing data follows none unless asked, and then only those that stay
// inside the tree: a link to / or ../elsewhere must not turn a folder's benchmark into a walk of the disk.
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
  int queueDepth = kDefaultQueueDepth; // reads in flight per stream for direct (cold) reads, 1..64, like fio's
                                       // --iodepth: one reader thread per read in flight (cached reads: one
                                       // thread, the kernel's readahead queues); buffers held: queueDepth + 1
  bool tree = false;                   // read: `target` is a folder, every file under it is read as hash-tree
                                       // walks it (hash-tree's read reference on existing data)
  bool prewarmed = false;              // warm: the caller already read the target into the cache (runSampled does,
                                       // before its sampler starts), so the engine does not read it a second time
  LinkPolicy links = LinkPolicy::Follow;  // hash-tree and a read with `tree`: symbolic links under the folder
  bool remote = false;                 // the target is on a network or FUSE filesystem (the suite sets it from the
                                       // location): ReadPath::Auto then reads with copies, never mapped (ReadPlan)
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
  std::shared_ptr<ThreadClock> workerClock(int stream) const;  // may be null before the thread started
  std::shared_ptr<ThreadClock> readerClock(int stream) const;  // null when the stream has no reader thread

private:
  struct alignas(64) Stream {
    std::atomic<std::uint64_t> bytes{0}, waitNs{0}, busyNs{0}, files{0};
  };
  std::vector<std::unique_ptr<Stream>> m_streams;
  std::atomic<std::uint64_t> m_expected{0};
  mutable std::mutex m_clockMutex;
  std::vector<std::shared_ptr<ThreadClock>> m_workerClocks, m_readerClocks;
};

// Runs a workload to completion (or until `stop` is requested) on background threads and joins them all
// before returning. Never throws: failures land in RunResult::error, cancellation in RunResult::cancelled.
// Cancellation returns within 200 ms and leaves no file behind that the run created.
// `counters` must have spec.streams streams; pass nullptr when nobody samples.
RunResult runWorkload(const WorkloadSpec& spec, std::stop_token stop, LiveCounters* counters = nullptr);

// The read methods runWorkload will choose for `spec`'s file (a range bigger than a block) before it runs, by the
// same decision (engine::chooseReadMethod): `cached` its bytes come through the page cache (warm, or RAM-backed),
// `hashThreads` per stream (BLAKE3's tree: several). Both copies where the engine measures which at the first
// range; none for a workload that reads no file through the engine. What a planned RunResult records, so the
// live analysis reads the decision instead of deriving it.
ReadMethods plannedReadMethods(const WorkloadSpec& spec, bool cached, unsigned hashThreads);

// Whether `spec` works on every file under its target folder (write, hash-tree, a read with `tree`).
bool readsFolder(const WorkloadSpec& spec);
// Reads a file once so the next read is served from RAM (the "warm" cache mode). Returns an error message or "".
std::string warmFile(const std::filesystem::path& file, std::stop_token stop);
// Warm mode's one warm-up, before anything is timed: the spec's file, or every file under its folder (a file
// there that cannot be read is skipped: the run reports it when it reads it). runWorkload calls it unless
// `prewarmed`; runSampled calls it before its sampler starts. Returns an error message or "".
std::string warmUp(const WorkloadSpec& spec, std::stop_token stop);

// Digests of one file under several algorithms, read once (the CLI's `hash` and `check`; not the hash-file
// workload, which measures reading and hashing one sample: runWorkload).
struct FileDigests {
  std::vector<Digest> digests;  // in the order of the algorithms asked for
  std::uint64_t size = 0;
  std::string error;            // one clear sentence when the file could not be hashed
};
FileDigests hashFile(const std::filesystem::path& file, const std::vector<std::string>& algorithms,
                     std::stop_token stop, LiveCounters* counters = nullptr, int stream = 0,
                     std::uint64_t blockSize = 1 * MiB);

struct TreeListing;

// hashFile for file after file on one thread (hash -r's workers): keeps its hashers, its buffer and its reader
// thread from file to file, and reads each file as consumeRange chooses (one read() for a file of at most a
// block; bigger ones through mapped windows, with a helper thread preparing them when `jobs`, the FileHashers
// running at once, leave a core free, or with read() on this thread when several share the process; the
// pipelined reader where files cannot be mapped). Files of size 0 (and of 4096 bytes on a kernel pseudo
// filesystem) are read until a read returns nothing. Not thread-safe.
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
    Regular,  // just seen to be a regular file (a check of the argument): opened without a look (the open
              // handle is still checked)
  };
  FileDigests hash(const std::filesystem::path& file, Seen seen = Seen::Unknown);
  // `file`, listed in the open `folder` (its path is the folder's with the file's name appended): opened by
  // that name relative to the folder (one name looked up instead of a whole path, and never a folder swapped
  // for a link since the listing), without a look. On a thread with its own descriptor table
  // (useOwnDescriptorTable) the folder is opened again there, once, and checked to be the one listed.
  FileDigests hash(const std::filesystem::path& file, const platform::Folder& folder);
  // listing.files[index], in its listed folder (by path when the listing kept no folder for it).
  FileDigests hash(const TreeListing& listing, std::size_t index);
  // How the last file was read: "read" (read() on this thread), "mmap" or "pipelined"; "" before any.
  const char* lastReadMethod() const;

private:
  struct State;
  std::unique_ptr<State> m_state;
};

// Gives the calling thread a descriptor table of its own (Linux 5.9+; elsewhere it does nothing and returns
// false). For worker threads that open many files for themselves: a process's threads otherwise contend for
// its one table at every open and close (see platform::useOwnDescriptorTable). Descriptors opened by other
// threads are not valid on the thread afterwards: FileHasher opens listed folders again for it.
bool useOwnDescriptorTable();

// The file loop of `hash` and `check`: runOrdered (jobs.hpp) whose workers, when there are several, each open
// their files in a descriptor table of their own, and hash with their own FileHasher in `work`.
template <class Job, class Result>
void runFileJobs(int workers, std::size_t window, std::stop_token stop,
                 const std::function<void(JobRing<Job, Result>& ring)>& produce,
                 const std::function<Result(int worker, Job& job)>& work,
                 const std::function<void(Job& job, Result& result)>& consume,
                 const std::function<void()>& beforeWait = {})
{
  runOrdered<Job, Result>(workers, window, std::move(stop), produce, work, consume, beforeWait, [workers](int) {
    if (workers > 1)
      useOwnDescriptorTable();
  });
}

// Every regular file under `root`, recursively, sorted by path (like md5deep -r). Symbolic links are treated
// as `LinkPolicy` says; links to folders are never followed back into a folder already on the current path
// (a loop), which becomes an error line. Unreadable folders, FIFOs, sockets and devices are reported in
// `errors` (one sentence each) and skipped.
struct TreeListing {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> errors;
  std::uint64_t totalBytes = 0;
  std::vector<std::uint64_t> sizes;  // sizes[i]: the size of files[i] when it was listed (0 if unknown)
  // folders[i]: the open folder files[i] was listed in, which FileHasher::hash(listing, i) opens it relative to;
  // nullptr when none was kept (a file given as the root, or past the number of folders kept open).
  std::vector<std::shared_ptr<const platform::Folder>> folders;
  // Links the policy did not follow, one sentence each ("a/backup: a symbolic link, not followed"): by
  // choice, not failures.
  std::vector<std::string> notFollowed;
};
// `sizes` false: files are not looked at one by one (their type comes from the folder listing), so
// `sizes` stays empty and totalBytes 0 — one system call fewer per file, for callers that open them anyway.
TreeListing listFiles(const std::filesystem::path& root, std::stop_token stop = {}, bool sizes = true,
                      LinkPolicy links = LinkPolicy::Follow);
// What walkTree hands on, entry by entry, in listFiles's order (sorted by path), on the walking thread.
struct TreeSink {
  // A regular file, listed in `folder` (which it can be opened relative to; null: open it by path; the sink
  // keeps a copy of the pointer for as long as it needs the folder open), with its size when walked with sizes.
  std::function<void(std::filesystem::path path, const std::shared_ptr<const platform::Folder>& folder,
                     std::uint64_t size)> file;
  std::function<void(std::string sentence)> problem;      // an entry skipped, or a folder that cannot be read
  std::function<void(std::string sentence)> notFollowed;  // optional: a link the policy did not follow
  std::function<void()> folderDone;                       // optional: after the last entry of each folder
};
// listFiles as a stream: each file and problem reaches `sink` as soon as it is found, so work on the first
// files can start while the rest of the tree is walked. Stops (quietly) when `stop` is requested.
void walkTree(const std::filesystem::path& root, std::stop_token stop, bool sizes, LinkPolicy links,
              const TreeSink& sink);


}  // namespace hashscope
