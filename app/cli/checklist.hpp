// Parsing the lines of a checksum list (md5sum, sha*sum, b2sum, xxhsum, BSD --tag and `md5 -r`, OpenSSL's
// "MD5(a)= HEX", hashscope-cli hash), with the leniency of coreutils 9.1's `md5sum -c`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// One parsed line: the algorithms that may have written it, the expected hex digest (lower case) and the
// file name (unescaped, ending at a NUL byte as md5sum -c reads it: a file name cannot hold one).
struct ChecklistEntry {
  // One id when the line is tagged or -a was given; for an untagged line, every algorithm whose digests
  // have this many hex digits (64: sha256, sha512-256, sha3-256, blake2s-256), the likeliest first.
  std::vector<std::string> candidates;
  std::string hex;
  std::string name;
};

// Reads the lines of one list. Stateful like coreutils: once a list used "HEX  NAME" lines, a "HEX NAME"
// line (BSD `md5 -r`, one space) is improper, and once it used those, a line's name is everything after
// the first space, so a file whose name starts with a space or '*' is never read two ways.
class ChecklistParser {
public:
  // `forcedAlgorithm` (from -a, "" if none) is the algorithm of untagged lines and of unknown tags.
  explicit ChecklistParser(std::string forcedAlgorithm) : m_forced(std::move(forcedAlgorithm)) {}

  // Parses one line (without its newline; a trailing CR is ignored). nullopt when it is not an entry.
  std::optional<ChecklistEntry> parse(std::string_view line);

private:
  std::optional<ChecklistEntry> parseTagged(std::string_view rest, bool escaped) const;
  std::optional<ChecklistEntry> parseUntagged(std::string_view rest, bool escaped);

  std::string m_forced;
  enum class Form { Unknown, TwoColumns, Reversed } m_form = Form::Unknown;
};

// HashScope's id for a BSD tag ("MD5" -> "md5", "BLAKE2b" -> "blake2b-512", "XXH3" -> "xxh3-64"); "" if
// unknown.
std::string algorithmForTag(std::string_view tag);

// The algorithms whose digests are written as `hexDigits` hex digits, the ones with a coreutils-style
// tool first (128: sha512, blake2b-512, sha3-512). Empty when none.
std::vector<std::string> algorithmsForLength(std::size_t hexDigits);

} // namespace hashscope::cli
