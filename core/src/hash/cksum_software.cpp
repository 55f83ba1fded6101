// POSIX cksum CRC with slicing-by-8 tables (about 1 byte/cycle, no special instructions).
#include "hash/cksum_software.hpp"

#include <array>

namespace hashscope::detail {
namespace {

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

} // namespace

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
  while (size-- > 0) {
    c = cksumStep(c, *p++);
  }
  return c;
}

std::uint32_t cksumFinish(std::uint32_t raw, std::uint64_t length)
{
  std::uint32_t c = raw;
  for (std::uint64_t n = length; n != 0; n >>= 8) {
    c = cksumStep(c, static_cast<unsigned char>(n & 0xff));
  }
  return ~c;
}

} // namespace hashscope::detail
