// renameWithoutReplacing(): the platform layer's no-replace rename, for the front ends.
#include "hashscope/files.hpp"

#include "platform/file_io.hpp"

namespace hashscope {

bool renameWithoutReplacing(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  return platform::renameNoReplace(from, to, error);
}

}  // namespace hashscope
