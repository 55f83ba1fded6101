// The POSIX cksum CRC and the BSD / System V `sum` checksums, written here: no library has them.
#include "hash/hashers.hpp"

#include <algorithm>
#include <array>

namespace hashscope::detail {
namespace {

// --- cksum: CRC-32 with polynomial 0x04C11DB7, MSB first, then the length, then inverted. -------

using CksumTables = std::array<std::array<std::uint32_t, 256>, 8>;

constexpr CksumTables makeCksumTables()
{
  CksumTables t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i << 24;
    for (int k = 0; k < 8; ++k) {
      c = (c & 0x80000000u) ? (c << 1) ^ 0x04C11DB7u : c << 1;
    }
    t[0][i] = c;
  }
  // t[s][i]: the CRC of byte i followed by s zero bytes, so 8 bytes fold in with 8 lookups.
  for (std::size_t s = 1; s < 8; ++s) {
    for (std::size_t i = 0; i < 256; ++i) {
      t[s][i] = (t[s - 1][i] << 8) ^ t[0][t[s - 1][i] >> 24];
    }
  }
  return t;
}

constexpr CksumTables kCksum = makeCksumTables();

std::uint32_t loadBe32(const unsigned char* p)
{
  return (static_cast<std::uint32_t>(p[0]) << 24) | (static_cast<std::uint32_t>(p[1]) << 16) |
         (static_cast<std::uint32_t>(p[2]) << 8) | static_cast<std::uint32_t>(p[3]);
}

std::uint32_t cksumStep(std::uint32_t crc, unsigned char byte)
{
  return (crc << 8) ^ kCksum[0][(crc >> 24) ^ byte];
}

class CksumHasher final : public Hasher {
public:
  explicit CksumHasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    const auto* p = static_cast<const unsigned char*>(data);
    length_ += size;
    std::uint32_t c = crc_;
    while (size >= 8) {  // slicing-by-8
      const std::uint32_t one = loadBe32(p) ^ c;
      const std::uint32_t two = loadBe32(p + 4);
      c = kCksum[7][one >> 24] ^ kCksum[6][(one >> 16) & 0xff] ^ kCksum[5][(one >> 8) & 0xff] ^
          kCksum[4][one & 0xff] ^ kCksum[3][two >> 24] ^ kCksum[2][(two >> 16) & 0xff] ^
          kCksum[1][(two >> 8) & 0xff] ^ kCksum[0][two & 0xff];
      p += 8;
      size -= 8;
    }
    while (size-- > 0) {
      c = cksumStep(c, *p++);
    }
    crc_ = c;
  }
  Digest finish() override
  {
    std::uint32_t c = crc_;
    // POSIX appends the length, least significant byte first, using as few bytes as it needs.
    for (std::uint64_t n = length_; n != 0; n >>= 8) {
      c = cksumStep(c, static_cast<unsigned char>(n & 0xff));
    }
    c = ~c;
    return {static_cast<std::uint8_t>(c >> 24), static_cast<std::uint8_t>(c >> 16),
            static_cast<std::uint8_t>(c >> 8), static_cast<std::uint8_t>(c)};
  }
  void reset() override
  {
    crc_ = 0;
    length_ = 0;
  }
  const AlgorithmInfo& info() const override { return info_; }

private:
  std::uint32_t crc_ = 0;
  std::uint64_t length_ = 0;
  const AlgorithmInfo& info_;
};

Digest bigEndian16(std::uint32_t v)
{
  return {static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
}

// --- sum -r (BSD): rotate the 16-bit sum right by one, add the byte. Inherently serial. ---------

class SumBsdHasher final : public Hasher {
public:
  explicit SumBsdHasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    const auto* p = static_cast<const unsigned char*>(data);
    std::uint32_t s = sum_;
    for (std::size_t i = 0; i < size; ++i) {
      s = ((s >> 1) | ((s & 1u) << 15)) + p[i];
      s &= 0xffffu;
    }
    sum_ = s;
  }
  Digest finish() override { return bigEndian16(sum_); }
  void reset() override { sum_ = 0; }
  const AlgorithmInfo& info() const override { return info_; }

private:
  std::uint32_t sum_ = 0;
  const AlgorithmInfo& info_;
};

// --- sum -s (System V): the byte sum modulo 2^32, folded twice to 16 bits at the end. ----------

class SumSysvHasher final : public Hasher {
public:
  explicit SumSysvHasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    const auto* p = static_cast<const unsigned char*>(data);
    // SWAR: four 16-bit lanes per 64-bit word for even bytes and four for odd ones; a lane gains at
    // most 255 per word, so 256 words (65280) never overflow it before the flush.
    constexpr std::uint64_t kLanes = 0x00ff00ff00ff00ffull;
    std::uint64_t total = 0;
    while (size >= 8) {
      std::size_t words = std::min<std::size_t>(size / 8, 256);
      std::uint64_t even = 0;
      std::uint64_t odd = 0;
      for (std::size_t w = 0; w < words; ++w) {
        std::uint64_t x = 0;
        for (int b = 0; b < 8; ++b) {  // byte order is irrelevant to a sum; this compiles to one load
          x |= static_cast<std::uint64_t>(p[b]) << (8 * b);
        }
        even += x & kLanes;
        odd += (x >> 8) & kLanes;
        p += 8;
      }
      total += horizontal(even) + horizontal(odd);
      size -= words * 8;
    }
    while (size-- > 0) {
      total += *p++;
    }
    sum_ += static_cast<std::uint32_t>(total);  // coreutils keeps an unsigned int: wraps mod 2^32
  }
  Digest finish() override
  {
    const std::uint32_t r = (sum_ & 0xffffu) + (sum_ >> 16);
    return bigEndian16((r & 0xffffu) + (r >> 16));
  }
  void reset() override { sum_ = 0; }
  const AlgorithmInfo& info() const override { return info_; }

private:
  static std::uint64_t horizontal(std::uint64_t lanes)
  {
    return (lanes & 0xffff) + ((lanes >> 16) & 0xffff) + ((lanes >> 32) & 0xffff) + (lanes >> 48);
  }
  std::uint32_t sum_ = 0;
  const AlgorithmInfo& info_;
};

}  // namespace

std::unique_ptr<Hasher> makePosixSumHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  switch (spec.backend) {
  case Backend::Cksum: return std::make_unique<CksumHasher>(info);
  case Backend::SumBsd: return std::make_unique<SumBsdHasher>(info);
  case Backend::SumSysv: return std::make_unique<SumSysvHasher>(info);
  default: return nullptr;
  }
}

}  // namespace hashscope::detail
