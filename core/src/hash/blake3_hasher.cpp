// BLAKE3 through the official C library: the library's own incremental hasher on one thread, or the
// tree split of blake3_tree.cpp on several (one file on all cores, as b3sum does).
#include "hash/blake3_tree.hpp"
#include "hash/cpu_features.hpp"
#include "hash/hashers.hpp"

#include <blake3.h>

#include <algorithm>
#include <thread>

namespace hashscope::detail {
namespace {

class Blake3Hasher final : public Hasher {
public:
  Blake3Hasher(const AlgorithmInfo& info, std::unique_ptr<Blake3Tree> tree, Blake3Options options = {})
      : info_(info), tree_(std::move(tree)), options_(std::move(options))
  {
    init();
  }
  void update(const void* data, std::size_t size) override
  {
    if (size == 0)  // an empty update may pass a null pointer, which memcpy must never see
      return;
    if (tree_)
      tree_->update(static_cast<const std::uint8_t*>(data), size);
    else
      blake3_hasher_update(&state_, data, size);
  }
  Digest finish() override
  {
    Digest out(options_.length);
    if (tree_)
      tree_->finish(out.data());
    else
      blake3_hasher_finalize(&state_, out.data(), out.size());
    return out;
  }
  void reset() override
  {
    if (tree_)
      tree_->reset();
    else
      init();
  }
  const AlgorithmInfo& info() const override { return info_; }
  unsigned threadsPerStream() const override { return tree_ ? tree_->threads() : 1; }
  bool fetchesPieces() const override { return tree_ != nullptr; }
  bool updateFrom(std::uint64_t length, PieceSource& source) override
  {
    return tree_ && tree_->updateFrom(length, source);
  }

private:
  void init()
  {
    if (options_.key)
      blake3_hasher_init_keyed(&state_, options_.key->data());
    else if (options_.context)
      blake3_hasher_init_derive_key_raw(&state_, options_.context->data(), options_.context->size());
    else
      blake3_hasher_init(&state_);
  }

  const AlgorithmInfo& info_;
  std::unique_ptr<Blake3Tree> tree_; // null: one thread
  Blake3Options options_; // the default mode whenever tree_ is set
  blake3_hasher state_;
};

// Without the library's answer (a system libblake3), its dispatch rules from CPUID: AVX-512 needs F
// and VL (our avx512 flag also wants BW and DQ, which every such CPU has), then AVX2, SSE4.1, SSE2.
std::string inferredPath()
{
  const CpuFeatures& cpu = cpuFeatures();
  if (!cpu.isX86)
    return std::string(cpuArchName());
  return cpu.avx512 ? "AVX-512" : cpu.avx2 ? "AVX2" : cpu.sse41 ? "SSE4.1" : "SSE2";
}

} // namespace

unsigned blake3MaxThreadsPerStream()
{
  return blake3TreeAvailable() ? std::max(1u, std::thread::hardware_concurrency()) : 1;
}

std::string blake3Implementation()
{
  std::string path = blake3DispatchPath();
  if (path.empty())
    path = inferredPath();
  const unsigned cores = blake3MaxThreadsPerStream();
  std::string text = std::string("BLAKE3 ") + blake3_version() + " official C (" + path;
  if (!blake3TreeAvailable())
    text += ", one core per file: this libblake3 hides its compression functions";
  else
    text += ", uses " + std::to_string(cores) + (cores == 1 ? " core" : " cores") + " for one file";
  return text + ")";
}

std::unique_ptr<Hasher> makeBlake3Hasher(const AlgorithmInfo& info, unsigned threads)
{
  return std::make_unique<Blake3Hasher>(info, threads > 1 ? makeBlake3Tree(threads) : nullptr);
}

std::unique_ptr<Hasher> makeBlake3Hasher(const AlgorithmInfo& info, const Blake3Options& options)
{
  return std::make_unique<Blake3Hasher>(info, nullptr, options);
}

} // namespace hashscope::detail
