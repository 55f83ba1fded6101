// How coreutils 9.11 shows a file name in `md5sum -c` lines and messages (gnulib's quotef), written out
// independently of app/cli for the tests: as it is when the shell reads it back as one word, else in single
// quotes with $'\n'-style pieces for control characters. Enough for the names the tests use (ASCII).
#pragma once

#include <cstdio>
#include <string>

namespace clitest {

inline std::string shellQuoted(const std::string& name)
{
  bool plain = !name.empty();
  for (const char c : name) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      std::string("%+,-./]_@").find(c) != std::string::npos;
    plain = plain && safe;
  }
  if (plain)
    return name;
  std::string out = "'";
  bool escaping = false;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    std::string escape;
    switch (c) {
    case '\n': escape = "\\n"; break;
    case '\r': escape = "\\r"; break;
    case '\t': escape = "\\t"; break;
    default:
      if (u < 0x20 || u >= 0x7f) {
        char octal[8];
        std::snprintf(octal, sizeof octal, "\\%03o", u);
        escape = octal;
      }
    }
    if (!escape.empty()) {
      out += escaping ? "" : "'$'";
      escaping = true;
      out += escape;
      continue;
    }
    if (escaping) {
      out += "''";
      escaping = false;
    }
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

} // namespace clitest
