// The POSIX cksum CRC in portable C++ (also the fallback when ISA-L is not available).
#pragma once

#include <cstddef>
#include <cstdint>

namespace hashscope::detail {

// Continues the raw CRC register (polynomial 0x04C11DB7, MSB first, starting at 0) over data.
std::uint32_t cksumUpdateSoftware(std::uint32_t raw, const void* data, std::size_t size);

// Appends the length as POSIX requires (least significant byte first, only the bytes it needs)
// and inverts: the number `cksum` prints.
std::uint32_t cksumFinish(std::uint32_t raw, std::uint64_t length);

} // namespace hashscope::detail
