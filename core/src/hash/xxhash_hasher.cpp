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

// XXH32 and XXH64: their state, and the functions that reset (seed 0), update and finish it, and make the hash
// canonical.
template <class State, class Canonical, auto Reset, auto Update, auto Hash, auto ToCanonical>
class XxhHasher final : public Hasher {
public:
  explicit XxhHasher(const AlgorithmInfo& info) : info_(info) { reset(); }
  void update(const void* data, std::size_t size) override { Update(&state_, data, size); }
  Digest finish() override
  {
    Canonical canonical;
    ToCanonical(&canonical, Hash(&state_));
    return toDigest(canonical);
  }
  void reset() override { Reset(&state_, 0); }
  const AlgorithmInfo& info() const override { return info_; }

private:
  State state_{};
  const AlgorithmInfo& info_;
};
using Xxh32Hasher =
    XxhHasher<XXH32_state_t, XXH32_canonical_t, XXH32_reset, XXH32_update, XXH32_digest, XXH32_canonicalFromHash>;
using Xxh64Hasher =
    XxhHasher<XXH64_state_t, XXH64_canonical_t, XXH64_reset, XXH64_update, XXH64_digest, XXH64_canonicalFromHash>;

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

namespace {

template <bool Wide>
std::unique_ptr<Hasher> makeXxh3(const AlgorithmInfo& info)
{
  if (xxh3VectorUsable())
    return std::make_unique<Xxh3Hasher<Wide, true>>(info);
  return std::make_unique<Xxh3Hasher<Wide, false>>(info);
}

} // namespace

std::unique_ptr<Hasher> makeXxhashHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  switch (spec.backend) {
  case Backend::Xxh32:
    return std::make_unique<Xxh32Hasher>(info);
  case Backend::Xxh64:
    return std::make_unique<Xxh64Hasher>(info);
  case Backend::Xxh3_64:
    return makeXxh3<false>(info);
  case Backend::Xxh3_128:
    return makeXxh3<true>(info);
  default:
    return nullptr;
  }
}

} // namespace hashscope::detail
