// BLAKE3 on several threads for one stream, built on the library's own compression functions
// (one idea over 500 lines: the tree's split, its threads and their scratch memory only make sense together)
// (blake3_hash_many, blake3_compress_in_place from blake3_impl.h; blake3.c keeps its tree code static).
//
// The tree (BLAKE3 spec, section 2.1): 1024-byte chunks are leaves; a parent's left subtree holds the
// largest power of two of chunks that leaves at least one byte for the right. Equivalently, every
// aligned run of 2^k chunks (starting at a multiple of 2^k) that is not the whole input is one subtree,
// so its chaining value (CV) can be computed on its own and merged later. This hasher keeps, like the
// library's incremental hasher, a stack of subtree CVs with lazy merging. An update is hashed in runs: the
// aligned subtrees it holds are cut into equal parts, which the threads take in turn, each fetching its
// part's bytes itself (a PieceSource: memory the caller holds, or reads of a file into the thread's own
// buffer), then the subtrees' CVs are pushed in order.
//
// Only the root differs: it is compressed with the ROOT flag, so nothing that may turn out to be the
// root is compressed before finish(): a lone last chunk stays in `tail_`, and a subtree of two or more
// chunks is pushed as its two halves' CVs (their parent may be the root).
#include "hash/blake3_tree.hpp"

#include "hash/cpu_features.hpp"
#include "hashscope/waits.hpp"

extern "C" {
#include "blake3_impl.h"
}

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <thread>
#include <vector>

namespace hashscope::detail {
namespace {

using Cv = std::array<std::uint8_t, BLAKE3_OUT_LEN>;
constexpr std::size_t kChunk = BLAKE3_CHUNK_LEN;
constexpr std::size_t kBlock = BLAKE3_BLOCK_LEN;
constexpr std::size_t kBatch = 64;                   // inputs per blake3_hash_many call
constexpr std::uint64_t kMaxSubtreeChunks = 1 << 15; // 32 MiB: the largest subtree pushed as two CVs
constexpr std::uint64_t kMinPartChunks = 64;         // 64 KiB per part: below, handing off costs more
constexpr std::uint64_t kMaxPartChunks = 1024;       // 1 MiB: a part's CVs (32 KiB) stay in the core's cache
constexpr std::uint64_t kPieceChunks = PieceSource::kMaxPiece / BLAKE3_CHUNK_LEN; // fetched and hashed at once
constexpr std::uint64_t kPartsPerThread = 8;
constexpr std::size_t kMaxRunParts = 4096;           // parts per run (the pool's tickets hold 0xffff)
constexpr std::uint8_t kChunkStart = CHUNK_START, kChunkEnd = CHUNK_END, kParent = PARENT, kRoot = ROOT;

// blake3_hash_many, 64 inputs a call, over `count` inputs laid end to end at `in`, into out[32 * count]:
// whole chunks from chunk number `counter` (chunk), or parent nodes, each a CV pair (left || right).
void hashMany(const std::uint8_t* in, std::size_t count, bool chunk, std::uint64_t counter, std::uint8_t* out)
{
  const std::size_t blocks = chunk ? kChunk / kBlock : 1;
  const std::uint8_t* inputs[kBatch];
  for (std::size_t done = 0; done < count;) {
    const std::size_t n = std::min(kBatch, count - done);
    for (std::size_t i = 0; i < n; ++i)
      inputs[i] = in + (done + i) * blocks * kBlock;
    blake3_hash_many(inputs, n, blocks, IV, chunk ? counter + done : 0, chunk, chunk ? 0 : kParent,
                     chunk ? kChunkStart : 0, chunk ? kChunkEnd : 0, out + done * BLAKE3_OUT_LEN);
    done += n;
  }
}

// Halves `count` CVs (a power of two) level by level until `target` remain; returns where they are.
// `a` holds the CVs, `b` is scratch of half the size (the two alternate, hash_many never runs in place).
std::uint8_t* mergeLevels(std::uint8_t* a, std::uint8_t* b, std::size_t count, std::size_t target)
{
  while (count > target) {
    hashMany(a, count / 2, false, 0, b);
    std::swap(a, b);
    count /= 2;
  }
  return a;
}

void storeWords(const std::uint32_t words[8], std::uint8_t out[32])
{
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j)
      out[4 * i + j] = static_cast<std::uint8_t>(words[i] >> (8 * j));
}

// A chunk of 0..1024 bytes at `counter`: its CV, or with `root` the 32-byte root output (the whole
// input was this one chunk).
void chunkOutput(const std::uint8_t* in, std::size_t len, std::uint64_t counter, bool root, std::uint8_t out[32])
{
  std::uint32_t cv[8];
  std::memcpy(cv, IV, sizeof cv);
  const std::size_t blocks = len == 0 ? 1 : (len + kBlock - 1) / kBlock;
  for (std::size_t i = 0; i < blocks; ++i) {
    std::uint8_t block[kBlock] = {};
    const std::size_t n = std::min(kBlock, len - i * kBlock);
    if (n > 0)
      std::memcpy(block, in + i * kBlock, n);
    std::uint8_t flags = i == 0 ? kChunkStart : 0;
    if (i + 1 == blocks)
      flags |= root ? kChunkEnd | kRoot : kChunkEnd;
    blake3_compress_in_place(cv, block, static_cast<std::uint8_t>(n), counter, flags);
  }
  storeWords(cv, out);
}

// Parent node of two CVs: its CV, or with `root` the root output.
Cv parentOutput(const Cv& left, const Cv& right, bool root)
{
  std::uint8_t block[kBlock];
  std::memcpy(block, left.data(), BLAKE3_OUT_LEN);
  std::memcpy(block + BLAKE3_OUT_LEN, right.data(), BLAKE3_OUT_LEN);
  std::uint32_t cv[8];
  std::memcpy(cv, IV, sizeof cv);
  blake3_compress_in_place(cv, block, kBlock, 0, root ? kParent | kRoot : kParent);
  Cv out;
  storeWords(cv, out.data());
  return out;
}

// Helper threads that run the parts of one subtree together with the calling thread. The caller never
// waits for a helper that has not started: it claims parts itself, and waits only for parts a helper
// has claimed. So a helper the scheduler keeps off the CPU (a busy machine) costs speed, never a stall.
// A claim is a compare-and-swap on one word holding the run number, its part count and the next part,
// so a helper that wakes late cannot claim a part of a run that has moved on. Sleeping is C++20 atomic wait
// (a short spin, then a futex) through hashscope/waits.hpp: mingw-w64's libstdc++ loses its wake-ups, and
// there the waits poll.
class WorkerPool {
public:
  explicit WorkerPool(unsigned helpers)
  {
    for (unsigned i = 0; i < helpers; ++i)
      threads_.emplace_back([this, i] { loop(i + 1); });
  }
  ~WorkerPool()
  {
    stopping_.store(true, std::memory_order_relaxed);
    wake_.fetch_add(1, std::memory_order_release);
    notifyAll(wake_);
    threads_.clear(); // joins
  }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  static constexpr std::uint32_t kMaxParts = 0xffff;

