#include "checklist.hpp"

#include "hashscope/hash.hpp"
#include "names.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <utility>

namespace hashscope::cli {

namespace {

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
    for (const auto& info : allAlgorithms()) {
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

bool isBlank(char c)
{
  return c == ' ' || c == '\t';
}

// md5sum -c reads the name as a C string: it ends at a NUL byte, and the shown name is the checked one.
std::string_view untilNul(std::string_view name)
{
  return name.substr(0, name.find('\0'));
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

// Per digest length, the algorithms whose lines put the plain hex digest first or last (not cksum and
// sum, which print decimal numbers), asked of formatDigestLine so the list follows the algorithm table.
const std::map<std::size_t, std::vector<std::string>>& lengthTable()
{
  static const std::map<std::size_t, std::vector<std::string>> table = [] {
    std::vector<std::pair<bool, const AlgorithmInfo*>> ranked;
    for (const auto& info : allAlgorithms()) {
      if (info.digestBytes == 0)
        continue;
      const Digest probe(info.digestBytes, 0xab);
      const std::string hex = toHex(probe);
      if (formatDigestLine(info, probe, 0, "X", true).find(hex) == std::string::npos)
        continue;
      // Lists from md5sum, sha*sum, b2sum and xxhsum are far more common than from openssl or crc tools.
      const bool coreutilsStyle = !info.peerTool.empty() && info.peerTool.rfind("openssl", 0) != 0;
      ranked.emplace_back(!coreutilsStyle, &info);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::map<std::size_t, std::vector<std::string>> t;
    for (const auto& [rank, info] : ranked)
      t[info->digestBytes * 2].push_back(info->id);
    return t;
  }();
  return table;
}

} // namespace

std::string algorithmForTag(std::string_view tag)
{
  const auto& table = tagTable();
  const auto it = table.find(lower(tag));
  return it == table.end() ? std::string() : it->second;
}

std::vector<std::string> algorithmsForLength(std::size_t hexDigits)
{
  const auto& table = lengthTable();
  const auto it = table.find(hexDigits);
  return it == table.end() ? std::vector<std::string>() : it->second;
}

std::optional<ChecklistEntry> ChecklistParser::parse(std::string_view line)
{
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  // Like md5sum -c: leading blanks are skipped, and a backslash then says the name is escaped.
  std::size_t i = 0;
  while (i < line.size() && isBlank(line[i]))
    ++i;
  const bool escaped = i < line.size() && line[i] == '\\';
  if (escaped)
    ++i;
  const std::string_view rest = line.substr(i);
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
  std::size_t i = close + 1;
  while (i < rest.size() && isBlank(rest[i]))
    ++i;
  if (i == rest.size() || rest[i] != '=')
    return std::nullopt;
  ++i;
  while (i < rest.size() && isBlank(rest[i]))
    ++i;
  ChecklistEntry entry;
  std::string algorithm = algorithmForTag(tag);
  if (algorithm.empty())
    algorithm = m_forced;
  const AlgorithmInfo* info = algorithm.empty() ? nullptr : findAlgorithm(algorithm);
  entry.hex = lower(rest.substr(i));
  if (!info || !isHex(entry.hex) || entry.hex.size() != info->digestBytes * 2)
    return std::nullopt;
  auto name = fileName(rest.substr(open + 1, close - open - 1), escaped);
  if (!name)
    return std::nullopt;
  entry.candidates = {std::move(algorithm)};
  entry.name = std::move(*name);
  return entry;
}

// coreutils forms: "HEX  NAME" (text) and "HEX *NAME" (binary), where the gap may be a tab, and BSD
// `md5 -r`'s "HEX NAME" (one blank, then the name).
std::optional<ChecklistEntry> ChecklistParser::parseUntagged(std::string_view rest, bool escaped)
{
  std::size_t gap = 0;
  while (gap < rest.size() && std::isxdigit(static_cast<unsigned char>(rest[gap])))
    ++gap;
  if (gap == 0 || gap == rest.size() || !isBlank(rest[gap]))
    return std::nullopt;
  ChecklistEntry entry;
  entry.hex = lower(rest.substr(0, gap));
  if (!m_forced.empty()) {
    const AlgorithmInfo* info = findAlgorithm(m_forced);
    if (!info || entry.hex.size() != info->digestBytes * 2)
      return std::nullopt;
    entry.candidates = {m_forced};
  } else {
    entry.candidates = algorithmsForLength(entry.hex.size());
    if (entry.candidates.empty())
      return std::nullopt;
  }
  std::size_t start = gap + 1;
  if (start == rest.size())
    return std::nullopt;
  const bool reversed = rest.size() - start == 1 || (rest[start] != ' ' && rest[start] != '*');
  Form form = m_form;
  if (reversed) {
    if (form == Form::TwoColumns)
      return std::nullopt;
    form = Form::Reversed;
  } else if (form != Form::Reversed) {
    form = Form::TwoColumns;
    ++start; // the mode character: ' ' text, '*' binary (the same bytes get hashed either way)
  }
  auto name = fileName(rest.substr(start), escaped);
  if (!name)
    return std::nullopt;
  m_form = form;
  entry.name = std::move(*name);
  return entry;
}

} // namespace hashscope::cli
