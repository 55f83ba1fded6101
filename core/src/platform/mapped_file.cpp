// The parts of mapped-window reads every OS shares: the wording of a shrunk file.
#include "platform/mapped_file.hpp"

namespace hashscope::platform {

std::string shrankError(const InputFile& file) { return file.path().string() + " got shorter while it was being read"; }

}  // namespace hashscope::platform