  // Runs task(part, worker) for every part 0 .. count-1 on the helpers (worker 1 .. helpers) and this thread
  // (worker 0); returns when every part is done.
  template <class Task> void run(std::uint32_t count, Task& task)
  {
    task_ = [](void* t, std::size_t i, unsigned worker) { (*static_cast<Task*>(t))(i, worker); };
    taskArg_ = &task;
    count_ = count;
    done_.store(0, std::memory_order_relaxed);
    ++run_;
    ticket_.store(std::uint64_t{run_} << 32 | std::uint64_t{count} << 16, std::memory_order_release);
    wake_.fetch_add(1, std::memory_order_release);
    notifyAll(wake_);
    while (claimAndRun(run_, 0)) {
    }
    for (std::uint32_t d; (d = done_.load(std::memory_order_acquire)) != count_;)
      waitWhileEquals(done_, d, std::memory_order_acquire);
  }

private:
  // Claims the next part of run `runNumber` and runs it; false when none is left (or the run is over).
  // Only a successful claim reads task_: the caller does not touch it until every claimed part is done.
  bool claimAndRun(std::uint32_t runNumber, unsigned worker)
  {
    std::uint64_t t = ticket_.load(std::memory_order_acquire);
    std::uint32_t count = 0;
    for (;;) {
      count = static_cast<std::uint32_t>(t >> 16) & kMaxParts;
      if (static_cast<std::uint32_t>(t >> 32) != runNumber || (t & kMaxParts) >= count)
        return false;
      if (ticket_.compare_exchange_weak(t, t + 1, std::memory_order_acq_rel, std::memory_order_acquire))
        break;
    }
    task_(taskArg_, static_cast<std::size_t>(t & kMaxParts), worker);
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == count)
      notifyOne(done_);
    return true;
  }

