// Parsing the lines of a checksum list (md5sum, sha*sum, b2sum, xxhsum, BSD --tag, hashscope-cli hash).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hashscope::cli {

// One parsed line: which algorithm, the expected hex digest (lower case) and the file name (unescaped).
struct ChecklistEntry {
  std::string algorithm;
  std::string hex;
  std::string name;
};

// Parses one line (without its newline; a trailing CR is ignored). `forcedAlgorithm` (from -a) is used
// for untagged lines; otherwise the digest length decides. nullopt when the line is not a valid entry.
std::optional<ChecklistEntry> parseChecklistLine(std::string_view line, const std::string& forcedAlgorithm);

// HashScope's id for a BSD tag ("MD5" -> "md5", "BLAKE2b" -> "blake2b-512", "XXH3" -> "xxh3-64"); "" if
// unknown.
std::string algorithmForTag(std::string_view tag);

} // namespace hashscope::cli
