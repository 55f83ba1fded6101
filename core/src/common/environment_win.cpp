// pathVariableUtf8 on Windows: PATH read as UTF-16 (_wgetenv) and given back as UTF-8; getenv would give the
// ANSI code page's rendering, which loses every character outside that code page.
#include <cstdlib>
#include <string>

#include "hashscope/files.hpp"

namespace hashscope {

std::optional<std::string> pathVariableUtf8()
{
  if (const wchar_t* value = _wgetenv(L"PATH"))
    return utf8Text(std::filesystem::path(std::wstring(value)));
  return std::nullopt;
}

}  // namespace hashscope
