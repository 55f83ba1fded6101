// ISA-L's four checksum functions, the one place HashScope reaches them: crc32 (gzip's), cksum's CRC,
// crc32c and adler32. Null where this build or this machine has no ISA-L: zlib and HashScope's own code
// compute the same sums (crc_hasher.cpp), and implementationFor names what ran.
// On Linux ISA-L is opened at the first checksum that needs it (isal_loaded.cpp, dlopen): Debian ships it as a
// shared library bound at load (BIND_NOW, some 200 symbols), which cost every start of hashscope-cli 70 us,
// md5sum FILE included (issue 41). Elsewhere it is linked (isal_linked.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail {

struct IsalFunctions {
  std::uint32_t (*crc32Gzip)(std::uint32_t crc, const unsigned char* data, std::uint64_t size); // crc32_gzip_refl
  std::uint32_t (*crc32Ieee)(std::uint32_t crc, const unsigned char* data, std::uint64_t size); // crc32_ieee
  unsigned int (*crc32Iscsi)(unsigned char* data, int size, unsigned int crc);                  // crc32_iscsi
  std::uint32_t (*adler32)(std::uint32_t adler, const unsigned char* data, std::uint64_t size); // isal_adler32
  const char* version; // "2.30", or "" where the build has no isa-l.h to tell
};

// ISA-L's functions, or null; thread-safe, found once per process.
const IsalFunctions* isal();

// ISA-L for one stream, once the stream is past its first 64 KiB, else null: below that, zlib and HashScope's code
// take less than opening ISA-L costs the process (md5sum-style calls on small files, issue 41). The sums agree,
// so a stream may start on one and go on with the other.
class IsalForStream {
public:
  const IsalFunctions* operator()(std::size_t size)
  {
    if (m_isal == nullptr && (m_seen += size) > kFrom)
      m_isal = isal();
    return m_isal;
  }

private:
  static constexpr std::uint64_t kFrom = 64 * 1024;
  std::uint64_t m_seen = 0;
  const IsalFunctions* m_isal = nullptr;
};

} // namespace hashscope::detail
