// consumeRange: how a range's bytes reach the hashers (read() on this thread, mapped windows, the pipelined reader).
// Over 500 lines: the three methods and chooseReadMethod, the one choice between them, stay side by side.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/workload_internal.hpp"
#include "platform/mapped_file.hpp"

namespace hashscope::engine {

namespace {

// Windows of 16 MiB read as fast as bigger ones and keep resident pages well under the 96 MiB memory goal.
// Pieces of 1 MiB keep progress and cancellation responsive.
constexpr std::size_t kWindow = 16 * MiB;
constexpr std::size_t kPiece = 1 * MiB;
// A hasher that splits one stream over threads (the BLAKE3 tree), when it is mapped at all (ReadPath::Mapped),
// gets whole windows of 32 MiB, each one hand-off to its threads.
constexpr std::size_t kSplitWindow = 32 * MiB;

// A mapped window's bytes for a hasher whose threads fetch their own pieces: seen in place, each piece under a
// guard on the thread that reads it, so that a file truncated under the mapping fails the update instead of
// raising SIGBUS on a thread no guard covers.
class MappedPieces final : public PieceSource {
public:
  explicit MappedPieces(const std::byte* data) : m_data(data) {}
  bool with(std::uint64_t offset, std::size_t size, std::uint8_t*, void (*use)(void*, const std::uint8_t*),
            void* arg) override
  {
    struct Call {
      void (*use)(void*, const std::uint8_t*);
      void* arg;
      const std::uint8_t* data;
    } call{use, arg, reinterpret_cast<const std::uint8_t*>(m_data + offset)};
    return platform::touchMapped(m_data + offset, size, [](void* c) {
      const auto* k = static_cast<const Call*>(c);
      k->use(k->arg, k->data);
    }, &call);
  }

private:
  const std::byte* m_data;
};

// A file's range for a hasher whose threads fetch their own pieces: each piece read() into the buffer of the
// thread that hashes it, so the threads copy at once and share nothing but the file (no mapping: no
// address-space lock, no TLB shoot-down, no fault on a truncated file). The first failure is kept.
class FilePieces final : public PieceSource {
public:
  FilePieces(platform::InputFile& file, const std::stop_token& stop) : m_file(file), m_stop(stop) {}
  void startAt(std::uint64_t offset) { m_offset = offset; }
  bool with(std::uint64_t offset, std::size_t size, std::uint8_t* buffer, void (*use)(void*, const std::uint8_t*),
            void* arg) override
  {
    if (m_stop.stop_requested())
      return false;
    std::string error;
    const std::int64_t n = m_file.readAt(buffer, size, m_offset + offset, error);
    if (n != static_cast<std::int64_t>(size)) {
      const std::lock_guard lock(m_mutex);
      if (m_error.empty())
        m_error = n < 0 ? error : platform::shrankError(m_file);
      return false;
    }
    use(arg, buffer);
    return true;
  }
  std::string error()
  {
    const std::lock_guard lock(m_mutex);
    return m_error;
  }

private:
  platform::InputFile& m_file;
  const std::stop_token& m_stop;
  std::uint64_t m_offset = 0;
  std::mutex m_mutex;
  std::string m_error;
};

// Feeds mapped pieces to the hashers. Plain members only: a fault in a truncated file jumps out of consume().
class HashingConsumer final : public platform::MappedConsumer {
public:
  HashingConsumer(std::span<Hasher* const> hashers, std::stop_token& stop, LiveCounters& counters, int stream)
      : m_hashers(hashers), m_stop(stop), m_counters(counters), m_stream(stream)
  {
  }
  bool consume(const std::byte* data, std::size_t size) override
  {
    if (m_stop.stop_requested())
      return false;
    const auto t0 = Clock::now();
    for (Hasher* h : m_hashers) {
      if (!h->fetchesPieces()) {
        h->update(data, size);
        continue;
      }
      MappedPieces pieces(data);
      if (!h->updateFrom(size, pieces)) {  // one of its threads met the end of a truncated file
        m_faulted = true;
        return false;
      }
    }
    if (m_hashers.empty())  // the read workload: every byte reaches the CPU, as it would for a hash
      m_fold ^= foldBytes(data, size);
    const std::uint64_t busy = nanosBetween(t0, Clock::now());
    m_counters.addBusyNanos(m_stream, busy);
    m_counters.addBytes(m_stream, size);
    m_busyNanos += busy;
    m_bytes += size;
    return true;
  }
  std::uint64_t m_busyNanos = 0, m_bytes = 0;
  std::uint64_t m_fold = 0;
  bool m_faulted = false;

private:
  std::span<Hasher* const> m_hashers;
  std::stop_token& m_stop;
  LiveCounters& m_counters;
  int m_stream;
};

// A cached file below kMapAtLeast of hash -r and hash-tree is copied on the hashing thread, block by block, when
// several streams read: starting a reader per file costs more, and mapping costs locks and TLB shoot-downs that
// grow with the threads (docs/measurements/2026-11-26-read-method.md). hash and check copy it on one stream too
// (ReadPlan::copiesBelowMapping): decided by its size before anything is measured, since for one call per file
// the mapping probe (once per process) and the window helper's thread cost more than a mapping saves.
constexpr std::uint64_t kMapAtLeast = 64 * MiB;

// The most threads one of `hashers` hashes a stream on (1 for all but BLAKE3's tree).
unsigned hashThreadsOf(std::span<Hasher* const> hashers)
{
  unsigned perStream = 1;
  for (Hasher* h : hashers)
    perStream = std::max(perStream, h->threadsPerStream());
  return perStream;
}

bool copiesSmallFile(const ReadPlan& plan, std::span<Hasher* const> hashers, std::uint64_t length)
{
  const bool split = hashThreadsOf(hashers) > 1;
  return plan.manyFiles && (plan.threads > 1 || plan.copiesBelowMapping) && length < kMapAtLeast &&
         !hashers.empty() && !split;
}

// Where the folds of touched bytes go, so that no compiler drops the reads (one relaxed store per range).
std::atomic<std::uint64_t> g_foldSink{0};

void accountHashing(std::span<Hasher* const> hashers, const std::byte* data, std::size_t size, LiveCounters& counters,
                    int stream, StreamResult& result, Clock::time_point t0, Clock::time_point t1)
{
  // No hashers (the read workload): a copy's bytes are read once read() returns; folding them too would charge
  // the read's ceiling a pass the hashes do not make. Mapped pages are touched instead (HashingConsumer).
  for (Hasher* h : hashers)
    h->update(data, size);
  const std::uint64_t wait = nanosBetween(t0, t1), busy = nanosBetween(t1, Clock::now());
  counters.addWaitNanos(stream, wait);
  counters.addBusyNanos(stream, busy);
  counters.addBytes(stream, size);
  result.bytes += size;
  result.waitSeconds += static_cast<double>(wait) * 1e-9;
  result.busySeconds += static_cast<double>(busy) * 1e-9;
}

}  // namespace

std::uint64_t foldBytes(const std::byte* data, std::size_t size)
{
  // Eight independent lanes of 8 bytes: the compiler turns the inner loop into vector XORs.
  std::uint64_t lane[8] = {};
  std::size_t at = 0;
  for (; at + sizeof lane <= size; at += sizeof lane) {
    std::uint64_t words[8];
    std::memcpy(words, data + at, sizeof words);
    for (int k = 0; k < 8; ++k)
      lane[k] ^= words[k];
  }
  std::uint64_t fold = 0;
  for (std::uint64_t v : lane)
    fold ^= v;
  for (; at < size; ++at)
    fold = (fold << 8 | fold >> 56) ^ static_cast<std::uint64_t>(data[at]);
  return fold;
}

bool mappedHelperFits(std::span<Hasher* const> hashers, int threads)
{
  return mappedHelperFits(hashThreadsOf(hashers), threads);
}

bool mappedHelperFits(unsigned hashThreadsPerStream, int threads)
{
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  return platform::mappingHelperSupported() && threads >= 1 &&
         static_cast<unsigned>(threads) * (std::max(1u, hashThreadsPerStream) + 1) <= cores;
}

double measureHashCost(const std::function<void()>& hashRound, std::size_t roundBytes, const ProbeClocks& clocks)
{
  if (roundBytes == 0)
    return 0;
  // The thread's CPU clock where it resolves the probe, else the monotonic clock: watched for up to 2 ms, as
  // Windows' GetThreadTimes steps by the scheduler's tick (15.6 ms; 10 ms under wine), which a 0.2 to 10 ms
  // probe would read as 0 or a whole tick (Linux and macOS step by well under 1 us).
  double step = 0;
  {
    const double w0 = clocks.wallSeconds();
    double last = clocks.cpuSeconds();
    while (clocks.wallSeconds() - w0 < 0.002) {
      const double now = clocks.cpuSeconds();
      if (now != last) {
        step = step == 0 ? now - last : std::min(step, now - last);
        last = now;
        if (step <= kFineClockStep)
          break;
      }
    }
  }
  const bool cpuResolves = step > 0 && step <= kFineClockStep;
  const std::function<double()>& clock = cpuResolves ? clocks.cpuSeconds : clocks.wallSeconds;
  // The best of three tries of two rounds each: the smallest is the least disturbed (a preempted try only
  // takes longer, on the monotonic clock).
  double best = 0;
  for (int i = 0; i < 3; ++i) {
    const double t0 = clock();
    hashRound();
    hashRound();
    const double took = clock() - t0;
    best = i == 0 ? took : std::min(best, took);
  }
  return std::max(0.0, best) / (2.0 * static_cast<double>(roundBytes)) * 1073741824.0;  // s/GiB
}

double hashCost(const std::string& id)
{
  static std::mutex mutex;
  static std::map<std::string, double> costs;  // by algorithm id: measured once per process
  const std::lock_guard lock(mutex);
  if (const auto known = costs.find(id); known != costs.end())
    return known->second;
  double cost = 0;
  if (std::unique_ptr<Hasher> probe = makeHasher(id)) {
    // 1 MiB hashed in the pieces a cached file is copied in on the hashing thread (platform::kCopyPiece, the
    // pieces the copy costs were measured with: platform::MappingCosts::copy), in the cache as such a piece is.
    constexpr std::size_t kBlock = 1u << 20;
    std::vector<std::byte> block(kBlock);
    for (std::size_t i = 0; i < kBlock; ++i)
      block[i] = static_cast<std::byte>((i * 2654435761u) >> 13);
    const auto hashBlock = [&] {
      for (std::size_t at = 0; at < kBlock; at += platform::kCopyPiece)
        probe->update(block.data() + at, std::min(platform::kCopyPiece, kBlock - at));
    };
    hashBlock();  // warms the code and the buffer
    const std::shared_ptr<ThreadClock> thread = currentThreadClock();
    const auto start = Clock::now();
    cost = measureHashCost(hashBlock, kBlock,
                           {[&] { return thread->cpuSeconds(); },
                            [&] { return std::chrono::duration<double>(Clock::now() - start).count(); }});
    probe->finish();
  }
  costs.emplace(id, cost);
  return cost;
}

bool copiesInline(double hashCost, double copyCost, bool readerHasCore)
{
  return !readerHasCore || (copyCost > 0 && hashCost <= copyCost);
}

bool autoCopiesInline(std::span<Hasher* const> hashers, int threads)
{
  if (hashThreadsOf(hashers) > 1)
    return false;
  if (hashers.empty() && autoMapsCached(1u, threads))  // cached hashing maps here: the read measures the reader
    return false;
  const platform::MappingCosts& costs = platform::mappingCosts();
  double hashing = 0;  // no hashers (the read workload): nothing but the copy
  if (costs.measured && costs.copy > 0) {  // unmeasured: the hash cost has nothing to be compared with
    for (const Hasher* h : hashers)
      hashing += hashCost(h->info().id);
  }
  return copiesInline(hashing, costs.measured ? costs.copy : 0, mappedHelperFits(1u, threads));
}

bool autoMapsCached(unsigned hashThreadsPerStream, int threads)
{
  return hashThreadsPerStream <= 1 && threads <= 1 && platform::mappingSupported() &&
         platform::mappingPays(platform::mappingCosts(), mappedHelperFits(hashThreadsPerStream, threads));
}

bool consumeJob(PipelinedReader& reader, std::span<Hasher* const> hashers, LiveCounters& counters, int stream,
                StreamResult& result, std::string& error)
{
  ReadBlock block;
  auto t0 = Clock::now();
  while (reader.next(block)) {
    const auto t1 = Clock::now();
    accountHashing(hashers, block.data, block.size, counters, stream, result, t0, t1);
    t0 = Clock::now();
  }
  if (!reader.error().empty()) {
    error = reader.error();
    return false;
  }
  return !reader.stopped();
}

PipelinedReader* StreamReads::reader(const ReadPlan& plan, std::string& error)
{
  if (m_reader && (m_readerBlock != plan.blockSize || m_readerDepth != plan.queueDepth)) {
    m_readerCpu += m_reader->readerCpuSeconds();
    m_reader.reset();
  }
  if (!m_reader) {
    m_reader = std::make_unique<PipelinedReader>(static_cast<std::size_t>(plan.blockSize), plan.queueDepth, m_stop,
                                                 &m_counters, m_stream);
    if (!m_reader->ok()) {
      error = m_reader->error();
      m_reader.reset();
      return nullptr;
    }
    m_readerBlock = plan.blockSize;
    m_readerDepth = plan.queueDepth;
  }
  return m_reader.get();
}

namespace {

// The bytes readHere reads at a time, so its buffer's size: a range in pieces of at most platform::kCopyPiece (or
// the block, when smaller), each hashed while it is still in this core's cache, except for a hasher that splits
// one stream over threads (BLAKE3's tree), which gets whole blocks; pseudo files in blocks of at least a page and
// at most 16 MiB.
std::uint64_t readHereChunk(std::span<Hasher* const> hashers, std::uint64_t blockSize, std::uint64_t length)
{
  if (length == kToEndOfFile)
    return std::clamp<std::uint64_t>(blockSize, 4096, 16 * MiB);
  const std::uint64_t piece = hashThreadsOf(hashers) > 1 ? std::max<std::uint64_t>(blockSize, 1)
                                                          : std::clamp<std::uint64_t>(blockSize, 1, platform::kCopyPiece);
  return std::min(piece, length);
}

// The one hasher of `hashers` when it splits the stream over threads that fetch their own pieces, else null.
Hasher* pieceFetcher(std::span<Hasher* const> hashers)
{
  return hashers.size() == 1 && hashers[0]->fetchesPieces() ? hashers[0] : nullptr;
}

// [offset, offset+length) through a hasher whose threads read their own pieces (FilePieces), in slices of 32 MiB
// per thread: a slice ends with a wait for the slowest thread (within a 1 MiB part of the others), and between
// slices the stream's counters move (docs/measurements/2026-11-26-read-method.md).
bool readByParts(platform::InputFile& file, std::uint64_t offset, std::uint64_t length, Hasher& hasher,
                 const std::stop_token& stop, LiveCounters& counters, int stream, StreamResult& result,
                 std::string& error)
{
  FilePieces pieces(file, stop);
  const std::uint64_t slice = std::uint64_t{hasher.threadsPerStream()} * 32 * MiB;
  for (std::uint64_t done = 0; done < length;) {
    const std::uint64_t n = std::min(slice, length - done);
    pieces.startAt(offset + done);
    const auto t0 = Clock::now();
    const bool ok = hasher.updateFrom(n, pieces);
    const std::uint64_t busy = nanosBetween(t0, Clock::now());
    counters.addBusyNanos(stream, busy);
    result.busySeconds += static_cast<double>(busy) * 1e-9;
    if (!ok) {
      error = pieces.error();  // empty: stopped
      return false;
    }
    counters.addBytes(stream, n);
    result.bytes += n;
    done += n;
  }
  return true;
}

// The first read of a range read to its end, when the stream's buffer is smaller.
inline constexpr std::uint64_t kFirstToEndRead = 64 * KiB;

// read() on this thread into `buffer`, block after block: [offset, offset+length), or until a read returns
// nothing when `length` is kToEndOfFile. A range that ends early is an error: the file shrank. A hasher whose
// threads fetch their own pieces reads them itself (readByParts).
bool readHere(platform::InputFile& file, std::uint64_t offset, std::uint64_t length, std::span<Hasher* const> hashers,
              std::uint64_t blockSize, ReadBuffer& buffer, std::stop_token stop, LiveCounters& counters,
              int stream, StreamResult& result, std::string& error)
{
  const bool toEnd = length == kToEndOfFile;
  if (Hasher* fetcher = pieceFetcher(hashers); fetcher && !toEnd)
    return readByParts(file, offset, length, *fetcher, stop, counters, stream, result, error);
  // Read to its end, a file starts with the buffer it has (at least kFirstToEndRead) and doubles it up to the
  // chunk only while reads fill it: an empty file or a small pseudo file needs no 1 MiB buffer.
  const std::uint64_t largest = readHereChunk(hashers, blockSize, length);
  std::uint64_t chunk = toEnd ? std::min<std::uint64_t>(largest, std::max<std::uint64_t>(buffer.size(), kFirstToEndRead))
                              : largest;
  buffer.reserve(static_cast<std::size_t>(chunk));
  for (std::uint64_t done = 0; toEnd || done < length;) {
    if (stop.stop_requested())
      return false;
    const auto want = static_cast<std::size_t>(toEnd ? chunk : std::min(chunk, length - done));
    const auto t0 = Clock::now();
    const std::int64_t n = file.readAt(buffer.data(), want, offset + done, error);
    if (n < 0)
      return false;
    if (n == 0 && toEnd)
      break;
    if (!toEnd && static_cast<std::size_t>(n) != want) {
      error = platform::shrankError(file);
      return false;
    }
    accountHashing(hashers, buffer.data(), static_cast<std::size_t>(n), counters, stream, result, t0, Clock::now());
    done += static_cast<std::uint64_t>(n);
    if (toEnd && static_cast<std::size_t>(n) == want && chunk < largest) {
      chunk = std::min(largest, chunk * 2);
      buffer.reserve(static_cast<std::size_t>(chunk));
    }
  }
  return true;
}

// Mapped windows of the page cache. `refused`: the first window could not be mapped (nothing was consumed).
bool readMappedRange(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                     std::span<Hasher* const> hashers, int threads, std::stop_token& stop, LiveCounters& counters,
                     int stream, StreamResult& result, std::string& error, bool& refused)
{
  HashingConsumer consumer(hashers, stop, counters, stream);
  bool stopped = false;
  // A hasher that splits one stream over threads (the BLAKE3 tree) gets whole windows: each update is one
  // hand-off to its threads (kSplitWindow, its largest subtree, ~10 ms of hashing).
  const bool split = hashThreadsOf(hashers) > 1;
  const std::size_t window = split ? kSplitWindow : kWindow;
  error = platform::readMapped(file, offset, length, window, split ? window : kPiece, consumer, stopped,
                               mappedHelperFits(hashers, threads), &refused);
  if (consumer.m_faulted) {  // a thread of a split hasher met the end of a truncated file
    error = platform::shrankError(file);
    stopped = false;
  }
  result.bytes += consumer.m_bytes;
  result.busySeconds += static_cast<double>(consumer.m_busyNanos) * 1e-9;
  g_foldSink.store(consumer.m_fold, std::memory_order_relaxed);
  return error.empty() && !stopped;
}

// What the read decision knows of a range: what consumeRange finds of a file (plannedMethod), or what a spec says
// of its ranges before a run (plannedReadMethods).
struct RangeFacts {
  ReadPath path = ReadPath::Auto;
  bool toEnd = false;          // read until a read returns nothing (a pseudo file, a file of size 0)
  bool cached = true;          // through the page cache, kept there: not direct, not dropped behind the reader
  bool small = false;          // at most one block, read with one read() (ReadPlan::smallInline)
  bool smallOfMany = false;    // a file below 64 MiB of many, copied by its size (copiesSmallFile)
  bool remote = false;         // a network or FUSE file (ReadPlan::remote)
  bool hashing = true;         // there are hashers (false: the read workload)
  unsigned hashThreads = 1;    // the most threads one hasher splits the stream over (BLAKE3's tree)
  bool fetchesPieces = false;  // the one hasher's threads read their own parts
  int threads = 1;             // streams of this process reading at once
};

// The read decision: how a range's bytes reach the hashers. `copiesInline()` (autoCopiesInline, which measures the
// hash's cost once) is asked only for a cached range that Auto copies. The rule and its figures: read_range.hpp.
template <class CopiesInline>
ReadMethod chooseReadMethod(const RangeFacts& f, CopiesInline copiesInline)
{
  switch (f.path) {
  case ReadPath::Auto:
    if (f.toEnd || (f.cached && (f.small || f.smallOfMany)) || (f.cached && !f.remote && f.hashThreads > 1))
      return ReadMethod::Read;
    if (f.cached && !f.remote && f.hashing && autoMapsCached(f.hashThreads, f.threads))
      return ReadMethod::Mapped;
    if (f.cached && !f.remote && copiesInline())
      return ReadMethod::Read;
    return ReadMethod::Pipelined;
  case ReadPath::Copy:  // a split hasher's threads copy their own parts: copies, without a reader thread
    return f.toEnd || f.small || (f.cached && f.fetchesPieces) ? ReadMethod::Read : ReadMethod::Pipelined;
  case ReadPath::Mapped:  // a pseudo file has no pages to map. A cold range is never asked to be mapped:
                          // runWorkload refuses such a spec (specProblem in run_workload.cpp)
    return f.toEnd ? ReadMethod::Read : ReadMethod::Mapped;
  }
  return ReadMethod::Pipelined;
}

}  // namespace

ReadMethod plannedMethod(const platform::InputFile& file, std::uint64_t length, std::span<Hasher* const> hashers,
                         const ReadPlan& plan)
{
  RangeFacts f;
  f.path = plan.path;
  f.toEnd = length == kToEndOfFile;
  f.cached = file.alignment() <= 1 && !plan.dropBehind;  // not direct, not a cold fallback
  f.small = plan.smallInline && !f.toEnd && length <= plan.blockSize;
  f.smallOfMany = copiesSmallFile(plan, hashers, length);
  f.remote = plan.remote;
  f.hashing = !hashers.empty();
  f.hashThreads = hashThreadsOf(hashers);
  f.fetchesPieces = pieceFetcher(hashers) != nullptr;
  f.threads = plan.threads;
  return chooseReadMethod(f, [&] { return autoCopiesInline(hashers, plan.threads); });
}

void ReadBuffer::reserve(std::size_t size, bool touch)
{
  if (m_size >= size)
    return;
  m_data.reset(new std::byte[size]);  // default-initialised: not zeroed
  m_size = size;
  if (touch)
    std::memset(m_data.get(), 0, size);
}

void StreamReads::prepare(ReadMethod method, std::uint64_t length, std::span<Hasher* const> hashers,
                          const ReadPlan& plan)
{
  std::string ignored;  // a reader that cannot be made now fails again, with its message, at the first range
  if (method == ReadMethod::Pipelined)
    reader(plan, ignored);
  else if (method == ReadMethod::Read && !pieceFetcher(hashers))  // a fetcher's threads bring their own buffers
    m_buffer.reserve(static_cast<std::size_t>(readHereChunk(hashers, plan.blockSize, length)), true);
}

bool consumeRange(platform::InputFile& file, std::uint64_t offset, std::uint64_t length,
                  std::span<Hasher* const> hashers, const ReadPlan& plan, StreamReads& reads, StreamResult& result,
                  std::string& error)
{
  error.clear();
  const bool small = plan.smallInline && length != kToEndOfFile && length <= plan.blockSize;
  ReadMethod method = plannedMethod(file, length, hashers, plan);
  if (plan.path == ReadPath::Mapped && method == ReadMethod::Mapped && !platform::mappingSupported()) {
    error = "This build of HashScope cannot map files: read them with copies";
    return false;
  }
  if (length == 0)
    return true;  // nothing to read: no method ran
  if (method == ReadMethod::Mapped) {
    bool refused = false;
    const bool ok = readMappedRange(file, offset, length, hashers, plan.threads, reads.m_stop, reads.m_counters,
                                    reads.m_stream, result, error, refused);
    if (!refused || plan.path == ReadPath::Mapped) {
      reads.m_methods.add(method);
      reads.m_last = method;
      return ok;
    }
    // A filesystem without mmap under Auto: nothing was consumed yet, read it with copies instead.
    error.clear();
    method = small ? ReadMethod::Read : ReadMethod::Pipelined;
  }
  reads.m_methods.add(method);
  reads.m_last = method;
  if (method == ReadMethod::Read)
    return readHere(file, offset, length, hashers, plan.blockSize, reads.m_buffer, reads.m_stop, reads.m_counters,
                    reads.m_stream, result, error);
  PipelinedReader* reader = reads.reader(plan, error);
  if (!reader)
    return false;
  if (file.alignment() > 1)
    reads.m_queuedDirect = true;
  reader->start(file, offset, length, plan.dropBehind);
  return consumeJob(*reader, hashers, reads.m_counters, reads.m_stream, result, error);
}

bool consumeWholeFile(platform::InputFile& file, bool toEnd, std::span<Hasher* const> hashers, const ReadPlan& plan,
                      StreamReads& reads, StreamResult& result, ReadMethod& method, std::string& error)
{
  const bool ok = consumeRange(file, 0, toEnd ? kToEndOfFile : file.size(), hashers, plan, reads, result, error);
  method = reads.lastMethod();
  if (!ok || toEnd)
    return ok;
  // One read() that finds the end where the file is as long as stat said.
  return consumeRange(file, file.size(), kToEndOfFile, hashers, plan, reads, result, error);
}

}  // namespace hashscope::engine

namespace hashscope {

ReadMethods plannedReadMethods(const WorkloadSpec& spec, bool cached, unsigned hashThreads)
{
  ReadMethods methods;
  const WorkloadTraits traits = workloadTraits(spec.workload);
  if (!traits.usesCache || spec.workload == Workload::PeerTool)  // no file read by the engine
    return methods;
  engine::RangeFacts f;
  f.path = spec.readPath;
  f.cached = cached;
  f.remote = spec.remote;
  f.hashing = spec.workload != Workload::Read;
  f.hashThreads = std::max(1u, hashThreads);
  f.fetchesPieces = f.hashThreads > 1;
  f.threads = spec.streams;
  // Which copy Auto makes is measured at the first range: both are possible until then.
  methods.add(engine::chooseReadMethod(f, [] { return true; }));
  methods.add(engine::chooseReadMethod(f, [] { return false; }));
  return methods;
}

}  // namespace hashscope
