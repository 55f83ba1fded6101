#include "names.hpp"

#include "hashscope/hash.hpp"

namespace hashscope::cli {

std::optional<std::string> unescapeName(std::string_view escaped)
{
  std::string out;
  out.reserve(escaped.size());
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] != '\\') {
      out += escaped[i];
      continue;
    }
    if (++i == escaped.size())
      return std::nullopt;
    switch (escaped[i]) {
    case '\\':
      out += '\\';
      break;
    case 'n':
      out += '\n';
      break;
    case 'r':
      out += '\r';
      break;
    default:
      return std::nullopt;
    }
  }
  return out;
}

std::string shownName(std::string_view name)
{
  if (hasControlChars(name))
    return "\\" + quoteName(name, false);
  return std::string(name);
}

std::string shownText(std::string_view text)
{
  return hasControlChars(text) ? quoteName(text, false) : std::string(text);
}

} // namespace hashscope::cli
