// renameWithoutReplacing(): the platform layer's no-replace rename, for the front ends; UTF-8 paths.
#include "hashscope/files.hpp"

#include "platform/file_io.hpp"

namespace hashscope {

std::filesystem::path pathFromUtf8(std::string_view utf8)
{
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

std::string utf8Text(const std::filesystem::path& path)
{
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

bool renameWithoutReplacing(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error)
{
  return platform::renameNoReplace(from, to, error);
}

}  // namespace hashscope
