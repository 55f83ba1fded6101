// lastLevelCacheBytes on Windows: the largest cache of the highest level GetLogicalProcessorInformation lists.
#include <windows.h>

#include <vector>

#include "platform/cpu_cache.hpp"

namespace hashscope::platform {

std::uint64_t lastLevelCacheBytes()
{
  DWORD bytes = 0;
  GetLogicalProcessorInformation(nullptr, &bytes);
  if (bytes == 0)
    return 0;
  std::vector<SYSTEM_LOGICAL_PROCESSOR_INFORMATION> info(bytes / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION) + 1);
  if (!GetLogicalProcessorInformation(info.data(), &bytes))
    return 0;
  std::uint64_t largest = 0;
  BYTE level = 0;
  for (std::size_t i = 0; i < bytes / sizeof(SYSTEM_LOGICAL_PROCESSOR_INFORMATION); ++i) {
    if (info[i].Relationship != RelationCache)
      continue;
    const CACHE_DESCRIPTOR& c = info[i].Cache;
    if (c.Level > level || (c.Level == level && c.Size > largest)) {
      level = c.Level;
      largest = c.Size;
    }
  }
  return largest;
}

}  // namespace hashscope::platform
