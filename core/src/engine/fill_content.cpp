// fillContent: the bytes of sample files. Random data comes from a fast PRNG (several GB/s), never from the
// OS entropy pool, so writing a sample measures the disk, not the generator.
#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

#include "hashscope/samples.hpp"

namespace hashscope {

namespace {

std::uint64_t splitmix64(std::uint64_t& state)
{
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// xoshiro256** (Blackman & Vigna): statistically solid, a few cycles per 8 bytes.
struct Xoshiro256 {
  std::uint64_t s[4];
  explicit Xoshiro256(std::uint64_t seed)
  {
    for (auto& v : s)
      v = splitmix64(seed);
  }
  std::uint64_t next()
  {
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

void fillRandom(unsigned char* out, std::size_t size, std::uint64_t seed)
{
  // Four independent generators interleaved: the CPU overlaps their dependency chains.
  Xoshiro256 g0(seed), g1(seed ^ 0x1111), g2(seed ^ 0x2222), g3(seed ^ 0x3333);
  std::size_t i = 0;
  for (; i + 32 <= size; i += 32) {
    const std::uint64_t v[4] = {g0.next(), g1.next(), g2.next(), g3.next()};
    std::memcpy(out + i, v, 32);
  }
  while (i < size) {
    const std::uint64_t v = g0.next();
    const std::size_t n = std::min<std::size_t>(8, size - i);
    std::memcpy(out + i, &v, n);
    i += n;
  }
}

// Plain English words: the text compresses like real documents (about 3:1 with gzip).
constexpr std::array<std::string_view, 64> kWords{
    "the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "be", "by", "on", "not",
    "he", "this", "are", "or", "his", "from", "at", "which", "but", "have", "an", "had", "they", "you",
    "were", "their", "one", "all", "we", "can", "her", "has", "there", "been", "if", "more", "when", "will",
    "would", "who", "so", "no", "file", "disk", "hash", "speed", "memory", "read", "write", "block",
    "cache", "device", "thread", "stream", "sample", "digest", "buffer", "system"};

void fillText(unsigned char* out, std::size_t size, std::uint64_t seed)
{
  Xoshiro256 g(seed);
  std::size_t i = 0, lineLength = 0;
  std::uint64_t bits = 0;
  int bitsLeft = 0;
  while (i < size) {
    if (bitsLeft < 6) {
      bits = g.next();
      bitsLeft = 64;
    }
    const std::string_view word = kWords[bits & 63];
    bits >>= 6;
    bitsLeft -= 6;
    const std::size_t n = std::min(word.size(), size - i);
    std::memcpy(out + i, word.data(), n);
    i += n;
    lineLength += n + 1;
    if (i < size) {
      out[i++] = lineLength > 72 ? '\n' : ' ';
      if (lineLength > 72)
        lineLength = 0;
    }
  }
}

}  // namespace

void fillContent(void* data, std::size_t size, SampleContent content, std::uint64_t seed)
{
  auto* out = static_cast<unsigned char*>(data);
  switch (content) {
  case SampleContent::Zeros: std::memset(out, 0, size); return;
  case SampleContent::Text: fillText(out, size, seed); return;
  case SampleContent::Random: fillRandom(out, size, seed); return;
  }
  fillRandom(out, size, seed);
}

}  // namespace hashscope
