// File names in checksum lines, escaped the way GNU coreutils does it: a name holding a backslash,
// newline or carriage return is written with '\\', "\n", "\r" and the whole line gets a leading '\'.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "hashscope/hash.hpp"

namespace hashscope::cli {

// True when md5sum & co. would escape this name in a digest line.
bool nameNeedsEscape(std::string_view name);
// The escaped form (without the leading line backslash).
std::string escapeName(std::string_view name);
// Reverses escapeName; nullopt for an invalid escape sequence.
std::optional<std::string> unescapeName(std::string_view escaped);

// Whether the reference tool of this algorithm escapes names at all: coreutils' md5sum/sha*sum/b2sum
// do (and so do we for the hex digests without a reference tool); POSIX cksum, sum and xxhsum 0.8 print
// names raw.
bool algorithmEscapesNames(const AlgorithmInfo& algorithm);

// A complete digest line for `path` as the reference tool prints it, including the escape rule.
std::string digestLine(const AlgorithmInfo& algorithm, const Digest& digest, std::uint64_t size,
                       std::string_view path, bool tag);

// The name as `md5sum -c` prints it in "NAME: OK" lines (escaped only when it holds a newline or CR).
std::string checkOutputName(std::string_view name);

}  // namespace hashscope::cli
