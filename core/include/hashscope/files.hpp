// File operations the front ends share with the engine.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace hashscope {

// UTF-8 text to a path and back, the same on every system: names travel as UTF-8 std::strings, while on
// Windows std::filesystem reads a char string in the ANSI code page (libstdc++ byte by byte, so "caf\xc3\xa9"
// became "caf\u00c3\u00a9") and MSVC's path::string() writes one. Every boundary goes through these two.
std::filesystem::path pathFromUtf8(std::string_view utf8);
std::string utf8Text(const std::filesystem::path& path);

// The PATH environment variable as UTF-8 (Windows: read wide, where getenv gives the ANSI code page's
// rendering); nullopt when it is not set. Only PATH: every variable the sources read is named where it is read
// (the CLI tests check that each one is documented).
std::optional<std::string> pathVariableUtf8();

// Renames `from` to `to` without ever replacing what is at `to` (atomically where the filesystem allows it,
// else by link and unlink). False, with one sentence in `error`, when `to` exists or the rename fails.
bool renameWithoutReplacing(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error);

}  // namespace hashscope
