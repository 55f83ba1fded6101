// BLAKE3 on several threads for one stream, built on the library's own compression functions
// (blake3_hash_many, blake3_compress_in_place from blake3_impl.h; blake3.c keeps its tree code static).
//
// The tree (BLAKE3 spec, section 2.1): 1024-byte chunks are leaves; a parent's left subtree holds the
// largest power of two of chunks that leaves at least one byte for the right. Equivalently, every
// aligned run of 2^k chunks (starting at a multiple of 2^k) that is not the whole input is one subtree,
// so its chaining value (CV) can be computed on its own and merged later. This hasher keeps, like the
// library's incremental hasher, a stack of subtree CVs with lazy merging, and hashes each incoming
// aligned subtree by cutting it into equal parts that the threads share out.
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
constexpr std::uint64_t kMaxSubtreeChunks = 1 << 15; // 32 MiB: bounds the CV scratch to 1 MiB
constexpr std::size_t kMinPartChunks = 64;           // 64 KiB per part: below, handing off costs more
constexpr std::size_t kPartsPerThread = 4;
constexpr std::uint8_t kChunkStart = CHUNK_START, kChunkEnd = CHUNK_END, kParent = PARENT, kRoot = ROOT;

// CVs of `count` whole chunks starting at chunk number `counter`, into out[32 * count].
void chunkCvs(const std::uint8_t* in, std::size_t count, std::uint64_t counter, std::uint8_t* out)
{
  const std::uint8_t* inputs[kBatch];
  for (std::size_t done = 0; done < count;) {
    const std::size_t n = std::min(kBatch, count - done);
    for (std::size_t i = 0; i < n; ++i)
      inputs[i] = in + (done + i) * kChunk;
    blake3_hash_many(inputs, n, kChunk / kBlock, IV, counter + done, true, 0, kChunkStart, kChunkEnd,
                     out + done * BLAKE3_OUT_LEN);
    done += n;
  }
}

// Parent CVs of `pairs` adjacent CV pairs (in[64 * i] = left || right) into out[32 * i].
void parentCvs(const std::uint8_t* in, std::size_t pairs, std::uint8_t* out)
{
  const std::uint8_t* inputs[kBatch];
  for (std::size_t done = 0; done < pairs;) {
    const std::size_t n = std::min(kBatch, pairs - done);
    for (std::size_t i = 0; i < n; ++i)
      inputs[i] = in + (done + i) * kBlock;
    blake3_hash_many(inputs, n, 1, IV, 0, false, kParent, 0, 0, out + done * BLAKE3_OUT_LEN);
    done += n;
  }
}

// Halves `count` CVs (a power of two) level by level until `target` remain; returns where they are.
// `a` holds the CVs, `b` is scratch of half the size (the two alternate, hash_many never runs in place).
std::uint8_t* mergeLevels(std::uint8_t* a, std::uint8_t* b, std::size_t count, std::size_t target)
{
  while (count > target) {
    parentCvs(a, count / 2, b);
    std::swap(a, b);
    count /= 2;
  }
  return a;
}

// Scratch for one thread's subtree: its chunk CVs and the level above.
struct Scratch {
  std::vector<std::uint8_t> a, b;
  // CVs of the 2^k-chunk subtree at `counter`, merged down to `target` (1 or 2) CVs, copied to out.
  void subtree(const std::uint8_t* in, std::size_t chunks, std::uint64_t counter, std::size_t target,
               std::uint8_t* out)
  {
    a.resize(chunks * BLAKE3_OUT_LEN);
    b.resize(std::max<std::size_t>(1, chunks / 2) * BLAKE3_OUT_LEN);
    chunkCvs(in, chunks, counter, a.data());
    const std::uint8_t* cvs = mergeLevels(a.data(), b.data(), chunks, std::min(chunks, target));
    std::memcpy(out, cvs, std::min(chunks, target) * BLAKE3_OUT_LEN);
  }
};

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
      threads_.emplace_back([this] { loop(); });
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

  // Runs task(0 .. count-1) on the helpers and this thread; returns when every part is done.
  template <class Task> void run(std::uint32_t count, Task& task)
  {
    task_ = [](void* t, std::size_t i) { (*static_cast<Task*>(t))(i); };
    taskArg_ = &task;
    count_ = count;
    done_.store(0, std::memory_order_relaxed);
    ++run_;
    ticket_.store(std::uint64_t{run_} << 32 | std::uint64_t{count} << 16, std::memory_order_release);
    wake_.fetch_add(1, std::memory_order_release);
    notifyAll(wake_);
    while (claimAndRun(run_)) {
    }
    for (std::uint32_t d; (d = done_.load(std::memory_order_acquire)) != count_;)
      waitWhileEquals(done_, d, std::memory_order_acquire);
  }

