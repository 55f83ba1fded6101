// File names in checksum lines, escaped the way GNU coreutils does it: a name holding a backslash,
// newline or carriage return is written with '\\', "\n", "\r" and the whole line gets a leading '\'.
// Writing digest lines is formatDigestLine's job (core, per reference tool: cksum, sum and xxhsum do not
// escape); the CLI needs the rule to read checksum lists back and to print `check` results.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hashscope::cli {

// (Escaping itself is core's: hashscope::nameNeedsEscape and escapeName in hash.hpp.)
// Reverses escapeName; nullopt for an invalid escape sequence.
std::optional<std::string> unescapeName(std::string_view escaped);

// The name as `md5sum -c` prints it in "NAME: OK" lines (escaped only when it holds a newline or CR).
std::string checkOutputName(std::string_view name);

} // namespace hashscope::cli
