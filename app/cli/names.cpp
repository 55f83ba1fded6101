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

namespace {

// C1 control characters (U+0080-U+009F, UTF-8 C2 80-C2 9F): some terminals act on them as on ESC [.
bool isC1At(std::string_view text, std::size_t i)
{
  return static_cast<unsigned char>(text[i]) == 0xC2 && i + 1 < text.size() &&
         static_cast<unsigned char>(text[i + 1]) >= 0x80 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
}

bool hasC1(std::string_view text)
{
  for (std::size_t i = 0; i < text.size(); ++i)
    if (isC1At(text, i))
      return true;
  return false;
}

// Writes each C1 control as "\xc2\xHH", the way quoteName writes bytes.
std::string withoutC1(std::string text)
{
  if (!hasC1(text))
    return text;
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!isC1At(text, i)) {
      out += text[i];
      continue;
    }
    const auto second = static_cast<unsigned char>(text[++i]);
    out += "\\xc2\\x";
    out += kHex[second >> 4];
    out += kHex[second & 0xf];
  }
  return out;
}

} // namespace

std::string shownName(std::string_view name)
{
  if (hasControlChars(name) || hasC1(name))
    return "\\" + withoutC1(quoteName(name, false));
  return std::string(name);
}

std::string shownText(std::string_view text)
{
  return withoutC1(hasControlChars(text) ? quoteName(text, false) : std::string(text));
}

} // namespace hashscope::cli
