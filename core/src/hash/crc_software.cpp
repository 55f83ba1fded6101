// CRC-32C and the POSIX cksum CRC with slicing-by-8 tables.
#include "hash/crc_software.hpp"

#include <array>

namespace hashscope::detail {
namespace {

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// t[0][i]: the CRC of byte i; t[s][i]: of byte i followed by s zero bytes, so 8 bytes fold in with 8 lookups.
// `reflected`: least significant bit first (CRC-32C), else most significant first (cksum).
constexpr Tables makeTables(std::uint32_t poly, bool reflected)
{
  Tables t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = reflected ? i : i << 24;
    for (int k = 0; k < 8; ++k) {
      if (reflected)
        c = (c & 1u) ? (c >> 1) ^ poly : c >> 1;
      else
        c = (c & 0x80000000u) ? (c << 1) ^ poly : c << 1;
    }
    t[0][i] = c;
  }
  for (std::size_t s = 1; s < 8; ++s) {
    for (std::size_t i = 0; i < 256; ++i) {
      const std::uint32_t c = t[s - 1][i];
      t[s][i] = reflected ? (c >> 8) ^ t[0][c & 0xffu] : (c << 8) ^ t[0][c >> 24];
    }
  }
  return t;
}

constexpr Tables kCrc32c = makeTables(0x82F63B78u, true); // the reflected Castagnoli polynomial
constexpr Tables kCksum = makeTables(0x04C11DB7u, false);

std::uint32_t loadLe32(const unsigned char* p)
{
  return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
         (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

std::uint32_t loadBe32(const unsigned char* p)
{
  return (static_cast<std::uint32_t>(p[0]) << 24) | (static_cast<std::uint32_t>(p[1]) << 16) |
         (static_cast<std::uint32_t>(p[2]) << 8) | static_cast<std::uint32_t>(p[3]);
}

std::uint32_t cksumStep(std::uint32_t crc, unsigned char byte)
{
  return (crc << 8) ^ kCksum[0][(crc >> 24) ^ byte];
}

} // namespace

std::uint32_t crc32cSoftware(std::uint32_t crc, const void* data, std::size_t size)
{
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t c = ~crc;
  while (size >= 8) {
    const std::uint32_t one = loadLe32(p) ^ c;
    const std::uint32_t two = loadLe32(p + 4);
    c = kCrc32c[7][one & 0xff] ^ kCrc32c[6][(one >> 8) & 0xff] ^ kCrc32c[5][(one >> 16) & 0xff] ^
        kCrc32c[4][one >> 24] ^ kCrc32c[3][two & 0xff] ^ kCrc32c[2][(two >> 8) & 0xff] ^
        kCrc32c[1][(two >> 16) & 0xff] ^ kCrc32c[0][two >> 24];
    p += 8;
    size -= 8;
  }
  while (size-- > 0)
    c = (c >> 8) ^ kCrc32c[0][(c ^ *p++) & 0xff];
  return ~c;
}

std::uint32_t cksumUpdateSoftware(std::uint32_t raw, const void* data, std::size_t size)
{
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint32_t c = raw;
  while (size >= 8) {
    const std::uint32_t one = loadBe32(p) ^ c;
    const std::uint32_t two = loadBe32(p + 4);
    c = kCksum[7][one >> 24] ^ kCksum[6][(one >> 16) & 0xff] ^ kCksum[5][(one >> 8) & 0xff] ^
        kCksum[4][one & 0xff] ^ kCksum[3][two >> 24] ^ kCksum[2][(two >> 16) & 0xff] ^
        kCksum[1][(two >> 8) & 0xff] ^ kCksum[0][two & 0xff];
    p += 8;
    size -= 8;
  }
  while (size-- > 0)
    c = cksumStep(c, *p++);
  return c;
}

std::uint32_t cksumFinish(std::uint32_t raw, std::uint64_t length)
{
  std::uint32_t c = raw;
  for (std::uint64_t n = length; n != 0; n >>= 8)
    c = cksumStep(c, static_cast<unsigned char>(n & 0xff));
  return ~c;
}

} // namespace hashscope::detail
