// The algorithm table, lookup and the Hasher factory.
#include "hash/hashers.hpp"
#include "hashscope/types.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <mutex>
#include <tuple>
#include <thread>

namespace hashscope {
namespace detail {
namespace {

using enum AlgorithmFamily;
using B = Backend;
using L = LineStyle;

// Display order: cryptographic, then checksums, then fast non-cryptographic hashes.
// Tags follow the tools: md5sum --tag "MD5", b2sum --tag "BLAKE2b", xxhsum --tag "XXH3" ...; for
// algorithms without such a tool the tag is the upper-case display name.
constexpr std::array<AlgorithmSpec, 25> kSpecs{{
    {"md5", "MD5", Cryptographic, 16, "md5sum", "MD5", B::Evp, "MD5", 0, L::Coreutils},
    {"sha1", "SHA-1", Cryptographic, 20, "sha1sum", "SHA1", B::Evp, "SHA1", 1, L::Coreutils},
    {"sha224", "SHA-224", Cryptographic, 28, "sha224sum", "SHA224", B::Evp, "SHA224", 2, L::Coreutils},
    {"sha256", "SHA-256", Cryptographic, 32, "sha256sum", "SHA256", B::Evp, "SHA256", 3, L::Coreutils},
    {"sha384", "SHA-384", Cryptographic, 48, "sha384sum", "SHA384", B::Evp, "SHA384", 4, L::Coreutils},
    {"sha512", "SHA-512", Cryptographic, 64, "sha512sum", "SHA512", B::Evp, "SHA512", 5, L::Coreutils},
    {"sha512-256", "SHA-512/256", Cryptographic, 32, "openssl dgst -sha512-256", "SHA-512/256", B::Evp,
     "SHA512-256", 6, L::Coreutils},
    {"sha3-224", "SHA3-224", Cryptographic, 28, "openssl dgst -sha3-224", "SHA3-224", B::Evp, "SHA3-224", 11,
     L::Coreutils},
    {"sha3-256", "SHA3-256", Cryptographic, 32, "openssl dgst -sha3-256", "SHA3-256", B::Evp, "SHA3-256", 7,
     L::Coreutils},
    {"sha3-384", "SHA3-384", Cryptographic, 48, "openssl dgst -sha3-384", "SHA3-384", B::Evp, "SHA3-384", 12,
     L::Coreutils},
    {"sha3-512", "SHA3-512", Cryptographic, 64, "openssl dgst -sha3-512", "SHA3-512", B::Evp, "SHA3-512", 8,
     L::Coreutils},
    {"blake2b-512", "BLAKE2b-512", Cryptographic, 64, "b2sum", "BLAKE2b", B::Blake2b, nullptr, -1, L::Coreutils},
    {"blake2s-256", "BLAKE2s-256", Cryptographic, 32, "openssl dgst -blake2s256", "BLAKE2S-256", B::Evp,
     "BLAKE2S-256", 10, L::Coreutils},
    // The Chinese standard hash (GB/T 32905), one of cksum -a's digests.
    {"sm3", "SM3", Cryptographic, 32, "cksum -a sm3 --untagged", "SM3", B::Evp, "SM3", 13, L::Coreutils},
    // b3sum has no --tag; "BLAKE3" is the name BSD-style lists and the BLAKE3 team use.
    {"blake3", "BLAKE3", Cryptographic, 32, "b3sum", "BLAKE3", B::Blake3, nullptr, -1, L::B3sum},
    {"crc32", "CRC32", Checksum, 4, "", "CRC32", B::Crc32, nullptr, -1, L::Coreutils},
    {"crc32c", "CRC32C", Checksum, 4, "", "CRC32C", B::Crc32c, nullptr, -1, L::Coreutils},
    {"adler32", "Adler-32", Checksum, 4, "", "ADLER-32", B::Adler32, nullptr, -1, L::Coreutils},
    {"cksum", "POSIX cksum", Checksum, 4, "cksum", "CKSUM", B::Cksum, nullptr, -1, L::Cksum},
    {"sum-bsd", "BSD sum", Checksum, 2, "sum -r", "SUM-BSD", B::SumBsd, nullptr, -1, L::SumBsd},
    {"sum-sysv", "System V sum", Checksum, 2, "sum -s", "SUM-SYSV", B::SumSysv, nullptr, -1, L::SumSysv},
    {"xxh32", "XXH32", Fast, 4, "xxhsum -H0", "XXH32", B::Xxh32, nullptr, -1, L::Xxhsum},
    {"xxh64", "XXH64", Fast, 8, "xxhsum -H1", "XXH64", B::Xxh64, nullptr, -1, L::Xxhsum},
    {"xxh3-64", "XXH3 (64-bit)", Fast, 8, "xxhsum -H3", "XXH3", B::Xxh3_64, nullptr, -1, L::XxhsumXxh3},
    {"xxh3-128", "XXH3 (128-bit)", Fast, 16, "xxhsum -H2", "XXH128", B::Xxh3_128, nullptr, -1, L::Xxhsum},
}};

} // namespace

std::span<const AlgorithmSpec> algorithmSpecs()
{
  return kSpecs;
}

const AlgorithmSpec* findSpec(std::string_view id)
{
  for (const AlgorithmSpec& spec : kSpecs) {
    if (spec.id == id) {
      return &spec;
    }
  }
  return nullptr;
}

} // namespace detail

std::string_view toString(AlgorithmFamily family)
{
  using enum AlgorithmFamily;
  static constexpr std::pair<AlgorithmFamily, std::string_view> kFamilies[] = {
      {Cryptographic, "cryptographic"}, {Checksum, "checksum"}, {Fast, "fast"}};
  return wordOf(kFamilies, family);
}

namespace {

// The table: what is fixed about each algorithm at once, and what must be asked of the libraries and the CPU
// (its implementation, BLAKE3's cores) the first time the algorithm is looked up, so that md5sum FILE asks
// nothing of the others (OpenSSL's EVP start-up alone costs more than hashing a small file, issue 41).
struct Table {
  Table()
  {
    for (const detail::AlgorithmSpec& spec : detail::algorithmSpecs()) {
      AlgorithmInfo info;
      info.id = std::string(spec.id);
      info.displayName = std::string(spec.displayName);
      info.family = spec.family;
      info.digestBytes = spec.digestBytes;
      info.peerTool = std::string(spec.peerTool);
      infos.push_back(std::move(info));
    }
  }
  std::vector<AlgorithmInfo> infos;
  std::array<std::once_flag, std::tuple_size_v<decltype(detail::kSpecs)>> filled;
};

Table& table()
{
  static Table t;
  return t;
}

const AlgorithmInfo& entry(std::size_t index)
{
  Table& t = table();
  std::call_once(t.filled[index], [&] {
    const detail::AlgorithmSpec& spec = detail::algorithmSpecs()[index];
    AlgorithmInfo& info = t.infos[index];
    info.implementation = detail::implementationFor(spec);
    info.threadsPerStream = spec.backend == detail::Backend::Blake3 ? detail::blake3MaxThreadsPerStream() : 1;
  });
  return t.infos[index];
}

} // namespace

const std::vector<AlgorithmInfo>& allAlgorithms()
{
  for (std::size_t i = 0; i < detail::algorithmSpecs().size(); ++i)
    entry(i);
  return table().infos;
}

const std::vector<AlgorithmInfo>& algorithmFacts()
{
  return table().infos;
}

namespace {

// b2sum -l N: BLAKE2b with an N-bit digest, N a multiple of 8 below 512 ("blake2b-256", "blake2b-8"). The
// 63 of them are found by id but not listed with the others; blake2b-512 is the listed one (OpenSSL).
std::size_t blake2bVariantBytes(std::string_view id)
{
  constexpr std::string_view kPrefix = "blake2b-";
  if (!id.starts_with(kPrefix) || id.size() == kPrefix.size() || id.size() > kPrefix.size() + 3 ||
      id[kPrefix.size()] == '0')
    return 0;
  std::size_t bits = 0;
  const auto [end, error] = std::from_chars(id.data() + kPrefix.size(), id.data() + id.size(), bits);
  return error == std::errc() && end == id.data() + id.size() && bits % 8 == 0 && bits < 512 ? bits / 8 : 0;
}

const std::vector<AlgorithmInfo>& blake2bVariants()
{
  static const std::vector<AlgorithmInfo> variants = [] {
    std::vector<AlgorithmInfo> out;
    for (std::size_t bytes = 1; bytes < 64; ++bytes) {
      const std::string bits = std::to_string(bytes * 8);
      AlgorithmInfo info;
      info.id = "blake2b-" + bits;
      info.displayName = "BLAKE2b-" + bits; // also b2sum's tag: "BLAKE2b-256 (NAME) = HEX"
      info.family = AlgorithmFamily::Cryptographic;
      info.digestBytes = bytes;
      info.implementation = detail::blake2bImplementation();
      info.peerTool = "b2sum -l " + bits;
      out.push_back(std::move(info));
    }
    return out;
  }();
  return variants;
}

// The table's index of a listed algorithm.
std::size_t indexOf(const detail::AlgorithmSpec& spec)
{
  return static_cast<std::size_t>(&spec - detail::algorithmSpecs().data());
}

// A blake2b-N variant, or a listed algorithm with (entry) or without its implementation asked for; null when
// the id is unknown.
const AlgorithmInfo* lookUp(std::string_view id, bool implementation)
{
  if (const std::size_t bytes = blake2bVariantBytes(id))
    return &blake2bVariants()[bytes - 1];
  const detail::AlgorithmSpec* spec = detail::findSpec(id);
  if (spec == nullptr)
    return nullptr;
  return implementation ? &entry(indexOf(*spec)) : &table().infos[indexOf(*spec)];
}

} // namespace

const AlgorithmInfo* findAlgorithm(std::string_view id) { return lookUp(id, true); }
const AlgorithmInfo* findAlgorithmFacts(std::string_view id) { return lookUp(id, false); }

std::unique_ptr<Hasher> makeHasher(std::string_view id, const Blake3Options& blake3)
{
  if (blake3 == Blake3Options{})
    return makeHasher(id);
  const detail::AlgorithmSpec* spec = detail::findSpec(id);
  if (spec == nullptr || spec->backend != detail::Backend::Blake3)
    return makeHasher(id);
  return detail::makeBlake3Hasher(table().infos[indexOf(*spec)], blake3);
}

std::unique_ptr<Hasher> makeHasher(std::string_view id)
{
  if (const std::size_t bytes = blake2bVariantBytes(id))
    return detail::makeBlake2bHasher(blake2bVariants()[bytes - 1], bytes);
  const detail::AlgorithmSpec* spec = detail::findSpec(id);
  if (spec == nullptr) {
    return nullptr;
  }
  // Its facts: a hasher's info() says what the algorithm is, not which implementation (findAlgorithm's).
  const AlgorithmInfo& info = table().infos[indexOf(*spec)];
  switch (spec->backend) {
  case detail::Backend::Evp:
    return detail::makeEvpHasher(*spec, info);
  case detail::Backend::Blake2b:
    return detail::makeBlake2bHasher(info, spec->digestBytes);
  case detail::Backend::Blake3:
    return detail::makeBlake3Hasher(info, threadsPerStreamLimit());
  case detail::Backend::Crc32:
  case detail::Backend::Crc32c:
  case detail::Backend::Adler32:
  case detail::Backend::Cksum:
  case detail::Backend::SumBsd:
  case detail::Backend::SumSysv:
    return detail::makeChecksumHasher(*spec, info);
  case detail::Backend::Xxh32:
  case detail::Backend::Xxh64:
  case detail::Backend::Xxh3_64:
  case detail::Backend::Xxh3_128:
    return detail::makeXxhashHasher(*spec, info);
  }
  return nullptr;
}

namespace {
std::atomic<unsigned> gThreadsPerStream{0};
} // namespace

void setThreadsPerStream(unsigned threads)
{
  gThreadsPerStream.store(threads, std::memory_order_relaxed);
}

unsigned threadsPerStreamLimit()
{
  const unsigned set = gThreadsPerStream.load(std::memory_order_relaxed);
  return set > 0 ? set : std::max(1u, std::thread::hardware_concurrency());
}

std::string toHex(const Digest& digest)
{
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.resize(digest.size() * 2);
  for (std::size_t i = 0; i < digest.size(); ++i) {
    out[2 * i] = kDigits[digest[i] >> 4];
    out[2 * i + 1] = kDigits[digest[i] & 0xf];
  }
  return out;
}

std::string toBase64(const Digest& digest)
{
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((digest.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < digest.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, digest.size() - i);
    std::uint32_t group = static_cast<std::uint32_t>(digest[i]) << 16;
    if (n > 1)
      group |= static_cast<std::uint32_t>(digest[i + 1]) << 8;
    if (n > 2)
      group |= digest[i + 2];
    for (std::size_t k = 0; k < 4; ++k)
      out += k <= n ? kDigits[(group >> (18 - 6 * k)) & 0x3f] : '=';
  }
  return out;
}

} // namespace hashscope
