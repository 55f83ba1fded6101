// mappingCosts(), alone in its file: core tests link their own in its place (tests/core/
// mapping_costs_helpers.cpp) to see Auto on either kind of machine, and the shipped one has no way to change it.
#include "platform/mapped_file.hpp"

namespace hashscope::platform {

const MappingCosts& mappingCosts()
{
  static const MappingCosts measured = measureMappingCosts();
  return measured;
}

}  // namespace hashscope::platform
