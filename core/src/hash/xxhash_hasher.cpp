// xxh32, xxh64, xxh3-64 and xxh3-128 through libxxhash, seed 0, canonical (big-endian) digests.
#include "hash/cpu_features.hpp"
#include "hash/hashers.hpp"
#include "hash/xxh3_vector.hpp"

#define XXH_STATIC_LINKING_ONLY // the state structs, so they live inside the hasher (no malloc)
#include <cstring>
#include <xxhash.h>

namespace hashscope::detail {
namespace {

template <typename Canonical> Digest toDigest(const Canonical& canonical)
{
  Digest digest(sizeof(canonical.digest));
  std::memcpy(digest.data(), canonical.digest, sizeof(canonical.digest));
  return digest;
}

class Xxh32Hasher final : public Hasher {
public:
  explicit Xxh32Hasher(const AlgorithmInfo& info) : info_(info) { reset(); }
  void update(const void* data, std::size_t size) override { XXH32_update(&state_, data, size); }
  Digest finish() override
  {
    XXH32_canonical_t canonical;
    XXH32_canonicalFromHash(&canonical, XXH32_digest(&state_));
    return toDigest(canonical);
  }
  void reset() override { XXH32_reset(&state_, 0); }
  const AlgorithmInfo& info() const override { return info_; }

private:
  XXH32_state_t state_{};
  const AlgorithmInfo& info_;
};

class Xxh64Hasher final : public Hasher {
public:
  explicit Xxh64Hasher(const AlgorithmInfo& info) : info_(info) { reset(); }
  void update(const void* data, std::size_t size) override { XXH64_update(&state_, data, size); }
  Digest finish() override
  {
    XXH64_canonical_t canonical;
    XXH64_canonicalFromHash(&canonical, XXH64_digest(&state_));
    return toDigest(canonical);
  }
  void reset() override { XXH64_reset(&state_, 0); }
  const AlgorithmInfo& info() const override { return info_; }

private:
  XXH64_state_t state_{};
  const AlgorithmInfo& info_;
};

// XXH3_state_t is 64-byte aligned; the class inherits that and C++17 aligned new honours it.
// Vector=true calls the AVX2 build of XXH3 (xxh3_vector.cpp) directly, so update() stays one call.
template <bool Wide, bool Vector> class Xxh3Hasher final : public Hasher {
public:
  explicit Xxh3Hasher(const AlgorithmInfo& info) : info_(info) { reset(); }
  void update(const void* data, std::size_t size) override
  {
    if constexpr (Vector) {
      Wide ? xxh3vec::update128(&state_, data, size) : xxh3vec::update64(&state_, data, size);
    } else if constexpr (Wide) {
      XXH3_128bits_update(&state_, data, size);
    } else {
      XXH3_64bits_update(&state_, data, size);
    }
  }
  Digest finish() override
  {
    Digest digest(Wide ? 16 : 8);
    if constexpr (Vector) {
      Wide ? xxh3vec::digest128(&state_, digest.data()) : xxh3vec::digest64(&state_, digest.data());
    } else if constexpr (Wide) {
      XXH128_canonical_t canonical;
      XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(&state_));
      std::memcpy(digest.data(), canonical.digest, digest.size());
    } else {
      XXH64_canonical_t canonical;
      XXH64_canonicalFromHash(&canonical, XXH3_64bits_digest(&state_));
      std::memcpy(digest.data(), canonical.digest, digest.size());
    }
    return digest;
  }
  void reset() override
  {
    if constexpr (Vector) {
      Wide ? xxh3vec::reset128(&state_) : xxh3vec::reset64(&state_);
    } else if constexpr (Wide) {
      XXH3_128bits_reset(&state_);
    } else {
      XXH3_64bits_reset(&state_);
    }
  }
  const AlgorithmInfo& info() const override { return info_; }

private:
  XXH3_state_t state_{};
  const AlgorithmInfo& info_;
};

} // namespace

bool xxh3VectorUsable()
{
  static const bool usable =
      xxh3vec::target() == "AVX2" && cpuFeatures().avx2 && xxh3vec::stateSize() == sizeof(XXH3_state_t);
  return usable;
}

std::unique_ptr<Hasher> makeXxhashHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  switch (spec.backend) {
  case Backend::Xxh32:
    return std::make_unique<Xxh32Hasher>(info);
  case Backend::Xxh64:
    return std::make_unique<Xxh64Hasher>(info);
  case Backend::Xxh3_64:
    if (xxh3VectorUsable()) {
      return std::make_unique<Xxh3Hasher<false, true>>(info);
    }
    return std::make_unique<Xxh3Hasher<false, false>>(info);
  case Backend::Xxh3_128:
    if (xxh3VectorUsable()) {
      return std::make_unique<Xxh3Hasher<true, true>>(info);
    }
    return std::make_unique<Xxh3Hasher<true, false>>(info);
  default:
    return nullptr;
  }
}

} // namespace hashscope::detail
