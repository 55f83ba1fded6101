// Checksum lists: what every set of rules shares, and hashscope-cli check's own rules.
#include "checklist.hpp"

#include "checklist_text.hpp"
#include "hashscope/hash.hpp"
#include "names.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <utility>

namespace hashscope::cli {

namespace listtext {

std::string lower(std::string_view text)
{
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool isHex(std::string_view text)
{
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isxdigit(c) != 0; });
}

bool isBlank(char c)
{
  return c == ' ' || c == '\t';
}

std::string_view untilNul(std::string_view name)
{
  return name.substr(0, name.find('\0'));
}

bool isBase64Digit(char c)
{
  return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/';
}

std::size_t base64Length(std::size_t bytes)
{
  return (bytes + 2) / 3 * 4;
}

bool validDigits(std::string_view text, int bits, bool base64Allowed)
{
  const auto bytes = static_cast<std::size_t>(bits / 8);
  if (base64Allowed && text.size() == base64Length(bytes)) {
    const std::size_t padding = static_cast<std::size_t>(bits % 3);
    return std::all_of(text.begin(), text.end() - static_cast<std::ptrdiff_t>(padding), isBase64Digit) &&
           std::all_of(text.end() - static_cast<std::ptrdiff_t>(padding), text.end(), [](char c) { return c == '='; });
  }
  return text.size() == bytes * 2 && isHex(text);
}

std::optional<std::string_view> digestAfter(std::string_view rest, std::size_t i)
{
  while (i < rest.size() && isBlank(rest[i]))
    ++i;
  if (i == rest.size() || rest[i] != '=')
    return std::nullopt;
  ++i;
  while (i < rest.size() && isBlank(rest[i]))
    ++i;
  return rest.substr(i);
}

std::size_t lineStart(std::string_view line, bool& escaped)
{
  std::size_t i = 0;
  while (i < line.size() && isBlank(line[i]))
    ++i;
  escaped = i < line.size() && line[i] == '\\';
  return escaped ? i + 1 : i;
}

} // namespace listtext

using namespace listtext;

