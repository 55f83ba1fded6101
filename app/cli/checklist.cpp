#include "checklist.hpp"

#include "hashscope/hash.hpp"
#include "names.hpp"

#include <algorithm>
#include <cctype>
#include <map>

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
                                         {"adler32", "adler32"}};
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

std::string algorithmForLength(std::size_t hexDigits)
{
  switch (hexDigits) {
  case 8:
    return "xxh32";
  case 16:
    return "xxh64";
  case 32:
    return "md5";
  case 40:
    return "sha1";
  case 56:
    return "sha224";
  case 64:
    return "sha256";
  case 96:
    return "sha384";
  case 128:
    return "sha512";
  default:
    return {};
  }
}

} // namespace

std::string algorithmForTag(std::string_view tag)
{
  const auto& table = tagTable();
  const auto it = table.find(lower(tag));
  return it == table.end() ? std::string() : it->second;
}

std::optional<ChecklistEntry> parseChecklistLine(std::string_view line, const std::string& forcedAlgorithm)
{
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  const bool escaped = !line.empty() && line.front() == '\\';
  if (escaped)
    line.remove_prefix(1);

  ChecklistEntry entry;
  std::string rawName;
  const auto open = line.find(" (");
  const auto close = line.rfind(") = ");
  if (open != std::string_view::npos && close != std::string_view::npos && close > open &&
      line.substr(0, open).find(' ') == std::string_view::npos) {
    // BSD form: TAG (NAME) = HEX
    entry.algorithm = algorithmForTag(line.substr(0, open));
    rawName = std::string(line.substr(open + 2, close - open - 2));
    entry.hex = lower(line.substr(close + 4));
    if (entry.algorithm.empty() && !forcedAlgorithm.empty())
      entry.algorithm = forcedAlgorithm;
  } else {
    // GNU form: HEX, then two spaces (text) or space-star (binary), then NAME.
    const auto gap = line.find(' ');
    if (gap == std::string_view::npos || gap + 2 > line.size() ||
        (line[gap + 1] != ' ' && line[gap + 1] != '*'))
      return std::nullopt;
    entry.hex = lower(line.substr(0, gap));
    rawName = std::string(line.substr(gap + 2));
    entry.algorithm = forcedAlgorithm.empty() ? algorithmForLength(entry.hex.size()) : forcedAlgorithm;
  }
  if (entry.algorithm.empty() || !isHex(entry.hex) || rawName.empty())
    return std::nullopt;
  const AlgorithmInfo* info = findAlgorithm(entry.algorithm);
  if (!info || entry.hex.size() != info->digestBytes * 2)
    return std::nullopt;
  if (escaped) {
    auto name = unescapeName(rawName);
    if (!name)
      return std::nullopt;
    entry.name = std::move(*name);
  } else {
    entry.name = std::move(rawName);
  }
  return entry;
}

} // namespace hashscope::cli
