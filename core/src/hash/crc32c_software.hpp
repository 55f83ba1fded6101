// Portable CRC-32C (Castagnoli), used when ISA-L is not available.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail {

// Continues a CRC-32C over data. `crc` is the finished value so far (0 for nothing yet), as in
// zlib's crc32(): crc32cSoftware(crc32cSoftware(0, a), b) == crc32cSoftware(0, a + b).
std::uint32_t crc32cSoftware(std::uint32_t crc, const void* data, std::size_t size);

} // namespace hashscope::detail
