// mappingCosts(), alone in its file: the core tests link their own definition in its place
// (tests/core/mapping_costs_helpers.cpp), so they can ask how Auto reads on a machine where mapping pays or
// where it does not, while the shipped library holds no way to change the answer. This definition is tested on
// its own (tests/platform/test_mapping_costs.cpp).
#include "platform/mapped_file.hpp"

namespace hashscope::platform {

const MappingCosts& mappingCosts()
{
  static const MappingCosts measured = measureMappingCosts();
  return measured;
}

}  // namespace hashscope::platform
