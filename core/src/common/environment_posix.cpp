// pathVariableUtf8 on Linux and macOS: the environment's bytes, UTF-8 in every locale HashScope supports.
#include <cstdlib>

#include "hashscope/files.hpp"

namespace hashscope {

std::optional<std::string> pathVariableUtf8()
{
  if (const char* value = std::getenv("PATH"))
    return std::string(value);
  return std::nullopt;
}

}  // namespace hashscope
