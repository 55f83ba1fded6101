// formatDigestLine: one line byte for byte as md5sum, b2sum, xxhsum 0.8.1, cksum or sum print it.
#include "hash/hashers.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <numeric>

namespace hashscope {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void appendHexEscape(std::string& out, unsigned char byte)
{
  out += "\\x";
  out += kHex[byte >> 4];
  out += kHex[byte & 0xf];
}

// The UTF-8 sequence starting at text[i] (Unicode table 3-7: no overlong forms, no surrogates, nothing above
// U+10FFFF): its length when it is well formed, else 0; and its maximal subpart, the lead byte and the
// continuation bytes that could still have completed it (at least 1).
struct Utf8Run {
  std::size_t valid, subpart;
};
Utf8Run utf8At(std::string_view text, std::size_t i)
{
  const auto b = static_cast<unsigned char>(text[i]);
  if (b < 0x80)
    return {1, 1};
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
    return {0, 1};
  }
  std::size_t k = 1;
  for (; k < n && i + k < text.size(); ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xbf))
      break;
  }
  return {k == n ? n : 0, k};
}

bool isControl(char c)
{
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}

// The one escaping routine: coreutils' three escapes always (b3sum's two: no `carriageReturn`); with
// `allControls` the other control bytes too, with `invalidUtf8` the bytes outside well-formed UTF-8.
std::string escapeBytes(std::string_view name, bool allControls, bool invalidUtf8, bool carriageReturn = true)
{
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
    } else if ((allControls && isControl(c)) || (invalidUtf8 && u >= 0x80 && utf8At(name, i).valid == 0)) {
      appendHexEscape(out, u);
    } else {
      const std::size_t n = u >= 0x80 && invalidUtf8 ? utf8At(name, i).valid : 1;
      out.append(name.substr(i, n));
      i += n;
      continue;
    }
    ++i;
  }
  return out;
}

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

// b3sum 1.x escapes backslash and newline only; a carriage return stays as it is.
bool b3sumNeedsEscape(std::string_view name)
{
  return name.find_first_of("\\\n") != std::string_view::npos;
}

// "DIGEST  PATH" (the second character is md5sum's mode: ' ' text, '*' binary), escaped when asked.
std::string hexPathLine(std::string_view digest, std::string_view path, bool escape, char mode = ' ')
{
  const bool esc = escape && nameNeedsEscape(path);
  return (esc ? "\\" : "") + std::string(digest) + ' ' + mode + (esc ? escapeName(path) : std::string(path));
}

std::string taggedLine(std::string_view tag, std::string_view digest, std::string_view path, bool escape)
{
  const bool esc = escape && nameNeedsEscape(path);
  return (esc ? "\\" : "") + std::string(tag) + " (" + (esc ? escapeName(path) : std::string(path)) + ") = " +
         std::string(digest);
}

std::uint32_t bigEndianValue(const Digest& digest)
{
  return std::accumulate(digest.begin(), digest.end(), std::uint32_t{0},
                         [](std::uint32_t v, std::uint8_t byte) { return (v << 8) | byte; });
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
  return formatDigestLine(algorithm, digest, size, path, DigestLineFormat{.tag = tag});
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

// Other control characters (tab, ESC ...) stay raw, as in coreutils' (9.1) digest lines.
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
  std::string out;
  out.reserve(text.size());
  const std::string plain = withoutBidiControls(text);
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const auto u = static_cast<unsigned char>(plain[i]);
    const bool c1 = u == 0xc2 && i + 1 < plain.size() && static_cast<unsigned char>(plain[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(plain[i + 1]) <= 0x9f;
    if (c1) {
      appendHexEscape(out, u);
      appendHexEscape(out, static_cast<unsigned char>(plain[++i]));
    } else if (isControl(plain[i]) && plain[i] != '\n' && plain[i] != '\r' && plain[i] != '\t') {
      appendHexEscape(out, u);
    } else {
      out += plain[i];
    }
  }
  return out;
}

std::string lossyUtf8(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Run run = utf8At(text, i);
    if (run.valid > 0)
      out.append(text.substr(i, run.valid));
    else
      out += "\xEF\xBF\xBD";  // U+FFFD for the maximal subpart
    i += run.valid > 0 ? run.valid : run.subpart;
  }
  return out;
}

bool isValidUtf8(std::string_view text)
{
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8At(text, i).valid;
    if (n == 0)
      return false;
    i += n;
  }
  return true;
}

}  // namespace hashscope
