// Paths as UTF-8 text for exports (std::filesystem::path::string() is the ANSI code page on Windows).
#pragma once

#include <filesystem>
#include <string>

namespace hashscope {

std::string pathText(const std::filesystem::path& path);

}  // namespace hashscope
