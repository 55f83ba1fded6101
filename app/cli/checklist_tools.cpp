// The tools' rules for reading checksum lists: coreutils 9.11's split_3 (src/cksum.c) for md5sum, sha*sum,
// b2sum and cksum, and the line forms of xxhsum 0.8.1 and b3sum.
#include "checklist.hpp"

#include "checklist_text.hpp"
#include "hashscope/hash.hpp"
#include "names.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <utility>

namespace hashscope::cli {

using namespace listtext;

namespace {

// coreutils' filename_unescape: "\\\\", "\\n", "\\r" only, and no NUL byte.
std::optional<std::string> gnuUnescape(std::string_view name)
{
  if (name.find('\0') != std::string_view::npos)
    return std::nullopt;
  return unescapeName(name);
}

// The digest type whose tag starts `text` (cksum's algorithm_from_tag: up to a blank, '-' or '('), if any.
std::optional<DigestType> typeFromTag(std::string_view text)
{
  std::size_t end = 0;
  while (end < text.size() && end <= 7 && text[end] != '\0' && !isBlank(text[end]) && text[end] != '-' &&
         text[end] != '(')
    ++end;
  if (end > 7)
    return std::nullopt;
  return digestTypeTagged(text.substr(0, end));
}

// The length in "-256" after a tag (xstrtoimax with base 0 after a digit), or nullopt.
std::optional<long long> tagLength(std::string_view text, std::size_t& i)
{
  if (i >= text.size() || !std::isdigit(static_cast<unsigned char>(text[i])))
    return std::nullopt;
  const std::string digits(text.substr(i, std::min<std::size_t>(32, text.size() - i)));
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(digits.c_str(), &end, 0);
  if (errno != 0)
    return std::nullopt;
  i += static_cast<std::size_t>(end - digits.c_str());
  return value;
}

// The hex of a digest written byte-reversed (xxhsum --little-endian) in the canonical order, and back.
std::string reversedBytes(std::string_view hex)
{
  std::string out;
  for (std::size_t k = hex.size(); k >= 2; k -= 2)
    out += hex.substr(k - 2, 2);
  return out;
}

bool isShaLength(long long bits)
{
  return bits == 224 || bits == 256 || bits == 384 || bits == 512;
}

} // namespace

// coreutils 9.11's split_3 (src/cksum.c) for md5sum, sha*sum, b2sum and cksum.
std::optional<ChecklistEntry> ChecklistParser::parseGnu(std::string_view s, std::size_t i, bool escaped)
{
  using D = ListRules::Dialect;
  const D dialect = m_rules.dialect;

  DigestType type = m_rules.digest.value_or(DigestType::Crc);
  if (dialect == D::Cksum && (!m_rules.digest || type == DigestType::Sha2)) {
    const auto tagged = typeFromTag(s.substr(i));
    if (!m_rules.digest) {
      if (!tagged)
        return std::nullopt; // without -a, cksum -c reads tagged lines only
      m_lastTagged = tagged;
      if (printsNumbers(*tagged))
        return std::nullopt; // nor can it check sum or CRC lines
      type = *tagged;
    } else if (tagged && (*tagged == DigestType::Sha2 || *tagged == DigestType::Sha224 ||
                          *tagged == DigestType::Sha256 || *tagged == DigestType::Sha384 ||
                          *tagged == DigestType::Sha512)) {
      type = *tagged; // cksum -a sha2 -c takes SHA256 (...) lines too
    }
  }

  // BSD "TAG (NAME) = DIGEST" and OpenSSL "TAG(NAME)= DIGEST", with an optional "-BITS" after the tag.
  const std::string_view tag = digestTypeInfo(type).tag;
  int bits = digestTypeInfo(type).bits;
  if (s.substr(i, tag.size()) == tag) {
    std::size_t k = i + tag.size();
    if (dialect != D::Fixed && k < s.size() && s[k] == '-') {
      ++k;
      const auto length = tagLength(s, k);
      if (!length)
        return std::nullopt;
      if (type == DigestType::Sha2 || type == DigestType::Sha3 ? !isShaLength(*length)
                                                                 : !(*length > 0 && *length <= bits && *length % 8 == 0))
        return std::nullopt;
      bits = static_cast<int>(*length);
    }
    if (k < s.size() && s[k] == ' ')
      ++k;
    if (k < s.size() && s[k] == '(') {
      const std::string_view rest = s.substr(k + 1);
      const auto close = rest.rfind(')');
      if (close == std::string_view::npos)
        return std::nullopt;
      std::optional<std::string> name = escaped ? gnuUnescape(rest.substr(0, close))
                                                : std::optional<std::string>(std::string(untilNul(rest.substr(0, close))));
      if (!name)
        return std::nullopt;
      const auto found = digestAfter(rest, close + 1);
      if (!found)
        return std::nullopt;
      const std::string_view digest = *found;
      if (!validDigits(digest, bits, dialect == D::Cksum))
        return std::nullopt;
      ChecklistEntry entry;
      entry.candidates = {algorithmFor(type, bits)};
      entry.base64 = digest.size() != static_cast<std::size_t>(bits / 4);
      entry.digest = entry.base64 ? std::string(digest) : lower(digest);
      if (!takesLength(type) && bits != digestTypeInfo(type).bits)
        entry.compareBytes = static_cast<std::size_t>(bits / 8);
      entry.name = std::move(*name);
      return entry;
    }
    // Not a tag after all: with --base64 --untagged, digests may start like one ("SHA1+++...").
  }
  return parseGnuUntagged(s, i, escaped, type, bits);
}

// "DIGEST  NAME" (text), "DIGEST *NAME" (binary) and BSD `md5 -r`'s "DIGEST NAME", as split_3 reads them.
std::optional<ChecklistEntry> ChecklistParser::parseGnuUntagged(std::string_view s, std::size_t i, bool escaped,
                                                                DigestType type, int bits)
{
  using D = ListRules::Dialect;
  const D dialect = m_rules.dialect;
  const bool cksum = dialect == D::Cksum;
  bits = digestTypeInfo(type).bits;
  const std::size_t minLength = dialect == D::Fixed ? static_cast<std::size_t>(bits / 4) + 2 : 3;
  if (s.size() - i < minLength + (i < s.size() && s[i] == '\\' ? 1 : 0))
    return std::nullopt;
  const std::size_t start = i;
  if (dialect == D::B2sum || (cksum && takesLength(type))) {
    // The length follows from the digest: its hex digits, or (cksum) its base64 ones.
    std::size_t hex = 0;
    while (start + hex < s.size() && std::isxdigit(static_cast<unsigned char>(s[start + hex])))
      ++hex;
    if (cksum) {
      std::size_t b64 = hex, equals = 0;
      while (start + b64 < s.size() && isBase64Digit(s[start + b64]))
        ++b64;
      while (start + b64 + equals < s.size() && s[start + b64 + equals] == '=')
        ++equals;
      if ((type == DigestType::Sha2 || type == DigestType::Sha3) && !isShaLength(static_cast<long long>(hex * 4))) {
        hex = 0;
        for (const std::size_t bytes : {28, 32, 48, 64})
          if (b64 + equals == base64Length(bytes))
            hex = bytes * 2;
        if (hex == 0)
          return std::nullopt;
      } else if (type == DigestType::Blake2b && hex < b64) {
        for (std::size_t j = 8; j <= 512; j += 8) {
          if (base64Length(j / 8) == b64 + equals && j % 3 == equals) {
            hex = j / 4;
            break;
          }
        }
      }
    }
    if (hex < 2 || hex % 2 != 0 || hex > 128)
      return std::nullopt;
    bits = static_cast<int>(hex * 4);
  }
  while (i < s.size() && s[i] != '\0' && !isBlank(s[i]))
    ++i;
  if (i == s.size())
    return std::nullopt; // the digest must be followed by a blank
  const std::string_view digest = s.substr(start, i - start);
  ++i;
  if (!validDigits(digest, bits, cksum))
    return std::nullopt;
  const std::optional<std::size_t> at = nameStart(s, i, m_form);
  if (!at)
    return std::nullopt;
  i = *at;
  std::optional<std::string> name =
      escaped ? gnuUnescape(s.substr(i)) : std::optional<std::string>(std::string(untilNul(s.substr(i))));
  if (!name)
    return std::nullopt;
  ChecklistEntry entry;
  entry.candidates = {algorithmFor(type, bits)};
  entry.base64 = digest.size() != static_cast<std::size_t>(bits / 4);
  entry.digest = entry.base64 ? std::string(digest) : lower(digest);
  entry.name = std::move(*name);
  return entry;
}

// xxhsum 0.8.1 -c: "HEX  NAME" (8, 16 or 32 hex digits: XXH32, XXH64, XXH128) and "TAG (NAME) = HEX" with
// the tags XXH32, XXH64, XXH3 and XXH128 (_LE for --little-endian lists); names are never escaped.
// xxhsum 0.8.1 -c (XSUM_parseLine): the line's first space decides. Followed by '(' it is a tagged line
// "TAG (NAME) = HEX", the name ending at the last space (which must follow ") ="); the tag picks the algorithm by
// its first letters (XXH3, XXH32, XXH64, XXH128; any other tag reads as XXH64) and "_LE" in it says the digest is
// byte-reversed. Otherwise the line is "HEX" and one more character (a space, or '*'), then the name, which may
// hold anything, "x (y) = z" included. The digest's length must fit the algorithm: 8, 16 (XXH64 or XXH3) or 32.
std::optional<ChecklistEntry> ChecklistParser::parseXxhsum(std::string_view line)
{
  const auto firstSpace = line.find(' ');
  if (firstSpace == std::string_view::npos || firstSpace + 1 >= line.size())
    return std::nullopt;
  std::string_view algorithm = "xxh64", hex;
  bool littleEndian = m_rules.littleEndian;
  ChecklistEntry entry;
  if (line[firstSpace + 1] == '(') {
    const auto lastSpace = line.rfind(' ');
    if (lastSpace - firstSpace < 5 || line.substr(lastSpace - 3, 3) != ") =")
      return std::nullopt;
    const std::string_view tag = line.substr(0, firstSpace);
    littleEndian = tag.find("_LE") != std::string_view::npos;
    for (const auto& [prefix, id] : {std::pair{"XXH3", "xxh3-64"}, std::pair{"XXH32", "xxh32"},
                                     std::pair{"XXH64", "xxh64"}, std::pair{"XXH128", "xxh3-128"}})
      if (tag.substr(0, std::string_view(prefix).size()) == prefix)
        algorithm = id;
    hex = line.substr(lastSpace + 1);
    entry.name = std::string(line.substr(firstSpace + 2, lastSpace - 3 - (firstSpace + 2)));
  } else {
    hex = line.substr(0, firstSpace);
    if (hex.size() == 8)
      algorithm = "xxh32";
    else if (hex.size() == 32)
      algorithm = "xxh3-128";
    entry.name = std::string(line.substr(firstSpace + 2));
  }
  const AlgorithmInfo* info = findAlgorithmFacts(algorithm);
  if (!info || hex.size() != info->digestBytes * 2 || !isHex(hex))
    return std::nullopt;
  entry.candidates = {std::string(algorithm)};
  entry.digest = littleEndian ? reversedBytes(lower(hex)) : lower(hex);
  return entry;
}

// b3sum 1.2 -c (parse_check_line): "HEX  NAME" with 64 lower-case hex digits; a leading '\' says the name is
// escaped ("\\\\" and "\\n" only). A line it refuses is reported with b3sum's reason (problem()).
std::optional<ChecklistEntry> ChecklistParser::parseB3sum(std::string_view line)
{
  m_problem.clear();
  auto refuse = [&](const char* reason) {
    m_problem = reason;
    return std::nullopt;
  };
  if (line.empty())
    return refuse("Empty line");
  const bool escaped = line.front() == '\\';
  if (escaped)
    line.remove_prefix(1);
  constexpr std::size_t kHexDigits = 64, kPrefix = kHexDigits + 2;
  if (line.size() <= kPrefix)
    return refuse("Short line");
  if (std::any_of(line.begin(), line.begin() + kPrefix, [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    return refuse("Non-ASCII prefix");
  if (line.substr(kHexDigits, 2) != "  ")
    return refuse("Invalid space");
  const std::string_view hex = line.substr(0, kHexDigits);
  if (!std::all_of(hex.begin(), hex.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
    return refuse("Invalid hex");
  std::optional<std::string> name = std::string(line.substr(kPrefix));
  const std::string written = (escaped ? "\\" : "") + *name;
  if (escaped) {
    std::string out;
    for (std::size_t i = 0; i < name->size(); ++i) {
      if ((*name)[i] != '\\') {
        out += (*name)[i];
        continue;
      }
      const char next = i + 1 < name->size() ? (*name)[i + 1] : '\0';
      if (next != 'n' && next != '\\')
        return refuse("Invalid backslash escape");
      out += next == 'n' ? '\n' : '\\';
      ++i;
    }
    name = std::move(out);
  }
  if (name->find('\0') != std::string::npos)
    return refuse("Null character in path");
  if (name->find("\xEF\xBF\xBD") != std::string::npos)
    return refuse("Unicode replacement character in path");
  ChecklistEntry entry;
  entry.candidates = {"blake3"};
  entry.digest = std::string(hex);
  entry.name = std::move(*name);
  entry.written = written;
  return entry;
}

} // namespace hashscope::cli
