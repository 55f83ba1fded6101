// consumeRange: the one place that decides how the bytes of a file range reach the hashers (or, for the
// read workload, only the CPU). hash -r (FileHasher), hash-tree, read and hash-file all read through it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/pipelined_reader.hpp"
#include "hashscope/hash.hpp"
#include "hashscope/results.hpp"
#include "hashscope/workload.hpp"
#include "platform/file_io.hpp"

namespace hashscope::engine {

// How the bytes of a range reach the hashers. Chosen per range (ReadPath::Auto) from measurements on a 2-core
// VM, kernel 6.18 (issue 12; 1 GiB random file in /dev/shm, medians of interleaved runs):
//  - Read: read() on the hashing thread into the stream's reused buffer: a range of at most one block with one
//    read (small files: no thread, no hand-off), a pseudo file block by block until a read returns nothing,
//    when several streams of one process read many files (ReadPlan::manyFiles, threads > 1: hash -r -j N,
//    hash-tree) every cached file below 64 MiB block by block (see kMapAtLeast in read_range.cpp), and every
//    other cached range that is not mapped (one stream where mapping does not pay, or several streams: they never
//    map) when copying it on the hashing thread is the better copy (autoCopiesInline: no core for a reader, or a
//    hash that costs no more than the copy). BLAKE3's tree, hashing a cached range alone, reads it with read() on
//    each of its threads, every thread its own parts into its own buffer (Hasher::updateFrom; 2 GiB in /dev/shm
//    on a 2-core KVM guest, hyperfine 15 runs: 0.533 s, where the tree given mapped 32 MiB windows took 0.685 and
//    b3sum 0.594: the windows' mmap and munmap ran on one thread while the others waited, and the tree waited for
//    all its threads at the end of every window; on many cores each munmap also sends a TLB shoot-down to every
//    core running a tree thread); beside other hashers (hash -a blake3,md5) the tree gets whole blocks;
//  - Mapped: one stream's cached or RAM-backed range bigger than a block that is hashed, whatever the algorithm,
//    straight from the page cache, where mapping pays on this machine (platform::mappingPays; else Read or
//    Pipelined, as autoCopiesInline says). When the hashing thread leaves a core free (mappedHelperFits), a
//    helper thread populates the next window and unmaps the last one, so the hashing thread does no page-table
//    work:
//      one stream:  sha1 0.581 s (pipelined 0.580, mapped alone 0.696), md5 1.452 s (pipelined 1.461),
//                   xxh3-64 0.138 s (mapped alone 0.164), cksum 0.152 (0.175), blake3 one thread 0.263 (0.380).
//    Several streams of one process are not mapped (kMapAtLeast in read_range.cpp says why and what it measured):
//    their mmaps, munmaps and faults share the address space's lock and TLB, which costs more with every core;
//  - Pipelined: read() copies on the stream's reader threads, queueDepth reads in flight for direct reads:
//    reads that bypass or evict the cache (cold: direct I/O or drop-behind), the read workload's cached reads
//    where mapping pays or copies were not measured (it measures the copy), network and FUSE files
//    (ReadPlan::remote), filesystems that cannot map, and the cached ranges Mapped would take on a machine
//    where mapping costs more than copying (under shadow paging, on a PVM
//    guest: md5 689 MB/s with copies against 468 mapped, xxh3-64 4402 against 1696) whose hashing costs more
//    than the copy, with a core for the reader (one md5 stream on 2 cores).
enum class ReadMethod { Read, Mapped, Pipelined };
// "read", "mmap", "pipelined": the words results use.
const char* readMethodName(ReadMethod method);
// The read methods a run used, as a set (bit 1 << ReadMethod), and its text ("read+mmap").
std::string readMethodsText(unsigned methods);
inline unsigned methodBit(ReadMethod method) { return 1u << static_cast<unsigned>(method); }

// What the caller knows about how a range is to be read: the spec's wishes and the file's cache plan.
struct ReadPlan {
  ReadPath path = ReadPath::Auto;
  bool dropBehind = false;            // cold fallback: every range read is evicted behind the reader
  std::uint64_t blockSize = 1 * MiB;  // bytes per read() (Read, Pipelined)
  int queueDepth = kDefaultQueueDepth;  // the pipelined reader's reads in flight (direct reads)
  int threads = 1;                    // streams of this process reading at once (for mappedHelperFits)
  bool manyFiles = false;             // the stream reads file after file (hash -r, hash-tree), each a range
  bool smallInline = true;            // a range of at most one block is read with one read() on this thread
                                      // (false: through the pipelined reader, as the file workloads measure)
  bool remote = false;                // a network or FUSE file: Auto reads it with copies, never mapped. A mapped
                                      // page's fault waits for the server inside what is counted as hashing
                                      // (a warm sshfs run, waiting at 4% CPU, was called cpu-bound), and a file
                                      // changed on the server would end a mapped read with SIGBUS
};

// What one stream keeps from range to range: its buffer for reads on the hashing thread and its pipelined
// reader, made at the first range that needs one (and made again when a plan asks for another block size or
// depth). Not thread-safe: one per stream.
class StreamReads {
public:
  StreamReads(std::stop_token stop, LiveCounters& counters, int stream)
      : m_stop(std::move(stop)), m_counters(counters), m_stream(stream)
  {
  }
  // The methods used so far (bits of methodBit) and by the last range.
  unsigned methods() const { return m_methods; }
  ReadMethod lastMethod() const { return m_last; }
  // Whether a direct read went through the pipelined reader (RunResult::queueDepth applies).
  bool queuedDirect() const { return m_queuedDirect; }
  // CPU time of the pipelined reader's threads so far (0 when none was made).
  double readerCpuSeconds() const { return m_readerCpu + (m_reader ? m_reader->readerCpuSeconds() : 0.0); }
  // Makes what `method` reads a range of `length` bytes with (the buffer on this thread, or the pipelined reader
  // and its buffers), so that a measured pass does not: a fresh buffer's pages are first touched by the first
  // read into them (on a PVM guest, 5 ms to fault in 1 MiB, 6-10% of a 256 MiB read pass from /dev/shm), and a
  // reader starts a thread.
  void prepare(ReadMethod method, std::uint64_t length, std::span<Hasher* const> hashers, const ReadPlan& plan);

private:
  friend bool consumeRange(platform::InputFile&, std::uint64_t, std::uint64_t, std::span<Hasher* const>,
                           const ReadPlan&, StreamReads&, StreamResult&, std::string&);
  PipelinedReader* reader(const ReadPlan& plan, std::string& error);

