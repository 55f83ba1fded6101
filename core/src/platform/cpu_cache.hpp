// The CPU's caches, for workloads that must measure RAM rather than a cache.
#pragma once

#include <cstdint>

namespace hashscope::platform {

// The size of the largest cache one core can use (its last level: the L3 of its core complex on most CPUs), in
// bytes; 0 when the OS does not say (virtual machines often hide it).
std::uint64_t lastLevelCacheBytes();

}  // namespace hashscope::platform
