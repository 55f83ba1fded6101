// Parsing the lines of a checksum list. Two sets of rules:
// - hashscope-cli check's own: every form it knows (md5sum, sha*sum, b2sum, xxhsum, BSD --tag and
//   `md5 -r`, OpenSSL's "MD5(a)= HEX", cksum --base64, hashscope-cli hash), the algorithm from the tag or
//   from the length of the digest;
// - a tool's, exactly as that tool's -c reads them (coreutils 9.11's md5sum, sha*sum, b2sum and cksum;
//   xxhsum 0.8.1; b3sum), for hashscope-cli started under that tool's name.
#pragma once

#include "digest_types.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// Which rules a list is read with.
struct ListRules {
  enum class Dialect {
    HashScope, // any known tag; untagged lines by the length of their digest (or -a)
    Fixed,     // md5sum, sha1sum ... sha512sum -c: the tool's tag, untagged lines of exactly its length
    B2sum,     // b2sum -c: "BLAKE2b" and "BLAKE2b-N" tags, untagged lines of any length up to 512 bits
    Cksum,     // cksum -c: the tag names the digest (only tagged lines) unless -a did; base64 digests too
    Xxhsum,    // xxhsum -c: XXH32, XXH64, XXH3 and XXH128 lines
    B3sum,     // b3sum -c: "HEX  NAME" lines of BLAKE3
  } dialect = Dialect::HashScope;
  std::optional<DigestType> digest; // Fixed, B2sum: the tool's; Cksum: -a's, if given
  std::string algorithm;            // HashScope: -a's algorithm id ("" for none)
  bool littleEndian = false;        // Xxhsum: untagged digests are written byte-reversed (--little-endian)
};

// One parsed line: the algorithms that may have written it, the expected digest and the file name
// (unescaped, ending at a NUL byte as md5sum -c reads it: a file name cannot hold one).
struct ChecklistEntry {
  // One id when the line is tagged or -a was given; for an untagged line in hashscope-cli's rules, every
  // algorithm whose digests have this many hex digits (64: sha256, sha512-256, sha3-256, sm3, blake2s-256),
  // the likeliest first.
  std::vector<std::string> candidates;
  std::string digest;       // hex (lower case) or base64, as in the line
  bool base64 = false;      // cksum --base64 lists
  std::size_t compareBytes = 0; // a tagged "MD5-64 (f) = ..." line names a shorter length: compare a prefix
  std::string name;
  std::string written;      // b3sum: the name as the line wrote it ('\' first when escaped), for its result lines
};

// True when `digest` (computed by the entry's algorithm) is the one the entry expects.
bool entryMatches(const ChecklistEntry& entry, const std::vector<unsigned char>& digest);

// Reads the lines of one list. Stateful like coreutils: once a list used "HEX  NAME" lines, a "HEX NAME"
// line (BSD `md5 -r`, one space) is improper, and once it used those, a line's name is everything after
// the first space, so a file whose name starts with a space or '*' is never read two ways.
class ChecklistParser {
public:
  explicit ChecklistParser(ListRules rules);

  // Parses one line (without its newline; a trailing CR is ignored, except by xxhsum's and b3sum's rules,
  // which keep it in the name as those tools do). nullopt when it is not an entry.
  std::optional<ChecklistEntry> parse(std::string_view line);
  // The tag --warn names in "LIST: 3: improperly formatted MD5 checksum line" ("" in hashscope-cli's rules
  // without -a). cksum names the digest of the last tagged line it recognised.
  std::string warnTag() const;
  // Why b3sum's rules refused the last line ("Short line", "Invalid hex" ...: b3sum 1.2's words).
  const std::string& problem() const { return m_problem; }

private:
  std::optional<ChecklistEntry> parseTagged(std::string_view rest, bool escaped) const;
  std::optional<ChecklistEntry> parseUntagged(std::string_view rest, bool escaped);
  std::optional<ChecklistEntry> parseGnu(std::string_view line, std::size_t start, bool escaped);
  std::optional<ChecklistEntry> parseGnuUntagged(std::string_view s, std::size_t i, bool escaped, DigestType type,
                                                 int bits);
  std::optional<ChecklistEntry> parseXxhsum(std::string_view line);
  std::optional<ChecklistEntry> parseB3sum(std::string_view line);
  bool acceptsName(std::string_view rest, std::size_t start, bool escaped, ChecklistEntry& entry);

  enum class Form { Unknown, TwoColumns, Reversed };
  // Where the name starts in a line whose digest and one blank end before `text[at]`: BSD reversed ("DIGEST
  // NAME") or GNU's two columns ("DIGEST  NAME", "DIGEST *NAME": a mode character first). One list keeps one
  // form (`form`, updated): nullopt for a line of the other form.
  static std::optional<std::size_t> nameStart(std::string_view text, std::size_t at, Form& form);

  ListRules m_rules;
  Form m_form = Form::Unknown;
  std::optional<DigestType> m_lastTagged; // cksum without -a: the digest of the last recognised tag
  std::string m_problem;                  // B3sum: why the last line was refused
};

// HashScope's id for a BSD tag ("MD5" -> "md5", "BLAKE2b" -> "blake2b-512", "BLAKE2b-256" -> "blake2b-256",
// "XXH3" -> "xxh3-64"); "" if unknown.
std::string algorithmForTag(std::string_view tag);

// The algorithms whose digests are written as `hexDigits` hex digits, the ones with a coreutils-style
// tool first (128: sha512, blake2b-512, sha3-512). Empty when none.
std::vector<std::string> algorithmsForLength(std::size_t hexDigits);

} // namespace hashscope::cli
