// The core tests' platform::mappingCosts(): linked in place of the library's own (core/src/platform/
// mapping_costs.cpp, a file that holds nothing else, so the linker never takes it from the archive here); a
// test may set the costs Auto's read choice sees (test_engine_support.hpp, MappingCostsAs).
#include "platform/mapped_file.hpp"
#include "test_engine_support.hpp"

#include <atomic>

namespace hashscope {

namespace {
std::atomic<const platform::MappingCosts*> g_override{nullptr};
}  // namespace

const platform::MappingCosts* test::overrideMappingCosts(const platform::MappingCosts* costs)
{
  return g_override.exchange(costs, std::memory_order_acq_rel);
}

const platform::MappingCosts& platform::mappingCosts()
{
  if (const MappingCosts* costs = g_override.load(std::memory_order_acquire))
    return *costs;
  static const MappingCosts measured = measureMappingCosts();
  return measured;
}

}  // namespace hashscope