private:
  // Claims the next part of run `runNumber` and runs it; false when none is left (or the run is over).
  // Only a successful claim reads task_: the caller does not touch it until every claimed part is done.
  bool claimAndRun(std::uint32_t runNumber)
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
    task_(taskArg_, static_cast<std::size_t>(t & kMaxParts));
    if (done_.fetch_add(1, std::memory_order_acq_rel) + 1 == count)
      notifyOne(done_);
    return true;
  }

  void loop()
  {
    std::uint32_t seen = 0; // wake_ starts at 0: a run may begin before this thread does
    for (;;) {
      waitWhileEquals(wake_, seen, std::memory_order_acquire);
      seen = wake_.load(std::memory_order_acquire);
      if (stopping_.load(std::memory_order_relaxed))
        return;
      const auto runNumber = static_cast<std::uint32_t>(ticket_.load(std::memory_order_acquire) >> 32);
      while (claimAndRun(runNumber)) {
      }
    }
  }

  void (*task_)(void*, std::size_t) = nullptr;
  void* taskArg_ = nullptr;
  std::uint32_t run_ = 0;                 // caller only
  std::uint32_t count_ = 0;               // caller only
  std::atomic<std::uint64_t> ticket_{0};  // run number << 32 | part count << 16 | next part to claim
  std::atomic<std::uint32_t> done_{0};    // parts finished in this run
  std::atomic<std::uint32_t> wake_{0};    // bumped to wake the helpers
  std::atomic<bool> stopping_{false};
  std::vector<std::jthread> threads_;
};

class TreeHasher final : public Blake3Tree {
public:
  explicit TreeHasher(unsigned threads) : threads_(std::max(2u, threads)) {}

  void update(const std::uint8_t* data, std::size_t size) override
  {
    if (tailLen_ > 0) {
      const std::size_t take = std::min(kChunk - tailLen_, size);
      std::memcpy(tail_.data() + tailLen_, data, take);
      tailLen_ += take;
      data += take;
      size -= take;
      if (size == 0)
        return; // the tail may be the last chunk, even the root: keep it
      Cv cv;
      chunkCvs(tail_.data(), 1, chunks_, cv.data());
      push(cv, chunks_);
      chunks_ += 1;
      tailLen_ = 0;
    }
    while (size > kChunk) {
      // The largest power-of-two run of whole chunks that starts aligned at chunks_ and fits.
      const std::uint64_t alignment = chunks_ == 0 ? kMaxSubtreeChunks : (chunks_ & (~chunks_ + 1));
      const std::uint64_t fit = std::bit_floor(static_cast<std::uint64_t>(size / kChunk));
      const std::uint64_t n = std::min({alignment, fit, kMaxSubtreeChunks});
      if (n == 1) { // one chunk with more input after it: it is not the root
        Cv cv;
        chunkCvs(data, 1, chunks_, cv.data());
        push(cv, chunks_);
      } else {
        std::uint8_t halves[2 * BLAKE3_OUT_LEN];
        subtreeHalves(data, static_cast<std::size_t>(n), halves);
        Cv cv;
        std::memcpy(cv.data(), halves, cv.size());
        push(cv, chunks_);
        std::memcpy(cv.data(), halves + BLAKE3_OUT_LEN, cv.size());
        push(cv, chunks_ + n / 2);
      }
      chunks_ += n;
      data += n * kChunk;
      size -= static_cast<std::size_t>(n * kChunk);
    }
    std::memcpy(tail_.data(), data, size);
    tailLen_ = size;
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

  // The CVs of the two halves of the n-chunk subtree (n a power of two >= 2) at chunks_: cut into
  // equal power-of-two parts hashed on the pool, then merged up to the two halves.
  void subtreeHalves(const std::uint8_t* data, std::size_t n, std::uint8_t halves[2 * BLAKE3_OUT_LEN])
  {
    // Several parts per thread: whoever is on a CPU takes the next one, so a helper the scheduler
    // keeps waiting slows the subtree down by less than its share (b3sum's rayon steals work alike).
    const std::size_t parts = std::min<std::size_t>(
        {std::bit_ceil(threads_) * kPartsPerThread, std::bit_floor(n / kMinPartChunks), std::size_t{1} << 12});
    if (threads_ < 2 || n / kMinPartChunks < 2) {
      if (scratch_.empty())
        scratch_.resize(1);
      scratch_[0].subtree(data, n, chunks_, 2, halves);
      return;
    }
    if (!pool_)
      pool_ = std::make_unique<WorkerPool>(threads_ - 1);
    const std::size_t per = n / parts;
    partCvs_.resize(parts * BLAKE3_OUT_LEN);
    if (scratch_.size() < parts)
      scratch_.resize(parts);
    const std::uint64_t first = chunks_;
    auto task = [&](std::size_t i) {
      scratch_[i].subtree(data + i * per * kChunk, per, first + i * per, 1, partCvs_.data() + i * BLAKE3_OUT_LEN);
    };
    pool_->run(static_cast<std::uint32_t>(parts), task);
    std::vector<std::uint8_t> level(parts / 2 * BLAKE3_OUT_LEN);
    const std::uint8_t* two = mergeLevels(partCvs_.data(), level.data(), parts, 2);
    std::memcpy(halves, two, 2 * BLAKE3_OUT_LEN);
  }

  unsigned threads_;
  std::vector<Cv> stack_;                   // CVs of completed subtrees, largest first
  std::uint64_t chunks_ = 0;                // chunks covered by stack_
  std::array<std::uint8_t, kChunk> tail_{}; // input after them: at most one chunk, not yet hashed
  std::size_t tailLen_ = 0;
  std::unique_ptr<WorkerPool> pool_;        // started on the first subtree worth splitting
  std::vector<Scratch> scratch_;            // one per part
  std::vector<std::uint8_t> partCvs_;
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