namespace {

// The tags the reference tools print, plus whatever our own formatDigestLine prints for each algorithm,
// so lists written by `hashscope-cli hash --tag` always check.
const std::map<std::string, std::string>& tagTable()
{
  static const std::map<std::string, std::string> table = [] {
    std::map<std::string, std::string> t{{"md5", "md5"},
                                         {"sha1", "sha1"},
                                         {"sha224", "sha224"},
                                         {"sha256", "sha256"},
                                         {"sha384", "sha384"},
                                         {"sha512", "sha512"},
                                         {"blake2b", "blake2b-512"},
                                         {"blake2b-512", "blake2b-512"},
                                         {"blake2s-256", "blake2s-256"},
                                         {"sha512/256", "sha512-256"},
                                         {"sha512-256", "sha512-256"},
                                         {"sha3-256", "sha3-256"},
                                         {"sha3-512", "sha3-512"},
                                         {"xxh32", "xxh32"},
                                         {"xxh64", "xxh64"},
                                         {"xxh3", "xxh3-64"},
                                         {"xxh3-64", "xxh3-64"},
                                         {"xxh128", "xxh3-128"},
                                         {"xxh3-128", "xxh3-128"},
                                         {"crc32", "crc32"},
                                         {"crc32c", "crc32c"},
                                         {"adler32", "adler32"},
                                         // OpenSSL 3 `openssl dgst` ("SHA2-256(a)= HEX"), and 1.1's BLAKE2 names
                                         {"sha2-224", "sha224"},
                                         {"sha2-256", "sha256"},
                                         {"sha2-384", "sha384"},
                                         {"sha2-512", "sha512"},
                                         {"sha2-512/256", "sha512-256"},
                                         {"blake2b512", "blake2b-512"},
                                         {"blake2s256", "blake2s-256"}};
    for (const auto& info : algorithmFacts()) {
      if (info.digestBytes == 0)
        continue;
      const std::string line = formatDigestLine(info, Digest(info.digestBytes, 0), 0, "X", true);
      const auto paren = line.find(" (X) = ");
      if (paren != std::string::npos && paren > 0)
        t.emplace(lower(std::string_view(line).substr(0, paren)), info.id);
    }
    return t;
  }();
  return table;
}

std::optional<std::string> fileName(std::string_view raw, bool escaped)
{
  raw = untilNul(raw);
  if (raw.empty())
    return std::nullopt;
  if (escaped)
    return unescapeName(raw);
  return std::string(raw);
}

// The algorithms of one digest length whose lines put the plain hex digest first or last (not cksum and sum,
// which print decimal numbers), asked of formatDigestLine so the list follows the algorithm table. Worked out
// per length when first needed (a list of md5 lines asks about two algorithms, not all of them: issue 41).
std::vector<std::string> lengthEntry(std::size_t hexDigits)
{
  std::vector<std::pair<bool, const AlgorithmInfo*>> ranked;
  for (const auto& info : algorithmFacts()) {
    if (info.digestBytes == 0 || info.digestBytes * 2 != hexDigits)
      continue;
    const Digest probe(info.digestBytes, 0xab);
    const std::string hex = toHex(probe);
    if (formatDigestLine(info, probe, 0, "X", true).find(hex) == std::string::npos)
      continue;
    // Lists from md5sum, sha*sum, b2sum and xxhsum are far more common than from openssl or crc tools.
    const bool coreutilsStyle = !info.peerTool.empty() && info.peerTool.rfind("openssl", 0) != 0;
    ranked.emplace_back(!coreutilsStyle, &info);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> ids;
  for (const auto& [rank, info] : ranked)
    ids.push_back(info->id);
  return ids;
}
} // namespace

bool entryMatches(const ChecklistEntry& entry, const std::vector<unsigned char>& digest)
{
  Digest part(digest.begin(), digest.end());
  if (entry.compareBytes > 0 && entry.compareBytes < part.size())
    part.resize(entry.compareBytes);
  return entry.base64 ? toBase64(part) == entry.digest : toHex(part) == entry.digest;
}

std::string algorithmForTag(std::string_view tag)
{
  const std::string lowered = lower(tag);
  if (lowered.rfind("blake2b-", 0) == 0 && findAlgorithmFacts(lowered)) // b2sum -l N --tag: "BLAKE2b-256"
    return lowered;
  const auto& table = tagTable();
  const auto it = table.find(lowered);
  return it == table.end() ? std::string() : it->second;
}

std::vector<std::string> algorithmsForLength(std::size_t hexDigits)
{
  static std::mutex mutex; // lists are parsed on one thread; the lock keeps any other caller safe
  static std::map<std::size_t, std::vector<std::string>> known;
  const std::lock_guard lock(mutex);
  auto it = known.find(hexDigits);
  if (it == known.end())
    it = known.emplace(hexDigits, lengthEntry(hexDigits)).first;
  return it->second;
}

ChecklistParser::ChecklistParser(ListRules rules) : m_rules(std::move(rules))
{
  if (m_rules.dialect == ListRules::Dialect::Cksum && !m_rules.digest)
    m_lastTagged = DigestType::Crc; // what cksum names before any tag was recognised
}

std::string ChecklistParser::warnTag() const
{
  using D = ListRules::Dialect;
  switch (m_rules.dialect) {
  case D::HashScope: {
    // The tag hashscope-cli hash --tag writes for -a's algorithm ("MD5", "BLAKE2b"), if -a was given.
    const AlgorithmInfo* info = m_rules.algorithm.empty() ? nullptr : findAlgorithmFacts(m_rules.algorithm);
    if (!info || info->digestBytes == 0)
      return {};
    const std::string line = formatDigestLine(*info, Digest(info->digestBytes, 0), 0, "X", true);
    const auto paren = line.find(" (X) = ");
    return paren == std::string::npos ? std::string(info->displayName) : line.substr(0, paren);
  }
  case D::Xxhsum:
    return "xxHash";
  case D::B3sum:
    return "BLAKE3";
  default:
    break;
  }
  const auto type = m_rules.digest ? m_rules.digest : m_lastTagged;
  return type ? std::string(digestTypeInfo(*type).tag) : std::string();
}

std::optional<ChecklistEntry> ChecklistParser::parse(std::string_view line)
{
  const bool keepsCr = m_rules.dialect == ListRules::Dialect::Xxhsum || m_rules.dialect == ListRules::Dialect::B3sum;
  if (!keepsCr && !line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  bool escaped = false;
  const std::size_t start = lineStart(line, escaped);
  switch (m_rules.dialect) {
  case ListRules::Dialect::HashScope:
    break;
  case ListRules::Dialect::Xxhsum:
    return parseXxhsum(line);
  case ListRules::Dialect::B3sum:
    return parseB3sum(line);
  default:
    return parseGnu(line, start, escaped);
  }
  const std::string_view rest = line.substr(start);
  if (auto entry = parseTagged(rest, escaped))
    return entry;
  return parseUntagged(rest, escaped);
}

// BSD and OpenSSL forms: "TAG (NAME) = HEX", "TAG(NAME)= HEX" and other blanks around '='. The name runs
// to the last ')', so it may hold parentheses.
std::optional<ChecklistEntry> ChecklistParser::parseTagged(std::string_view rest, bool escaped) const
{
  const auto open = rest.find('(');
  const auto close = rest.rfind(')');
  if (open == std::string_view::npos || open == 0 || close == std::string_view::npos || close < open)
    return std::nullopt;
  std::string_view tag = rest.substr(0, open);
  if (tag.back() == ' ')
    tag.remove_suffix(1);
  if (tag.empty() || std::any_of(tag.begin(), tag.end(), isBlank))
    return std::nullopt;
  const auto found = digestAfter(rest, close + 1);
  if (!found)
    return std::nullopt;
  ChecklistEntry entry;
  std::string algorithm = algorithmForTag(tag);
  if (algorithm.empty())
    algorithm = m_rules.algorithm;
  const AlgorithmInfo* info = algorithm.empty() ? nullptr : findAlgorithmFacts(algorithm);
  const std::string_view digest = *found;
  if (!info)
    return std::nullopt;
  // Hex, or base64 as cksum --base64 writes it.
  const int bits = static_cast<int>(info->digestBytes * 8);
  if (!validDigits(digest, bits, true))
    return std::nullopt;
  entry.base64 = digest.size() != info->digestBytes * 2;
  entry.digest = entry.base64 ? std::string(digest) : lower(digest);
  auto name = fileName(rest.substr(open + 1, close - open - 1), escaped);
  if (!name)
    return std::nullopt;
  entry.candidates = {std::move(algorithm)};
  entry.name = std::move(*name);
  return entry;
}

// coreutils forms: "HEX  NAME" (text) and "HEX *NAME" (binary), where the gap may be a tab, and BSD
// `md5 -r`'s "HEX NAME" (one blank, then the name).
std::optional<std::size_t> ChecklistParser::nameStart(std::string_view text, std::size_t at, Form& form)
{
  const bool reversed = at >= text.size() || text.size() - at == 1 || (text[at] != ' ' && text[at] != '*');
  if (reversed) {
    if (form == Form::TwoColumns)
      return std::nullopt;
    form = Form::Reversed;
    return at;
  }
  if (form == Form::Reversed)
    return at;
  form = Form::TwoColumns;
  return at + 1; // the mode character: ' ' text, '*' binary (the same bytes get hashed either way)
}

std::optional<ChecklistEntry> ChecklistParser::parseUntagged(std::string_view rest, bool escaped)
{
  std::size_t gap = 0;
  while (gap < rest.size() && std::isxdigit(static_cast<unsigned char>(rest[gap])))
    ++gap;
  if (gap == 0 || gap == rest.size() || !isBlank(rest[gap]))
    return std::nullopt;
  ChecklistEntry entry;
  entry.digest = lower(rest.substr(0, gap));
  if (!m_rules.algorithm.empty()) {
    const AlgorithmInfo* info = findAlgorithmFacts(m_rules.algorithm);
    if (!info || entry.digest.size() != info->digestBytes * 2)
      return std::nullopt;
    entry.candidates = {m_rules.algorithm};
  } else {
    entry.candidates = algorithmsForLength(entry.digest.size());
    if (entry.candidates.empty())
      return std::nullopt;
  }
  if (gap + 1 == rest.size())
    return std::nullopt;
  Form form = m_form;
  const std::optional<std::size_t> start = nameStart(rest, gap + 1, form);
  if (!start)
    return std::nullopt;
  auto name = fileName(rest.substr(*start), escaped);
  if (!name)
    return std::nullopt;
  m_form = form;
  entry.name = std::move(*name);
  return entry;
}

} // namespace hashscope::cli
