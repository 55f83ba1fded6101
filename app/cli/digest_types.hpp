// The digest types of GNU cksum -a, which md5sum, sha*sum, b2sum and sum each are with one type fixed:
// their names, the tags of their lines, their default lengths, and the HashScope algorithm each computes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

// In cksum's order (its --help and its "Valid arguments" list).
enum class DigestType { Bsd, Sysv, Crc, Crc32b, Md5, Sha1, Sha224, Sha256, Sha384, Sha512, Sha2, Sha3, Blake2b, Sm3 };

struct DigestTypeInfo {
  DigestType type;
  std::string_view name; // cksum -a NAME
  std::string_view tag;  // the tag of its BSD-style lines ("BLAKE2b"), and of its --warn messages
  int bits;              // the default digest length (sha2, sha3: 512, when a tag carries no length)
};

const std::vector<DigestTypeInfo>& digestTypes();
const DigestTypeInfo& digestTypeInfo(DigestType type);
std::optional<DigestType> digestTypeNamed(std::string_view name); // exact, as cksum -a takes it
std::optional<DigestType> digestTypeTagged(std::string_view tag); // exact, case-sensitive

// sha2, sha3 and blake2b take a length (-l BITS, or "SHA3-256", "BLAKE2b-128" in a tag).
bool takesLength(DigestType type);
// bsd, sysv, crc and crc32b print numbers: no tags, and no --check.
bool printsNumbers(DigestType type);
// The HashScope algorithm of a type at a length: "md5", "sha384", "sha3-256", "blake2b-128", "cksum" ...
// For md5, sha1, sha224 ... sm3 `bits` is ignored (a shorter length in a list line compares a prefix).
std::string algorithmFor(DigestType type, int bits);

} // namespace hashscope::cli
