// File operations the front ends share with the engine.
#pragma once

#include <filesystem>
#include <string>

namespace hashscope {

// Renames `from` to `to` without ever replacing what is at `to` (atomically where the filesystem allows it,
// else by link and unlink). False, with one sentence in `error`, when `to` exists or the rename fails.
bool renameWithoutReplacing(const std::filesystem::path& from, const std::filesystem::path& to, std::string& error);

}  // namespace hashscope
