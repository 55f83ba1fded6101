// formatDigestLine: one line byte for byte as md5sum, b2sum, xxhsum 0.8.1, cksum or sum print it.
#include "hash/hashers.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace hashscope {
namespace {

// b3sum 1.x escapes backslash and newline only; a carriage return stays as it is.
bool b3sumNeedsEscape(std::string_view name)
{
  return name.find_first_of("\\\n") != std::string_view::npos;
}

// Defined below with the other name escaping; b3sum's style passes carriageReturn = false.
std::string escapeBytes(std::string_view name, bool allControls, bool invalidUtf8, bool carriageReturn = true);

// "DIGEST  PATH" (the second character is md5sum's mode: ' ' text, '*' binary), escaped when asked.
std::string hexPathLine(std::string_view digest, std::string_view path, bool escape, char mode = ' ')
{
  std::string line;
  const bool esc = escape && nameNeedsEscape(path);
  line.reserve(digest.size() + 3 + path.size());
  if (esc)
    line += '\\';
  line += digest;
  line += ' ';
  line += mode;
  line += esc ? escapeName(path) : std::string(path);
  return line;
}

std::string taggedLine(std::string_view tag, std::string_view digest, std::string_view path, bool escape)
{
  std::string line;
  const bool esc = escape && nameNeedsEscape(path);
  if (esc) {
    line = "\\";
  }
  line += tag;
  line += " (";
  line += esc ? escapeName(path) : std::string(path);
  line += ") = ";
  line += digest;
  return line;
}

std::uint32_t bigEndianValue(const Digest& digest)
{
  std::uint32_t v = 0;
  for (std::uint8_t byte : digest) {
    v = (v << 8) | byte;
  }
  return v;
}

// cksum and sum: decimal numbers, then the name unless there is none (stdin without file operands).
std::string numbersLine(const char* format, std::uint32_t checksum, std::uint64_t blocks, std::string_view path,
                        bool name)
{
  char buffer[64];
  const int n = std::snprintf(buffer, sizeof buffer, format, static_cast<unsigned>(checksum),
                              static_cast<unsigned long long>(blocks));
  std::string line(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
  if (name) {
    line += ' ';
    line += path;
  }
  return line;
}

} // namespace

std::string formatDigestLine(const AlgorithmInfo& algorithm, const Digest& digest, std::uint64_t size,
                             std::string_view path, bool tag)
{
  DigestLineFormat format;
  format.tag = tag;
  return formatDigestLine(algorithm, digest, size, path, format);
}

std::string formatDigestLine(const AlgorithmInfo& algorithm, const Digest& digest, std::uint64_t size,
                             std::string_view path, const DigestLineFormat& format)
{
  const detail::AlgorithmSpec* spec = detail::findSpec(algorithm.id);
  const std::string_view tagName = spec ? spec->tag : std::string_view(algorithm.displayName);
  detail::LineStyle style = spec ? spec->style : detail::LineStyle::Coreutils;
  if (format.crcNumbers && digest.size() == 4)
    style = detail::LineStyle::Cksum;
  const std::string text = format.base64 ? toBase64(digest) : toHex(digest);
  const bool tagged = format.tag && format.name;
  switch (style) {
  case detail::LineStyle::Cksum: // coreutils prints the legacy format even with --tag
    return numbersLine("%u %llu", bigEndianValue(digest), size, path, format.name);
  case detail::LineStyle::SumBsd:
    return numbersLine("%05u %5llu", bigEndianValue(digest), (size + 1023) / 1024, path, format.name);
  case detail::LineStyle::SumSysv:
    return numbersLine("%u %llu", bigEndianValue(digest), (size + 511) / 512, path, format.name);
  case detail::LineStyle::XxhsumXxh3: // xxhsum 0.8.1 -H3 prints the tagged form in both modes
    return format.name ? taggedLine(tagName, text, path, false) : text;
  case detail::LineStyle::Xxhsum:
    if (!format.name)
      return text;
    return tagged ? taggedLine(tagName, text, path, false) : hexPathLine(text, path, false);
  case detail::LineStyle::B3sum: {
    if (!format.name) // b3sum --no-names
      return text;
    const bool esc = format.escape && b3sumNeedsEscape(path);
    const std::string name = esc ? escapeBytes(path, false, false, false) : std::string(path);
    return (esc ? "\\" : "") + (tagged ? taggedLine(tagName, text, name, false) : hexPathLine(text, name, false));
  }
  case detail::LineStyle::Coreutils:
    break;
  }
  if (!format.name)
    return text;
  return tagged ? taggedLine(tagName, text, path, format.escape)
                : hexPathLine(text, path, format.escape, format.binary ? '*' : ' ');
}

bool nameNeedsEscape(std::string_view name)
{
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

namespace {

// Length of the well-formed UTF-8 sequence starting at text[i] (Unicode table 3-7: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when the byte there does not start one.
std::size_t utf8Length(std::string_view text, std::size_t i)
{
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = at(i);
  if (b < 0x80)
    return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xbf; // allowed range of the second byte
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    lo = b == 0xe0 ? 0xa0 : 0x80;
    hi = b == 0xed ? 0x9f : 0xbf;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    lo = b == 0xf0 ? 0x90 : 0x80;
    hi = b == 0xf4 ? 0x8f : 0xbf;
  } else {
    return 0;
  }
  if (i + n > text.size() || at(i + 1) < lo || at(i + 1) > hi)
    return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (at(i + k) < 0x80 || at(i + k) > 0xbf)
      return 0;
  return n;
}

bool isControl(char c)
{
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}

// The one escaping routine: coreutils' three escapes always (b3sum's two: no `carriageReturn`); with
// `allControls` the other control bytes too, with `invalidUtf8` the bytes outside well-formed UTF-8.
std::string escapeBytes(std::string_view name, bool allControls, bool invalidUtf8, bool carriageReturn)
{
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  out.reserve(name.size() + 4);
  for (std::size_t i = 0; i < name.size();) {
    const char c = name[i];
    const auto u = static_cast<unsigned char>(c);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r' && carriageReturn) {
      out += "\\r";
    } else if (allControls && c == '\t') {
      out += "\\t";
    } else if ((allControls && isControl(c)) || (invalidUtf8 && u >= 0x80 && utf8Length(name, i) == 0)) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xf];
    } else {
      const std::size_t n = u >= 0x80 && invalidUtf8 ? utf8Length(name, i) : 1;
      out.append(name.substr(i, n));
      i += n;
      continue;
    }
    ++i;
  }
  return out;
}

} // namespace

