// BLAKE2b with any digest length from 1 to 64 bytes (RFC 7693): b2sum, `b2sum -l N` and `cksum -a blake2b
// -l N`. The length is part of the parameter block, so BLAKE2b-256 is not BLAKE2b-512 cut short. OpenSSL 3.0
// offers only the 512-bit form, in portable C like this one (its rounds unrolled as here), and only through
// EVP, whose start-up costs more than b2sum of a small file (issue 41).
// Not libb2 (issue 36): Debian's libb2 loads libgomp at every start (issue 41); the Windows prefix lacks it.
#include "hash/hashers.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <utility>

namespace hashscope::detail {
namespace {

constexpr std::array<std::uint64_t, 8> kIv{0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                           0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                           0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};

constexpr std::uint8_t kSigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

constexpr std::size_t kBlock = 128;

std::uint64_t load64(const std::uint8_t* p)
{
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
      v = (v << 8) | p[i];
    return v;
  }
}

inline void mix(std::uint64_t& a, std::uint64_t& b, std::uint64_t& c, std::uint64_t& d, std::uint64_t x,
                std::uint64_t y)
{
  a = a + b + x;
  d = std::rotr(d ^ a, 32);
  c = c + d;
  b = std::rotr(b ^ c, 24);
  a = a + b + y;
  d = std::rotr(d ^ a, 16);
  c = c + d;
  b = std::rotr(b ^ c, 63);
}

// Round R, its message schedule known at compile time (the rounds unrolled: no schedule lookups).
template <std::size_t R>
inline void round(std::uint64_t (&v)[16], const std::uint64_t (&m)[16])
{
  constexpr const std::uint8_t(&s)[16] = kSigma[R];
  mix(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
  mix(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
  mix(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
  mix(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
  mix(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
  mix(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
  mix(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
  mix(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
}

template <std::size_t... R>
inline void rounds(std::uint64_t (&v)[16], const std::uint64_t (&m)[16], std::index_sequence<R...>)
{
  (round<R>(v, m), ...);
}

class Blake2bHasher final : public Hasher {
public:
  Blake2bHasher(const AlgorithmInfo& info, std::size_t outBytes) : info_(info), outBytes_(outBytes) { reset(); }

  void update(const void* data, std::size_t size) override
  {
    auto in = static_cast<const std::uint8_t*>(data);
    while (size > 0) {
      // The last block is compressed with the final flag, so a full buffer waits until more data comes.
      if (filled_ == kBlock) {
        compress(buffer_.data(), 1, kBlock, false);
        filled_ = 0;
      }
      if (filled_ == 0 && size > kBlock) {
        const std::size_t blocks = (size - 1) / kBlock; // all but the last byte's block
        compress(in, blocks, kBlock, false);
        in += blocks * kBlock;
        size -= blocks * kBlock;
      }
      const std::size_t n = std::min(size, kBlock - filled_);
      std::memcpy(buffer_.data() + filled_, in, n);
      filled_ += n;
      in += n;
      size -= n;
    }
  }

  Digest finish() override
  {
    std::memset(buffer_.data() + filled_, 0, kBlock - filled_);
    compress(buffer_.data(), 1, filled_, true);
    Digest out(outBytes_);
    for (std::size_t i = 0; i < outBytes_; ++i)
      out[i] = static_cast<std::uint8_t>(h_[i / 8] >> (8 * (i % 8)));
    return out;
  }

  void reset() override
  {
    h_ = kIv;
    h_[0] ^= 0x01010000ull ^ outBytes_; // digest length, no key, fanout 1, depth 1
    t_ = {0, 0};
    filled_ = 0;
  }

  const AlgorithmInfo& info() const override { return info_; }

private:
  // Compresses `blocks` blocks at `in`, the byte counter advancing by `counted` bytes for each (a whole block,
  // or the final block's bytes), the state kept in locals from block to block.
  void compress(const std::uint8_t* in, std::size_t blocks, std::size_t counted, bool last)
  {
    std::uint64_t h[8];
    std::memcpy(h, h_.data(), sizeof h);
    std::uint64_t t0 = t_[0], t1 = t_[1];
    for (; blocks > 0; --blocks, in += kBlock) {
      t0 += counted;
      if (t0 < counted)
        ++t1;
      std::uint64_t m[16];
      for (int i = 0; i < 16; ++i)
        m[i] = load64(in + 8 * i);
      std::uint64_t v[16];
      for (int i = 0; i < 8; ++i) {
        v[i] = h[i];
        v[i + 8] = kIv[i];
      }
      v[12] ^= t0;
      v[13] ^= t1;
      if (last)
        v[14] = ~v[14];
      rounds(v, m, std::make_index_sequence<12>{});
      for (int i = 0; i < 8; ++i)
        h[i] ^= v[i] ^ v[i + 8];
    }
    std::memcpy(h_.data(), h, sizeof h);
    t_ = {t0, t1};
  }

  const AlgorithmInfo& info_;
  std::size_t outBytes_;
  std::array<std::uint64_t, 8> h_{};
  std::array<std::uint64_t, 2> t_{};
  std::array<std::uint8_t, kBlock> buffer_{};
  std::size_t filled_ = 0;
};

} // namespace

std::string blake2bImplementation()
{
  return "HashScope's BLAKE2b (portable C++, RFC 7693)";
}

std::unique_ptr<Hasher> makeBlake2bHasher(const AlgorithmInfo& info, std::size_t digestBytes)
{
  if (digestBytes == 0 || digestBytes > 64)
    return nullptr;
  return std::make_unique<Blake2bHasher>(info, digestBytes);
}

} // namespace hashscope::detail
