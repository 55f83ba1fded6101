// The parts of mapped-window reads every OS shares: whether mapping pays on this machine (its measured costs,
// kept once per process) and the wording of a shrunk file.
#include "platform/mapped_file.hpp"

#include <atomic>

namespace hashscope::platform {

namespace {
std::atomic<const MappingCosts*> g_override{nullptr};
}  // namespace

const MappingCosts& mappingCosts()
{
  if (const MappingCosts* costs = g_override.load(std::memory_order_acquire))
    return *costs;
  static const MappingCosts measured = measureMappingCosts();
  return measured;
}

void overrideMappingCosts(const MappingCosts* costs) { g_override.store(costs, std::memory_order_release); }

bool mappingPays(const MappingCosts& costs, bool helped)
{
  if (!costs.measured || costs.copy <= 0)
    return true;
  return helped ? costs.populatedTouch <= 0.5 * costs.copy : costs.fault <= 1.5 * costs.copy;
}

std::string shrankError(const InputFile& file) { return file.path().string() + " got shorter while it was being read"; }

}  // namespace hashscope::platform