// coreutils (9.1 here) starts the line with a backslash and escapes \, newline and CR in the name,
// so the line stays one line and `md5sum -c` can read it back. Other control characters (tab, ESC ...)
// stay raw in md5sum's digest lines, and so they do in ours.
std::string escapeName(std::string_view name)
{
  return escapeBytes(name, false, false);
}

std::string quoteName(std::string_view name, bool invalidUtf8)
{
  return escapeBytes(name, true, invalidUtf8);
}

bool hasControlChars(std::string_view text)
{
  return std::any_of(text.begin(), text.end(), isControl);
}

namespace {

// The code point of the bidi control starting at text[i] (UTF-8), or 0.
unsigned bidiControlAt(std::string_view text, std::size_t i)
{
  const auto at = [&](std::size_t k) { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0u; };
  if (at(i) == 0xd8 && at(i + 1) == 0x9c)
    return 0x061c;
  if (at(i) != 0xe2)
    return 0;
  const unsigned cp = ((at(i) & 0x0fu) << 12) | ((at(i + 1) & 0x3fu) << 6) | (at(i + 2) & 0x3fu);
  if ((at(i + 1) & 0xc0) != 0x80 || (at(i + 2) & 0xc0) != 0x80)
    return 0;
  const bool bidi = cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
  return bidi ? cp : 0;
}

}  // namespace

std::string withoutBidiControls(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (const unsigned cp = bidiControlAt(text, i)) {
      char escaped[16];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", cp);
      out += escaped;
      i += cp == 0x061c ? 2 : 3;
      continue;
    }
    out += text[i++];
  }
  return out;
}

std::string visibleText(std::string_view text)
{
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  const std::string plain = withoutBidiControls(text);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const auto u = static_cast<unsigned char>(plain[i]);
    const bool c1 = u == 0xc2 && i + 1 < plain.size() && static_cast<unsigned char>(plain[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(plain[i + 1]) <= 0x9f;
    if ((isControl(plain[i]) && plain[i] != '\n' && plain[i] != '\r' && plain[i] != '\t') || c1) {
      for (std::size_t k = 0; k < (c1 ? 2u : 1u); ++k) {
        const auto b = static_cast<unsigned char>(plain[i + k]);
        out += "\\x";
        out += kHex[b >> 4];
        out += kHex[b & 0xf];
      }
      i += c1 ? 1 : 0;
      continue;
    }
    out += plain[i];
  }
  return out;
}

std::string lossyUtf8(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8Length(text, i);
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    // The maximal subpart: a lead byte and the continuation bytes that could still have completed it.
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    std::size_t k = i + 1;
    for (; need > 0 && k < text.size(); --need, ++k) {
      const auto c = static_cast<unsigned char>(text[k]);
      unsigned char lo = 0x80, hi = 0xbf;
      if (k == i + 1) {
        lo = b == 0xe0 ? 0xa0 : b == 0xf0 ? 0x90 : 0x80;
        hi = b == 0xed ? 0x9f : b == 0xf4 ? 0x8f : 0xbf;
      }
      if (c < lo || c > hi)
        break;
    }
    out += "\xEF\xBF\xBD";
    i = k;
  }
  return out;
}

bool isValidUtf8(std::string_view text)
{
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8Length(text, i);
    if (n == 0)
      return false;
    i += n;
  }
  return true;
}

}  // namespace hashscope
