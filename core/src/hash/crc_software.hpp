// The CRCs in portable C++ with slicing-by-8 tables (about 1 byte/cycle, no special instructions): what runs
// where ISA-L is not available.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail {

// Continues a CRC-32C (Castagnoli) over data. `crc` is the finished value so far (0 for nothing yet), as in
// zlib's crc32(): crc32cSoftware(crc32cSoftware(0, a), b) == crc32cSoftware(0, a + b).
std::uint32_t crc32cSoftware(std::uint32_t crc, const void* data, std::size_t size);

// The POSIX cksum CRC: continues the raw CRC register (polynomial 0x04C11DB7, MSB first, starting at 0) over
// data.
std::uint32_t cksumUpdateSoftware(std::uint32_t raw, const void* data, std::size_t size);

// Appends the length as POSIX requires (least significant byte first, only the bytes it needs)
// and inverts: the number `cksum` prints.
std::uint32_t cksumFinish(std::uint32_t raw, std::uint64_t length);

} // namespace hashscope::detail
