// File names in checksum lists and on the terminal. Writing digest lines is formatDigestLine's job (core,
// per reference tool: cksum, sum and xxhsum do not escape); the escaping rules themselves live once in
// core (hashscope::escapeName, quoteName in hash.hpp). Here: reading names back, and showing them.
#pragma once

#include <filesystem>
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

// A name as digest lines carry it (hash, the tool links): on Windows, where a backslash is a separator and
// never part of a name, every '\' becomes '/', as b3sum writes names there: a list then reads the same on
// every system and holds no escape ("\\" for coreutils' escaped form). Elsewhere the name as it is.
std::string portableName(std::string name, char separator = std::filesystem::path::preferred_separator);

// Message text with any control character escaped (for sentences from elsewhere that may hold a name).
std::string shownText(std::string_view text);

// A name as coreutils 9.11 shows it in `md5sum -c` lines and in messages (gnulib's quotef): as it is when
// the shell would read it back as one word, else in single quotes, with $'\n'-style pieces for control
// characters (and for bytes that are not printable characters in this locale), e.g. 'a b', 'a:b',
// 'a'$'\n''b', "it's". Always reversible, never a raw control character. With `windowsNames` (the default
// on Windows) a backslash, a separator there, and a drive's colon (C:) need no quotes.
std::string shellQuoted(std::string_view name,
                        bool windowsNames = std::filesystem::path::preferred_separator == '\\');

// gnulib's quote(), for option values in messages: 'x' in the C locale, ‘x’ where the locale is UTF-8.
std::string localeQuoted(std::string_view text);

// True when the locale (LC_ALL, LC_CTYPE, LANG) uses UTF-8: multibyte names are printable characters then.
bool localeIsUtf8();

} // namespace hashscope::cli