  void loop(unsigned worker)
  {
    std::uint32_t seen = 0; // wake_ starts at 0: a run may begin before this thread does
    for (;;) {
      waitWhileEquals(wake_, seen, std::memory_order_acquire);
      seen = wake_.load(std::memory_order_acquire);
      if (stopping_.load(std::memory_order_relaxed))
        return;
      const auto runNumber = static_cast<std::uint32_t>(ticket_.load(std::memory_order_acquire) >> 32);
      while (claimAndRun(runNumber, worker)) {
      }
    }
  }

  void (*task_)(void*, std::size_t, unsigned) = nullptr;
  void* taskArg_ = nullptr;
  std::uint32_t run_ = 0;                 // caller only
  std::uint32_t count_ = 0;               // caller only
  std::atomic<std::uint64_t> ticket_{0};  // run number << 32 | part count << 16 | next part to claim
  std::atomic<std::uint32_t> done_{0};    // parts finished in this run
  std::atomic<std::uint32_t> wake_{0};    // bumped to wake the helpers
  std::atomic<bool> stopping_{false};
  std::vector<std::jthread> threads_;
};

// Bytes the caller already holds: every piece is seen where it is.
class MemorySource final : public PieceSource {
public:
  explicit MemorySource(const std::uint8_t* data) : data_(data) {}
  bool with(std::uint64_t offset, std::size_t, std::uint8_t*, void (*use)(void*, const std::uint8_t*),
            void* arg) override
  {
    use(arg, data_ + offset);
    return true;
  }

private:
  const std::uint8_t* data_;
};

class TreeHasher final : public Blake3Tree {
public:
  explicit TreeHasher(unsigned threads) : threads_(std::max(2u, threads))
  {
    // The library finds its CPU path at its first call, in a plain global: made here, on the one thread that
    // makes the hasher, so that its workers do not all find it at once (a data race ThreadSanitizer reports).
    blake3_simd_degree();
  }

  void update(const std::uint8_t* data, std::size_t size) override
  {
    MemorySource source(data);
    updateFrom(size, source);
  }

  bool updateFrom(std::uint64_t length, PieceSource& source) override
  {
    std::uint64_t at = 0;  // bytes of the source consumed
    if (tailLen_ > 0) {
      const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk - tailLen_, length));
      if (!copyOut(source, 0, take, tail_.data() + tailLen_))
        return false;
      tailLen_ += take;
      at = take;
      if (at == length)
        return true; // the tail may be the last chunk, even the root: keep it
      Cv cv;
      hashMany(tail_.data(), 1, true, chunks_, cv.data());
      push(cv, chunks_);
      chunks_ += 1;
      tailLen_ = 0;
    }
    while (length - at > kChunk) {
      if (!hashSubtrees(source, at, length))
        return false;
    }
    const auto rest = static_cast<std::size_t>(length - at);
    if (rest > 0 && !copyOut(source, at, rest, tail_.data()))
      return false;
    tailLen_ = rest;
    return true;
  }

  void finish(std::uint8_t out[32]) override
  {
    std::vector<Cv> stack = stack_;
    if (stack.empty()) { // nothing committed: the input was 0..1024 bytes, one chunk and the root
      chunkOutput(tail_.data(), tailLen_, 0, true, out);
      return;
    }
    Cv right;
    if (tailLen_ > 0) { // the subtrees before the tail are complete: merge them first (lazy merging)
      mergeDown(stack, static_cast<std::size_t>(std::popcount(chunks_)));
      chunkOutput(tail_.data(), tailLen_, chunks_, false, right.data());
    } else { // ended on a subtree pushed as its two halves: at least two CVs are on the stack
      right = stack.back();
      stack.pop_back();
    }
    while (stack.size() > 1) {
      right = parentOutput(stack.back(), right, false);
      stack.pop_back();
    }
    const Cv root = parentOutput(stack.back(), right, true);
    std::memcpy(out, root.data(), root.size());
  }

  void reset() override
  {
    stack_.clear();
    chunks_ = 0;
    tailLen_ = 0;
  }

  unsigned threads() const override { return threads_; }

