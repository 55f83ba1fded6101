// The checksums: crc32 and adler32 (zlib-compatible), crc32c and the POSIX cksum CRC, through ISA-L where
// there is one (isal.hpp), else zlib and our own; and the BSD and System V `sum`.
#include "hash/crc_software.hpp"
#include "hash/hashers.hpp"
#include "hash/isal.hpp"

#include <zlib.h>

#include <algorithm>
#include <bit>

namespace hashscope::detail {
namespace {

Digest bigEndian32(std::uint32_t v)
{
  return {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
          static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
}

Digest bigEndian16(std::uint32_t v)
{
  return {static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
}

// crc32 and adler32 like zlib's: they take and return the finished sum, so it chains across calls. zlib's of
// a null pointer returns the initial value, whatever the sum so far: an empty update changes nothing here.
template <std::uint32_t Initial, auto IsalSum, auto ZlibSum>
struct ZlibChecksum {
  std::uint32_t sum = Initial;
  void update(const unsigned char* p, std::size_t size, IsalForStream& isal)
  {
    if (size == 0)
      return;
    if (const IsalFunctions* f = isal(size))
      sum = (f->*IsalSum)(sum, p, size);
    else
      sum = static_cast<std::uint32_t>(ZlibSum(sum, p, size));
  }
  Digest digest() const { return bigEndian32(sum); }
};
using Crc32 = ZlibChecksum<0, &IsalFunctions::crc32Gzip, crc32_z>;
using Adler32 = ZlibChecksum<1, &IsalFunctions::adler32, adler32_z>;

struct Crc32c {
  std::uint32_t raw = 0xffffffffu;  // the CRC register before the final inversion
  void update(const unsigned char* p, std::size_t size, IsalForStream& isal)
  {
    const IsalFunctions* f = isal(size);
    if (!f) {
      raw = ~crc32cSoftware(~raw, p, size);
      return;
    }
    // crc32_iscsi works on the raw register (no pre/post inversion) and takes an int length.
    while (size > 0) {
      const std::size_t chunk = std::min<std::size_t>(size, std::size_t{1} << 30);
      raw = f->crc32Iscsi(const_cast<unsigned char*>(p), static_cast<int>(chunk), raw);
      p += chunk;
      size -= chunk;
    }
  }
  Digest digest() const { return bigEndian32(~raw); }
};

// cksum: ISA-L's crc32_ieee is the same CRC with PCLMULQDQ; it inverts on entry and exit.
struct Cksum {
  std::uint32_t raw = 0;
  std::uint64_t length = 0;
  void update(const unsigned char* p, std::size_t size, IsalForStream& isal)
  {
    length += size;
    if (const IsalFunctions* f = isal(size))
      raw = ~f->crc32Ieee(~raw, p, size);
    else
      raw = cksumUpdateSoftware(raw, p, size);
  }
  Digest digest() const { return bigEndian32(cksumFinish(raw, length)); }
};

// sum -r (BSD): rotate the 16-bit sum right by one, add the byte. Inherently serial: a 16-bit rotate (one
// instruction) and a 16-bit add, two cycles per byte on the critical path.
struct SumBsd {
  std::uint16_t sum = 0;
  void update(const unsigned char* p, std::size_t size, IsalForStream&)
  {
    std::uint16_t s = sum;
    for (std::size_t i = 0; i < size; ++i)
      s = static_cast<std::uint16_t>(std::rotr(s, 1) + p[i]);
    sum = s;
  }
  Digest digest() const { return bigEndian16(sum); }
};

// sum -s (System V): the byte sum modulo 2^32 (coreutils keeps an unsigned int), folded twice to 16 bits.
struct SumSysv {
  std::uint32_t sum = 0;
  void update(const unsigned char* p, std::size_t size, IsalForStream&)
  {
    // A loop with a constant trip count and no tail: GCC -O2 and clang turn it into vector
    // code without an epilogue (about 15 GB/s here against 2.7 for the plain loop).
    constexpr std::size_t kBlock = 4096;
    std::uint32_t total = 0;
    for (; size >= kBlock; p += kBlock, size -= kBlock) {
      std::uint32_t block = 0;
      for (std::size_t i = 0; i < kBlock; ++i)
        block += p[i];
      total += block;
    }
    while (size-- > 0)
      total += *p++;
    sum += total;
  }
  Digest digest() const
  {
    const std::uint32_t r = (sum & 0xffffu) + (sum >> 16);
    return bigEndian16((r & 0xffffu) + (r >> 16));
  }
};

// One small class per checksum, so that update() is a single direct call. reset() starts a fresh sum; the
// stream keeps its ISA-L (isal.hpp).
template <class Sum>
class SumHasher final : public Hasher {
public:
  explicit SumHasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    sum_.update(static_cast<const unsigned char*>(data), size, isal_);
  }
  Digest finish() override { return sum_.digest(); }
  void reset() override { sum_ = Sum{}; }
  const AlgorithmInfo& info() const override { return info_; }

private:
  Sum sum_;
  const AlgorithmInfo& info_;
  IsalForStream isal_;
};

} // namespace

std::unique_ptr<Hasher> makeChecksumHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  switch (spec.backend) {
  case Backend::Crc32:
    return std::make_unique<SumHasher<Crc32>>(info);
  case Backend::Crc32c:
    return std::make_unique<SumHasher<Crc32c>>(info);
  case Backend::Adler32:
    return std::make_unique<SumHasher<Adler32>>(info);
  case Backend::Cksum:
    return std::make_unique<SumHasher<Cksum>>(info);
  case Backend::SumBsd:
    return std::make_unique<SumHasher<SumBsd>>(info);
  case Backend::SumSysv:
    return std::make_unique<SumHasher<SumSysv>>(info);
  default:
    return nullptr;
  }
}

} // namespace hashscope::detail
