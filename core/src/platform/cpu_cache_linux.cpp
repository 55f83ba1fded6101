// lastLevelCacheBytes on Linux: sysfs describes cpu0's caches, one index per cache.
#include <fstream>
#include <string>
#include <string_view>

#include "platform/cpu_cache.hpp"

namespace hashscope::platform {

std::uint64_t lastLevelCacheBytes()
{
  std::uint64_t largest = 0;
  int level = 0;
  for (int index = 0; index < 16; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::ifstream levelFile(dir + "level"), sizeFile(dir + "size");
    int l = 0;
    std::uint64_t size = 0;
    std::string unit;
    if (!(levelFile >> l) || !(sizeFile >> size))
      continue;
    // "32768K", "36M"
    sizeFile >> unit;
    const char suffix = unit.empty() ? 'K' : unit[0];
    if (const auto power = std::string_view("KMGkmg").find(suffix); power != std::string_view::npos)
      size <<= 10 * (power % 3 + 1);
    if (l > level || (l == level && size > largest)) {
      level = l;
      largest = size;
    }
  }
  return largest;
}

}  // namespace hashscope::platform
