// md5, SHA-1/2/3 and BLAKE2 through OpenSSL 3 EVP.
#include "hash/hashers.hpp"

#include <array>
#include <openssl/evp.h>
#include <stdexcept>

namespace hashscope::detail {
namespace {

constexpr std::size_t kEvpSlots = 14;

// EVP_MD_fetch is slow (a provider lookup under a lock), so each algorithm is fetched once per
// process; the magic static makes that thread-safe. The objects live until exit on purpose.
const std::array<EVP_MD*, kEvpSlots>& fetchedDigests()
{
  static const std::array<EVP_MD*, kEvpSlots> digests = [] {
    std::array<EVP_MD*, kEvpSlots> out{};
    for (const AlgorithmSpec& spec : algorithmSpecs()) {
      if (spec.backend == Backend::Evp && spec.evpSlot >= 0 &&
          static_cast<std::size_t>(spec.evpSlot) < kEvpSlots) {
        out[static_cast<std::size_t>(spec.evpSlot)] = EVP_MD_fetch(nullptr, spec.evpName, nullptr);
      }
    }
    return out;
  }();
  return digests;
}

const EVP_MD* digestFor(const AlgorithmSpec& spec)
{
  if (spec.evpSlot < 0 || static_cast<std::size_t>(spec.evpSlot) >= kEvpSlots) {
    return nullptr;
  }
  return fetchedDigests()[static_cast<std::size_t>(spec.evpSlot)];
}

// One EVP_MD_CTX for the hasher's whole life; reset() re-initialises it without reallocating.
class EvpHasher final : public Hasher {
public:
  EvpHasher(const EVP_MD* md, const AlgorithmInfo& info) : md_(md), ctx_(EVP_MD_CTX_new()), info_(info)
  {
    if (ctx_ == nullptr || EVP_DigestInit_ex2(ctx_, md_, nullptr) != 1) {
      EVP_MD_CTX_free(ctx_);
      throw std::runtime_error("OpenSSL could not start a " + info.displayName + " digest");
    }
  }
  ~EvpHasher() override { EVP_MD_CTX_free(ctx_); }
  EvpHasher(const EvpHasher&) = delete;
  EvpHasher& operator=(const EvpHasher&) = delete;

  void update(const void* data, std::size_t size) override { EVP_DigestUpdate(ctx_, data, size); }

  Digest finish() override
  {
    Digest digest(info_.digestBytes);
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(ctx_, digest.data(), &length) != 1 || length != digest.size()) {
      throw std::runtime_error("OpenSSL failed to finish a " + info_.displayName + " digest");
    }
    return digest;
  }

  void reset() override { EVP_DigestInit_ex2(ctx_, md_, nullptr); }

  const AlgorithmInfo& info() const override { return info_; }

private:
  const EVP_MD* md_;
  EVP_MD_CTX* ctx_;
  const AlgorithmInfo& info_;
};

} // namespace

bool evpAvailable(const AlgorithmSpec& spec)
{
  return digestFor(spec) != nullptr;
}

std::unique_ptr<Hasher> makeEvpHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  const EVP_MD* md = digestFor(spec);
  if (md == nullptr) {
    return nullptr;
  }
  return std::make_unique<EvpHasher>(md, info);
}

} // namespace hashscope::detail
