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
  if (s.size() - i == 1 || (i < s.size() ? s[i] != ' ' && s[i] != '*' : true)) {
    // BSD reversed: mixing it with the two-column form is refused (a name starting with ' ' or '*').
    if (m_form == Form::TwoColumns)
      return std::nullopt;
    m_form = Form::Reversed;
  } else if (m_form != Form::Reversed) {
    m_form = Form::TwoColumns;
    ++i; // the mode character: ' ' text, '*' binary (the same bytes get hashed either way)
  }
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
std::optional<ChecklistEntry> ChecklistParser::parseXxhsum(std::string_view line)
{
  static const std::map<std::string_view, std::string_view> kTags{
      {"XXH32", "xxh32"}, {"XXH64", "xxh64"}, {"XXH3", "xxh3-64"}, {"XXH128", "xxh3-128"}};
  ChecklistEntry entry;
  const auto paren = line.find(" (");
  const auto close = line.rfind(") = ");
  if (paren != std::string_view::npos && close != std::string_view::npos && close > paren) {
    std::string_view tag = line.substr(0, paren);
    bool littleEndian = false;
    if (tag.size() > 3 && tag.substr(tag.size() - 3) == "_LE") {
      littleEndian = true;
      tag.remove_suffix(3);
    }
    const auto it = kTags.find(tag);
    const std::string_view hex = line.substr(close + 4);
    const AlgorithmInfo* info = it == kTags.end() ? nullptr : findAlgorithm(it->second);
    if (!info || hex.size() != info->digestBytes * 2 || !isHex(hex))
      return std::nullopt;
    entry.candidates = {std::string(it->second)};
    entry.digest = littleEndian ? reversedBytes(lower(hex)) : lower(hex);
    entry.name = std::string(line.substr(paren + 2, close - paren - 2));
    return entry.name.empty() ? std::nullopt : std::optional(entry);
  }
  const auto gap = line.find("  ");
  if (gap == std::string_view::npos || gap + 2 >= line.size())
    return std::nullopt;
  const std::string_view hex = line.substr(0, gap);
  static const std::map<std::size_t, std::string_view> kLengths{{8, "xxh32"}, {16, "xxh64"}, {32, "xxh3-128"}};
  const auto it = kLengths.find(hex.size());
  if (it == kLengths.end() || !isHex(hex))
    return std::nullopt;
  entry.candidates = {std::string(it->second)};
  entry.digest = m_rules.littleEndian ? reversedBytes(lower(hex)) : lower(hex);
  entry.name = std::string(line.substr(gap + 2));
  return entry;
}

// b3sum -c: "HEX  NAME" with 64 hex digits; a leading '\' says the name is escaped ("\\\\", "\\n").
std::optional<ChecklistEntry> ChecklistParser::parseB3sum(std::string_view line) const
{
  const bool escaped = !line.empty() && line.front() == '\\';
  if (escaped)
    line.remove_prefix(1);
  if (line.size() < 67 || line.substr(64, 2) != "  " || !isHex(line.substr(0, 64)))
    return std::nullopt;
  ChecklistEntry entry;
  entry.candidates = {"blake3"};
  entry.digest = lower(line.substr(0, 64));
  auto name = escaped ? unescapeName(line.substr(66)) : std::optional<std::string>(std::string(line.substr(66)));
  if (!name)
    return std::nullopt;
  entry.name = std::move(*name);
  return entry;
}

} // namespace hashscope::cli
