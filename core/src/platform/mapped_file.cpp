// The parts of mapped-window reads every OS shares: whether mapping pays on this machine and the wording of a
// shrunk file. (What mapping costs, kept once per process, is mapping_costs.cpp.)
#include "platform/mapped_file.hpp"

namespace hashscope::platform {

bool mappingPays(const MappingCosts& costs, bool helped)
{
  if (!costs.measured || costs.copy <= 0)
    return true;
  return helped ? costs.populatedTouch <= 0.5 * costs.copy : costs.fault <= 1.5 * costs.copy;
}

std::string shrankError(const InputFile& file) { return file.path().string() + " got shorter while it was being read"; }

}  // namespace hashscope::platform
