#include "names.hpp"

#include "hashscope/hash.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

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

std::string portableName(std::string name, char separator)
{
  if (separator == '\\')
    std::replace(name.begin(), name.end(), '\\', '/');
  return name;
}

std::string shownName(std::string_view name)
{
  if (hasControlChars(name) || hasC1(name))
    return "\\" + withoutBidiControls(withoutC1(quoteName(name, false)));
  return withoutBidiControls(name);
}

std::string shownText(std::string_view text)
{
  return withoutBidiControls(withoutC1(hasControlChars(text) ? quoteName(text, false) : std::string(text)));
}

bool localeIsUtf8()
{
  static const bool utf8 = [] {
    // The first of them that is set and not empty decides, as for setlocale(LC_CTYPE, "").
    const char* value = nullptr;
    for (const char* set : {std::getenv("LC_ALL"), std::getenv("LC_CTYPE"), std::getenv("LANG")}) {
      if (set && *set) {
        value = set;
        break;
      }
    }
    if (!value)
      return false;
    std::string lowered(value);
    for (char& c : lowered)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lowered.find("utf-8") != std::string::npos || lowered.find("utf8") != std::string::npos;
  }();
  return utf8;
}

namespace {

// Length of the printable multibyte character at name[i] in a UTF-8 locale (C1 controls and malformed
// sequences are not printable), 0 when there is none.
std::size_t printableUtf8(std::string_view name, std::size_t i)
{
  if (!localeIsUtf8())
    return 0;
  std::size_t n = 0;
  const auto b = static_cast<unsigned char>(name[i]);
  if (b >= 0xc2 && b <= 0xdf)
    n = 2;
  else if (b >= 0xe0 && b <= 0xef)
    n = 3;
  else if (b >= 0xf0 && b <= 0xf4)
    n = 4;
  if (n == 0 || !isValidUtf8(name.substr(i, n)) || i + n > name.size())
    return 0;
  if (b == 0xc2 && static_cast<unsigned char>(name[i + 1]) < 0xa0) // U+0080..U+009F
    return 0;
  return n;
}

// Characters the shell reads as themselves anywhere in a word (gnulib quotearg's list).
bool shellSafe(char c)
{
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("%+,-./]_").find(c) != std::string_view::npos;
}

bool needsShellQuotes(std::string_view name, bool windowsNames)
{
  if (name.empty())
    return true;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (shellSafe(c) || c == '@')
      continue;
    // A separator, and a drive's colon (C:\, C:/), are plain parts of a name on Windows.
    if (windowsNames && (c == '\\' || (c == ':' && i == 1 && std::isalpha(static_cast<unsigned char>(name[0])))))
      continue;
    if ((c == '{' || c == '}') && name.size() > 1)
      continue;
    if ((c == '#' || c == '~') && i > 0)
      continue;
    if (static_cast<unsigned char>(c) >= 0x80) {
      if (const std::size_t n = printableUtf8(name, i)) {
        i += n - 1;
        continue;
      }
      return true;
    }
    if (std::isprint(static_cast<unsigned char>(c)) && std::string_view(" !\"$&()*;<=>?[\\^`|':{}#~").find(c) ==
                                                            std::string_view::npos)
      continue;
    return true; // shell specials, quotes, ':' (names sit before a colon), control characters
  }
  return false;
}

// True when every character reads the same inside double quotes as in C: "it's" then beats 'it'\''s'.
bool fitsDoubleQuotes(std::string_view name)
{
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (static_cast<unsigned char>(c) >= 0x80) {
      const std::size_t n = printableUtf8(name, i);
      if (n == 0)
        return false;
      i += n - 1;
      continue;
    }
    // gnulib counts '#' and '~' only at the start (where the shell would read them) as quotable alike.
    if (shellSafe(c) || c == ' ' || c == '\'' || c == ':' || c == '@' || ((c == '#' || c == '~') && i == 0))
      continue;
    return false;
  }
  return true;
}

} // namespace

std::string shellQuoted(std::string_view name, bool windowsNames)
{
  if (!needsShellQuotes(name, windowsNames))
    return std::string(name);
  if (name.find('\'') != std::string_view::npos && fitsDoubleQuotes(name))
    return "\"" + std::string(name) + "\"";
  static const char* const kOctal = "01234567";
  std::string out = "'";
  bool inEscape = false; // inside a $'...' piece
  auto escaped = [&](std::string_view text) {
    if (!inEscape) {
      out += "'$'";
      inEscape = true;
    }
    out += text;
  };
  auto plain = [&](std::string_view text) {
    if (inEscape) {
      out += "''";
      inEscape = false;
    }
    out += text;
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
    case '\a': escaped("\\a"); continue;
    case '\b': escaped("\\b"); continue;
    case '\f': escaped("\\f"); continue;
    case '\n': escaped("\\n"); continue;
    case '\r': escaped("\\r"); continue;
    case '\t': escaped("\\t"); continue;
    case '\v': escaped("\\v"); continue;
    case '\'': // closes the quoted piece (plain or $'...'), an escaped quote, a new plain piece
      out += "'\\''";
      inEscape = false;
      continue;
    default: break;
    }
    if (u >= 0x80) {
      if (const std::size_t n = printableUtf8(name, i)) {
        plain(name.substr(i, n));
        i += n - 1;
        continue;
      }
    }
    if (u >= 0x80 || u < 0x20 || u == 0x7f) {
      const char octal[] = {'\\', kOctal[u >> 6], kOctal[(u >> 3) & 7], kOctal[u & 7], 0};
      escaped(octal);
      continue;
    }
    plain(std::string_view(&name[i], 1));
  }
  out += "'";
  return out;
}

std::string localeQuoted(std::string_view text)
{
  std::string inner;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\')
      inner += "\\\\";
    else if (u < 0x20 || u == 0x7f)
      inner += quoteName(std::string_view(&c, 1), false);
    else
      inner += c;
  }
  return localeIsUtf8() ? "\u2018" + inner + "\u2019" : "'" + inner + "'";
}

} // namespace hashscope::cli
