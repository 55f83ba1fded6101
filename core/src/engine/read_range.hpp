// consumeRange: how the bytes of a file range reach the hashers (or, for the read workload, only the CPU), by
// the method chooseReadMethod picks. hash -r (FileHasher), hash-tree, read and hash-file all read through it.
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

// The read decision (ReadMethod, hashscope/types.hpp) is made per range by chooseReadMethod in read_range.cpp, the
// one place. Under ReadPath::Auto: read() on the hashing thread for what is small, read to its end or read beside
// other streams' small files (or, in hash and check, any file below 64 MiB), and for BLAKE3's tree (its threads
// read their own parts); mapped pages for one stream's cached range to be hashed where mapping pays on this machine
// (several streams of one process share the address space's lock and TLB: they copy); else copies, on the hashing
// thread where that is the cheaper copy (copiesInline), on the pipelined reader for cold, remote and the rest. The
// figures behind each choice: docs/measurements/2026-11-26-read-method.md.

// What the caller knows about how a range is to be read: the spec's wishes and the file's cache plan.
struct ReadPlan {
  ReadPath path = ReadPath::Auto;
  bool dropBehind = false;            // cold fallback: every range read is evicted behind the reader
  std::uint64_t blockSize = 1 * MiB;  // bytes per read() (Read, Pipelined)
  int queueDepth = kDefaultQueueDepth;  // the pipelined reader's reads in flight (direct reads)
  int threads = 1;                    // streams of this process reading at once (for mappedHelperFits)
  bool manyFiles = false;             // the stream reads file after file (hash -r, hash-tree), each a range
  bool copiesBelowMapping = false;    // with manyFiles: a cached file below 64 MiB is copied on this thread even by
                                      // one stream (hash and check: one call per file pays no mapping probe)
  bool smallInline = true;            // a range of at most one block is read with one read() on this thread
                                      // (false: through the pipelined reader, as the file workloads measure)
  bool remote = false;                // a network or FUSE file: Auto copies, never maps it (a mapped page's fault
                                      // waits for the server inside hashing time; a file changed on the server
                                      // would end a mapped read with SIGBUS)
};

// The buffer read() fills on the hashing thread: grown without zeroing (a read writes each byte before it is
// hashed), so an empty file's buffer costs none of its pages. What it held is not kept when it grows.
class ReadBuffer {
public:
  std::byte* data() { return m_data.get(); }
  std::size_t size() const { return m_size; }
  // At least `size` bytes; `touch`: a buffer grown now has each page written once (StreamReads::prepare).
  void reserve(std::size_t size, bool touch = false);

private:
  std::unique_ptr<std::byte[]> m_data;
  std::size_t m_size = 0;
};

// What one stream keeps from range to range: its buffer and its pipelined reader, made at the first range that
// needs one (again when a plan asks for another block size or depth). Not thread-safe: one per stream.
class StreamReads {
public:
  StreamReads(std::stop_token stop, LiveCounters& counters, int stream)
      : m_stop(std::move(stop)), m_counters(counters), m_stream(stream)
  {
  }
  // The methods used so far and by the last range.
  ReadMethods methods() const { return m_methods; }
  ReadMethod lastMethod() const { return m_last; }
  // Whether a direct read went through the pipelined reader (RunResult::queueDepth applies).
  bool queuedDirect() const { return m_queuedDirect; }
  // CPU time of the pipelined reader's threads so far (0 when none was made).
  double readerCpuSeconds() const { return m_readerCpu + (m_reader ? m_reader->readerCpuSeconds() : 0.0); }
  // Makes what `method` reads a range of `length` bytes with (the buffer on this thread, or the pipelined reader
  // and its buffers), so that a measured pass does not fault in a fresh buffer's pages or start a thread.
  void prepare(ReadMethod method, std::uint64_t length, std::span<Hasher* const> hashers, const ReadPlan& plan);

private:
  friend bool consumeRange(platform::InputFile&, std::uint64_t, std::uint64_t, std::span<Hasher* const>,
                           const ReadPlan&, StreamReads&, StreamResult&, std::string&);
  PipelinedReader* reader(const ReadPlan& plan, std::string& error);

  std::stop_token m_stop;
  LiveCounters& m_counters;
  int m_stream;
  ReadBuffer m_buffer;
  std::unique_ptr<PipelinedReader> m_reader;
  std::uint64_t m_readerBlock = 0;
  int m_readerDepth = 0;
  double m_readerCpu = 0;  // readers replaced by one with another block size or depth
  ReadMethods m_methods;
  ReadMethod m_last = ReadMethod::Read;
  bool m_queuedDirect = false;
};