private:
  // One part of a run: `chunks` chunks (a power of two) at byte `offset` of the source and chunk number
  // `counter`, hashed by one thread into `cvs` CVs (1, or 2 for a subtree that is one part: its halves) at
  // partCvs_[cvAt].
  struct Part {
    std::uint64_t offset, counter;
    std::uint32_t chunks, cvs;
    std::size_t cvAt;
  };
  // One aligned subtree of a run, made of `parts` consecutive parts.
  struct Subtree {
    std::uint64_t counter, chunks;
    std::size_t firstPart, parts;
  };
  // What one thread hashes with: its part's chunk CVs, the level above them, and a piece's buffer.
  // Scratch memory, not zeroed: each byte is written before it is read, and a small input touches only the
  // pages it uses (zeroing a thread's 112 KiB was most of `b3sum` of a 4 KiB file, issue 41).
  struct Scratch {
    std::unique_ptr<std::uint8_t[]> cvs, level, buffer;
  };
  struct PieceCvs {
    std::size_t chunks;
    std::uint64_t counter;
    std::uint8_t* out;
  };
  struct CopyTo {
    std::uint8_t* out;
    std::size_t size;
  };

  // Lazy merging as in the library's hasher_push_cv: before a subtree starting at chunk `counter` is
  // pushed, the stack is merged down to one CV per 1-bit of `counter` (the completed subtrees).
  void push(const Cv& cv, std::uint64_t counter)
  {
    mergeDown(stack_, static_cast<std::size_t>(std::popcount(counter)));
    stack_.push_back(cv);
  }

  static void mergeDown(std::vector<Cv>& stack, std::size_t keep)
  {
    while (stack.size() > keep) {
      const Cv right = stack.back();
      stack.pop_back();
      stack.back() = parentOutput(stack.back(), right, false);
    }
  }

  void makeScratch()
  {
    if (!scratch_.empty())
      return;
    scratch_.resize(threads_);
    for (Scratch& s : scratch_) {
      s.cvs.reset(new std::uint8_t[kMaxPartChunks * BLAKE3_OUT_LEN]);
      s.level.reset(new std::uint8_t[kMaxPartChunks / 2 * BLAKE3_OUT_LEN]);
      s.buffer.reset(new std::uint8_t[PieceSource::kMaxPiece]);
    }
  }

  // Copies `size` (<= one chunk) bytes at `offset` of the source to `out`, on this thread.
  bool copyOut(PieceSource& source, std::uint64_t offset, std::size_t size, std::uint8_t* out)
  {
    makeScratch();
    CopyTo to{out, size};
    return source.with(offset, size, scratch_[0].buffer.get(),
                       [](void* arg, const std::uint8_t* data) {
                         auto* t = static_cast<CopyTo*>(arg);
                         std::memcpy(t->out, data, t->size);
                       },
                       &to);
  }

  // One run: the aligned subtrees from byte `at` of the source (at most kMaxRunParts parts of them, all but
  // the last chunk of the input), cut into equal parts that the threads take in turn, fetching and hashing
  // each part's pieces; then the subtrees' CVs pushed in order. Advances `at`; false when a fetch failed.
  // Cutting every subtree of the run into parts at once, rather than one subtree after another, leaves one
  // wait for the slowest thread per run instead of one per 32 MiB.
  bool hashSubtrees(PieceSource& source, std::uint64_t& at, std::uint64_t length)
  {
    // Several parts per thread: whoever is on a CPU takes the next one, so a helper the scheduler keeps waiting
    // slows the run down by less than its share (b3sum's rayon steals work alike), and the threads finish
    // within a part of each other.
    const std::uint64_t available = (length - at) / kChunk;
    const std::uint64_t partChunks = std::clamp<std::uint64_t>(
        std::bit_floor(std::max<std::uint64_t>(1, available / (std::uint64_t{threads_} * kPartsPerThread))),
        kMinPartChunks, kMaxPartChunks);
    parts_.clear();
    subtrees_.clear();
    std::size_t cvs = 0;
    std::uint64_t pos = at, counter = chunks_;
    while (length - pos > kChunk && parts_.size() < kMaxRunParts) {
      // The largest power-of-two run of whole chunks that starts aligned at `counter` and fits.
      const std::uint64_t alignment = counter == 0 ? kMaxSubtreeChunks : (counter & (~counter + 1));
      const std::uint64_t fit = std::bit_floor((length - pos) / kChunk);
      const std::uint64_t n = std::min({alignment, fit, kMaxSubtreeChunks});
      const std::uint64_t per = std::min(n, partChunks);
      const std::size_t count = static_cast<std::size_t>(n / per);
      const auto each = static_cast<std::uint32_t>(count == 1 ? std::min<std::uint64_t>(n, 2) : 1);
      subtrees_.push_back({counter, n, parts_.size(), count});
      for (std::size_t k = 0; k < count; ++k) {
        parts_.push_back({pos + k * per * kChunk, counter + k * per, static_cast<std::uint32_t>(per), each, cvs});
        cvs += each;
      }
      pos += n * kChunk;
      counter += n;
    }
    makeScratch();
    partCvs_.resize(cvs * BLAKE3_OUT_LEN);
    failed_.store(false, std::memory_order_relaxed);
    auto task = [&](std::size_t i, unsigned worker) { hashPart(source, parts_[i], scratch_[worker]); };
    if (parts_.size() == 1 || counter - chunks_ < 2 * kMinPartChunks) {
      for (std::size_t i = 0; i < parts_.size(); ++i)
        task(i, 0);
    } else {
      if (!pool_)
        pool_ = std::make_unique<WorkerPool>(threads_ - 1);
      pool_->run(static_cast<std::uint32_t>(parts_.size()), task);
    }
    if (failed_.load(std::memory_order_relaxed))
      return false;
    for (const Subtree& t : subtrees_) {
      const Part& first = parts_[t.firstPart];
      const std::uint8_t* cv = partCvs_.data() + first.cvAt * BLAKE3_OUT_LEN;
      if (t.parts > 1) { // the parts' CVs merged up to the subtree's two halves
        level_.resize(t.parts / 2 * BLAKE3_OUT_LEN);
        cv = mergeLevels(partCvs_.data() + first.cvAt * BLAKE3_OUT_LEN, level_.data(), t.parts, 2);
      }
      Cv half;
      std::memcpy(half.data(), cv, half.size());
      push(half, t.counter);
      if (t.chunks > 1) { // pushed as its two halves: their parent may be the root
        std::memcpy(half.data(), cv + BLAKE3_OUT_LEN, half.size());
        push(half, t.counter + t.chunks / 2);
      }
    }
    at = pos;
    chunks_ = counter;
    return true;
  }

  // Fetches and hashes one part, piece by piece, into its CVs; on a failed fetch marks the run failed, and
  // every thread gives up its parts at the next piece.
  void hashPart(PieceSource& source, const Part& part, Scratch& scratch)
  {
    for (std::uint64_t done = 0; done < part.chunks; done += kPieceChunks) {
      if (failed_.load(std::memory_order_relaxed))
        return;
      PieceCvs piece{static_cast<std::size_t>(std::min<std::uint64_t>(kPieceChunks, part.chunks - done)),
                     part.counter + done, scratch.cvs.get() + done * BLAKE3_OUT_LEN};
      const bool ok = source.with(part.offset + done * kChunk, piece.chunks * kChunk, scratch.buffer.get(),
                                  [](void* arg, const std::uint8_t* data) {
                                    const auto* p = static_cast<const PieceCvs*>(arg);
                                    hashMany(data, p->chunks, true, p->counter, p->out);
                                  },
                                  &piece);
      if (!ok) {
        failed_.store(true, std::memory_order_relaxed);
        return;
      }
    }
    const std::uint8_t* cvs =
        mergeLevels(scratch.cvs.get(), scratch.level.get(), part.chunks, std::min(part.chunks, part.cvs));
    std::memcpy(partCvs_.data() + part.cvAt * BLAKE3_OUT_LEN, cvs, std::min(part.chunks, part.cvs) * BLAKE3_OUT_LEN);
  }

  unsigned threads_;
  std::vector<Cv> stack_;                   // CVs of completed subtrees, largest first
  std::uint64_t chunks_ = 0;                // chunks covered by stack_
  std::array<std::uint8_t, kChunk> tail_{}; // input after them: at most one chunk, not yet hashed
  std::size_t tailLen_ = 0;
  std::unique_ptr<WorkerPool> pool_;        // started on the first run worth splitting
  std::vector<Scratch> scratch_;            // one per thread (worker 0 is the caller)
  std::vector<Part> parts_;                 // this run's
  std::vector<Subtree> subtrees_;
  std::vector<std::uint8_t> partCvs_, level_;
  std::atomic<bool> failed_{false};         // a fetch of this run failed
};

} // namespace

bool blake3TreeAvailable()
{
  return true;
}

std::unique_ptr<Blake3Tree> makeBlake3Tree(unsigned threads)
{
  return std::make_unique<TreeHasher>(threads);
}

std::string blake3DispatchPath()
{
  switch (blake3_simd_degree()) {
  case 16:
    return "AVX-512";
  case 8:
    return "AVX2";
  case 4:
    if (!cpuFeatures().isX86)
      return "NEON";
#if defined(BLAKE3_NO_SSE41)
    return "SSE2";
#else
    return cpuFeatures().sse41 ? "SSE4.1" : "SSE2";
#endif
  default:
    return "portable C";
  }
}

} // namespace hashscope::detail
