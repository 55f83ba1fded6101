// md5, SHA-1/2/3, BLAKE2s and SM3 through OpenSSL 3: md5, SHA-1 and SHA-2 through its one-algorithm functions
// (MD5_Update, SHA256_Update ...), the rest through EVP. The one-algorithm functions run the same assembly as
// EVP's default provider (whose md5 and SHA digests call them), without the provider machinery: the first
// EVP_MD_fetch of a process loads the configuration, the error strings and the provider's method store, some
// 4 million instructions, more than hashing 1 MiB with md5 (issue 41: md5sum of an empty file).
// OpenSSL 3 deprecates them (they stay in every 3.x); a build of OpenSSL without them uses EVP for all.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "hash/hashers.hpp"

#include <array>
#include <mutex>
#include <openssl/evp.h>
#include <openssl/opensslconf.h>
#include <stdexcept>
#include <string_view>

#if !defined(OPENSSL_NO_DEPRECATED_3_0) && !defined(OPENSSL_NO_MD5)
#define HASHSCOPE_OPENSSL_DIRECT 1
#include <openssl/md5.h>
#include <openssl/sha.h>
#endif

namespace hashscope::detail {
namespace {

constexpr std::size_t kEvpSlots = 14;

// EVP_MD_fetch is slow (a provider lookup under a lock, and the library's start-up at the first one), so each
// algorithm is fetched once per process, when first asked for. The objects live until exit on purpose.
const EVP_MD* digestFor(const AlgorithmSpec& spec)
{
  static std::array<std::once_flag, kEvpSlots> once;
  static std::array<EVP_MD*, kEvpSlots> digests{};
  if (spec.evpSlot < 0 || static_cast<std::size_t>(spec.evpSlot) >= kEvpSlots)
    return nullptr;
  const auto slot = static_cast<std::size_t>(spec.evpSlot);
  std::call_once(once[slot], [&] { digests[slot] = EVP_MD_fetch(nullptr, spec.evpName, nullptr); });
  return digests[slot];
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

#if defined(HASHSCOPE_OPENSSL_DIRECT)
// One of OpenSSL's one-algorithm hashers: its context, and its Init, Update and Final functions.
template <class Context, int (*Init)(Context*), int (*Update)(Context*, const void*, std::size_t),
          int (*Final)(unsigned char*, Context*)>
class DirectHasher final : public Hasher {
public:
  explicit DirectHasher(const AlgorithmInfo& info) : info_(info) { Init(&ctx_); }
  void update(const void* data, std::size_t size) override { Update(&ctx_, data, size); }
  Digest finish() override
  {
    Digest digest(info_.digestBytes);
    Final(digest.data(), &ctx_);
    return digest;
  }
  void reset() override { Init(&ctx_); }
  const AlgorithmInfo& info() const override { return info_; }

private:
  Context ctx_{};
  const AlgorithmInfo& info_;
};

template <class H>
std::unique_ptr<Hasher> make(const AlgorithmInfo& info)
{
  return std::make_unique<H>(info);
}

// The algorithms hashed by the one-algorithm functions (no fetch): the one list of them.
struct Direct {
  std::string_view id;
  std::unique_ptr<Hasher> (*make)(const AlgorithmInfo&);
};
constexpr Direct kDirect[] = {
    {"md5", make<DirectHasher<MD5_CTX, MD5_Init, MD5_Update, MD5_Final>>},
    {"sha1", make<DirectHasher<SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final>>},
    {"sha224", make<DirectHasher<SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final>>},
    {"sha256", make<DirectHasher<SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final>>},
    {"sha384", make<DirectHasher<SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final>>},
    {"sha512", make<DirectHasher<SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final>>},
};

const Direct* directFor(const AlgorithmSpec& spec)
{
  for (const Direct& direct : kDirect)
    if (direct.id == spec.id)
      return &direct;
  return nullptr;
}
#else
struct Direct {
  std::unique_ptr<Hasher> (*make)(const AlgorithmInfo&);
};
const Direct* directFor(const AlgorithmSpec&) { return nullptr; }
#endif

} // namespace

bool evpAvailable(const AlgorithmSpec& spec)
{
  return directFor(spec) != nullptr || digestFor(spec) != nullptr;
}

std::unique_ptr<Hasher> makeEvpHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  if (const Direct* direct = directFor(spec))
    return direct->make(info);
  const EVP_MD* md = digestFor(spec);
  return md ? std::make_unique<EvpHasher>(md, info) : nullptr;
}

} // namespace hashscope::detail
