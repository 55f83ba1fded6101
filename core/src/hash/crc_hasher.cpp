// crc32 and adler32 (zlib-compatible) and crc32c: ISA-L where there is one (isal.hpp), else zlib / our own.
#include "hash/crc32c_software.hpp"
#include "hash/hashers.hpp"
#include "hash/isal.hpp"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace hashscope::detail {
namespace {

Digest bigEndian32(std::uint32_t v)
{
  return {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
          static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
}

// One small class per algorithm so update() is a single direct library call.
class Crc32Hasher final : public Hasher {
public:
  explicit Crc32Hasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    // Both like zlib's crc32(): take and return the finished CRC, so it chains across calls. zlib's of a null
    // pointer returns the initial value, whatever the sum so far: an empty update changes nothing here.
    if (size == 0)
      return;
    if (const IsalFunctions* isal = isal_(size))
      crc_ = isal->crc32Gzip(crc_, static_cast<const unsigned char*>(data), size);
    else
      crc_ = static_cast<std::uint32_t>(crc32_z(crc_, static_cast<const Bytef*>(data), size));
  }
  Digest finish() override
  {
    return bigEndian32(crc_);
  }
  void reset() override
  {
    crc_ = 0;
  }
  const AlgorithmInfo& info() const override
  {
    return info_;
  }

private:
  std::uint32_t crc_ = 0;
  const AlgorithmInfo& info_;
  IsalForStream isal_;
};

class Crc32cHasher final : public Hasher {
public:
  explicit Crc32cHasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    const IsalFunctions* isal = isal_(size);
    if (!isal) {
      raw_ = ~crc32cSoftware(~raw_, data, size);
      return;
    }
    // crc32_iscsi works on the raw register (no pre/post inversion) and takes an int length.
    const auto* p = static_cast<const unsigned char*>(data);
    while (size > 0) {
      const std::size_t chunk = std::min<std::size_t>(size, std::size_t{1} << 30);
      raw_ = isal->crc32Iscsi(const_cast<unsigned char*>(p), static_cast<int>(chunk), raw_);
      p += chunk;
      size -= chunk;
    }
  }
  Digest finish() override
  {
    return bigEndian32(~raw_);
  }
  void reset() override
  {
    raw_ = 0xffffffffu;
  }
  const AlgorithmInfo& info() const override
  {
    return info_;
  }

private:
  std::uint32_t raw_ = 0xffffffffu; // the CRC register before the final inversion
  const AlgorithmInfo& info_;
  IsalForStream isal_;
};

class Adler32Hasher final : public Hasher {
public:
  explicit Adler32Hasher(const AlgorithmInfo& info) : info_(info) {}
  void update(const void* data, std::size_t size) override
  {
    if (size == 0)  // as crc32 above: zlib's adler32 of a null pointer is its initial value
      return;
    if (const IsalFunctions* isal = isal_(size))
      adler_ = isal->adler32(adler_, static_cast<const unsigned char*>(data), size);
    else
      adler_ = static_cast<std::uint32_t>(adler32_z(adler_, static_cast<const Bytef*>(data), size));
  }
  Digest finish() override
  {
    return bigEndian32(adler_);
  }
  void reset() override
  {
    adler_ = 1;
  }
  const AlgorithmInfo& info() const override
  {
    return info_;
  }

private:
  std::uint32_t adler_ = 1;
  const AlgorithmInfo& info_;
  IsalForStream isal_;
};

} // namespace

std::unique_ptr<Hasher> makeCrcHasher(const AlgorithmSpec& spec, const AlgorithmInfo& info)
{
  switch (spec.backend) {
  case Backend::Crc32:
    return std::make_unique<Crc32Hasher>(info);
  case Backend::Crc32c:
    return std::make_unique<Crc32cHasher>(info);
  case Backend::Adler32:
    return std::make_unique<Adler32Hasher>(info);
  default:
    return nullptr;
  }
}

} // namespace hashscope::detail
