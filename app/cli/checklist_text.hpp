// Text helpers shared by the two sets of list rules (checklist.cpp: hashscope-cli's own; checklist_tools.cpp:
// the tools'). Internal to checklist*.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace hashscope::cli::listtext {

std::string lower(std::string_view text);
bool isHex(std::string_view text);
bool isBlank(char c);
// md5sum -c reads the name as a C string: it ends at a NUL byte, and the shown name is the checked one.
std::string_view untilNul(std::string_view name);
bool isBase64Digit(char c);
std::size_t base64Length(std::size_t bytes);
// coreutils' valid_digits: `text` is the digest of `bits` bits, in hex, or (cksum) in padded base64.
bool validDigits(std::string_view text, int bits, bool base64Allowed);
// The digest of a tagged line: what follows "= " after the name's ')' (blanks allowed around '=').
std::optional<std::string_view> digestAfter(std::string_view rest, std::size_t i);
// Where a line's digest or tag starts: after leading blanks and, like md5sum -c, after a backslash that
// says the name is escaped (`escaped` is set then).
std::size_t lineStart(std::string_view line, bool& escaped);

} // namespace hashscope::cli::listtext
