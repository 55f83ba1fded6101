// lastLevelCacheBytes on macOS: hw.l3cachesize where there is an L3 (Intel Macs), else hw.l2cachesize (Apple
// silicon's L2 is its last level before the system cache).
#include <cstddef>
#include <cstdint>

#include <sys/sysctl.h>
#include <sys/types.h>

#include "platform/cpu_cache.hpp"

namespace hashscope::platform {

std::uint64_t lastLevelCacheBytes()
{
  for (const char* name : {"hw.l3cachesize", "hw.l2cachesize"}) {
    std::int64_t size = 0;
    std::size_t length = sizeof size;
    if (::sysctlbyname(name, &size, &length, nullptr, 0) == 0 && size > 0)
      return static_cast<std::uint64_t>(size);
  }
  return 0;
}

}  // namespace hashscope::platform