// A length that means "until a read returns nothing" (kernel pseudo files, whose size says nothing).
inline constexpr std::uint64_t kToEndOfFile = ~std::uint64_t{0};

// The method consumeRange reads [offset, offset+length) of `file` with for `hashers` and `plan`
// (chooseReadMethod over what this range is), before a mapping the filesystem may refuse.
ReadMethod plannedMethod(const platform::InputFile& file, std::uint64_t length, std::span<Hasher* const> hashers,
                         const ReadPlan& plan);

// Feeds [offset, offset+length) of `file` to `hashers` (none: the bytes are only read, or the mapped pages
// touched), by plannedMethod's choice, accounting bytes, waiting and busy time into `result` and the stream's
// live counters. `length` kToEndOfFile: read on this thread until a read returns nothing. False with `error`
// on a failure (the file shrank, a read error, a mapping refused under ReadPath::Mapped), "" when stopped.
bool consumeRange(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                  std::span<Hasher* const> hashers, const ReadPlan& plan, StreamReads& reads, StreamResult& result,
                  std::string& error);

// Every byte of `file` to `hashers`: [0, its size at open) as consumeRange reads it, then on with read() to the
// end, should the file have grown (as md5sum does). `toEnd`: a pseudo file, read to its end at once.
// `method`: how the sized range was read. False as consumeRange.
bool consumeWholeFile(platform::InputFile& file, bool toEnd, std::span<Hasher* const> hashers, const ReadPlan& plan,
                      StreamReads& reads, StreamResult& result, ReadMethod& method, std::string& error);

// Pulls every block of the reader's current job through `hashers` (none: read and discard), accounting
// waiting for data vs working. Returns false with `error` on a read error or when stopped.
bool consumeJob(PipelinedReader& reader, std::span<Hasher* const> hashers, LiveCounters& counters, int stream,
                StreamResult& result, std::string& error);

// Whether mapped reads of `threads` streams get the window helper: when each stream's hashing threads and its
// helper fit on the cores.
bool mappedHelperFits(std::span<Hasher* const> hashers, int threads);
bool mappedHelperFits(unsigned hashThreadsPerStream, int threads);

// Whether ReadPath::Auto maps a cached range (bigger than a block, not beside other streams' small files, not
// remote): where mapping pays on this machine, for one stream only, never for a hasher that splits its stream.
bool autoMapsCached(unsigned hashThreadsPerStream, int threads);

// What hashing with algorithm `id` costs its thread, in CPU s/GiB of a block in the cache: measured at the
// first call for each algorithm (a few ms), then kept for the process; 0 for an unknown id.
double hashCost(const std::string& id);

// hashCost's probe: s/GiB of `hashRound` (which hashes `roundBytes`), the best of three tries of two rounds,
// on the thread's CPU clock where it steps by at most kFineClockStep (not Windows'), else the monotonic one.
struct ProbeClocks {
  std::function<double()> cpuSeconds;
  std::function<double()> wallSeconds;
};
inline constexpr double kFineClockStep = 10e-6;
double measureHashCost(const std::function<void()>& hashRound, std::size_t roundBytes, const ProbeClocks& clocks);

// Whether a cached range that is not mapped is better copied on the hashing thread than by a pipelined reader
// beside it: when the reader would have no core of its own, or when hashing a block costs no more than copying
// it (`hashCost` <= `copyCost`, CPU s/GiB): handing blocks between cores then costs more than the overlap saves.
bool copiesInline(double hashCost, double copyCost, bool readerHasCore);
// copiesInline on this machine: Auto's choice for a cached range it does not map. No hashers (the read workload)
// counts as the cheapest hash where hashing is not mapped, so a cached read measures the copy fast hashes get
// (where hashing maps, the read keeps the pipelined reader's copy). False for BLAKE3's tree.
bool autoCopiesInline(std::span<Hasher* const> hashers, int threads);

// XOR of every 8-byte word of [data, data+size) (and the tail): reads each byte once, vectorised, so the
// read workload's mapped path costs what getting mapped pages to the CPU costs.
std::uint64_t foldBytes(const std::byte* data, std::size_t size);

}  // namespace hashscope::engine
