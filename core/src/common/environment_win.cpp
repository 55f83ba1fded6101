// environmentUtf8 on Windows: the variable read as UTF-16 (_wgetenv) and given back as UTF-8; getenv would give
// the ANSI code page's rendering, which loses every character outside that code page.
#include <cstdlib>
#include <string>

#include "hashscope/files.hpp"

namespace hashscope {

std::optional<std::string> environmentUtf8(const char* name)
{
  const std::string narrow(name);
  const std::wstring wide(narrow.begin(), narrow.end());  // variable names are ASCII
  if (const wchar_t* value = _wgetenv(wide.c_str()))
    return utf8Text(std::filesystem::path(std::wstring(value)));
  return std::nullopt;
}

}  // namespace hashscope