  std::stop_token m_stop;
  LiveCounters& m_counters;
  int m_stream;
  std::vector<std::byte> m_buffer;
  std::unique_ptr<PipelinedReader> m_reader;
  std::uint64_t m_readerBlock = 0;
  int m_readerDepth = 0;
  double m_readerCpu = 0;  // readers replaced by one with another block size or depth
  unsigned m_methods = 0;
  ReadMethod m_last = ReadMethod::Read;
  bool m_queuedDirect = false;
};

// A length that means "until a read returns nothing" (kernel pseudo files, whose size says nothing).
inline constexpr std::uint64_t kToEndOfFile = ~std::uint64_t{0};

// The method consumeRange reads [offset, offset+length) of `file` with for `hashers` and `plan` (ReadPath::Auto:
// the choice above; kToEndOfFile: read() on this thread), before a mapping the filesystem may refuse.
ReadMethod plannedMethod(const platform::InputFile& file, std::uint64_t length, std::span<Hasher* const> hashers,
                         const ReadPlan& plan);

// Feeds [offset, offset+length) of `file` to `hashers`, by the method `plan` asks for (ReadPath::Auto: the
// choice above), accounting bytes, waiting and busy time into `result` and the stream's live counters.
// No hashers: the bytes are only read (Copy) or every byte of the mapped pages is touched (Mapped).
// `length` kToEndOfFile: read on this thread until a read returns nothing; `result.bytes` grows by what came.
// Returns false with `error` set on a failure ("PATH got shorter while it was being read", a read error, a
// mapping refused under ReadPath::Mapped), or with `error` empty when stopped.
bool consumeRange(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                  std::span<Hasher* const> hashers, const ReadPlan& plan, StreamReads& reads, StreamResult& result,
                  std::string& error);

// Every byte of `file` to `hashers`: [0, its size at open) as consumeRange reads it, then on with read() until a
// read returns nothing, should the file have grown since it was opened (md5sum reads to the end: a digest of its
// first part alone would be wrong without a word). `toEnd`: a pseudo file whose size says nothing, read to its end
// at once. `result.bytes` grows by every byte hashed; `method`: how the sized range was read. False as
// consumeRange.
bool consumeWholeFile(platform::InputFile& file, bool toEnd, std::span<Hasher* const> hashers, const ReadPlan& plan,
                      StreamReads& reads, StreamResult& result, ReadMethod& method, std::string& error);

// Pulls every block of the reader's current job through `hashers` (none: read and discard), accounting
// waiting for data vs working. Returns false with `error` on a read error or when stopped.
bool consumeJob(PipelinedReader& reader, std::span<Hasher* const> hashers, LiveCounters& counters, int stream,
                StreamResult& result, std::string& error);

// Whether mapped reads of `threads` streams hashed by `hashers` get the window helper: only when each stream's
// hashing threads plus its helper fit on the cores (1 stream of md5 on 2 cores yes, 2 streams or BLAKE3's
// tree no) and the platform has one.
bool mappedHelperFits(std::span<Hasher* const> hashers, int threads);
// The same for streams of hashers with `hashThreadsPerStream` threads each.
bool mappedHelperFits(unsigned hashThreadsPerStream, int threads);

// Whether ReadPath::Auto maps a cached range hashed by `threads` streams of `hashThreadsPerStream` threads each
// (bigger than a block, not beside other streams' small files, not remote): where this build can map and mapping
// pays on this machine, for one stream only (several streams of one process would share the address space's
// lock and TLB shoot-downs: they copy) and never for a hasher that splits its stream (BLAKE3's tree reads its own
// parts). consumeRange's choice, for whoever must know it before a run (the live analysis).
bool autoMapsCached(unsigned hashThreadsPerStream, int threads);

// What hashing with algorithm `id` costs the thread that does it, in CPU seconds per GiB (a block in the CPU's
// cache, as after a read() on that thread): measured at the first call for each algorithm (1 to 10 ms, plus up
// to 2 ms to learn the CPU clock's step), then kept for the process; 0 for an unknown id.
double hashCost(const std::string& id);

// hashCost's probe: s/GiB of `hashRound` (which hashes `roundBytes`), the best of three tries of two rounds.
// Timed by `cpuSeconds` (the thread's CPU clock) where it steps by at most kFineClockStep, else by
// `wallSeconds` (monotonic): Windows' thread clock steps by the scheduler's tick, so a probe of a few ms timed
// by it measured 0 (every algorithm then counted as cheaper than a copy).
struct ProbeClocks {
  std::function<double()> cpuSeconds;
  std::function<double()> wallSeconds;
};
inline constexpr double kFineClockStep = 10e-6;
double measureHashCost(const std::function<void()>& hashRound, std::size_t roundBytes, const ProbeClocks& clocks);

// Whether a cached range that is not mapped is better copied on the hashing thread (read() then hash, the block
// still in the cache) than by a pipelined reader thread beside it: when the reader would have no core of its own
// (`readerHasCore` false: the streams and their readers outnumber the cores), or when hashing a block costs no
// more than copying it (`hashCost` <= `copyCost`, CPU s/GiB), where handing blocks between threads and cores
// costs more than the overlap saves. Measured on a PVM guest, 2 cores, a 2 GiB file in /dev/shm, medians of 7
// interleaved runs (copies 0.16 s/GiB there): crc32 0.396 s inline against 0.495 pipelined, xxh3-64 0.392
// against 0.472; md5 3.63 against 3.19, sha256 1.67 against 1.49, sha1 1.77 against 1.45. Two streams on the two
// cores (hash-file, 1 GiB): md5 1195 MB/s inline against 1170 pipelined, sha256 2660 against 2420, xxh3-64
// 9800-17000 against 8100-9300.
bool copiesInline(double hashCost, double copyCost, bool readerHasCore);
// copiesInline for `threads` streams hashed by `hashers` on this machine (its measured copy cost and the
// hashers' hashCost): ReadPath::Auto's choice for a cached range it does not map. No hashers (the read workload)
// counts as the cheapest hash where cached hashing is not mapped, so a cached read measures the copy the fast
// hashes get (where it is mapped, the read keeps the pipelined reader's copy): on the PVM guest one
// pipelined reader's copies cost 0.35 CPU s/GiB against 0.21 on the hashing thread, and xxh3-64 hashed from
// /dev/shm at 131-168% of a read ceiling measured through the reader. False for a hasher that splits its stream
// over threads (BLAKE3's tree).
bool autoCopiesInline(std::span<Hasher* const> hashers, int threads);

// XOR of every 8-byte word of [data, data+size) (and the tail): reads each byte once, vectorised, so the
// read workload's mapped path costs what getting mapped pages to the CPU costs.
std::uint64_t foldBytes(const std::byte* data, std::size_t size);

}  // namespace hashscope::engine
