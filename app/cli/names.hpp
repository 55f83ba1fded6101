// File names in checksum lists and on the terminal. Writing digest lines is formatDigestLine's job (core,
// per reference tool: cksum, sum and xxhsum do not escape); the escaping rules themselves live once in
// core (hashscope::escapeName, quoteName in hash.hpp). Here: reading names back, and showing them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hashscope::cli {

// Reverses coreutils' escaping of a name in a checksum line ("\\\\", "\\n", "\\r"); nullopt for an
// invalid escape sequence.
std::optional<std::string> unescapeName(std::string_view escaped);

// A name as `check` prints it in "NAME: OK" lines and as every message shows it. md5sum -c escapes a
// name holding a newline ('\' first, then "\\n", "\\\\"); we escape every control character that way
// ("\\r", "\\t", "\\xHH" too, and C1 controls as "\\xc2\\xHH"), so no raw control character reaches the
// terminal. Other names, backslashes included, are printed as they are, like md5sum does.
std::string shownName(std::string_view name);

// Message text with any control character escaped (for sentences from elsewhere that may hold a name).
std::string shownText(std::string_view text);

} // namespace hashscope::cli
