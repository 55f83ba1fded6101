// Windows: GetProcessIoCounters' ReadTransferCount counts every byte passed to ReadFile, whether the
// cache manager served it or the disk did, so it cannot tell a cache hit from a storage read. Reporting
// it as "fetched from storage" would hide exactly the cache hits this is for: say "unavailable", and the
// analysis falls back to the device counters (IOCTL_DISK_PERFORMANCE).
// Not run in HashScope's Linux workplace.
#include <windows.h>

#include "hashscope/counters.hpp"

namespace hashscope {

bool readProcessIo(ProcessIo& out)
{
  IO_COUNTERS io{};
  if (!GetProcessIoCounters(GetCurrentProcess(), &io))
    return false;
  out.readBytes = io.ReadTransferCount;  // for diagnostics only; see above
  out.childReadBytes = 0;
  return false;
}

// The SMB client keeps per-share byte counters only as performance counters ("SMB Client Shares", PDH,
// rate counters that want a second between samples): a network location's fetched bytes are counted
// another way (FetchBasis).
std::optional<std::uint64_t> readMountFetchedBytes(const StorageInfo&)
{
  return std::nullopt;
}

}  // namespace hashscope
