// formatDigestLine: one line byte for byte as md5sum, b2sum, xxhsum 0.8.1, cksum or sum print it.
#include "hash/hashers.hpp"

#include <cinttypes>
#include <cstdio>

namespace hashscope {
namespace {

// b3sum 1.x escapes backslash and newline only; a carriage return stays as it is.
bool b3sumNeedsEscape(std::string_view name)
{
  return name.find_first_of("\\\n") != std::string_view::npos;
}

// coreutils' escaping (escapeName), or b3sum's, which leaves a carriage return as it is.
std::string escapeChars(std::string_view name, bool carriageReturn)
{
  std::string out;
  out.reserve(name.size() + 4);
  for (char c : name) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r' && carriageReturn)
      out += "\\r";
    else
      out += c;
  }
  return out;
}

std::string hexPathLine(std::string_view hex, std::string_view path, bool escape)
{
  std::string line;
  if (escape && nameNeedsEscape(path)) {
    line = "\\";
    line += hex;
    line += "  ";
    line += escapeName(path);
    return line;
  }
  line.reserve(hex.size() + 2 + path.size());
  line += hex;
  line += "  ";
  line += path;
  return line;
}

std::string taggedLine(std::string_view tag, std::string_view hex, std::string_view path, bool escape)
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
  line += hex;
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

std::string numbersLine(const char* format, std::uint32_t checksum, std::uint64_t blocks,
                        std::string_view path)
{
  char buffer[64];
  const int n = std::snprintf(buffer, sizeof buffer, format, static_cast<unsigned>(checksum),
                              static_cast<unsigned long long>(blocks));
  std::string line(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
  line += ' ';
  line += path;
  return line;
}

} // namespace

std::string formatDigestLine(const AlgorithmInfo& algorithm, const Digest& digest, std::uint64_t size,
                             std::string_view path, bool tag)
{
  const detail::AlgorithmSpec* spec = detail::findSpec(algorithm.id);
  const std::string_view tagName = spec ? spec->tag : std::string_view(algorithm.displayName);
  const detail::LineStyle style = spec ? spec->style : detail::LineStyle::Coreutils;
  switch (style) {
  case detail::LineStyle::Cksum: // coreutils prints the legacy format even with --tag
    return numbersLine("%u %llu", bigEndianValue(digest), size, path);
  case detail::LineStyle::SumBsd:
    return numbersLine("%05u %5llu", bigEndianValue(digest), (size + 1023) / 1024, path);
  case detail::LineStyle::SumSysv:
    return numbersLine("%u %llu", bigEndianValue(digest), (size + 511) / 512, path);
  case detail::LineStyle::XxhsumXxh3: // xxhsum 0.8.1 -H3 prints the tagged form in both modes
    return taggedLine(tagName, toHex(digest), path, false);
  case detail::LineStyle::Xxhsum:
    return tag ? taggedLine(tagName, toHex(digest), path, false) : hexPathLine(toHex(digest), path, false);
  case detail::LineStyle::B3sum: {
    const bool esc = b3sumNeedsEscape(path);
    const std::string name = esc ? escapeChars(path, false) : std::string(path);
    return (esc ? "\\" : "") + (tag ? taggedLine(tagName, toHex(digest), name, false)
                                      : hexPathLine(toHex(digest), name, false));
  }
  case detail::LineStyle::Coreutils:
    break;
  }
  return tag ? taggedLine(tagName, toHex(digest), path, true) : hexPathLine(toHex(digest), path, true);
}

bool nameNeedsEscape(std::string_view name)
{
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

// coreutils (9.1 here) starts the line with a backslash and escapes \, newline and CR in the name,
// so the line stays one line and `md5sum -c` can read it back.
std::string escapeName(std::string_view name)
{
  return escapeChars(name, true);
}

} // namespace hashscope
